import Foundation

/// Reads one channel of Discord's data package (see `DiscordPackage`): every message is the
/// owner's, as the package holds no one else's; a notice at the top says so.
struct DiscordPackageReader {
  let channel: DiscordPackage.Channel
  let owner: DiscordPackage.Owner?

  static let csvHeader = ["ID", "Timestamp", "Contents", "Attachments"]
  /// The first notice: the package holds the owner's messages only.
  static let notice = Phrase(.noticeOwnMessagesOnly)

  var ownerID: String { owner?.id ?? DiscordPackage.unnamedOwner }

  func read(_ file: SourceFile) throws -> Transcript {
    let rows = try isCSV(file) ? csvRows(file) : jsonRows(file)
    var participants = [Participant(id: ownerID, name: owner?.name ?? "Me")]
    if owner?.name == nil { participants[0].namePhrase = Phrase(.me) }
    for id in channel.recipients where id != ownerID && !participants.contains(where: { $0.id == id }) {
      // One other recipient is the person the index names; more are known by their ids.
      let others = channel.recipients.filter { $0 != ownerID }
      participants.append(Participant(id: id, name: others.count == 1 ? channel.title : id))
    }
    let messages = rows.enumerated().sorted { ($0.element.seconds, $0.offset) < ($1.element.seconds, $1.offset) }
      .map(\.element.message)
    var notice = Message(authorID: nil, time: messages.first?.time, text: Self.notice.english, kind: .system)
    notice.extras.phrase = Self.notice
    return Transcript(title: channel.title, participants: participants, meID: ownerID, messages: [notice] + messages)
  }

  func isCSV(_ file: SourceFile) -> Bool {
    file.bytes.first != UInt8(ascii: "[") && file.bytes.first != UInt8(ascii: "{")
  }

  typealias Row = (message: Message, seconds: Double)

  func jsonRows(_ file: SourceFile) throws -> [Row] {
    let root = try file.json()
    guard let entries = root.arrayValue else {
      throw file.error("expected an array of messages, found \(root.typeName)", at: root)
    }
    return try entries.map { entry in
      guard entry.members != nil else {
        throw file.error("expected an object for a message, found \(entry.typeName)", at: entry)
      }
      guard let stamp = entry["Timestamp"], let text = stamp.stringValue else {
        throw file.error(
          entry["Timestamp"].map { "expected a string for 'Timestamp', found \($0.typeName)" }
            ?? "missing key 'Timestamp'", at: entry["Timestamp"] ?? entry)
      }
      guard let (time, seconds) = Self.time(text) else { throw file.error(Self.invalidDate(text), at: stamp) }
      let message = self.message(
        id: try Self.id(of: entry, in: file), time: time,
        contents: try file.string("Contents", in: entry, required: false) ?? "",
        attachments: try file.string("Attachments", in: entry, required: false) ?? "", file: file,
        location: file.location(ofOffset: entry.offset))
      return (message, seconds)
    }
  }

  /// `ID` as written: a snowflake is past what a JSON number (a double) holds exactly, so a
  /// number's digits are taken from the file.
  static func id(of entry: JSONValue, in file: SourceFile) throws -> String? {
    guard let value = entry["ID"], value.numberValue != nil else { return try file.id("ID", in: entry) }
    let digits = file.bytes[value.offset...].prefix { ($0 >= 0x30 && $0 <= 0x39) || $0 == UInt8(ascii: "-") }
    return String(decoding: digits, as: UTF8.self)
  }

  func csvRows(_ file: SourceFile) throws -> [Row] {
    let rows = try CSVReader(file: file).rows()
    guard let header = rows.first, header.map({ InvisibleMarks.trimmingMarksAndSpaces($0.text) }) == Self.csvHeader
    else {
      throw DiagnosticError(
        .error(
          "expected Discord's messages.csv header '\(Self.csvHeader.joined(separator: ","))'",
          at: file.location(ofOffset: 0)))
    }
    return try rows.dropFirst().map { row in
      let location = file.location(ofOffset: row[0].offset)
      guard row.count == Self.csvHeader.count else {
        throw DiagnosticError(.error("expected \(Self.csvHeader.count) fields, found \(row.count)", at: location))
      }
      guard let (time, seconds) = Self.time(row[1].text) else {
        throw DiagnosticError(.error(Self.invalidDate(row[1].text), at: file.location(ofOffset: row[1].offset)))
      }
      let message = self.message(
        id: row[0].text, time: time, contents: row[2].text, attachments: row[3].text, file: file, location: location)
      return (message, seconds)
    }
  }

  /// The owner's message: `Contents` in Discord's Markdown, as the app draws it.
  func message(
    id: String?, time: MessageTime, contents: String, attachments field: String, file: SourceFile,
    location: SourceLocation
  ) -> Message {
    let (text, spans) = DiscordMarkdown(mentionedNames: [:]).read(contents)
    let extras = MessageExtras(attachments: attachments(field, file: file), spans: spans)
    return Message(id: id, authorID: ownerID, time: time, text: text, location: location, extras: extras)
  }

  static func invalidDate(_ text: String) -> String {
    "invalid date '\(text)' (expected '2024-01-02 15:04:05' or '2020-05-17 18:22:11.453000+00:00')"
  }

  /// "2024-01-02 15:04:05" (UTC, the newer packages) or "2020-05-17 18:22:11.453000+00:00".
  static func time(_ text: String) -> (MessageTime, Double)? {
    guard var time = ISO8601.parse(text) else { return nil }
    if case .wallClock = time, let instant = ISO8601.parse(text + "Z") { time = instant }
    guard case .instant(let date) = time else { return nil }
    return (time, date.timeIntervalSince1970)
  }

  /// The addresses of `Attachments` (separated by spaces), as chips named by their files: the
  /// package holds addresses, not files.
  func attachments(_ field: String, file: SourceFile) -> [Attachment] {
    field.split(whereSeparator: \.isWhitespace).map { url in
      let address = String(url.split(separator: "?").first ?? url)
      return DCEExportParts.attachment(
        url: address, fileName: nil, in: file, media: MediaLocator(besideFile: "<stdin>"))
    }
  }
}
