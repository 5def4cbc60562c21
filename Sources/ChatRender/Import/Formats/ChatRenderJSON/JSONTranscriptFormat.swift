import Foundation

/// Our JSON format: what `chatrender parse` prints, and any import can be edited and
/// rendered again through it.
///
/// ```json
/// {"version": 1, "title": "Lunch", "me": "sam",
///  "participants": [{"id": "sam", "name": "Sam"}, {"id": "ana", "name": "Ana"}],
///  "messages": [{"from": "ana", "time": "2025-03-01T09:30:00Z", "text": "Hi!"},
///               {"kind": "system", "text": "Ana left"}]}
/// ```
struct JSONTranscriptFormat: TranscriptFormat, FileRecognizing {
  init() {}

  var name: String { "json" }
  var accepts: String { ".json" }
  var fileExtensions: Set<String> { ["json"] }
  var summary: String {
    "ChatRender JSON, as 'chatrender parse' writes it: {version: 1, title, me, participants, messages}"
  }

  static let topKeys = ["version", "title", "me", "participants", "messages", "language"]
  static let participantKeys = ["id", "name", "bot", "avatar"]
  static let messageKeys = [
    "id", "from", "time", "text", "kind", "replyTo", "attachments", "reactions", "spans", "edited",
    "deleted", "forwardedFrom", "linkPreviews", "service", "notice", "call",
  ]

  func detect(_ input: ImportInput) -> Bool {
    guard let file = input.file else { return false }
    // The outline (the root's keys wherever they are, the first messages): parsing a whole
    // long chat only to detect it would cost as much as reading it.
    let outline = JSONOutline(file)
    // Ours only with its "version": other exports also hold "participants" and "messages"
    // (Messenger's), and one that failed its own detector must not be read as ours.
    guard outline.rootKind == .object, outline.topLevelCount == 1, outline.has("version"),
      outline.has("messages", .array), !outline.has("guild"), !outline.has("chats")
    else { return false }
    // Telegram's and OpenAI's messages carry "type" and "role"; ours never do.
    return !outline.has("messages/*/type") && !outline.has("messages/*/role")
  }

  func parse(_ input: ImportInput, options: ImportOptions, warnings: inout [Diagnostic])
    throws -> Transcript
  {
    let file = try input.singleFile("a JSON file")
    // The messages are read one at a time after the rest: a long chat's whole tree would
    // take several times the memory of its transcript.
    let (root, deferredMessages) = try JSONReader.parse(file, deferring: "messages")
    let members = try file.object(root, what: "the transcript")
    warnUnknownKeys(members, known: JSONTranscriptFormat.topKeys, file: file, warnings: &warnings)
    if let version = root["version"] {
      guard let number = version.numberValue else {
        throw file.error("expected a number for 'version', found \(version.typeName)", at: version)
      }
      guard number == 1 else {
        throw file.error("unsupported version \(number.jsonText) (this chatrender reads version 1)", at: version)
      }
    }
    var transcript = Transcript()
    transcript.title = try file.string("title", in: root, required: false)
    transcript.language = try file.string("language", in: root, required: false)
    var ids = Set<String>()
    for entry in try file.array("participants", in: root, required: false) ?? [] {
      let keys = try file.object(entry, what: "a participant")
      warnUnknownKeys(keys, known: JSONTranscriptFormat.participantKeys, file: file, warnings: &warnings)
      guard let id = try file.string("id", in: entry) else { continue }
      guard ids.insert(id).inserted else {
        throw file.error("duplicate participant id '\(id)'", at: entry["id"] ?? entry)
      }
      let name = try file.string("name", in: entry, required: false) ?? id
      let isBot = try file.flag("bot", in: entry) ?? false
      var participant = Participant(id: id, name: name, isBot: isBot)
      participant.avatar = try avatar(of: entry, file: file)
      transcript.participants.append(participant)
    }
    if let me = root["me"], !me.isNull {
      guard let id = me.stringValue else {
        throw file.error("expected a participant id (a string) for 'me', found \(me.typeName)", at: me)
      }
      guard ids.contains(id) else {
        throw file.error("'me' names an unknown participant '\(id)'", at: me)
      }
      transcript.meID = id
    }
    let messages = try file.array("messages", in: root) ?? []
    var warnedKeys = false
    func add(_ entry: JSONValue) throws {
      guard case .object(let keys) = entry.kind else {
        throw file.error("expected an object for a message, found \(entry.typeName)", at: entry)
      }
      if !warnedKeys {
        let before = warnings.count
        warnUnknownKeys(keys, known: JSONTranscriptFormat.messageKeys, file: file, warnings: &warnings)
        warnedKeys = warnings.count > before
      }
      transcript.messages.append(
        try message(entry, file: file, participants: &ids, transcript: &transcript, warnings: &warnings))
    }
    transcript.messages.reserveCapacity(deferredMessages?.count ?? messages.count)
    try JSONReader.forEachElement(of: deferredMessages, else: messages, in: file, add)
    return transcript
  }

  private func message(
    _ entry: JSONValue, file: SourceFile, participants ids: inout Set<String>,
    transcript: inout Transcript, warnings: inout [Diagnostic]
  ) throws -> Message {
    var kind = Message.Kind.message
    if let value = entry["kind"] {
      guard let text = value.stringValue, let parsed = Message.Kind(rawValue: text) else {
        throw file.error("expected \"message\" or \"system\" for 'kind'", at: value)
      }
      kind = parsed
    }
    let author = try file.string("from", in: entry, required: kind == .message)
    if let author, !ids.contains(author) {
      if transcript.participants.isEmpty || ids.isEmpty {
        // A file without a participants list names speakers by their ids.
        ids.insert(author)
        transcript.participants.append(Participant(id: author, name: author))
      } else {
        throw file.error(
          "unknown participant '\(author)' (participants: \(transcript.participants.map(\.id).joined(separator: ", ")))",
          at: entry["from"] ?? entry)
      }
    }
    var time: MessageTime?
    if let timeText = try file.string("time", in: entry, required: false) {
      guard let parsed = ISO8601.parse(timeText) else {
        throw file.error(
          "invalid time '\(timeText)' (expected ISO 8601, such as 2025-03-01T09:30:00Z)",
          at: entry["time"] ?? entry)
      }
      time = parsed
    }
    var extras = MessageExtras()
    extras.replyTo = try file.string("replyTo", in: entry, required: false)
    extras.forwardedFrom = try file.string("forwardedFrom", in: entry, required: false)
    extras.isEdited = try file.flag("edited", in: entry) ?? false
    extras.isDeleted = try file.flag("deleted", in: entry) ?? false
    extras.service = try file.string("service", in: entry, required: false)
    if let value = entry["notice"] {
      guard let text = value.stringValue, let notice = SystemNotice(rawValue: text) else {
        throw file.error("expected \"encryption\" for 'notice'", at: value)
      }
      extras.notice = notice
    }
    extras.call = try call(in: entry, file: file, warnings: &warnings)
    extras.attachments = try attachments(in: entry, file: file, warnings: &warnings)
    extras.reactions = try reactions(in: entry, file: file)
    extras.spans = try spans(in: entry, file: file)
    extras.linkPreviews = try linkPreviews(in: entry, file: file)
    return Message(
      id: try file.string("id", in: entry, required: false), authorID: author, time: time,
      text: try file.string("text", in: entry, required: false) ?? "", kind: kind,
      location: file.location(ofOffset: entry.offset), extras: extras)
  }

  /// `"call": {"medium": "video", "outcome": "missed", "duration": 33}`: every key optional, a
  /// voice call answered by default.
  private func call(in entry: JSONValue, file: SourceFile, warnings: inout [Diagnostic]) throws -> Call? {
    guard let value = entry["call"], !value.isNull else { return nil }
    guard value.members != nil else {
      throw file.error("expected an object for 'call', found \(value.typeName)", at: value)
    }
    func choice<Choice: RawRepresentable & CaseIterable>(_ key: String, _ fallback: Choice) throws -> Choice
    where Choice.RawValue == String {
      guard let text = try file.string(key, in: value, required: false) else { return fallback }
      guard let parsed = Choice(rawValue: text) else {
        let names = Choice.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
        throw file.error("expected one of \(names) for 'call.\(key)'", at: value[key] ?? value)
      }
      return parsed
    }
    return Call(
      medium: try choice("medium", Call.Medium.voice), outcome: try choice("outcome", Call.Outcome.answered),
      duration: try file.recordingLength("duration", in: value, path: "messages[].call.duration", warnings: &warnings))
  }

  /// Attachments; a `path` (or an `archive` and its `member`) is relative to the JSON file.
  private func attachments(in entry: JSONValue, file: SourceFile, warnings: inout [Diagnostic]) throws
    -> [Attachment]
  {
    var result: [Attachment] = []
    let folder = MediaPath.folder(of: file.path)
    for item in try file.array("attachments", in: entry, required: false) ?? [] {
      let kindText = try file.string("kind", in: item, required: false) ?? "file"
      guard let kind = Attachment.Kind(rawValue: kindText) else {
        throw file.error("unknown attachment kind '\(kindText)'", at: item["kind"] ?? item)
      }
      var attachment = Attachment(
        kind: kind, fileName: try file.string("file", in: item, required: false),
        mimeType: try file.string("mime", in: item, required: false))
      attachment.source = try source(of: item, folder: folder, file: file)
      if attachment.fileName == nil, case .file(let path)? = attachment.source {
        attachment.fileName = String(path.split(separator: "/").last ?? "")
      }
      attachment.byteCount = try integer("size", in: item, file: file)
      attachment.duration = try file.recordingLength(
        "duration", in: item, path: "messages[].attachments[].duration", warnings: &warnings)
      attachment.isOmitted = try file.flag("omitted", in: item) ?? false
      attachment.title = try file.string("title", in: item, required: false)
      attachment.detail = try file.string("detail", in: item, required: false)
      result.append(attachment)
    }
    return result
  }

  /// A participant's `avatar`: a path relative to the JSON file, or an object naming its
  /// bytes as an attachment does (`archive` and `member`, or base64 `data`).
  private func avatar(of entry: JSONValue, file: SourceFile) throws -> AttachmentSource? {
    guard let value = entry["avatar"], !value.isNull else { return nil }
    let folder = MediaPath.folder(of: file.path)
    if let path = value.stringValue { return .file(path: MediaPath.join(folder, path)) }
    _ = try file.object(value, what: "an avatar (a path, or an object with 'path', 'archive' or 'data')")
    return try source(of: value, folder: folder, file: file)
  }

  private func source(of item: JSONValue, folder: String, file: SourceFile) throws -> AttachmentSource? {
    if let path = try file.string("path", in: item, required: false) {
      return .file(path: MediaPath.join(folder, path))
    }
    if let archive = try file.string("archive", in: item, required: false) {
      guard let member = try file.string("member", in: item, required: false) else {
        throw file.error("expected 'member' beside 'archive'", at: item["archive"] ?? item)
      }
      return .archiveMember(archive: MediaPath.join(folder, archive), member: member)
    }
    if let encoded = try file.string("data", in: item, required: false) {
      guard let data = Data(base64Encoded: encoded, options: .ignoreUnknownCharacters) else {
        throw file.error("expected base64 for 'data'", at: item["data"] ?? item)
      }
      return .data(Array(data))
    }
    return nil
  }

  private func linkPreviews(in entry: JSONValue, file: SourceFile) throws -> [LinkPreview] {
    try (file.array("linkPreviews", in: entry, required: false) ?? []).map { item in
      _ = try file.object(item, what: "a link preview")
      var color: Color?
      if let text = try file.string("color", in: item, required: false) {
        guard let parsed = Color(parsing: text) else {
          throw file.error(
            "expected a colour such as \"#4183c4\" for 'color', found '\(text)'", at: item["color"] ?? item)
        }
        color = parsed
      }
      return LinkPreview(
        url: try file.string("url", in: item, required: false),
        title: try file.string("title", in: item, required: false),
        description: try file.string("description", in: item, required: false),
        siteName: try file.string("site", in: item, required: false),
        fields: try cardFields(in: item, file: file),
        footer: try file.string("footer", in: item, required: false), color: color)
    }
  }

  private func cardFields(in card: JSONValue, file: SourceFile) throws -> [LinkPreview.Field] {
    try (file.array("fields", in: card, required: false) ?? []).map { item in
      _ = try file.object(item, what: "a card field")
      return LinkPreview.Field(
        title: try file.string("title", in: item, required: false) ?? "",
        value: try file.string("value", in: item, required: false) ?? "",
        isShort: try file.flag("short", in: item) ?? false)
    }
  }

  private func reactions(in entry: JSONValue, file: SourceFile) throws -> [Reaction] {
    var result: [Reaction] = []
    for item in try file.array("reactions", in: entry, required: false) ?? [] {
      guard let emoji = try file.string("emoji", in: item) else { continue }
      let count = try integer("count", in: item, file: file) ?? 1
      let by = try file.array("by", in: item, required: false)?.compactMap(\.stringValue) ?? []
      result.append(Reaction(emoji: emoji, count: count, by: by))
    }
    return result
  }

  private func spans(in entry: JSONValue, file: SourceFile) throws -> [TextSpan] {
    var result: [TextSpan] = []
    for item in try file.array("spans", in: entry, required: false) ?? [] {
      guard let start = try integer("start", in: item, file: file),
        let length = try integer("length", in: item, file: file),
        let styleName = try file.string("style", in: item)
      else { throw file.error("expected 'start', 'length' and 'style' in a span", at: item) }
      result.append(
        TextSpan(start: start, length: length, style: try style(styleName, of: item, file: file)))
    }
    return result
  }

  /// The span style called `name`, with the fields it needs ("value" of a link, "level" of a
  /// heading, …) read from `item`.
  private func style(_ name: String, of item: JSONValue, file: SourceFile) throws -> TextSpan.Style {
    func text(_ key: String) throws -> String? { try file.string(key, in: item, required: false) }
    func number(_ key: String, default fallback: Int, in range: ClosedRange<Int>) throws -> Int {
      guard let number = try integer(key, in: item, file: file) else { return fallback }
      guard range.contains(number) else {
        throw file.error(
          "'\(key)' must be \(range.lowerBound) to \(range.upperBound), found \(number)",
          at: item[key] ?? item)
      }
      return number
    }
    if let simple = TextSpan.Style.simpleStyles[name] { return simple }
    switch name {
    case "link": return .link(try text("value") ?? "")
    case "mention": return .mention(try text("value") ?? "")
    case "codeBlock": return .codeBlock(language: try text("language"))
    case "heading": return .heading(level: try number("level", default: 1, in: 1...6))
    case "listItem":
      return .listItem(
        depth: try number("depth", default: 1, in: 1...100), marker: try text("marker") ?? "•")
    case "tableCell":
      let alignmentName = try text("alignment") ?? "none"
      guard let alignment = TextSpan.TableAlignment(rawValue: alignmentName) else {
        throw file.error(
          "unknown alignment '\(alignmentName)' (expected none, left, center or right)",
          at: item["alignment"] ?? item)
      }
      return .tableCell(alignment: alignment)
    default:
      throw file.error("unknown span style '\(name)'", at: item["style"] ?? item)
    }
  }

  private func integer(_ key: String, in object: JSONValue, file: SourceFile) throws -> Int? {
    guard let value = object[key], !value.isNull else { return nil }
    guard let number = value.intValue, number >= 0 else {
      throw file.error("expected a whole number for '\(key)', found \(value.typeName)", at: value)
    }
    return number
  }
}

extension TextSpan.Style {
  /// The styles our JSON names without further fields.
  static let simpleStyles: [String: TextSpan.Style] = [
    "bold": .bold, "italic": .italic, "strikethrough": .strikethrough, "underline": .underline,
    "code": .code, "spoiler": .spoiler, "quote": .quote, "table": .table, "tableRow": .tableRow,
    "rule": .rule,
  ]

  /// The name written to our JSON and the style's other fields.
  var jsonNameAndFields: (name: String, fields: [JSONNode.Member]) {
    switch self {
    case .bold: return ("bold", [])
    case .italic: return ("italic", [])
    case .strikethrough: return ("strikethrough", [])
    case .underline: return ("underline", [])
    case .code: return ("code", [])
    case .spoiler: return ("spoiler", [])
    case .quote: return ("quote", [])
    case .table: return ("table", [])
    case .tableRow: return ("tableRow", [])
    case .rule: return ("rule", [])
    case .link(let url): return ("link", [.init("value", .string(url))])
    case .mention(let who): return ("mention", [.init("value", .string(who))])
    case .codeBlock(let language): return ("codeBlock", language.map { [.init("language", .string($0))] } ?? [])
    case .heading(let level): return ("heading", [.init("level", .integer(level))])
    case .listItem(let depth, let marker):
      return ("listItem", [.init("depth", .integer(depth)), .init("marker", .string(marker))])
    case .tableCell(let alignment):
      return ("tableCell", alignment == .none ? [] : [.init("alignment", .string(alignment.rawValue))])
    }
  }
}
