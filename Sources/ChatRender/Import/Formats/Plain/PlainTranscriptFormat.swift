import Foundation

/// Plain transcripts: `Name: text` starts a message, other lines continue it (docs/FORMATS.md,
/// "Plain transcripts").
///
/// ```
/// [09:30] Maya: they moved us to the rooftop 🎉
/// but capacity drops to 40
/// Ravi: > can I bring my cousin?
/// thanks, she's excited
/// *** Lina left the chat ***
/// ```
///
/// A time prefix (`[12:34]`, `(2024-03-09 10:00)`, `12:34 - `) is kept as a wall-clock time;
/// a time alone takes the date of the line before. `*** … ***`, `— … —` and `[system] …` lines
/// are system notices. A `> ` line inside a message is a quote (kept as a `.quote` span).
/// Words like `Note:` or `PS:` at the start of a line are names only when they speak more than
/// once. A speaker called `Me`, `Ich` or `Moi` (or `You`) is "me".
struct PlainTranscriptFormat: TranscriptFormat, FileRecognizing {
  init() {}

  var name: String { "plain" }
  var accepts: String { ".txt" }
  var fileExtensions: Set<String> { ["txt"] }
  var summary: String {
    "plain transcripts, by hand or any tool: 'Name: text' lines, others continue the message"
  }

  /// Accepts text whose first 50 non-empty lines are at least half `Name: text` or system
  /// lines, with at least one of them a `Name: text` line. Leaves `.chat` files, and files that
  /// start with a `.chat` header (`title: …` up to a blank line), to `ChatTextFormat`.
  func detect(_ input: ImportInput) -> Bool {
    guard let file = input.file, !file.path.hasSuffix(".chat"),
      !PlainTranscriptFormat.startsWithChatTextHeader(file)
    else { return false }
    var checked = 0
    var matched = 0
    var speakers = 0
    for line in file.textLines(limit: 500) where !file.isBlank(line) {
      checked += 1
      switch try? PlainLine.parse(file.text(of: line)) {
      case .speaker?:
        matched += 1
        speakers += 1
      case .system?: matched += 1
      default: break
      }
      if checked == 50 { break }
    }
    return speakers > 0 && matched * 2 >= checked
  }

  func parse(_ input: ImportInput, options: ImportOptions, warnings: inout [Diagnostic])
    throws -> Transcript
  {
    let file = try input.singleFile("a text file")
    let lines = file.textLines()
    var parsed: [(line: TextLine, content: PlainLine)] = []
    var errors = ErrorList()
    var counts: [String: Int] = [:]
    for line in lines where !file.isBlank(line) {
      do {
        let content = try PlainLine.parse(file.text(of: line))
        if case .speaker(_, let name, _) = content { counts[name.lowercased(), default: 0] += 1 }
        parsed.append((line, content))
      } catch let failure as PlainLine.Failure {
        errors.append(
          .error(failure.message, at: file.location(line: line.number, column: failure.column)))
      }
    }
    try errors.throwIfAny()
    let chosen = Set(options.me.map { $0.lowercased() })
    func isSpeaker(_ name: String, hasMessage: Bool) -> Bool {
      let key = name.lowercased()
      return !hasMessage || counts[key, default: 0] >= 2 || chosen.contains(key)
        || PlainTranscriptFormat.ownerWords.contains(key)
        || !PlainTranscriptFormat.commonWords.contains(key)
    }

    var speakers = SpeakerTable()
    var builder = MessageBuilder()
    var lastDate: LocalDate?
    var previousLine = 0
    for (line, content) in parsed {
      let location = file.location(ofOffset: line.start)
      let gap = line.number - previousLine
      previousLine = line.number
      switch content {
      case .speaker(let stamp, let name, let body) where isSpeaker(name, hasMessage: builder.isOpen):
        let time = PlainTranscriptFormat.resolve(stamp, lastDate: &lastDate)
        builder.start(
          Message(authorID: speakers.id(for: name), time: time, text: "", location: location),
          firstLine: body)
      case .system(let stamp, let text):
        let time = PlainTranscriptFormat.resolve(stamp, lastDate: &lastDate)
        builder.start(
          Message(authorID: nil, time: time, text: "", kind: .system, location: location),
          firstLine: text)
      case .speaker, .other:
        guard builder.isOpen else {
          throw DiagnosticError(
            .error("expected a message, such as 'Name: text'", at: location))
        }
        builder.continueWith(file.text(of: line), afterBlankLines: gap > 1)
      }
    }
    let messages = builder.finish()
    let meID = speakers.participants.first { participant in
      PlainTranscriptFormat.ownerWords.contains(participant.name.lowercased())
    }?.id
    return Transcript(participants: speakers.participants, meID: meID, messages: messages)
  }

  /// `title: Lunch` (or `me:`, `them:`, in lowercase) then a blank line or another such line.
  static func startsWithChatTextHeader(_ file: SourceFile) -> Bool {
    let lines = file.textLines(limit: 2).map(file.text(of:))
    func isKey(_ line: String) -> Bool {
      guard let colon = line.firstIndex(of: ":") else { return false }
      return ChatTextFormat.headerKeys.contains(String(line[..<colon]))
    }
    guard let first = lines.first, isKey(first) else { return false }
    return lines.count < 2 || lines[1].allSatisfy(\.isWhitespace) || isKey(lines[1])
  }

  /// Speakers that mean the owner of the log.
  static let ownerWords: Set<String> = ["me", "ich", "moi", "you"]

  /// Words that start lines as labels ("Note: …") more often than as names; they are names
  /// only when they speak twice.
  static let commonWords: Set<String> = [
    "note", "notes", "ps", "p.s.", "pps", "nb", "n.b.", "time", "date", "subject", "re", "fwd",
    "update", "edit", "important", "warning", "caution", "reminder", "todo", "fyi", "tip",
    "hint", "example", "e.g.", "answer", "question", "q", "a", "result", "output", "input",
    "error", "location", "address", "where", "when", "price", "cost", "total", "tl;dr",
    "tldr", "summary", "agenda", "link", "source", "step", "status", "url", "email", "phone",
    "deadline", "also", "btw", "ok", "so", "and", "but", "then", "edit 2", "p.p.s.",
  ]

  /// The time of a prefix; a time without a date takes the last date seen.
  private static func resolve(_ stamp: MessageTime?, lastDate: inout LocalDate?) -> MessageTime? {
    guard case .wallClock(var local)? = stamp else { return stamp }
    if let date = local.date { lastDate = date } else { local.date = lastDate }
    return .wallClock(local)
  }

  // MARK: - Messages

  /// Collects message text line by line, turning `> ` lines into quote spans.
  private struct MessageBuilder {
    private var messages: [Message] = []
    private var current: Message?
    private var text = ""
    private var length = 0
    private var spans: [TextSpan] = []

    var isOpen: Bool { current != nil }

    mutating func start(_ message: Message, firstLine: String) {
      close()
      current = message
      append(firstLine, quotable: message.kind == .message)
    }

    mutating func continueWith(_ line: String, afterBlankLines: Bool) {
      append(afterBlankLines ? "\n\n" : "\n", quotable: false)
      append(line, quotable: current?.kind == .message)
    }

    private mutating func append(_ piece: String, quotable: Bool) {
      var piece = piece
      if quotable, piece == ">" || piece.hasPrefix("> ") {
        piece = String(piece.dropFirst(piece == ">" ? 1 : 2))
        spans.append(TextSpan(start: length, length: piece.unicodeScalars.count, style: .quote))
      }
      text += piece
      length += piece.unicodeScalars.count
    }

    private mutating func close() {
      guard var message = current else { return }
      message.text = text
      message.extras.spans = spans.filter { $0.length > 0 }
      messages.append(message)
      current = nil
      text = ""
      length = 0
      spans = []
    }

    mutating func finish() -> [Message] {
      close()
      return messages
    }
  }
}

/// One line of a plain transcript, before deciding whether a name really speaks.
private enum PlainLine {
  case speaker(MessageTime?, name: String, body: String)
  case system(MessageTime?, String)
  case other

  struct Failure: Error {
    var message: String
    var column: Int
  }

  static func parse(_ line: String) throws -> PlainLine {
    let (stamp, rest) = try timePrefix(line)
    if let notice = systemText(rest) { return .system(stamp, notice) }
    guard let (name, body) = speaker(rest) else { return .other }
    return .speaker(stamp, name: name, body: body)
  }

  /// `[12:34] `, `(2024-03-09 10:00) ` or `12:34 - `; the time and the rest of the line.
  private static func timePrefix(_ line: String) throws -> (MessageTime?, Substring) {
    let closers: [Character: Character] = ["[": "]", "(": ")"]
    if let open = line.first, let closer = closers[open], let close = line.firstIndex(of: closer) {
      let inside = line[line.index(after: line.startIndex)..<close]
      guard inside.first?.isNumber == true else { return (nil, line[...]) }
      guard let time = time(inside) else {
        throw Failure(message: "invalid time '\(inside)'", column: 2)
      }
      return (time, line[line.index(after: close)...].drop { $0 == " " })
    }
    if line.first?.isNumber == true, let dash = line.range(of: " - "),
      let time = time(line[..<dash.lowerBound])
    {
      return (time, line[dash.upperBound...])
    }
    return (nil, line[...])
  }

  /// `9:30`, `09:30:15`, `2024-03-09 10:00`, `2024-03-09T10:00:00Z`, `2024-03-09`.
  private static func time(_ text: Substring) -> MessageTime? {
    var text = String(text)
    if text.count >= 4, text.dropFirst().first == ":" { text = "0" + text }
    if text.count >= 15, text.dropFirst(4).first == "-", text.dropFirst(11).dropFirst().first == ":" {
      // 2024-03-09 9:30 → 2024-03-09 09:30
      let index = text.index(text.startIndex, offsetBy: 11)
      text.insert("0", at: index)
    }
    return ISO8601.parse(text)
  }

  /// `*** Lina left ***`, `— Lina left —`, `[system] Lina left`.
  private static func systemText(_ rest: Substring) -> String? {
    for (open, close) in [("*** ", " ***"), ("— ", " —")] where rest.hasPrefix(open) {
      var text = rest.dropFirst(open.count)
      if text.hasSuffix(close) { text = text.dropLast(close.count) }
      return String(text).trimmingCharacters(in: .whitespaces)
    }
    if rest.lowercased().hasPrefix("[system] ") { return String(rest.dropFirst(9)) }
    return nil
  }

  /// `Name: text` with a name that looks like one: short, not punctuation, no markup.
  private static func speaker(_ rest: Substring) -> (String, String)? {
    let scalars = Array(rest.unicodeScalars)
    guard
      let colon = scalars.indices.first(where: { index in
        scalars[index] == ":" && (index + 1 == scalars.count || scalars[index + 1] == " ")
      })
    else { return nil }
    let name = String(String.UnicodeScalarView(scalars[..<colon]))
    guard isName(name) else { return nil }
    let body =
      colon + 2 <= scalars.count ? String(String.UnicodeScalarView(scalars[(colon + 2)...])) : ""
    return (name, body)
  }

  private static func isName(_ name: String) -> Bool {
    guard let first = name.unicodeScalars.first, let last = name.unicodeScalars.last,
      name.unicodeScalars.count <= 32, !InvisibleMarks.isSpace(first),
      !InvisibleMarks.isSpace(last),
      !"-*#>(/'\"".unicodeScalars.contains(first)
    else { return false }
    if name.contains(where: { ":<>[]{}\"\t|=".contains($0) }) { return false }
    return name.split(separator: " ").count <= 4
  }
}
