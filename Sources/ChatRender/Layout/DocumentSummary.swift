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

  /// The source file a document was made from.
  public struct Evidence: Sendable, Hashable {
    /// Lowercase hexadecimal SHA-256 of the source file's bytes.
    public var sourceSHA256: String

    /// Evidence with a hash already computed (64 lowercase hexadecimal digits).
    public init(sourceSHA256: String) { self.sourceSHA256 = sourceSHA256 }

    /// The evidence of the file at `path`.
    /// - Throws: `FileError` when it is not a readable file (a folder, stdin).
    public init(hashingFileAt path: String) throws {
      var isFolder: ObjCBool = false
      guard path != "-", FileManager.default.fileExists(atPath: path, isDirectory: &isFolder),
        !isFolder.boolValue
      else {
        throw FileError(
          path: path == "-" ? "<stdin>" : path, reason: "--evidence needs a source file (not stdin or a folder) to hash"
        )
      }
      guard let data = FileManager.default.contents(atPath: path) else {
        throw FileError(path: path, reason: "cannot read the file to hash it for --evidence")
      }
      sourceSHA256 = SHA256.hex(of: data)
    }
  }

  /// What `transcript` says about itself, with times in `timeZone`; `title` overrides the
  /// transcript's own, `creator` names the program ("chatrender 0.1.0").
  public init(
    _ transcript: Transcript, title: String? = nil, timeZone: TimeZone, creator: String,
    evidence: Evidence? = nil, locale: TextLocale = .standard
  ) {
    self.locale = locale
    self.title = title ?? transcript.title ?? LocalizedLabels(locale).word(.chat)
    participants = transcript.participants.map(\.name)
    messageCount = transcript.messages.lazy.filter { $0.kind == .message }.count
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

  /// The evidence as a PNG's text chunks (ASCII keywords and values); none without it.
  public var evidenceTexts: [(keyword: String, text: String)] {
    guard let evidence else { return [] }
    return [
      ("Title", title), ("Software", creator), ("Source SHA-256", evidence.sourceSHA256),
      ("Messages", String(messageCount)), ("First message", firstTime?.iso8601 ?? "none"),
      ("Last message", lastTime?.iso8601 ?? "none"),
    ]
  }

  /// The evidence line of the footer and metadata: hash, count, first and last times, version.
  public var evidenceLine: String? {
    guard let evidence else { return nil }
    let noTime = LocalizedLabels(locale).word(.noTime)
    let span = [firstTime, lastTime].map { $0?.iso8601 ?? noTime }.joined(separator: " – ")
    return "SHA-256 \(evidence.sourceSHA256) · \(messageCountText) · \(span) · \(creator)"
  }
}
