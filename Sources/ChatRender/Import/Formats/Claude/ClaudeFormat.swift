import Foundation

/// Claude's data export from claude.ai (docs/FORMATS.md, "Claude"): `conversations.json`, or
/// the unzipped export folder holding it. One conversation is read, chosen with `--chat`
/// (name, uuid or position).
///
/// A conversation's `chat_messages` are the turns, each with `content` blocks; text blocks are
/// shown, tool use, tool results and thinking are left out as claude.ai leaves them out of the
/// conversation. Where messages carry `parent_message_uuid` and a turn was edited or retried,
/// the branch shown ends at `current_leaf_message_uuid` (else at the last message). The human
/// is "me", named "You"; the assistant is a bot named "Claude". Times are instants.
struct ClaudeFormat: TranscriptFormat, FileRecognizing {
  init() {}

  var name: String { "claude" }
  var accepts: String { "conversations.json or folder" }
  var fileExtensions: Set<String> { ["json"] }
  var folderSignatures: [[String]] { [["conversations.json"]] }
  var summary: String { "Claude data export (claude.ai Settings → Privacy → Export data), one conversation" }

  static let humanID = "human"
  static let assistantID = "assistant"
  /// Content blocks claude.ai does not show as the conversation's text.
  static let hiddenBlockTypes: Set<String> = [
    "tool_use", "tool_result", "server_tool_use", "web_search_tool_result", "thinking", "redacted_thinking",
    "token_budget", "mcp_tool_use", "mcp_tool_result",
  ]

  func detect(_ input: ImportInput) -> Bool {
    if let tree = input.tree {
      guard tree.contains("conversations.json"), let file = try? tree.sourceFile("conversations.json") else {
        return false
      }
      return Self.looksLikeClaude(file)
    }
    guard let file = input.file else { return false }
    return Self.looksLikeClaude(file)
  }

  static func looksLikeClaude(_ file: SourceFile) -> Bool {
    let outline = JSONOutline(file)
    guard outline.topLevelCount == 1 else { return false }
    switch outline.rootKind {
    case .array: return outline.has("*/chat_messages", .array)
    case .object: return outline.has("chat_messages", .array)
    default: return false
    }
  }

  func parse(_ input: ImportInput, options: ImportOptions, warnings: inout [Diagnostic])
    throws -> Transcript
  {
    let export = try Export(input)
    let index = try export.picker().pick(options.chat, location: export.location, noting: options.chatChoice)
    var reader = Reader(file: export.file)
    return try reader.read(export.conversations[index], warnings: &warnings)
  }

  func listChats(_ input: ImportInput) throws -> [String]? {
    let export = try Export(input)
    return try export.conversations.map { try Self.title(of: $0, file: export.file) }
  }

  static func title(of conversation: JSONValue, file: SourceFile) throws -> String {
    let title = try file.string("name", in: conversation, required: false) ?? ""
    return title.isEmpty ? "Untitled" : title
  }

  // MARK: - Export

  /// The conversations of `conversations.json`.
  private struct Export {
    let file: SourceFile
    let conversations: [JSONValue]
    let location: SourceLocation

    init(_ input: ImportInput) throws {
      if let given = input.file {
        file = given
      } else if let tree = input.tree, tree.contains("conversations.json") {
        file = try tree.sourceFile("conversations.json")
      } else {
        throw DiagnosticError(
          .error("no conversations.json in this folder", at: SourceLocation(file: input.path, line: 1, column: 1)))
      }
      location = file.location(ofOffset: 0)
      let root = try JSONReader.parse(file)
      let list: [JSONValue]
      if let array = root.arrayValue {
        list = array
      } else if root.members != nil, root["chat_messages"] != nil {
        list = [root]
      } else {
        throw file.error(
          "expected Claude conversations (an array of objects with 'chat_messages'), found \(root.typeName)", at: root)
      }
      for conversation in list where conversation.members == nil {
        throw file.error("expected an object for a conversation, found \(conversation.typeName)", at: conversation)
      }
      conversations = list
    }

    func picker() throws -> ExportChatPicker {
      let candidates = try conversations.map { conversation in
        let count = conversation["chat_messages"]?.arrayValue?.count ?? 0
        var detail = "\(count) message\(count == 1 ? "" : "s")"
        if let created = try file.string("created_at", in: conversation, required: false), created.count >= 10 {
          detail += ", created \(created.prefix(10))"
        }
        return ExportChatPicker.Candidate(
          name: try ClaudeFormat.title(of: conversation, file: file), id: try file.id("uuid", in: conversation),
          detail: detail)
      }
      return ExportChatPicker(noun: "conversation", candidates: candidates)
    }
  }

  // MARK: - One conversation

  private struct Reader {
    let file: SourceFile
    var locator: ForwardLocator
    var unknownBlocks = UnknownKindTally()

    init(file: SourceFile) {
      self.file = file
      locator = ForwardLocator(file)
    }

    mutating func read(_ conversation: JSONValue, warnings: inout [Diagnostic]) throws -> Transcript {
      let entries = try file.array("chat_messages", in: conversation) ?? []
      var messages: [Message] = []
      for entry in try branch(
        entries, leaf: file.string("current_leaf_message_uuid", in: conversation, required: false))
      {
        if let message = try message(entry) { messages.append(message) }
      }
      if let warning = unknownBlocks.warning("unknown content type", { "skipped the content of " + $0 }) {
        warnings.append(warning)
      }
      let title = try file.string("name", in: conversation, required: false)
      return Transcript(
        title: title?.isEmpty == false ? title : nil,
        participants: [
          Participant(id: ClaudeFormat.humanID, word: .you),
          Participant(id: ClaudeFormat.assistantID, name: "Claude", isBot: true),
        ],
        meID: ClaudeFormat.humanID, messages: messages)
    }

    /// The messages on the branch that ends at `leaf` (or at the last message), when the
    /// messages say whose answer each is and some turn has two; else all, in order.
    func branch(_ entries: [JSONValue], leaf: String?) throws -> [JSONValue] {
      var byID: [String: JSONValue] = [:]
      var childCounts: [String: Int] = [:]
      for entry in entries {
        guard entry.members != nil else {
          throw file.error("expected an object for a message, found \(entry.typeName)", at: entry)
        }
        if let id = try file.id("uuid", in: entry) { byID[id] = entry }
        if let parent = try file.id("parent_message_uuid", in: entry) { childCounts[parent, default: 0] += 1 }
      }
      guard childCounts.values.contains(where: { $0 > 1 }) else { return entries }
      var path: [JSONValue] = []
      var visited = Set<String>()
      var current = leaf.flatMap { byID[$0] } ?? entries.last
      while let entry = current, let id = try file.id("uuid", in: entry), visited.insert(id).inserted {
        path.append(entry)
        current = try file.id("parent_message_uuid", in: entry).flatMap { byID[$0] }
      }
      return path.reversed()
    }

    mutating func message(_ entry: JSONValue) throws -> Message? {
      let location = locator.location(ofOffset: entry.offset)
      let authorID: String
      switch try file.string("sender", in: entry) {
      case "human": authorID = ClaudeFormat.humanID
      case "assistant": authorID = ClaudeFormat.assistantID
      case let sender:
        unknownBlocks.note("sender \(sender ?? "")", at: location)
        return nil
      }
      let text = try text(of: entry)
      let attachments = try attachments(of: entry)
      if attachments.isEmpty, text.allSatisfy(\.isWhitespace) { return nil }
      var time: MessageTime?
      if let created = try file.string("created_at", in: entry, required: false) {
        guard let parsed = ISO8601.parse(created), case .instant = parsed else {
          throw file.error(
            "invalid date '\(created)' (expected such as 2025-10-01T18:42:28.370875Z)", at: entry["created_at"] ?? entry
          )
        }
        time = parsed
      }
      // claude.ai shows what the human typed as typed, and its own answers as Markdown.
      let (shown, spans) = authorID == ClaudeFormat.humanID ? (text, []) : MarkdownReader.read(text)
      return Message(
        id: try file.id("uuid", in: entry), authorID: authorID, time: time, text: shown, location: location,
        extras: MessageExtras(attachments: attachments, spans: spans))
    }

    /// The text blocks of `content` joined by blank lines; `text` when there is no content.
    mutating func text(of entry: JSONValue) throws -> String {
      guard let blocks = try file.array("content", in: entry, required: false), !blocks.isEmpty else {
        return try file.string("text", in: entry, required: false) ?? ""
      }
      var parts: [String] = []
      for block in blocks {
        guard block.members != nil else {
          throw file.error("expected an object in 'content', found \(block.typeName)", at: block)
        }
        let type = try file.string("type", in: block, required: false) ?? "text"
        if type == "text" {
          let text = try file.string("text", in: block, required: false) ?? ""
          if !text.isEmpty { parts.append(text) }
        } else if !ClaudeFormat.hiddenBlockTypes.contains(type) {
          unknownBlocks.note(type, at: file.location(ofOffset: block.offset))
        }
      }
      return parts.joined(separator: "\n\n")
    }

    /// `attachments` (pasted or uploaded documents) and `files` (uploaded pictures and files,
    /// names or objects), each name once. The export holds no file's bytes.
    func attachments(of entry: JSONValue) throws -> [Attachment] {
      var attachments: [Attachment] = []
      var seen = Set<String>()
      for item in try file.array("attachments", in: entry, required: false) ?? [] {
        guard item.members != nil else {
          throw file.error("expected an object in 'attachments', found \(item.typeName)", at: item)
        }
        let name = try file.string("file_name", in: item, required: false)
        let mime = try file.string("file_type", in: item, required: false).flatMap { $0.contains("/") ? $0 : nil }
        var attachment = Attachment(
          kind: mime.map(Attachment.Kind.init(mimeType:)) ?? .file, fileName: name, mimeType: mime)
        attachment.byteCount = try file.number("file_size", in: item)?.saturatingInt
        if let name { seen.insert(name) }
        attachments.append(attachment)
      }
      for key in ["files", "files_v2"] {
        for item in try file.array(key, in: entry, required: false) ?? [] {
          let name: String?
          var kind = Attachment.Kind.file
          if let plain = item.stringValue {
            name = plain
          } else if item.members != nil {
            name = try file.string("file_name", in: item, required: false)
            if try file.string("file_kind", in: item, required: false) == "image" { kind = .image }
          } else {
            throw file.error("expected a string or an object in '\(key)', found \(item.typeName)", at: item)
          }
          guard let name, seen.insert(name).inserted else { continue }
          if kind == .file, FileTypes.kind(ofFile: name) == .image { kind = .image }
          attachments.append(Attachment(kind: kind, fileName: name))
        }
      }
      return attachments
    }
  }
}
