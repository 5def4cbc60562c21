import Foundation

/// A channel exported as plain text by DiscordChatExporter (`--format PlainText`; docs/FORMATS.md,
/// "DiscordChatExporter HTML, TXT and CSV"): a `Guild:`/`Channel:` preamble between lines of
/// `=`, then each message as `[date] Author` and its content, with `{Attachments}`, `{Embed}`,
/// `{Stickers}` and `{Reactions}` blocks after it.
///
/// The text holds no ids, so replies are lost and people are told apart by name; times are
/// the exporter's wall clock to the minute.
struct DCETextFormat: TranscriptFormat, FileRecognizing {
  init() {}

  var name: String { "dce-text" }
  var accepts: String { ".txt" }
  var fileExtensions: Set<String> { ["txt"] }
  var summary: String { "Discord channel saved by DiscordChatExporter with export format PlainText" }

  /// The line of `=` that opens and closes the preamble.
  static let rule = String(repeating: "=", count: 62)
  /// The block headings after a message's content.
  enum Block: String, CaseIterable {
    case attachments = "{Attachments}"
    case embed = "{Embed}"
    case stickers = "{Stickers}"
    case reactions = "{Reactions}"
    case forwarded = "{Forwarded Message}"
  }

  func detect(_ input: ImportInput) -> Bool {
    guard let file = input.file else { return false }
    let lines = file.textLines(limit: 3).map { InvisibleMarks.trimmingMarksAndSpaces(file.text(of: $0)) }
    return lines.count == 3 && lines[0] == Self.rule && lines[1].hasPrefix("Guild: ")
      && lines[2].hasPrefix("Channel: ")
  }

  func parse(_ input: ImportInput, options: ImportOptions, warnings: inout [Diagnostic]) throws -> Transcript {
    let file = try input.singleFile("a DiscordChatExporter plain-text file")
    let lines = file.textLines()
    let (title, firstMessageLine) = try preamble(file, lines)
    let records = try records(file, lines[firstMessageLine...])
    let dayFirst = records.contains { $0.date.showsDayFirst }
    var participants = DCEParticipantList()
    let media = MediaLocator(besideFile: file.path)
    let messages = try records.map { record in
      try message(record, file: file, dayFirst: dayFirst, participants: &participants, media: media)
    }
    return Transcript(title: title, participants: participants.all, messages: messages)
  }

  /// One message as written: its header and the lines after it.
  struct Record {
    var date: DCEDate
    var author: String
    var header: TextLine
    var body: [String]
  }

  /// The title (`#channel`, or a direct message's person) and the index of the line after the
  /// preamble.
  func preamble(_ file: SourceFile, _ lines: [TextLine]) throws -> (String?, Int) {
    var title: String?
    var guild: String?
    for (index, line) in lines.enumerated().dropFirst() {
      let text = file.text(of: line)
      if text == Self.rule { return (guild == "Direct Messages" ? title : title.map { "#" + $0 }, index + 1) }
      if text.hasPrefix("Guild: ") { guild = String(text.dropFirst(7)) }
      if text.hasPrefix("Channel: ") {
        title = text.dropFirst(9).components(separatedBy: " / ").last
      }
    }
    throw DiagnosticError(
      .error("the preamble never ends (expected a line of 62 '=')", at: file.location(line: 1, column: 1)))
  }

  /// The messages: a header line `[date] Author` starts one, the closing rule ends the last.
  func records(_ file: SourceFile, _ lines: ArraySlice<TextLine>) throws -> [Record] {
    var records: [Record] = []
    for (line, next) in zip(lines, lines.dropFirst().map(Optional.some) + [nil]) {
      let text = file.text(of: line)
      // The closing rule is followed by the count; a rule someone typed is content.
      if text == Self.rule, next.map({ file.text(of: $0).hasPrefix("Exported ") }) ?? true { break }
      if let (date, author) = Self.header(text) {
        records.append(Record(date: date, author: author, header: line, body: []))
      } else if records.isEmpty {
        if file.isBlank(line) { continue }
        throw DiagnosticError(
          .error(
            "expected a message header such as '[5/18/2024 7:02 PM] juno'",
            at: file.location(line: line.number, column: 1)))
      } else {
        records[records.count - 1].body.append(text)
      }
    }
    return records
  }

  /// `[5/18/2024 7:02 PM] juno (pinned)`: the date and the author.
  static func header(_ text: String) -> (DCEDate, String)? {
    guard text.hasPrefix("["), let close = text.firstIndex(of: "]") else { return nil }
    let rest = text[text.index(after: close)...]
    guard rest.hasPrefix(" "), rest.count > 1,
      let date = DCEDate(String(text[text.index(after: text.startIndex)..<close]))
    else { return nil }
    var author = String(rest.dropFirst())
    if author.hasSuffix(" (pinned)") { author.removeLast(9) }
    return (date, author)
  }

  func message(
    _ record: Record, file: SourceFile, dayFirst: Bool, participants: inout DCEParticipantList, media: MediaLocator
  ) throws -> Message {
    let location = file.location(line: record.header.number, column: 1)
    guard let time = record.date.wallClock(dayFirst: dayFirst) else {
      throw DiagnosticError(.error("invalid date in '\(file.text(of: record.header))'", at: location))
    }
    let authorID = participants.id(forFullName: record.author)
    let blocks = Self.blocks(record.body)
    let content = blocks.content
    if DCEExportParts.isNotice(content), blocks.lines.isEmpty {
      return Message(
        authorID: authorID, time: .wallClock(time),
        text: DiscordFormat.notice(actor: participants.name(of: authorID), content: content),
        kind: .system, location: location)
    }
    var extras = MessageExtras()
    for (block, lines) in blocks.lines {
      switch block {
      case .attachments, .stickers:
        extras.attachments += lines.filter { !$0.isEmpty }.map {
          var attachment = DCEExportParts.attachment(url: $0, fileName: nil, in: file, media: media)
          if block == .stickers { attachment.kind = .sticker }
          return attachment
        }
      case .reactions:
        extras.reactions += lines.flatMap(Self.reactions)
      case .embed:
        if let card = Self.card(lines) { extras.linkPreviews.append(card) }
      case .forwarded:
        extras.forwardedFrom = ""
      }
    }
    let (text, spans) = DiscordMarkdown(mentionedNames: [:]).read(content)
    extras.spans = spans
    return Message(authorID: authorID, time: .wallClock(time), text: text, location: location, extras: extras)
  }

  /// The content (up to the first block heading, trailing blank lines dropped) and each block's
  /// lines up to the blank line that ends it.
  static func blocks(_ body: [String]) -> (content: String, lines: [(Block, [String])]) {
    var content: [String] = []
    var blocks: [(Block, [String])] = []
    for line in body {
      if let block = Block(rawValue: line) {
        blocks.append((block, []))
      } else if blocks.isEmpty {
        content.append(line)
      } else if !line.isEmpty {
        blocks[blocks.count - 1].1.append(line)
      }
    }
    while content.last?.isEmpty == true { content.removeLast() }
    return (content.joined(separator: "\n"), blocks)
  }

  /// `👍 (2) ❤️ partyblob (3)`: names apart by spaces, a count in brackets when over one.
  static func reactions(_ line: String) -> [Reaction] {
    var reactions: [Reaction] = []
    for word in line.split(separator: " ") {
      if word.hasPrefix("("), word.hasSuffix(")"), let count = Int(word.dropFirst().dropLast()), !reactions.isEmpty {
        reactions[reactions.count - 1].count = max(count, 1)
      } else {
        reactions.append(DCEExportParts.reaction(name: String(word), count: 1))
      }
    }
    return reactions
  }

  /// An embed's lines as a card: its first link the card's address, the first line of text its
  /// title, the rest its description (the text does not say which line was which).
  static func card(_ lines: [String]) -> LinkPreview? {
    let isLink = { (line: String) in line.contains("://") && !line.contains(" ") }
    let links = lines.filter(isLink)
    let texts = lines.filter { !isLink($0) }
    let card = LinkPreview(
      url: links.first, title: texts.first,
      description: texts.count > 1 ? texts.dropFirst().joined(separator: "\n") : nil)
    return card.isEmpty ? nil : card
  }
}
