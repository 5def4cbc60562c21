import Foundation

/// What users ask to change in a transcript before it is rendered: a date range, the last
/// N messages, and redaction.
///
/// The steps run in this order: `from`/`to`, then `last`, then `redact`. Messages without a
/// date (no time at all, or a wall-clock time of day only) are always kept by `from`/`to`,
/// since there is no day to compare; `last` counts them like any other. System notices count
/// as messages. The participant list is kept whole.
public struct TranscriptFilter: Sendable {
  /// Keep messages on or after this day (inclusive).
  public var from: LocalDate?
  /// Keep messages on or before this day (inclusive).
  public var to: LocalDate?
  /// Keep only the last N messages (after `from`/`to`); 0 or less keeps none.
  public var last: Int?
  /// Participants become "Person A", "Person B"… (in order of first appearance), their names,
  /// handles and the parts of their names are replaced in texts, and phone numbers, e-mail
  /// addresses and URLs in texts, names, titles and attachment names become `[phone]`,
  /// `[email]` and `[link]`.
  ///
  /// Participant ids (names, handles, phone numbers, platform user ids) are renamed with
  /// their aliases: `person-a` and so on, `meID` and mentions and reactions alike. Link spans
  /// are dropped (their URLs would leak); other spans are moved to follow the new text, and
  /// dropped when a replacement cuts across them.
  public var redact: Bool
  /// The zone in which instants are turned into days for `from`/`to`.
  public var timeZone: TimeZone

  public init(
    from: LocalDate? = nil, to: LocalDate? = nil, last: Int? = nil, redact: Bool = false,
    timeZone: TimeZone = .current
  ) {
    self.from = from
    self.to = to
    self.last = last
    self.redact = redact
    self.timeZone = timeZone
  }

  /// Whether `apply(to:)` returns its input unchanged.
  public var isIdentity: Bool { from == nil && to == nil && last == nil && !redact }

  /// `transcript` with the date range, the last-N limit and redaction applied.
  public func apply(to transcript: Transcript) -> Transcript {
    if isIdentity { return transcript }
    var result = transcript
    if from != nil || to != nil {
      result.messages = result.messages.filter(isInRange)
    }
    if let last {
      result.messages = Array(result.messages.suffix(max(0, last)))
    }
    if redact {
      var redactor = TranscriptRedactor(transcript: result)
      result = redactor.redact(result)
    }
    return result
  }

  private func isInRange(_ message: Message) -> Bool {
    guard let time = message.time, let day = time.local(in: timeZone).date else { return true }
    if let from, day < from { return false }
    if let to, to < day { return false }
    return true
  }

  /// Parses a --from/--to value: YYYY-MM-DD. Returns nil when invalid.
  ///
  /// The month and day may have one digit (`2024-3-9`); the date must exist.
  public static func parseDate(_ text: String) -> LocalDate? {
    LocalDate.parse(text.trimmingCharacters(in: .whitespaces), shortFields: true)
  }
}
