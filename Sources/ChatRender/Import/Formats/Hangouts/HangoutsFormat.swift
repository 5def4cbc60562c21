import Foundation

/// Google Hangouts from Google Takeout (docs/FORMATS.md, "Google Hangouts"): `Hangouts.json`
/// with `conversations[]`, each a `conversation` (its people in `participant_data`, the owner
/// in `self_conversation_state`) and its `events[]`; older Takeouts wrote
/// `conversation_state[]` with `conversation_state.conversation` and `conversation_state.event`.
///
/// Input: `Hangouts.json`, or the Takeout folder or zip holding it. One conversation becomes
/// one transcript (`--chat` picks it, `parse --list` lists them, `--all-chats` renders each).
struct HangoutsFormat: ChatDescribingFormat, FileRecognizing {
  init() {}

  var name: String { "hangouts" }
  var accepts: String { "Hangouts.json, or the Takeout folder or .zip holding it" }
  var fileExtensions: Set<String> { ["json", "zip"] }
  var folderSignatures: [[String]] {
    HangoutsFormat.places.map { [$0] }
  }
  var summary: String { "Google Hangouts from Google Takeout (takeout.google.com): Hangouts.json, one conversation" }

  /// Where a Takeout folder or zip keeps the file.
  static let places = ["Hangouts.json", "Hangouts/Hangouts.json", "Takeout/Hangouts/Hangouts.json"]

  func detect(_ input: ImportInput) -> Bool {
    guard let file = HangoutsFormat.file(of: input) else { return false }
    let outline = JSONOutline(file)
    guard outline.rootKind == .object else { return false }
    if outline.has("conversations", .array) {
      return outline.has("conversations/*/conversation", .object) && outline.has("conversations/*/events", .array)
    }
    return outline.has("conversation_state", .array)
      && outline.has("conversation_state/*/conversation_state", .object)
  }

  func listChats(_ input: ImportInput) throws -> [String]? {
    try describeChats(input).map(\.name)
  }

  func describeChats(_ input: ImportInput) throws -> [(name: String, detail: String)] {
    let export = try HangoutsExport(input)
    return try export.candidates().map { ($0.name, $0.detail) }
  }

  func parse(_ input: ImportInput, options: ImportOptions, warnings: inout [Diagnostic]) throws -> Transcript {
    let export = try HangoutsExport(input)
    let picker = ExportChatPicker(noun: "conversation", candidates: try export.candidates())
    let index = try picker.pick(
      options.chat, location: export.file.location(ofOffset: export.listValue.offset), noting: options.chatChoice)
    var reader = HangoutsConversationReader(file: export.file)
    return try reader.read(export.conversations[index], warnings: &warnings)
  }

  /// The `Hangouts.json` of `input`: the file given, or the one a folder or zip holds.
  static func file(of input: ImportInput) -> SourceFile? {
    if let file = input.file { return file }
    guard let tree = input.tree, let path = places.first(where: tree.contains) else { return nil }
    return try? tree.sourceFile(path)
  }
}

/// The conversations of a `Hangouts.json`, in either layout.
struct HangoutsExport {
  /// One conversation: its description and its events.
  struct Conversation {
    var details: JSONValue
    var events: [JSONValue]
  }

  let file: SourceFile
  let conversations: [Conversation]
  let listValue: JSONValue

  init(_ input: ImportInput) throws {
    guard let file = HangoutsFormat.file(of: input) else {
      throw DiagnosticError(
        .error(
          "expected Google Takeout's Hangouts.json, or a folder or zip holding it",
          at: SourceLocation(file: input.path, line: 1, column: 1)))
    }
    self.file = file
    let root = try file.json()
    guard root.members != nil else {
      throw file.error("expected Hangouts.json (an object with 'conversations'), found \(root.typeName)", at: root)
    }
    if let list = root["conversations"] {
      listValue = list
      conversations = try (file.array("conversations", in: root) ?? []).map { entry in
        let outer = try HangoutsExport.object(entry, "a conversation", in: file)
        guard let wrapper = try file.objectMember("conversation", in: outer) else {
          throw file.error("missing key 'conversation'", at: outer)
        }
        guard let details = try file.objectMember("conversation", in: wrapper) else {
          throw file.error("missing key 'conversation'", at: wrapper)
        }
        return Conversation(details: details, events: try file.array("events", in: outer, required: false) ?? [])
      }
    } else if let list = root["conversation_state"] {
      // The layout of Takeouts before 2018.
      listValue = list
      conversations = try (file.array("conversation_state", in: root) ?? []).map { entry in
        let outer = try HangoutsExport.object(entry, "a conversation", in: file)
        guard let state = try file.objectMember("conversation_state", in: outer) else {
          throw file.error("missing key 'conversation_state'", at: outer)
        }
        guard let details = try file.objectMember("conversation", in: state) else {
          throw file.error("missing key 'conversation'", at: state)
        }
        return Conversation(details: details, events: try file.array("event", in: state, required: false) ?? [])
      }
    } else {
      throw file.error("expected Hangouts.json (an object with 'conversations')", at: root)
    }
  }

  static func object(_ value: JSONValue, _ what: String, in file: SourceFile) throws -> JSONValue {
    guard value.members != nil else {
      throw file.error("expected an object for \(what), found \(value.typeName)", at: value)
    }
    return value
  }

  func candidates() throws -> [ExportChatPicker.Candidate] {
    try conversations.map { conversation in
      let people = try HangoutsConversationReader.people(of: conversation.details, in: file)
      let owner = try HangoutsConversationReader.ownerID(of: conversation.details, in: file)
      let id = try file.objectMember("id", in: conversation.details).flatMap {
        try file.string("id", in: $0, required: false)
      }
      let count = conversation.events.count
      let name = try HangoutsConversationReader.title(of: conversation.details, people: people, owner: owner, in: file)
      return ExportChatPicker.Candidate(
        name: name ?? id ?? "Conversation", id: id,
        detail: "\(people.count) people, \(count) event" + (count == 1 ? "" : "s"))
    }
  }
}
