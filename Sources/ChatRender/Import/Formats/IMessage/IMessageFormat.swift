import Foundation

/// Apple Messages' database (docs/FORMATS.md, "iMessage and SMS"): a Mac's
/// `~/Library/Messages/chat.db`, or `sms.db` from an unencrypted iPhone backup (the file
/// `3d0d7e5fb2ce288813306e4d4636395e047a3d28`). Detected by content: a SQLite file with
/// Messages' tables. It holds every chat: `--chat` picks one by name, identifier or a
/// participant's handle, `parse --list` lists them.
struct IMessageFormat: ChatDescribingFormat, FileRecognizing {
  init() {}

  var name: String { "imessage" }
  var accepts: String { "chat.db or sms.db" }
  /// chat.db is named on the command line: a folder's other databases are not chats.
  var fileExtensions: Set<String> { [] }
  var summary: String {
    "Messages database: a Mac's ~/Library/Messages/chat.db, or sms.db from an unencrypted iPhone backup"
  }

  func detect(_ input: ImportInput) -> Bool {
    input.database.map(IMessageDatabase.looksLikeMessages) ?? false
  }

  func parse(_ input: ImportInput, options: ImportOptions, warnings: inout [Diagnostic]) throws -> Transcript {
    let file = try databaseFile(input)
    let database = try IMessageDatabase(file)
    let names =
      try options.namesFile.map { try ContactNames(vCardAt: $0, recordingInto: input.digests) } ?? ContactNames()
    let conversations = try IMessageConversation.all(in: database)
    let location = SourceLocation(file: file.path, line: 1, column: 1)
    let chosen = conversations[
      try IMessageConversation.pick(
        options.chat, from: conversations, names: names, location: location, noting: options.chatChoice)]
    let rows = try database.messages(inChats: chosen.chats.map(\.rowID))
    let base = options.attachmentsFolder ?? (file.bytes == nil ? Self.folder(of: file.path) : nil)
    var reader = IMessageChatReader(path: file.path, names: names, attachmentsBase: base)
    return reader.read(rows, title: chosen.title(names: names), handles: chosen.handles, warnings: &warnings)
  }

  func listChats(_ input: ImportInput) throws -> [String]? {
    try describeChats(input).map(\.name)
  }

  func describeChats(_ input: ImportInput) throws -> [(name: String, detail: String)] {
    let database = try IMessageDatabase(try databaseFile(input))
    let names = ContactNames()
    return try IMessageConversation.all(in: database).map { ($0.title(names: names), $0.detail(names: names)) }
  }

  private func databaseFile(_ input: ImportInput) throws -> DatabaseFile {
    guard let database = input.database else {
      throw DiagnosticError(
        .error(
          "expected a Messages database (chat.db or sms.db), found "
            + (input.file != nil ? "a text file" : "a folder or archive"),
          at: SourceLocation(file: input.path, line: 1, column: 1)))
    }
    return database
  }

  /// The folder holding the database: Messages keeps `Attachments/` beside `chat.db`.
  private static func folder(of path: String) -> String {
    let folder = MediaPath.folder(of: path)
    return folder.isEmpty ? "." : folder
  }
}
