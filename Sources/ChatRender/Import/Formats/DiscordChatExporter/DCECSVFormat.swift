import Foundation

/// A channel exported as CSV by DiscordChatExporter (`--format Csv`; docs/FORMATS.md,
/// "DiscordChatExporter HTML, TXT and CSV"): a header `AuthorID,Author,Date,Content,Attachments,Reactions`,
/// then a row per message, every field quoted; the date an ISO 8601 instant with its offset;
/// attachments urls and reactions `name (count)`, each list joined by commas.
///
/// A row holds no message id, no reply, no embed and no sticker; who reacted is not said.
struct DCECSVFormat: TranscriptFormat, FileRecognizing {
  init() {}

  var name: String { "dce-csv" }
  var accepts: String { ".csv" }
  var fileExtensions: Set<String> { ["csv"] }
  var summary: String { "Discord channel saved by DiscordChatExporter with export format Csv" }

  static let header = ["AuthorID", "Author", "Date", "Content", "Attachments", "Reactions"]

  func detect(_ input: ImportInput) -> Bool {
    guard let file = input.file, let first = file.textLines(limit: 1).first else { return false }
    return InvisibleMarks.trimmingMarksAndSpaces(file.text(of: first)) == Self.header.joined(separator: ",")
  }

  func parse(_ input: ImportInput, options: ImportOptions, warnings: inout [Diagnostic]) throws -> Transcript {
    let file = try input.singleFile("a DiscordChatExporter CSV file")
    let rows = try CSVReader(file: file).rows()
    guard let header = rows.first,
      header.map({ InvisibleMarks.trimmingMarksAndSpaces($0.text) }) == Self.header
    else {
      throw DiagnosticError(
        .error(
          "expected DiscordChatExporter's header '\(Self.header.joined(separator: ","))'",
          at: file.location(ofOffset: 0)))
    }
    var participants = DCEParticipantList()
    let media = MediaLocator(besideFile: file.path)
    let messages = try rows.dropFirst().map { row in
      try message(row, file: file, participants: &participants, media: media)
    }
    return Transcript(title: nil, participants: participants.all, messages: messages)
  }

  func message(
    _ row: [CSVReader.Field], file: SourceFile, participants: inout DCEParticipantList, media: MediaLocator
  ) throws -> Message {
    let location = file.location(ofOffset: row[0].offset)
    guard row.count == Self.header.count else {
      throw DiagnosticError(.error("expected \(Self.header.count) fields, found \(row.count)", at: location))
    }
    guard let time = ISO8601.parse(row[2].text) else {
      throw DiagnosticError(
        .error(
          "invalid date '\(row[2].text)' (expected ISO 8601 such as 2024-05-18T19:02:10.4000000+01:00)",
          at: file.location(ofOffset: row[2].offset)))
    }
    let authorID = participants.id(forFullName: row[1].text, id: row[0].text.isEmpty ? nil : row[0].text)
    let content = row[3].text
    var extras = MessageExtras()
    extras.attachments = Self.list(row[4].text).map {
      DCEExportParts.attachment(url: $0, fileName: nil, in: file, media: media)
    }
    extras.reactions = Self.list(row[5].text).map(Self.reaction)
    if DCEExportParts.isNotice(content), extras.attachments.isEmpty {
      return Message(
        authorID: authorID, time: time,
        text: DiscordFormat.notice(actor: participants.name(of: authorID), content: content),
        kind: .system, location: location)
    }
    let (text, spans) = DiscordMarkdown(mentionedNames: [:]).read(content)
    extras.spans = spans
    return Message(authorID: authorID, time: time, text: text, location: location, extras: extras)
  }

  /// A field's list, joined by commas.
  static func list(_ field: String) -> [String] {
    field.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
  }

  /// `👍 (2)`: the emoji's name and the count.
  static func reaction(_ item: String) -> Reaction {
    guard item.hasSuffix(")"), let open = item.lastIndex(of: "("),
      let count = Int(item[item.index(after: open)..<item.index(before: item.endIndex)])
    else { return DCEExportParts.reaction(name: item, count: 1) }
    let name = item[..<open].trimmingCharacters(in: .whitespaces)
    return DCEExportParts.reaction(name: name, count: count)
  }
}
