import Foundation

/// signal-export's `chat.md` (docs/FORMATS.md, "Signal"): records that start
/// `[2024-01-05 10:01:00] Ana: ` (older versions `[2024-01-05, 10:01]`), the owner as `Me`.
///
/// After the sender a record holds, in this order: a quote (`> ` lines between blank lines),
/// the body (lines ending in two spaces for Markdown), a reactions line
/// `(- Ana: 👍, Me: ❤️ -)`, a sticker (`(( 😀 ))` or a link into `exported_stickers/`) and the
/// attachments as links into `media/` (`![photo.jpg](./media/photo.jpg)`, spaces as `%20`).
/// A deleted message is `(This message was deleted)`.
struct SignalMarkdownReader {
  let file: SourceFile
  let media: MediaLocator
  var speakers = SpeakerTable()
  var messages: [Message] = []
  /// Message ids by their plain text, to find what a quote answers.
  var idsByText: [String: String] = [:]

  init(file: SourceFile, media: MediaLocator) {
    self.file = file
    self.media = media
  }

  /// A record's first line: when, who and the rest of the line.
  struct Header {
    var time: LocalDateTime
    var sender: String
    var rest: Substring
    /// `[2019-05-29, 15:04]`: older signal-export; WhatsApp writes seconds after a comma.
    var isCommaWithoutSeconds: Bool
  }

  mutating func read(warnings: inout [Diagnostic]) throws -> Transcript {
    var current: (header: Header, line: TextLine, body: [String])?
    for line in file.textLines() {
      let text = file.text(of: line)
      if let header = SignalMarkdownReader.header(
        line.number == 1 ? String(InvisibleMarks.trimmingLeading(text[...])) : text)
      {
        if let current { finish(current.header, at: current.line, body: current.body) }
        current = (header, line, [String(header.rest)])
      } else if current != nil {
        current!.body.append(text)
      } else if !file.isBlank(line) {
        throw DiagnosticError(
          .error(
            "expected a signal-export record such as '[2024-01-05 10:01:00] Ana: text'",
            at: file.location(line: line.number, column: 1)))
      }
    }
    if let current { finish(current.header, at: current.line, body: current.body) }
    return Transcript(title: nil, participants: speakers.participants, messages: messages)
  }

  // MARK: - Header

  /// The header at the start of `line`, or nil when the line continues a record.
  static func header(_ line: String) -> Header? {
    let scalars = Array(line.unicodeScalars.prefix(40))
    var index = 0
    func number(_ count: Int) -> Int? {
      guard index + count <= scalars.count else { return nil }
      var value = 0
      for scalar in scalars[index..<(index + count)] {
        guard scalar.isASCII, let digit = Int(String(scalar)) else { return nil }
        value = value * 10 + digit
      }
      index += count
      return value
    }
    func expect(_ scalar: Unicode.Scalar) -> Bool {
      guard index < scalars.count, scalars[index] == scalar else { return false }
      index += 1
      return true
    }
    guard expect("["), let year = number(4), expect("-"), let month = number(2), expect("-"),
      let day = number(2)
    else { return nil }
    let hasComma = expect(",")
    guard expect(" "), let hour = number(2), expect(":"), let minute = number(2) else { return nil }
    var second = 0
    let hasSeconds = expect(":")
    if hasSeconds {
      guard let value = number(2) else { return nil }
      second = value
    }
    guard expect("]"), expect(" ") else { return nil }
    let date = LocalDate(year: year, month: month, day: day)
    guard date.isValid, hour < 24, minute < 60, second < 60 else { return nil }
    let afterTime = line.unicodeScalars.index(line.unicodeScalars.startIndex, offsetBy: index)
    let remainder = line[afterTime...]
    guard
      let colon = remainder.range(of: ": ")
        ?? (remainder.hasSuffix(":") ? remainder.range(of: ":", options: .backwards) : nil),
      colon.lowerBound > remainder.startIndex
    else { return nil }
    return Header(
      time: LocalDateTime(date: date, hour: hour, minute: minute, second: second),
      sender: String(remainder[..<colon.lowerBound]), rest: remainder[colon.upperBound...],
      isCommaWithoutSeconds: hasComma && !hasSeconds)
  }

  // MARK: - Records

  mutating func finish(_ header: Header, at line: TextLine, body: [String]) {
    var lines = body.map { SignalMarkdownReader.withoutLineBreakSpaces($0) }
    let location = file.location(line: line.number, column: 1)
    let authorID = speakers.id(for: header.sender)
    let id = "m\(messages.count + 1)"
    var extras = MessageExtras()
    let quote = SignalMarkdownReader.takeQuote(&lines)
    // Links are appended to the last line, after the reactions and the sticker lines.
    extras.attachments = takeAttachments(&lines)
    extras.reactions = takeReactions(&lines)
    while lines.last?.isEmpty == true { lines.removeLast() }
    var text = lines.joined(separator: "\n")
    let kind = Message.Kind.message
    if text == "(This message was deleted)" {
      extras.isDeleted = true
      text = ""
    } else if let call = SignalFormat.call(text) {
      extras.call = call
      text = ""
    }
    if let quote {
      if let original = idsByText[quote] {
        extras.replyTo = original
      } else {
        (text, extras.spans) = SignalFormat.quoting(quote, above: text)
      }
    }
    if kind == .message, !text.isEmpty, idsByText[text] == nil { idsByText[text] = id }
    messages.append(
      Message(
        id: id, authorID: authorID, time: .wallClock(header.time), text: text, kind: kind,
        location: location, extras: extras))
  }

  /// A line without the two spaces signal-export adds for Markdown line breaks.
  static func withoutLineBreakSpaces(_ line: String) -> String {
    line.hasSuffix("  ") ? String(line.dropLast(2)) : line
  }

  /// The quote at the start of a record (`""`, `""`, `> text`…, `""`), removed from `lines`.
  static func takeQuote(_ lines: inout [String]) -> String? {
    guard lines.count >= 3, lines[0].isEmpty, lines[1].isEmpty, lines[2].hasPrefix(">") else { return nil }
    var quoted: [String] = []
    var index = 2
    while index < lines.count, lines[index].hasPrefix(">") {
      quoted.append(String(lines[index].dropFirst(lines[index].hasPrefix("> ") ? 2 : 1)))
      index += 1
    }
    while index < lines.count, lines[index].isEmpty, index <= 2 + quoted.count + 1 { index += 1 }
    lines.removeFirst(index)
    if lines.isEmpty { lines = [""] }
    return quoted.joined(separator: "\n")
  }

  /// The reactions line `(- Ana: 👍, Me: ❤️ -)`, removed from `lines`.
  mutating func takeReactions(_ lines: inout [String]) -> [Reaction] {
    guard let index = lines.lastIndex(where: { $0.hasPrefix("(- ") && $0.hasSuffix(" -)") }) else {
      return []
    }
    let inner = lines[index].dropFirst(3).dropLast(3)
    lines.remove(at: index)
    var reactions: [Reaction] = []
    for part in inner.components(separatedBy: ", ") {
      guard let colon = part.range(of: ":", options: .backwards) else { continue }
      let name = part[..<colon.lowerBound].trimmingCharacters(in: .whitespaces)
      let emoji = part[colon.upperBound...].trimmingCharacters(in: .whitespaces)
      guard !emoji.isEmpty else { continue }
      let by = name.isEmpty ? [] : [speakers.id(for: name)]
      if let same = reactions.firstIndex(where: { $0.emoji == emoji }) {
        reactions[same].count += 1
        reactions[same].by += by
      } else {
        reactions.append(Reaction(emoji: emoji, count: 1, by: by))
      }
    }
    return reactions
  }

  /// Attachment and sticker links at the end of the record (and a `(( 😀 ))` sticker line),
  /// removed from `lines`.
  func takeAttachments(_ lines: inout [String]) -> [Attachment] {
    var attachments: [Attachment] = []
    // signal-export appends them to the last line; a line edited by hand may hold them too.
    for index in lines.indices.reversed() {
      var line = lines[index]
      var found: [Attachment] = []
      while let (link, start) = SignalMarkdownReader.trailingLink(in: line) {
        found.insert(attachment(link), at: 0)
        line = String(line[..<start])
        while line.hasSuffix(" ") { line.removeLast() }
      }
      lines[index] = line
      attachments.insert(contentsOf: found, at: 0)
    }
    if let index = lines.lastIndex(where: { $0.hasPrefix("(( ") && $0.hasSuffix(" ))") }) {
      var sticker = Attachment(kind: .sticker, isOmitted: true)
      sticker.title = String(lines[index].dropFirst(3).dropLast(3))
      attachments.insert(sticker, at: 0)
      lines.remove(at: index)
    }
    return attachments
  }

  /// `[name](path)` or `![name](path)` at the end of `line` (after its trailing spaces), with
  /// where it starts.
  static func trailingLink(in line: String) -> ((name: String, path: String), String.Index)? {
    var text = Substring(line)
    while text.hasSuffix(" ") { text.removeLast() }
    guard text.hasSuffix(")"), let open = text.range(of: "](", options: .backwards),
      let bracket = text[..<open.lowerBound].lastIndex(of: "[")
    else { return nil }
    let path = text[open.upperBound..<text.index(before: text.endIndex)]
    guard path.hasPrefix("./") || path.hasPrefix("../") || path.hasPrefix("media/"), !path.contains(" ") else {
      return nil
    }
    var start = bracket
    if start > text.startIndex, text[text.index(before: start)] == "!" { start = text.index(before: start) }
    let name = String(text[text.index(after: bracket)..<open.lowerBound])
    return ((name, String(path)), start)
  }

  /// The attachment a link names, found in the export's folder when it is there.
  func attachment(_ link: (name: String, path: String)) -> Attachment {
    var path = link.path.removingPercentEncoding ?? link.path
    if path.hasPrefix("./") { path.removeFirst(2) }
    let isSticker = path.contains("exported_stickers/")
    var attachment = Attachment(
      kind: isSticker ? .sticker : FileTypes.kind(ofFile: path),
      fileName: link.name.isEmpty ? String(path.split(separator: "/").last ?? "") : link.name)
    if isSticker { attachment.title = link.name }
    if !path.hasPrefix("../"), !media.resolve(&attachment, at: path) {
      attachment.fileName = attachment.fileName ?? path
    }
    return attachment
  }
}
