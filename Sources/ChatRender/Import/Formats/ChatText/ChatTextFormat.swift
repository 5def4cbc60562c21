import Foundation

/// Our text format for hand-written chats (`.chat`).
///
/// ```
/// title: Lunch
/// me: Sam
///
/// # a comment
/// [2025-03-01 09:30] > sent by me
/// < received
///   an indented continuation line
/// Ana: sent by Ana (sent by me when Ana is the `me:` value)
/// -- a centred system notice
/// ```
struct ChatTextFormat: TranscriptFormat, FileRecognizing {
  init() {}

  var name: String { "chat" }
  var accepts: String { ".chat" }
  var fileExtensions: Set<String> { ["chat"] }
  var summary: String { "ChatRender text, written by hand: '> sent', '< received', 'Name: text', '-- notice'" }

  static let headerKeys = ["title", "me", "them"]

  func detect(_ input: ImportInput) -> Bool {
    guard let file = input.file else { return false }
    if file.path.hasSuffix(".chat") { return true }
    // A header of our keys ("title:", "me:") before the first blank line.
    var lineNumber = 1
    while lineNumber <= file.lineCount, file.lineText(lineNumber).hasPrefix("#") { lineNumber += 1 }
    let first = file.lineText(lineNumber)
    if let colon = first.firstIndex(of: ":"),
      ChatTextFormat.headerKeys.contains(first[..<colon].lowercased())
    {
      var end = lineNumber
      while end <= file.lineCount, !file.lineText(end).trimmingCharacters(in: .whitespaces).isEmpty { end += 1 }
      let headerLines = (lineNumber..<end).map(file.lineText)
      if headerLines.count <= ChatTextFormat.headerKeys.count,
        headerLines.allSatisfy({ line in
          line.hasPrefix("#")
            || line.firstIndex(of: ":").map { ChatTextFormat.headerKeys.contains(line[..<$0].lowercased()) } == true
        })
      {
        return true
      }
    }
    var checked = 0
    var marked = 0
    for lineNumber in 1...min(file.lineCount, 200) {
      let line = file.lineText(lineNumber)
      if line.isEmpty || line.hasPrefix("#") || line.hasPrefix("  ") { continue }
      checked += 1
      let body = ChatTextFormat.stripTime(line)
      if body.hasPrefix("> ") || body.hasPrefix("< ") || body == ">" || body == "<"
        || body.hasPrefix("-- ")
      {
        marked += 1
      }
      if checked >= 50 { break }
    }
    return checked > 0 && marked * 2 >= checked
  }

  private static func stripTime(_ line: String) -> Substring {
    guard line.hasPrefix("["), let close = line.firstIndex(of: "]") else { return line[...] }
    return line[line.index(after: close)...].drop { $0 == " " }
  }

  func parse(_ input: ImportInput, options: ImportOptions, warnings: inout [Diagnostic])
    throws -> Transcript
  {
    let file = try input.singleFile("a text file")
    var parser = Parser(file: file)
    return try parser.run(warnings: &warnings)
  }

  private struct Parser {
    let file: SourceFile
    var title: String?
    var meName: String?
    var themName: String?
    var participants: [Participant] = []
    var messages: [Message] = []
    var lastDate: LocalDate?
    var errors = ErrorList()

    init(file: SourceFile) { self.file = file }

    mutating func run(warnings: inout [Diagnostic]) throws -> Transcript {
      var lineNumber = 1
      lineNumber = readHeader(from: lineNumber, warnings: &warnings)
      var previousWasMessage = false
      while lineNumber <= file.lineCount {
        defer { lineNumber += 1 }
        let line = file.lineText(lineNumber)
        if line.isEmpty || line.allSatisfy({ $0 == " " || $0 == "\t" }) && !line.hasPrefix("  ") {
          continue
        }
        if line.hasPrefix("#") { continue }
        if line.hasPrefix("  ") {
          guard previousWasMessage, !messages.isEmpty else {
            errors.append(
              .error(
                "continuation line with no message before it",
                at: file.location(line: lineNumber, column: 1)))
            continue
          }
          messages[messages.count - 1].text += "\n" + line.dropFirst(2)
          continue
        }
        previousWasMessage = parseMessage(line, lineNumber: lineNumber)
      }
      try errors.throwIfAny()
      let meID = participants.first { $0.name == (meName ?? "Me") }?.id
      return Transcript(title: title, participants: participants, meID: meID, messages: messages)
    }

    /// Reads `key: value` lines up to the first blank line, if the file starts with one.
    mutating func readHeader(from start: Int, warnings: inout [Diagnostic]) -> Int {
      var lineNumber = start
      while lineNumber <= file.lineCount, file.lineText(lineNumber).hasPrefix("#") { lineNumber += 1 }
      guard lineNumber <= file.lineCount,
        let key = headerKey(file.lineText(lineNumber)),
        ChatTextFormat.headerKeys.contains(key.lowercased())
      else { return start }
      while lineNumber <= file.lineCount {
        let line = file.lineText(lineNumber)
        if line.trimmingCharacters(in: .whitespaces).isEmpty { return lineNumber + 1 }
        defer { lineNumber += 1 }
        if line.hasPrefix("#") { continue }
        guard let key = headerKey(line), let colon = line.firstIndex(of: ":") else {
          errors.append(
            .error(
              "expected 'key: value' in the header (end the header with a blank line)",
              at: file.location(line: lineNumber, column: 1)))
          continue
        }
        let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        switch key.lowercased() {
        case "title": title = value
        case "me": meName = value
        case "them": themName = value
        default:
          var warning = Diagnostic.warning(
            "unknown header key '\(key)'", at: file.location(line: lineNumber, column: 1))
          warning.notes = ["known keys: " + ChatTextFormat.headerKeys.joined(separator: ", ")]
          warnings.append(warning)
        }
      }
      return lineNumber
    }

    func headerKey(_ line: String) -> String? {
      guard let colon = line.firstIndex(of: ":") else { return nil }
      let key = line[..<colon]
      guard !key.isEmpty, key.allSatisfy({ $0.isLetter || $0 == "-" || $0 == "_" }) else { return nil }
      return String(key)
    }

    /// Parses one message line; returns whether it started a message.
    mutating func parseMessage(_ line: String, lineNumber: Int) -> Bool {
      let scalars = Array(line.unicodeScalars)
      var column = 0  // 0-based scalar index
      var time: MessageTime?
      if scalars.first == "[" {
        guard let close = scalars.firstIndex(of: "]") else {
          errors.append(
            .error("unterminated time prefix (expected ']')", at: file.location(line: lineNumber, column: 1)))
          return false
        }
        let inside = String(String.UnicodeScalarView(scalars[1..<close]))
        guard let parsed = parseTime(inside) else {
          errors.append(
            .error(
              "invalid time '\(inside)' (expected [YYYY-MM-DD HH:MM] or [HH:MM])",
              at: file.location(line: lineNumber, column: 2)))
          return false
        }
        time = parsed
        column = close + 1
        while column < scalars.count, scalars[column] == " " { column += 1 }
      }
      let rest = String(String.UnicodeScalarView(scalars[column...]))
      let location = file.location(line: lineNumber, column: column + 1)
      func body(after count: Int) -> String {
        let text = rest.unicodeScalars.dropFirst(count)
        return String(String.UnicodeScalarView(text.first == " " ? text.dropFirst() : text))
      }
      if rest.hasPrefix(">") {
        append(
          author: participantID(name: meName ?? "Me", preferredID: "me", word: meName == nil ? .me : nil), time: time,
          text: body(after: 1), kind: .message, at: location)
      } else if rest.hasPrefix("<") {
        append(
          author: participantID(name: themName ?? "Them", preferredID: "them", word: themName == nil ? .them : nil),
          time: time,
          text: body(after: 1), kind: .message, at: location)
      } else if rest.hasPrefix("--") {
        append(author: nil, time: time, text: body(after: 2), kind: .system, at: location)
      } else if let range = rest.range(of: ": "), isName(rest[..<range.lowerBound]) {
        let name = String(rest[..<range.lowerBound])
        append(
          author: participantID(name: name, preferredID: nil), time: time,
          text: String(rest[range.upperBound...]), kind: .message, at: location)
      } else if rest.hasSuffix(":"), isName(rest.dropLast()) {
        append(
          author: participantID(name: String(rest.dropLast()), preferredID: nil), time: time,
          text: "", kind: .message, at: location)
      } else {
        errors.append(
          .error("expected a message: '> text', '< text', 'Name: text' or '-- notice'", at: location))
        return false
      }
      return true
    }

    func isName(_ text: Substring) -> Bool {
      !text.isEmpty && text.count <= 64 && text.first != " " && !text.contains("  ")
    }

    mutating func append(
      author: String?, time: MessageTime?, text: String, kind: Message.Kind, at location: SourceLocation
    ) {
      messages.append(Message(authorID: author, time: time, text: text, kind: kind, location: location))
    }

    /// The id of the participant called `name`, adding one the first time; `word` names one
    /// the file does not ("Them"), in the reader's language.
    mutating func participantID(name: String, preferredID: String?, word: Word? = nil) -> String {
      if let existing = participants.first(where: { $0.name == name }) { return existing.id }
      var id = preferredID ?? slug(name)
      var suffix = 2
      let base = id
      while participants.contains(where: { $0.id == id }) {
        id = "\(base)-\(suffix)"
        suffix += 1
      }
      var participant = Participant(id: id, name: name)
      participant.namePhrase = word.map { Phrase($0) }
      participants.append(participant)
      return id
    }

    func slug(_ name: String) -> String {
      let lowered = name.lowercased().unicodeScalars.map { scalar -> Character in
        CharacterSet.alphanumerics.contains(scalar) ? Character(scalar) : "-"
      }
      let text = String(lowered).split(separator: "-").joined(separator: "-")
      return text.isEmpty ? "p\(participants.count + 1)" : text
    }

    /// `2025-03-01 09:30`, `2025-03-01 09:30:15` or `09:30`; a time alone takes the last date.
    mutating func parseTime(_ text: String) -> MessageTime? {
      let parts = text.split(separator: " ", omittingEmptySubsequences: true)
      var date: LocalDate? = lastDate
      let timeText: Substring
      switch parts.count {
      case 1: timeText = parts[0]
      case 2:
        guard let parsed = LocalDate.parse(parts[0]) else { return nil }
        date = parsed
        lastDate = parsed
        timeText = parts[1]
      default: return nil
      }
      let fields = timeText.split(separator: ":", omittingEmptySubsequences: false)
      guard fields.count == 2 || fields.count == 3, fields.allSatisfy({ $0.count == 2 }),
        let hour = Int(fields[0]), let minute = Int(fields[1]), hour < 24, minute < 60
      else { return nil }
      let second = fields.count == 3 ? Int(fields[2]) ?? 99 : 0
      guard second < 60 else { return nil }
      return .wallClock(LocalDateTime(date: date, hour: hour, minute: minute, second: second))
    }
  }
}
