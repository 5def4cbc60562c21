import Foundation

/// ChatGPT's data export (docs/FORMATS.md, "ChatGPT"): `conversations.json`, or the unzipped
/// export folder holding it. One conversation is read, chosen with `--chat` (title, id or
/// position).
///
/// Each conversation is a tree of edits and regenerations; the branch shown is the one that
/// ends at `current_node`, found by walking parents up from it. System, tool and hidden
/// messages, tool calls and reasoning are left out, as ChatGPT leaves them out. The user is
/// "me"; the assistant is a bot. Times are instants.
struct ChatGPTFormat: TranscriptFormat, FileRecognizing {
  init() {}

  var name: String { "chatgpt" }
  var accepts: String { "conversations.json or folder" }
  var fileExtensions: Set<String> { ["json"] }
  var folderSignatures: [[String]] { [["conversations.json"]] }
  var summary: String {
    "ChatGPT data export (Settings > Data controls > Export data, the mailed .zip unpacked), one conversation"
  }

  static let userID = "user"
  static let assistantID = "assistant"
  /// Content types ChatGPT does not show as messages: tool plumbing, reasoning, settings.
  static let hiddenContentTypes: Set<String> = [
    "code", "execution_output", "tether_browsing_display", "tether_quote", "sonic_webpage",
    "system_error", "thoughts", "reasoning_recap", "user_editable_context",
    "model_editable_context", "computer_output", "super_widget",
  ]

  func detect(_ input: ImportInput) -> Bool {
    if let tree = input.tree {
      guard let paths = try? tree.filePaths() else { return false }
      return !ChatGPTFormat.conversationFiles(paths).isEmpty
        && (paths.contains("user.json") || paths.contains("chat.html"))
    }
    guard let file = input.file else { return false }
    let outline = JSONOutline(file)
    guard outline.topLevelCount == 1 else { return false }
    switch outline.rootKind {
    case .array: return outline.has("*/mapping", .object)
    case .object:
      return outline.has("conversations/*/mapping", .object)
        || outline.has("mapping", .object)
          && (outline.has("current_node") || outline.has("conversation_id"))
    default: return false
    }
  }

  func parse(_ input: ImportInput, options: ImportOptions, warnings: inout [Diagnostic])
    throws -> Transcript
  {
    let export = try Export(input)
    let index = try export.picker().pick(options.chat, location: export.location, noting: options.chatChoice)
    let (file, conversation) = export.conversations[index]
    var reader = Reader(file: file, tree: input.tree)
    return try reader.read(conversation, warnings: &warnings)
  }

  func listChats(_ input: ImportInput) throws -> [String]? {
    let export = try Export(input)
    return try export.conversations.map { file, conversation in
      try ChatGPTFormat.title(of: conversation, file: file)
    }
  }

  /// `conversations.json`, or `conversations-0.json`, `conversations-1.json`… in order.
  static func conversationFiles(_ paths: [String]) -> [String] {
    if paths.contains("conversations.json") { return ["conversations.json"] }
    let numbered = paths.compactMap { path -> (Int, String)? in
      guard path.hasPrefix("conversations-"), path.hasSuffix(".json") else { return nil }
      let middle = path.dropFirst("conversations-".count).dropLast(".json".count)
      return Int(middle).map { ($0, path) }
    }
    return numbered.sorted { $0.0 < $1.0 }.map(\.1)
  }

  static func title(of conversation: JSONValue, file: SourceFile) throws -> String {
    let title = try file.string("title", in: conversation, required: false) ?? ""
    return title.isEmpty ? "Untitled" : title
  }

  // MARK: - Export

  /// Every conversation of the input, with the file it came from.
  private struct Export {
    var conversations: [(SourceFile, JSONValue)] = []
    var location: SourceLocation

    init(_ input: ImportInput) throws {
      if let file = input.file {
        location = file.location(ofOffset: 0)
        try add(file)
        return
      }
      location = SourceLocation(file: input.path, line: 1, column: 1)
      guard let tree = input.tree else { return }
      let names = ChatGPTFormat.conversationFiles(try tree.filePaths())
      guard !names.isEmpty else {
        throw DiagnosticError(
          .error("no conversations.json in this folder", at: location))
      }
      for name in names { try add(try tree.sourceFile(name)) }
    }

    private mutating func add(_ file: SourceFile) throws {
      let root = try JSONReader.parse(file)
      let list: [JSONValue]
      if let array = root.arrayValue {
        list = array
      } else if root.members != nil, root["mapping"] != nil {
        list = [root]
      } else if root.members != nil, root["conversations"] != nil {
        list = try file.array("conversations", in: root) ?? []
      } else {
        throw file.error(
          "expected ChatGPT conversations (an array of objects with 'mapping'), found "
            + root.typeName, at: root)
      }
      for conversation in list {
        guard conversation.members != nil else {
          throw file.error(
            "expected an object for a conversation, found \(conversation.typeName)",
            at: conversation)
        }
        conversations.append((file, conversation))
      }
    }

    func picker() throws -> ExportChatPicker {
      let candidates = try conversations.map { file, conversation in
        var detail = "\(conversation["mapping"]?.members?.count ?? 0) nodes"
        if let created = conversation["create_time"]?.numberValue,
          let time = MessageTime.epochSeconds(created)
        {
          let day = ISO8601.format(time).prefix(10)
          detail = "created \(day)"
        }
        return ExportChatPicker.Candidate(
          name: try ChatGPTFormat.title(of: conversation, file: file),
          id: try file.id("id", in: conversation) ?? file.id("conversation_id", in: conversation),
          detail: detail)
      }
      return ExportChatPicker(noun: "conversation", candidates: candidates)
    }
  }

  // MARK: - One conversation

  private struct Reader {
    let file: SourceFile
    let tree: (any FileTree)?
    var treePaths: [String]?
    var unknownTypes = UnknownKindTally()
    /// Parts of messages that are neither text nor a file, kept as chips.
    var unknownParts = UnknownKindTally()
    var locator: ForwardLocator

    init(file: SourceFile, tree: (any FileTree)?) {
      self.file = file
      self.locator = ForwardLocator(file)
      self.tree = tree
    }

    mutating func read(_ conversation: JSONValue, warnings: inout [Diagnostic]) throws
      -> Transcript
    {
      var messages: [Message] = []
      for value in try branch(of: conversation) {
        if let message = try message(value) { messages.append(message) }
      }
      if let warning = unknownTypes.warning("unknown type", { "skipped " + $0 }) {
        warnings.append(warning)
      }
      if unknownParts.count > 0 {
        warnings.append(
          .warning(
            "content parts of unknown type " + unknownParts.kinds.map { "'\($0)'" }.joined(separator: ", ")
              + " kept as placeholders", at: unknownParts.firstLocation))
      }
      return Transcript(
        title: try file.string("title", in: conversation, required: false),
        participants: [
          Participant(id: ChatGPTFormat.userID, word: .you),
          Participant(id: ChatGPTFormat.assistantID, name: "ChatGPT", isBot: true),
        ],
        meID: ChatGPTFormat.userID, messages: messages)
    }

    /// The messages on the path from the root to `current_node` (else the newest leaf), root
    /// first, found by walking parents up.
    func branch(of conversation: JSONValue) throws -> [JSONValue] {
      guard let mapping = try file.objectMember("mapping", in: conversation) else {
        throw file.error("missing key 'mapping'", at: conversation)
      }
      var nodes: [String: JSONValue] = [:]
      var order: [String] = []
      for member in mapping.members ?? [] {
        guard member.value.members != nil else {
          throw file.error(
            "expected an object for node '\(member.key)', found \(member.value.typeName)",
            at: member.value)
        }
        if nodes.updateValue(member.value, forKey: member.key) == nil { order.append(member.key) }
      }
      let parents = try parentLinks(nodes, order: order)
      guard let leaf = try currentNode(of: conversation, nodes: nodes, order: order, parents: parents)
      else { return [] }
      var path: [JSONValue] = []
      var visited = Set<String>()
      var nodeID: String? = leaf
      var parentValue: JSONValue? = conversation["current_node"]
      while let id = nodeID {
        guard let node = nodes[id] else {
          throw file.error("'\(id)' is not a node of 'mapping'", at: parentValue ?? mapping)
        }
        guard visited.insert(id).inserted else {
          throw file.error("the parents of node '\(id)' form a cycle", at: node)
        }
        if let message = node["message"], !message.isNull {
          guard message.members != nil else {
            throw file.error(
              "expected an object for 'message', found \(message.typeName)", at: message)
          }
          path.append(message)
        }
        nodeID = parents[id]
        parentValue = node["parent"] ?? node
      }
      return path.reversed()
    }

    /// Each node's parent: its `parent`, else the node whose `children` list it (exports
    /// written by other tools may keep only one of the two links).
    func parentLinks(_ nodes: [String: JSONValue], order: [String]) throws -> [String: String] {
      var parents: [String: String] = [:]
      for id in order {
        if let node = nodes[id], let parent = try file.string("parent", in: node, required: false) {
          parents[id] = parent
        }
      }
      for id in order {
        for child in nodes[id]?["children"]?.arrayValue ?? [] {
          if let child = child.stringValue, parents[child] == nil, nodes[child] != nil {
            parents[child] = id
          }
        }
      }
      return parents
    }

    /// `current_node`, or for exports without it the newest leaf: of the nodes no other
    /// names as parent, the one with the latest message (the last in the file on a tie).
    func currentNode(
      of conversation: JSONValue, nodes: [String: JSONValue], order: [String],
      parents: [String: String]
    ) throws -> String? {
      if let current = try file.string("current_node", in: conversation, required: false) {
        return current
      }
      let hasChildren = Set(parents.values)
      let leaves = order.filter { !hasChildren.contains($0) }
      func time(_ id: String) -> Double {
        nodes[id]?["message"]?["create_time"]?.numberValue ?? -.infinity
      }
      // Every node is a parent only when the parents form a cycle, which the walk reports.
      guard var newest = leaves.first ?? order.last else { return nil }
      for id in leaves.dropFirst() where time(id) >= time(newest) { newest = id }
      return newest
    }

    mutating func message(_ value: JSONValue) throws -> Message? {
      guard let author = try file.objectMember("author", in: value) else {
        throw file.error("missing key 'author'", at: value)
      }
      let role = try file.string("role", in: author) ?? ""
      if let metadata = try file.objectMember("metadata", in: value),
        try file.flag("is_visually_hidden_from_conversation", in: metadata) == true
      {
        return nil
      }
      guard let content = try file.objectMember("content", in: value) else { return nil }
      let contentType = try file.string("content_type", in: content, required: false) ?? "text"
      if ChatGPTFormat.hiddenContentTypes.contains(contentType) { return nil }
      let recipient = try file.string("recipient", in: value, required: false) ?? "all"
      let authorID: String
      switch role {
      case "user": authorID = ChatGPTFormat.userID
      case "assistant":
        // Addressed to a tool: a tool call, which ChatGPT does not show.
        guard recipient == "all" else { return nil }
        authorID = ChatGPTFormat.assistantID
      case "tool":
        // Shown only for images the user sees (a generated picture), checked below.
        guard contentType == "multimodal_text" else { return nil }
        authorID = ChatGPTFormat.assistantID
      case "system": return nil
      default:
        noteUnknown("role \(role)", at: value)
        return nil
      }
      guard contentType == "text" || contentType == "multimodal_text" else {
        noteUnknown(contentType, at: value)
        return nil
      }
      var texts: [String] = []
      var attachments: [Attachment] = []
      for part in try file.array("parts", in: content, required: false) ?? [] {
        if let string = part.stringValue {
          texts.append(string)
        } else if part.members != nil {
          try addPart(part, of: value, texts: &texts, attachments: &attachments)
        } else if !part.isNull {
          throw file.error(
            "expected a string or an object in 'parts', found \(part.typeName)", at: part)
        }
      }
      // Each part is a paragraph of its own, as ChatGPT shows them.
      let isMarkdown = role != "user"
      var citations = ChatGPTCitations(metadata: value["metadata"])
      let text = texts.filter { !$0.allSatisfy(\.isWhitespace) }
        .map { citations.read($0, markdown: isMarkdown) }.joined(separator: "\n\n")
      // A tool's output is shown only when it is an image the user sees (a generated picture).
      if role == "tool", !attachments.contains(where: { $0.kind == .image }) { return nil }
      if attachments.isEmpty, text.allSatisfy(\.isWhitespace) { return nil }
      var time: MessageTime?
      if let seconds = try file.number("create_time", in: value) {
        time = MessageTime.epochSeconds(seconds)
        guard time != nil else {
          throw file.error("'create_time' is out of range", at: value["create_time"] ?? value)
        }
      }
      // ChatGPT shows what the user typed as typed, and its own answers as Markdown.
      var (shown, spans) = isMarkdown ? MarkdownReader.read(text) : (text, [])
      (shown, spans) = ChatGPTSandboxLinks.showingTargets(shown, spans: spans)
      return Message(
        id: try file.id("id", in: value), authorID: authorID, time: time, text: shown,
        kind: .message, location: locator.location(ofOffset: value.offset),
        extras: MessageExtras(attachments: attachments, spans: spans))
    }

    mutating func addPart(
      _ part: JSONValue, of message: JSONValue, texts: inout [String], attachments: inout [Attachment]
    ) throws {
      let type = try file.string("content_type", in: part, required: false) ?? ""
      switch type {
      case "image_asset_pointer":
        attachments.append(try asset(part, of: message, kind: .image))
      case "audio_asset_pointer":
        attachments.append(try asset(part, of: message, kind: .audio))
      case "real_time_user_audio_video_asset_pointer":
        if let audio = try file.objectMember("audio_asset_pointer", in: part) {
          attachments.append(try asset(audio, of: message, kind: .audio))
        }
      case "audio_transcription":
        texts.append(try file.string("text", in: part, required: false) ?? "")
      default:
        // Text another tool put in a part object is kept; anything else is a chip naming it.
        if let text = try file.string("text", in: part, required: false) {
          texts.append(text)
        } else {
          attachments.append(Attachment(kind: .other))
          unknownParts.note(type.isEmpty ? "part" : type, at: file.location(ofOffset: part.offset))
        }
      }
    }

    /// An uploaded or generated file named by its pointer (`sediment://file_…`,
    /// `file-service://file-…`): the file of the export folder whose name starts with its id,
    /// else the name the message's metadata gives, else the id.
    mutating func asset(_ part: JSONValue, of message: JSONValue, kind: Attachment.Kind) throws
      -> Attachment
    {
      let pointer = try file.string("asset_pointer", in: part, required: false) ?? ""
      let fileID = pointer.range(of: "://").map { String(pointer[$0.upperBound...]) } ?? pointer
      var name: String?
      var mime: String?
      let metadata = message["metadata"]
      for item in metadata?["attachments"]?.arrayValue ?? [] where item["id"]?.stringValue == fileID {
        name = item["name"]?.stringValue
        mime = item["mime_type"]?.stringValue
      }
      if let tree, !fileID.isEmpty {
        if treePaths == nil { treePaths = (try? tree.filePaths()) ?? [] }
        if let path = treePaths?.first(where: {
          ($0.split(separator: "/").last ?? "").hasPrefix(fileID)
        }) {
          name = path
        }
      }
      return Attachment(
        kind: kind, fileName: name ?? (fileID.isEmpty ? nil : fileID), mimeType: mime)
    }

    mutating func noteUnknown(_ type: String, at value: JSONValue) {
      unknownTypes.note(type, at: file.location(ofOffset: value.offset))
    }
  }
}
