import Foundation

/// OpenAI-style chat messages (docs/FORMATS.md, "OpenAI-style messages"): an array
/// `[{role, content}]`, an object `{messages: […]}`, or JSON Lines with one message per line,
/// or one `{messages}` conversation per line (fine-tuning files; pick one with `--chat N`).
///
/// `content` is a string, null, or an array of parts: text parts are joined with new lines,
/// image, audio and file parts become attachments. The user is "me", the assistant a bot.
/// System and developer prompts become system notices; tool calls a short notice ("Assistant
/// called get_weather(…)"); tool results are left out. There are no times.
struct OpenAIMessagesFormat: TranscriptFormat, FileRecognizing {
  init() {}

  var name: String { "openai" }
  var accepts: String { ".json, .jsonl" }
  var fileExtensions: Set<String> { ["json", "jsonl"] }
  var summary: String {
    "OpenAI-style messages from API requests or fine-tuning files: [{role, content}], {messages: […]}, JSON Lines"
  }

  static let roles: Set<String> = ["system", "developer", "user", "assistant", "tool", "function"]
  /// Parts that carry no text of their own and are not shown: tool plumbing and reasoning.
  static let hiddenPartTypes: Set<String> = [
    "tool_use", "tool_result", "thinking", "redacted_thinking", "function_call",
    "function_call_output", "reasoning",
  ]
  private static let argumentLimit = 60

  func detect(_ input: ImportInput) -> Bool {
    guard let file = input.file else { return false }
    let outline = JSONOutline(file)
    let isRole = { (path: String) in
      outline.firstString(path).map(OpenAIMessagesFormat.roles.contains) == true
    }
    switch outline.rootKind {
    case .array: return outline.topLevelCount == 1 && isRole("*/role")
    case .object: return isRole("role") || isRole("messages/*/role")
    default: return false
    }
  }

  func parse(_ input: ImportInput, options: ImportOptions, warnings: inout [Diagnostic])
    throws -> Transcript
  {
    let (file, conversations) = try OpenAIMessagesFormat.conversations(of: input)
    var index = 0
    if conversations.count > 1 {
      index = try picker(conversations, file: file).pick(
        options.chat, location: file.location(ofOffset: 0), noting: options.chatChoice)
    }
    var reader = Reader(file: file)
    return try reader.read(conversations.isEmpty ? [] : conversations[index], warnings: &warnings)
  }

  func listChats(_ input: ImportInput) throws -> [String]? {
    let (file, conversations) = try OpenAIMessagesFormat.conversations(of: input)
    guard conversations.count > 1 else { return nil }
    return picker(conversations, file: file).candidates.map(\.name)
  }

  /// The conversations of the input, each a list of message values. Only JSON Lines of
  /// `{messages}` objects hold more than one.
  static func conversations(of input: ImportInput) throws -> (SourceFile, [[JSONValue]]) {
    let file = try input.singleFile("a JSON or JSON Lines file")
    // One value for a JSON file, one per line for JSON Lines.
    let values = try JSONReader.parseLines(file)
    if values.count == 1, let only = values.first {
      if let array = only.arrayValue { return (file, [array]) }
      if only.members != nil, only["messages"] != nil {
        return (file, [try file.array("messages", in: only) ?? []])
      }
      if only.members != nil, only["role"] != nil { return (file, [[only]]) }
      throw file.error(
        "expected OpenAI messages (an array of {role, content}, or {messages: […]}), found "
          + only.typeName, at: only)
    }
    guard let first = values.first, first.members != nil else {
      throw file.error(
        "expected an object on each line of a JSON Lines file, found "
          + (values.first?.typeName ?? "nothing"),
        at: values.first ?? JSONValue(kind: .null, offset: 0))
    }
    if first["messages"] != nil {
      return (
        file,
        try values.map { line in
          guard line.members != nil, line["messages"] != nil else {
            throw file.error("expected an object with 'messages', like the first line", at: line)
          }
          return try file.array("messages", in: line) ?? []
        }
      )
    }
    for line in values where line.members == nil || line["role"] == nil {
      throw file.error("expected a message ({role, content}), like the first line", at: line)
    }
    return (file, [values])
  }

  /// Conversations of a JSON Lines file, named after their first user message.
  private func picker(_ conversations: [[JSONValue]], file: SourceFile) -> ExportChatPicker {
    let candidates = conversations.enumerated().map { position, messages in
      let firstUser = messages.first { $0["role"]?.stringValue == "user" }
      var excerpt = firstUser.flatMap { Reader.plainText(of: $0["content"]) } ?? ""
      excerpt = excerpt.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
      if excerpt.count > 50 { excerpt = excerpt.prefix(49) + "…" }
      let line = messages.first.map { file.location(ofOffset: $0.offset).line }
      return ExportChatPicker.Candidate(
        name: excerpt.isEmpty ? "Conversation \(position + 1)" : excerpt, id: nil,
        detail: "line \(line ?? 0), \(messages.count) messages")
    }
    return ExportChatPicker(noun: "conversation", candidates: candidates)
  }

  // MARK: - One conversation

  private struct Reader {
    let file: SourceFile
    var participants: [Participant] = []
    /// Participant id by role and name: a role whose messages carry several different
    /// `name`s gets one participant per name.
    var ids: [String: String] = [:]
    var skippedRoles = UnknownKindTally()
    var unknownParts: [String] = []
    var locator: ForwardLocator

    init(file: SourceFile) {
      self.file = file
      self.locator = ForwardLocator(file)
    }

    mutating func read(_ values: [JSONValue], warnings: inout [Diagnostic]) throws -> Transcript {
      for value in values {
        guard value.members != nil else {
          throw file.error("expected an object for a message, found \(value.typeName)", at: value)
        }
      }
      try assignParticipants(values)
      var messages: [Message] = []
      messages.reserveCapacity(values.count)
      for value in values { try append(value, to: &messages) }
      if let warning = skippedRoles.warning("unknown role", { "skipped " + $0 }) {
        warnings.append(warning)
      }
      if !unknownParts.isEmpty {
        warnings.append(
          .warning(
            "content parts of unknown type "
              + unknownParts.map { "'\($0)'" }.joined(separator: ", ") + " kept as placeholders",
            at: file.location(ofOffset: values.first?.offset ?? 0)))
      }
      let users = participants.filter { $0.id == "user" || $0.id.hasPrefix("user:") }
      return Transcript(
        participants: participants, meID: users.count == 1 ? users[0].id : nil,
        messages: messages)
    }

    /// Decides the participants of the user and assistant roles from the names they use.
    mutating func assignParticipants(_ values: [JSONValue]) throws {
      var names: [String: [String?]] = [:]
      var order: [String] = []
      for value in values {
        let role = try file.string("role", in: value) ?? ""
        guard role == "user" || role == "assistant" else { continue }
        let name = try file.string("name", in: value, required: false)
        if names[role] == nil { order.append(role) }
        if names[role, default: []].contains(name) == false {
          names[role, default: []].append(name)
        }
      }
      for role in order {
        let used = names[role] ?? []
        let label: Word = role == "user" ? .user : .assistant
        func named(_ id: String, _ name: String?) -> Participant {
          name.map { Participant(id: id, name: $0, isBot: role == "assistant") }
            ?? Participant(id: id, word: label, isBot: role == "assistant")
        }
        let distinct = used.compactMap { $0 }
        if distinct.count <= 1 {
          for name in used { ids[key(role, name)] = role }
          participants.append(named(role, distinct.first))
          continue
        }
        for name in used {
          let id = name.map { "\(role):\($0)" } ?? role
          ids[key(role, name)] = id
          participants.append(named(id, name))
        }
      }
    }

    func key(_ role: String, _ name: String?) -> String { role + "\u{0}" + (name ?? "") }

    mutating func append(_ value: JSONValue, to messages: inout [Message]) throws {
      let role = try file.string("role", in: value) ?? ""
      let name = try file.string("name", in: value, required: false)
      let location = locator.location(ofOffset: value.offset)
      guard OpenAIMessagesFormat.roles.contains(role) else {
        skippedRoles.note(role, at: location)
        return
      }
      // Tool and function results are plumbing for the model; the answer follows them.
      if role == "tool" || role == "function" { return }
      var (text, attachments) = try content(of: value)
      if role == "system" || role == "developer" {
        if !text.isEmpty || !attachments.isEmpty {
          messages.append(
            Message(
              authorID: nil, text: text, kind: .system, location: location,
              extras: MessageExtras(attachments: attachments)))
        }
        return
      }
      let authorID = ids[key(role, name)] ?? role
      if role == "assistant", text.isEmpty,
        let refusal = try file.string("refusal", in: value, required: false)
      {
        text = refusal
      }
      if !text.isEmpty || !attachments.isEmpty {
        // Answers are Markdown; what the user typed is shown as typed.
        let (shown, spans) = role == "assistant" ? MarkdownReader.read(text) : (text, [])
        messages.append(
          Message(
            authorID: authorID, text: shown, kind: .message, location: location,
            extras: MessageExtras(attachments: attachments, spans: spans)))
      }
      if role == "assistant", let calls = try toolCalls(of: value), !calls.isEmpty {
        let speaker = participants.first { $0.id == authorID }
        let actor = speaker?.namePhrase.map(Phrase.Value.phrase) ?? .text(speaker?.name ?? Phrase(.assistant).english)
        var line = Message(authorID: authorID, text: "", kind: .system, location: location)
        line.say(Phrase(.noticeCalledTools, ["actor": actor, "tools": .list(calls)]))
        messages.append(line)
      }
    }

    /// "get_weather({"city":"Lisbon"})" for each call of `tool_calls` (or the legacy
    /// `function_call`), arguments shortened.
    func toolCalls(of value: JSONValue) throws -> [Phrase.Value]? {
      var functions: [JSONValue] = []
      for call in try file.array("tool_calls", in: value, required: false) ?? [] {
        if let function = try file.objectMember("function", in: call) { functions.append(function) }
      }
      if let legacy = try file.objectMember("function_call", in: value) { functions.append(legacy) }
      return try functions.map { function in
        let name = try file.string("name", in: function, required: false)
        var arguments = try file.string("arguments", in: function, required: false) ?? ""
        arguments = arguments.split(whereSeparator: \.isNewline).joined(separator: " ")
        if arguments.unicodeScalars.count > OpenAIMessagesFormat.argumentLimit {
          arguments =
            String(
              String.UnicodeScalarView(
                arguments.unicodeScalars.prefix(OpenAIMessagesFormat.argumentLimit - 1))) + "…"
        }
        guard let name else {
          return .phrase(Phrase(.noticeReason, ["notice": .phrase(Phrase(.aTool)), "reason": .text(arguments)]))
        }
        return .text("\(name)(\(arguments))")
      }
    }

    /// The text (parts joined with new lines) and attachments of `content`.
    mutating func content(of value: JSONValue) throws -> (String, [Attachment]) {
      guard let content = value["content"], !content.isNull else { return ("", []) }
      if let text = content.stringValue { return (text, []) }
      guard let parts = content.arrayValue else {
        throw file.error(
          "expected a string, null or an array of parts for 'content', found \(content.typeName)",
          at: content)
      }
      var texts: [String] = []
      var attachments: [Attachment] = []
      for part in parts {
        if let text = part.stringValue {
          texts.append(text)
          continue
        }
        guard part.members != nil else {
          throw file.error(
            "expected an object for a content part, found \(part.typeName)", at: part)
        }
        let type = try file.string("type", in: part) ?? ""
        switch type {
        case "text", "input_text", "output_text":
          texts.append(try file.string("text", in: part) ?? "")
        case "refusal":
          texts.append(try file.string("refusal", in: part) ?? "")
        case "image_url", "input_image":
          attachments.append(try image(part))
        case "image":
          let source = try file.objectMember("source", in: part)
          let url = try source.flatMap { try file.string("url", in: $0, required: false) }
          let mime = try source.flatMap { try file.string("media_type", in: $0, required: false) }
          attachments.append(Attachment(kind: .image, fileName: url, mimeType: mime))
        case "input_audio":
          let audio = try file.objectMember("input_audio", in: part)
          let format = try audio.flatMap { try file.string("format", in: $0, required: false) }
          attachments.append(Attachment(kind: .audio, mimeType: format.map { "audio/" + $0 }))
        case "file", "input_file":
          let details = try file.objectMember("file", in: part) ?? part
          let name = try file.string("filename", in: details, required: false)
          attachments.append(Attachment(kind: .file, fileName: name))
        default:
          if OpenAIMessagesFormat.hiddenPartTypes.contains(type) { continue }
          if !unknownParts.contains(type) { unknownParts.append(type) }
          attachments.append(Attachment(kind: .other))
        }
      }
      return (texts.joined(separator: "\n"), attachments)
    }

    /// An image part: `image_url` as `{url}` or a plain string; a `data:` URI is not a name.
    func image(_ part: JSONValue) throws -> Attachment {
      var url: String?
      if let value = part["image_url"], !value.isNull {
        if let text = value.stringValue {
          url = text
        } else if value.members != nil {
          url = try file.string("url", in: value, required: false)
        } else {
          throw file.error(
            "expected an object or a string for 'image_url', found \(value.typeName)", at: value)
        }
      }
      guard let url, url.hasPrefix("data:") else { return Attachment(kind: .image, fileName: url) }
      let mime = url.dropFirst(5).prefix { $0 != ";" && $0 != "," }
      return Attachment(kind: .image, mimeType: mime.isEmpty ? nil : String(mime))
    }

    /// The text of a `content` value without reading attachments, for listing conversations.
    static func plainText(of content: JSONValue?) -> String? {
      guard let content else { return nil }
      if let text = content.stringValue { return text }
      return content.arrayValue?.compactMap { $0.stringValue ?? $0["text"]?.stringValue }
        .joined(separator: "\n")
    }
  }
}
