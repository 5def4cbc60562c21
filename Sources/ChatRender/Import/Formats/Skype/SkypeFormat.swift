import Foundation

/// Skype's "Export files and chat history" (docs/FORMATS.md, "Skype"): `messages.json` with
/// the owner's `userId` and `conversations[]`, each with its `MessageList[]`. The export's
/// tar unpacked (a folder with `messages.json` and `media/`) reads the same.
///
/// One conversation becomes one transcript (`--chat` picks it, `parse --list` lists them).
/// `content` is Skype's markup: emoticons (`<ss type="smile">`) become emoji, `<a href>` links,
/// `<at>` mentions, `<quote>` the answered message (or a quote block when it is not in the
/// file), `<URIObject>` attachment chips, `<e_m>` marks an edit; bold, italic, strikethrough
/// and `<pre>` stay as formatting. Calls and member changes are notices. `userId` is "me".
struct SkypeFormat: TranscriptFormat, FileRecognizing {
  init() {}

  var name: String { "skype" }
  var accepts: String { "messages.json or the export's folder" }
  var fileExtensions: Set<String> { ["json"] }
  var folderSignatures: [[String]] { [["messages.json"]] }
  var summary: String {
    "Skype: 'Export files and chat history' on Skype's website, Conversations (messages.json), one conversation"
  }

  func detect(_ input: ImportInput) -> Bool {
    guard let file = transcriptFile(of: input) else { return false }
    let outline = JSONOutline(file)
    return outline.rootKind == .object && outline.topLevelCount == 1 && outline.has("conversations", .array)
      && (outline.has("userId") || outline.has("exportDate"))
      && (!outline.has("conversations/*") || outline.has("conversations/*/MessageList")
        || outline.has("conversations/*/threadProperties"))
  }

  func listChats(_ input: ImportInput) throws -> [String]? {
    let export = try Export(input, format: self)
    return try export.candidates().map(\.name)
  }

  func parse(_ input: ImportInput, options: ImportOptions, warnings: inout [Diagnostic]) throws -> Transcript {
    let export = try Export(input, format: self)
    let picker = ExportChatPicker(noun: "conversation", candidates: try export.candidates())
    let index = try picker.pick(
      options.chat, location: export.file.location(ofOffset: export.listValue.offset), noting: options.chatChoice)
    let media =
      input.tree.map { MediaFolderListing(tree: $0, folders: ["media"]) }
      ?? MediaFolderListing(besideFile: export.file.path, folders: ["media"])
    var reader = SkypeConversationReader(file: export.file, ownerID: export.ownerID, media: media)
    return try reader.read(export.conversations[index], warnings: &warnings)
  }

  func transcriptFile(of input: ImportInput) -> SourceFile? {
    if let file = input.file { return file }
    guard let tree = input.tree, tree.contains("messages.json") else { return nil }
    return try? tree.sourceFile("messages.json")
  }

  private struct Export {
    let file: SourceFile
    let ownerID: String?
    let conversations: [JSONValue]
    let listValue: JSONValue

    init(_ input: ImportInput, format: SkypeFormat) throws {
      guard let file = format.transcriptFile(of: input) else {
        throw DiagnosticError(.error("expected Skype's messages.json, or the export's folder holding it"))
      }
      self.file = file
      let root = try JSONReader.parse(file)
      guard root.members != nil, let list = root["conversations"] else {
        throw file.error("expected Skype's export (an object with 'userId' and 'conversations')", at: root)
      }
      ownerID = try file.string("userId", in: root, required: false)
      conversations = try file.array("conversations", in: root) ?? []
      listValue = list
    }

    func candidates() throws -> [ExportChatPicker.Candidate] {
      try conversations.map { conversation in
        guard conversation.members != nil else {
          throw file.error("expected an object for a conversation, found \(conversation.typeName)", at: conversation)
        }
        let id = try file.string("id", in: conversation, required: false)
        let count = conversation["MessageList"]?.arrayValue?.count ?? 0
        return ExportChatPicker.Candidate(
          name: try SkypeFormat.name(of: conversation, in: file) ?? id ?? "Conversation",
          id: id, detail: "\(count) message" + (count == 1 ? "" : "s"))
      }
    }
  }

  /// A conversation's name: its `displayName`, else its topic.
  static func name(of conversation: JSONValue, in file: SourceFile) throws -> String? {
    if let name = try file.string("displayName", in: conversation, required: false), !name.isEmpty { return name }
    if let thread = try file.objectMember("threadProperties", in: conversation),
      let topic = try file.string("topic", in: thread, required: false), !topic.isEmpty
    {
      return topic
    }
    return nil
  }

  /// "live:ana" or "ana" for Skype's "8:live:ana": a person's id without its kind prefix.
  static func handle(of id: String) -> String {
    guard let colon = id.firstIndex(of: ":"), id[..<colon].allSatisfy(\.isNumber) else { return id }
    let rest = id[id.index(after: colon)...]
    return String(rest.hasPrefix("live:") ? rest.dropFirst(5) : rest)
  }
}
