import Foundation

/// A Slack workspace export: a folder or zip holding `channels.json` (and `groups.json`,
/// `mpims.json`, `dms.json`), `users.json` and one folder of `YYYY-MM-DD.json` day files per
/// conversation; some real exports hold only the channel folders, their people then named by
/// the messages or by their ids.
///
/// One conversation becomes one transcript: `--chat general` (or `#general`, any case)
/// picks it; an export of a single conversation needs no `--chat`. Messages keep the order
/// of the day files (thread replies sit in the file of their own day, after their parent);
/// a reply's `extras.replyTo` is its parent's `ts`, which is every message's id. Times are
/// instants. The export does not say who exported it, so "me" comes only from `--me`.
struct SlackFormat: TranscriptFormat, FileRecognizing {
  init() {}

  var name: String { "slack" }
  var accepts: String { "folder or .zip" }
  var fileExtensions: Set<String> { ["zip"] }
  var folderSignatures: [[String]] { [["channels.json", "users.json"], ["channels.json", "org_users.json"]] }
  var summary: String {
    "Slack workspace export (Workspace settings > Import/Export data > Export): channels.json, users.json, day files"
  }

  func detect(_ input: ImportInput) -> Bool {
    guard let tree = input.tree else { return false }
    return SlackExport(tree: tree) != nil
  }

  func listChats(_ input: ImportInput) throws -> [String]? {
    try export(of: input).conversations().map(\.name)
  }

  func parse(_ input: ImportInput, options: ImportOptions, warnings: inout [Diagnostic])
    throws -> Transcript
  {
    let export = try export(of: input)
    let conversations = try export.conversations()
    let conversation = try choose(
      from: conversations, wanted: options.chat, export: export, path: input.path, noting: options.chatChoice)
    let directory = try export.directory()
    if directory.users.isEmpty {
      warnings.append(
        .warning(
          "no users.json in the export; people are named as their messages name them, else by their ids",
          at: SourceLocation(file: input.path, line: 1, column: 1)))
    }
    var channelNames: [String: String] = [:]
    for item in conversations { if let id = item.id { channelNames[id] = item.name } }
    var reader = SlackChannelReader(directory: directory, channelNames: channelNames)
    reader.media = SlackMedia(
      locator: MediaLocator(tree: export.tree), prefix: export.prefix, folder: conversation.folder)
    for path in export.dayFiles(in: conversation.folder) {
      try reader.load(export.tree.sourceFile(path))
    }
    var transcript = try reader.transcript()
    transcript.title = title(of: conversation, reader: reader)
    if reader.skipped > 0 {
      warnings.append(
        .warning(
          "skipped \(reader.skipped) hidden or non-message record\(reader.skipped == 1 ? "" : "s")",
          at: reader.firstSkipped))
    }
    return transcript
  }

  private func export(of input: ImportInput) throws -> SlackExport {
    guard let tree = input.tree else {
      throw DiagnosticError(
        .error("expected a Slack export folder or zip, found a single file"))
    }
    guard let export = SlackExport(tree: tree) else {
      throw DiagnosticError(
        .error(
          "not a Slack export (expected channels.json and users.json, or channel folders of YYYY-MM-DD.json day files)")
      )
    }
    return export
  }

  private func choose(
    from conversations: [SlackExport.Conversation], wanted: String?, export: SlackExport,
    path: String, noting choice: ChatChoice
  ) throws -> SlackExport.Conversation {
    let names = conversations.map(\.name)
    guard let wanted else {
      let withMessages = conversations.filter { !export.dayFiles(in: $0.folder).isEmpty }
      if conversations.count == 1, let only = conversations.first { return only }
      if withMessages.count == 1, let only = withMessages.first { return only }
      var diagnostic = Diagnostic.error(
        conversations.isEmpty
          ? "the export holds no channels"
          : "the export holds \(conversations.count) channels; choose one"
      )
      if !names.isEmpty { diagnostic.hint = .chooseChat(candidates: names) }
      if !names.isEmpty { diagnostic.notes = ["channels: " + names.joined(separator: ", ")] }
      throw DiagnosticError(diagnostic)
    }
    choice.noteMade()
    var key = wanted.trimmingCharacters(in: .whitespaces)
    if key.hasPrefix("#") { key.removeFirst() }
    key = key.lowercased()
    if let match = conversations.first(where: {
      $0.name.lowercased() == key || $0.id?.lowercased() == key || $0.folder.lowercased() == key
    }) {
      return match
    }
    // By position in `listChats`' order, as `--all-chats` names each ("#3").
    if let position = Int(key), conversations.indices.contains(position - 1) {
      return conversations[position - 1]
    }
    var diagnostic = Diagnostic.error("no channel '\(wanted)' in the export")
    diagnostic.notes = ["channels: " + names.joined(separator: ", ")]
    if let note = NearestWord.suggestion(for: key, in: names) {
      diagnostic.notes.insert(note, at: 0)
    }
    throw DiagnosticError(diagnostic)
  }

  private func title(of conversation: SlackExport.Conversation, reader: SlackChannelReader)
    -> String
  {
    switch conversation.kind {
    case .channel, .privateChannel: return "#" + conversation.name
    case .groupDM, .directMessage:
      let names = conversation.members.map { reader.name(of: $0) }
      return names.isEmpty ? conversation.name : names.joined(separator: ", ")
    }
  }
}
