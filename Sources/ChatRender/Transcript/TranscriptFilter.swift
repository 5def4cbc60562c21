import Foundation

/// What users ask to change in a transcript before it is rendered: a date range, a query
/// (`--filter`), the last N messages, and redaction.
///
/// The steps run in this order: `from`/`to`, then `query`, then `last`, then `redact`. Messages without a
/// date (no time at all, or a wall-clock time of day only) are always kept by `from`/`to`,
/// since there is no day to compare; `last` counts them like any other. System notices count
/// as messages. The participant list is kept whole.
public struct TranscriptFilter: Sendable {
  /// Keep messages at or after this wall-clock time (inclusive).
  public var start: LocalDateTime?
  /// Keep messages at or before this wall-clock time (inclusive).
  public var end: LocalDateTime?
  /// Keep messages on or after this day: `start` at midnight.
  public var from: LocalDate? {
    get { start?.date }
    set { start = newValue.map { LocalDateTime(date: $0, hour: 0, minute: 0) } }
  }
  /// Keep messages on or before this day: `end` at its last second.
  public var to: LocalDate? {
    get { end?.date }
    set { end = newValue.map { LocalDateTime(date: $0, hour: 23, minute: 59, second: 59) } }
  }
  /// Keep only the messages this query matches (`--filter`, issue 42), after `from`/`to`.
  package var query: MessageFilter?
  /// Keep only the last N messages (after `from`/`to` and `query`); 0 or less keeps none.
  public var last: Int?
  /// Participants become "Person A", "Person B"… (in order of first appearance), their names,
  /// handles and the parts of their names are replaced in texts, as are names of strangers
  /// that show as names; phone numbers, e-mail addresses, URLs, IBANs, card numbers, ids and
  /// the rest of `PrivateDataFinder`'s table become `[phone]`, `[email]`, `[link]`… Pictures
  /// become placeholders (`redactedPictures`), attachments get generic names, link previews
  /// are dropped, and a title is kept only as a participant's alias (docs/REDACTION.md).
  ///
  /// Participant ids (names, handles, phone numbers, platform user ids) are renamed with
  /// their aliases: `person-a` and so on, `meID` and mentions and reactions alike. Link spans
  /// are dropped (their URLs would leak); other spans are moved to follow the new text, and
  /// dropped when a replacement cuts across them.
  public var redact: Bool
  /// How `redact` shows photos, stickers and videos: as placeholders, or blurred.
  package var redactedPictures = RedactedPictures.placeholder
  /// The language of the names and masks `redact` writes ("Person A", "[phone]").
  package var words = Translation.english
  /// The zone in which instants are turned into days for `from`/`to`.
  public var timeZone: TimeZone

  /// A filter that changes nothing unless asked; days are read in `timeZone`, the system's by
  /// default.
  public init(
    from: LocalDate? = nil, to: LocalDate? = nil, last: Int? = nil, redact: Bool = false,
    timeZone: TimeZone = .current
  ) {
    self.start = nil
    self.end = nil
    self.last = last
    self.redact = redact
    self.timeZone = timeZone
    self.from = from
    self.to = to
  }

  /// Whether `apply(to:)` returns its input unchanged.
  package var isIdentity: Bool { start == nil && end == nil && query == nil && last == nil && !redact }

  /// `transcript` with the date range, the last-N limit and redaction applied.
  public func apply(to transcript: Transcript) -> Transcript {
    if isIdentity { return transcript }
    var result = transcript.keepingSpeakers()
    if start != nil || end != nil {
      result = result.cut(to: result.messages.filter(isInRange))
    }
    if let query {
      result = result.cut(to: query.kept(of: result, timeZone: timeZone))
    }
    if let last {
      result = result.cut(to: Array(result.messages.suffix(max(0, last))))
    }
    if redact {
      var redactor = TranscriptRedactor(transcript: result, words: words)
      result = redactor.redact(result, pictures: redactedPictures)
    }
    return result
  }

  /// `apply(to:)`, refusing a date range or query that leaves no message of a transcript that
  /// had some: a picture of nothing is never what was meant.
  ///
  /// - Throws: `DiagnosticError` at `path` saying how many messages the transcript holds and
  ///   from when to when.
  package func applyKeepingSome(to transcript: Transcript, path: String) throws -> Transcript {
    let result = apply(to: transcript)
    guard start != nil || end != nil || query != nil, result.messages.isEmpty, !transcript.messages.isEmpty else {
      return result
    }
    let emptiedByRange = (start != nil || end != nil) && !transcript.messages.contains(where: isInRange)
    let what = emptiedByRange ? "is in the range \(rangeDescription)" : "matches the filter"
    var diagnostic = Diagnostic.error("no message \(what)", at: SourceLocation(file: path, line: 1, column: 1))
    if let start, let end, end < start { diagnostic.message += ": it ends before it starts" }
    let days = transcript.messages.compactMap { $0.time?.local(in: timeZone) }.filter { $0.date != nil }
    let count = transcript.messages.count
    var span = "the input has \(count) message\(count == 1 ? "" : "s")"
    if let first = days.min(), let last = days.max(), let firstDay = first.date, let lastDay = last.date {
      span += ", from \(firstDay.iso8601) to \(lastDay.iso8601)"
    }
    diagnostic.notes = [span]
    throw DiagnosticError(diagnostic)
  }

  /// "2025-03-01 00:00 – 2025-03-31 23:59", open ends as "…".
  private var rangeDescription: String {
    func text(_ time: LocalDateTime?) -> String {
      guard let time, let date = time.date else { return "…" }
      return "\(date.iso8601) \(time.shortTime)"
    }
    return "\(text(start)) – \(text(end))"
  }

  private func isInRange(_ message: Message) -> Bool {
    guard let time = message.time else { return true }
    let local = time.local(in: timeZone)
    guard local.date != nil else { return true }
    if let start, local < start { return false }
    if let end, end < local { return false }
    return true
  }

  /// Parses a --from/--to value: YYYY-MM-DD. Returns nil when invalid.
  ///
  /// The month and day may have one digit (`2024-3-9`); the date must exist.
  package static func parseDate(_ text: String) -> LocalDate? {
    LocalDate.parse(text.trimmingCharacters(in: .whitespaces), shortFields: true)
  }

  /// Parses one end of a range: a day (`2025-03-01`), a month (`2025-03`) or a time
  /// (`2025-03-01T18:30`, `2025-03-01 18:30:15`). A day or month stands for its first second
  /// as a start and its last as an end; a time without seconds covers its whole minute.
  package static func parseBound(_ text: String, isEnd: Bool) -> LocalDateTime? {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    if let day = parseDate(trimmed) {
      return isEnd
        ? LocalDateTime(date: day, hour: 23, minute: 59, second: 59)
        : LocalDateTime(date: day, hour: 0, minute: 0)
    }
    if let month = parseMonth(trimmed) {
      let day = isEnd ? LocalDate.daysIn(month: month.month, year: month.year) : 1
      return parseBound("\(month.year)-\(month.month)-\(day)", isEnd: isEnd)
    }
    return parseTime(trimmed, isEnd: isEnd)
  }

  /// `2025-03` as (2025, 3).
  private static func parseMonth(_ text: String) -> (year: Int, month: Int)? {
    let fields = text.split(separator: "-", omittingEmptySubsequences: false)
    guard fields.count == 2, fields[0].count == 4, (1...2).contains(fields[1].count),
      fields.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
      let year = Int(fields[0]), let month = Int(fields[1]), (1...12).contains(month)
    else { return nil }
    return (year, month)
  }

  /// `2025-03-01T18:30` or `2025-03-01 18:30:15`.
  private static func parseTime(_ text: String, isEnd: Bool) -> LocalDateTime? {
    let parts = text.split(whereSeparator: { $0 == "T" || $0 == " " })
    guard parts.count == 2, let day = parseDate(String(parts[0])) else { return nil }
    let clock = parts[1].split(separator: ":", omittingEmptySubsequences: false)
    guard (2...3).contains(clock.count),
      clock.allSatisfy({ (1...2).contains($0.count) && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
      let hour = Int(clock[0]), let minute = Int(clock[1]), hour < 24, minute < 60
    else { return nil }
    let second = clock.count == 3 ? Int(clock[2]) ?? 60 : (isEnd ? 59 : 0)
    guard second < 60 else { return nil }
    return LocalDateTime(date: day, hour: hour, minute: minute, second: second)
  }
}
