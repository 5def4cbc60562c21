import Foundation

/// What a document says about its chat: the first page's header, the footer's evidence line,
/// the outline's grouping and the PDF's metadata all read it.
@_spi(Pages) public struct DocumentSummary: Sendable, Hashable {
  /// The chat's title: the one asked for, else the transcript's, else "Chat" in the locale's
  /// language.
  public var title: String
  /// Participants' names, in the transcript's order.
  public var participants: [String]
  /// Messages, notices excluded.
  public var messageCount: Int
  /// The first message's time, in the zone of the layout; nil when no message has one.
  public var firstTime: LocalDateTime?
  /// The last message's time, in the zone of the layout; nil when no message has one.
  public var lastTime: LocalDateTime?
  /// Days with at least one dated message.
  public var dayCount: Int
  /// "chatrender 0.1.0": the PDF's creator and the evidence line's version.
  public var creator: String
  /// Set with `--evidence`: what proves which file the document was made from.
  public var evidence: Evidence?
  /// The locale of the words and dates on the pages and in the metadata.
  public var locale: TextLocale
  /// Which part of a chat cut into files this document is; nil for a whole chat.
  package var part: DocumentPart?
  /// Whether some times are instants, which the document shows converted into its zone.
  var hasInstants = false
  /// Whether some times are wall clocks as the exporting device wrote them, with no zone.
  var hasWallClocks = false

  /// What the evidence says of wall-clock times: they were written in a zone nobody recorded.
  static let asWritten = "times as written by the exporting device, time zone not recorded"

  /// What a document was made from, and how: the evidence line, metadata and manifest.
  public struct Evidence: Sendable, Hashable {
    /// Lowercase hexadecimal SHA-256 of the source: the one file's bytes, or, when the import
    /// read several files, of their manifest.
    public var sourceSHA256: String
    /// What `sourceSHA256` is the hash of: "chat.txt", or "the manifest of 3 files".
    public var source: String
    /// Every file read with its hash, in `sha256sum -c` form ("<hash>  <path>").
    public var manifest: [String]
    /// The whole chat's messages before any filter; nil when not known.
    public var totalMessages: Int?
    /// What chose or changed the messages shown ("--last 5", "--redact"), in order.
    public var filters: [String]
    /// The time zone the document's times are in ("Europe/Lisbon").
    public var timeZone: String

    /// Evidence with a hash already computed (64 lowercase hexadecimal digits).
    public init(sourceSHA256: String, source: String = "the source", timeZone: String = "UTC") {
      self.sourceSHA256 = sourceSHA256
      self.source = source
      self.manifest = []
      self.totalMessages = nil
      self.filters = []
      self.timeZone = timeZone
    }

    /// The evidence of an import that read `files` (path and hash each), of a chat that had
    /// `totalMessages` before `filters`.
    public init(
      files: [(path: String, sha256: String)], totalMessages: Int?, filters: [String], timeZone: TimeZone
    ) {
      manifest = files.map { "\($0.sha256)  \($0.path)" }
      if files.count == 1 {
        sourceSHA256 = files[0].sha256
        source = files[0].path == "-" ? "standard input" : (files[0].path as NSString).lastPathComponent
      } else {
        sourceSHA256 = SHA256.hex(of: Array(manifest.map { $0 + "\n" }.joined().utf8))
        source = "the manifest of \(files.count) files"
      }
      self.totalMessages = totalMessages
      self.filters = filters
      self.timeZone = timeZone.identifier
    }
  }

  /// What `transcript` says about itself, with times in `timeZone`; `title` overrides the
  /// transcript's own, `creator` names the program ("chatrender 0.1.0").
  public init(
    _ transcript: Transcript, title: String? = nil, timeZone: TimeZone, creator: String,
    evidence: Evidence? = nil, locale: TextLocale = .standard
  ) {
    self.locale = locale
    self.title = LineCut.cut(title ?? transcript.title ?? LocalizedLabels(locale).word(.chat))
    participants = transcript.participants.map { LineCut.cut($0.name) }
    messageCount = transcript.messages.lazy.filter { $0.kind == .message }.count
    for message in transcript.messages {
      switch message.time {
      case .instant: hasInstants = true
      case .wallClock: hasWallClocks = true
      case nil: break
      }
    }
    let times = transcript.messages.lazy.compactMap { $0.time?.local(in: timeZone) }
    firstTime = times.first
    lastTime = times.reduce(nil as LocalDateTime?) { _, time in time }
    var days = Set<LocalDate>()
    for time in times { if let date = time.date { days.insert(date) } }
    dayCount = days.count
    self.creator = creator
    self.evidence = evidence
  }

  /// "Saturday, 1 March 2025 – Sunday, 9 March 2025", or one date, or nil without dates.
  public var dateRange: String? {
    guard let first = firstTime?.date else { return nil }
    let last = lastTime?.date ?? first
    let labels = LocalizedLabels(locale)
    return first == last
      ? labels.day(first) : labels.word(.dateRange, ["first": labels.day(first), "last": labels.day(last)])
  }

  /// "231 messages", "231 Nachrichten".
  public var messageCountText: String { LocalizedLabels(locale).count(.messages, messageCount) }

  /// The date range and the message count ("… – … · 231 messages"), or the count alone.
  public var facts: String {
    guard let dateRange else { return messageCountText }
    return LocalizedLabels(locale).word(.facts, ["dates": dateRange, "messages": messageCountText])
  }

  /// "5 of 23 messages" when filters left some out, else "23 messages".
  var shownOfTotalText: String {
    guard let total = evidence?.totalMessages, total != messageCount else { return messageCountText }
    return "\(messageCount) of \(total) messages"
  }

  /// The evidence as a PNG's text chunks (ASCII keywords and values); none without it.
  public var evidenceTexts: [(keyword: String, text: String)] {
    guard let evidence else { return [] }
    return [
      ("Title", title), ("Software", creator), ("Source SHA-256", evidence.sourceSHA256),
      ("Source", evidence.source), ("Messages", shownOfTotalText),
      ("Filters", evidence.filters.isEmpty ? "none" : evidence.filters.joined(separator: " ")),
      ("Time zone", zoneText(of: evidence) ?? "none"), ("First message", firstTime?.iso8601 ?? "none"),
      ("Last message", lastTime?.iso8601 ?? "none"),
    ]
  }

  /// The evidence line of the footer and metadata: hash and what of, messages shown of how
  /// many, filters, first and last times with their zone, version.
  public var evidenceLine: String? {
    guard let evidence else { return nil }
    let noTime = LocalizedLabels(locale).word(.noTime)
    let span = [firstTime, lastTime].map { $0?.iso8601 ?? noTime }.joined(separator: " – ")
    var parts = ["SHA-256 \(evidence.sourceSHA256) of \(evidence.source)", shownOfTotalText]
    if !evidence.filters.isEmpty { parts.append(evidence.filters.joined(separator: " ")) }
    parts += [zoneText(of: evidence).map { "\(span) \($0)" } ?? span, creator]
    return parts.joined(separator: " · ")
  }

  /// The zone the times are in, as far as the export tells: instants are shown in the
  /// evidence's zone; a wall clock was written in a zone the export did not record, and
  /// saying otherwise would be false in a document for a court. Nil without times.
  func zoneText(of evidence: Evidence) -> String? {
    switch (hasInstants, hasWallClocks) {
    case (true, false): evidence.timeZone
    case (false, true): "(\(Self.asWritten))"
    case (true, true): "(\(evidence.timeZone) where the export recorded the instant; other \(Self.asWritten))"
    case (false, false): nil
    }
  }
}
