/// A family of JSON exports told by its keys, for the error that refuses a JSON file no format
/// reads: "it looks like a Facebook Messenger export, but messages[].timestamp_ms is a string,
/// not a number" (docs/FORMATS.md, "Detection order").
struct JSONLookalike {
  /// "a Facebook Messenger export".
  let name: String
  /// Paths of the outline any of which tells the family.
  let marks: [String]
  /// What the family's reader needs, checked in order: the first one missing is what is wrong.
  let expected: [(path: String, kind: JSONOutline.Kind)]
  /// A note on what to give instead.
  var advice: String?

  /// The families in the order they are tried: a key several share is a mark of the last.
  static let all: [JSONLookalike] = [
    JSONLookalike(
      name: "a Facebook Messenger export", marks: ["messages/*/sender_name", "thread_path"],
      expected: [("messages/*/sender_name", .string), ("messages/*/timestamp_ms", .number)]),
    JSONLookalike(
      name: "a Facebook Messenger export", marks: ["messages/*/senderName", "threadName"],
      expected: [("messages/*/senderName", .string), ("messages/*/timestamp", .number)]),
    JSONLookalike(
      name: "a Google Chat export", marks: ["messages/*/creator", "messages/*/created_date"],
      expected: [("messages/*/creator", .object), ("messages/*/created_date", .string)]),
    JSONLookalike(
      name: "a DiscordChatExporter export", marks: ["guild", "messages/*/author/id"],
      expected: [("guild", .object), ("channel", .object), ("messages", .array)]),
    JSONLookalike(
      name: "a Telegram export",
      marks: ["chats/list", "personal_information", "messages/*/date_unixtime", "messages/*/from_id"],
      expected: [("messages/*/type", .string)]),
    JSONLookalike(
      name: "an Element (Matrix) export", marks: ["messages/*/origin_server_ts", "room_name"],
      expected: [("messages", .array), ("room_name", .string)]),
    JSONLookalike(
      name: "a Skype export", marks: ["conversations/*/MessageList"],
      expected: [("conversations", .array), ("userId", .string)]),
    JSONLookalike(
      name: "a ChatGPT export", marks: ["*/mapping", "mapping", "conversations/*/mapping"], expected: []),
    JSONLookalike(
      name: "a Claude export", marks: ["*/chat_messages", "*/uuid"], expected: [("*/chat_messages", .array)]),
    JSONLookalike(
      name: "a Slack day file", marks: ["*/ts"], expected: [],
      advice: "give the whole Slack export: its folder or zip, with channels.json and users.json"),
    JSONLookalike(
      name: "ChatRender JSON", marks: ["messages/*/from", "participants/*/id"],
      expected: [("version", .number)],
      advice: "ChatRender JSON begins with \"version\": 1, as 'chatrender parse' writes it"),
  ]

  /// The family `outline` belongs to, if any.
  static func family(of outline: JSONOutline) -> JSONLookalike? {
    all.first { $0.marks.contains(where: outline.has) }
  }

  /// What keeps a file of this family from being read: the first expected key it lacks or
  /// holds as another kind; nil when that is not known.
  func fault(in outline: JSONOutline) -> String? {
    for (path, kind) in expected where !outline.has(path, kind) {
      let shown = Self.shown(path)
      guard let found = outline.kinds(at: path).first else { return "it has no \(shown)" }
      return "\(shown) is \(Self.article(found)), not \(Self.article(kind))"
    }
    return nil
  }

  /// `messages/*/timestamp_ms` as `messages[].timestamp_ms`; a key at the top as `'version'`.
  static func shown(_ path: String) -> String {
    guard path.contains("/") else { return "'\(path)'" }
    let parts = path.split(separator: "/")
    var text = ""
    for part in parts {
      if part == "*" {
        text += "[]"
      } else {
        text += (text.isEmpty ? "" : ".") + part
      }
    }
    return text
  }

  static func article(_ kind: JSONOutline.Kind) -> String {
    switch kind {
    case .object: return "an object"
    case .array: return "an array"
    case .string: return "a string"
    case .number: return "a number"
    case .bool: return "true or false"
    case .null: return "null"
    }
  }
}
