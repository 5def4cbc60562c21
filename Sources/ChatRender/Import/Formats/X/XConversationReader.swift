import Foundation

/// Reads one conversation of an X archive (see `XArchive`): `messageCreate` entries become
/// messages (text, `reactions`, `urls`, `mediaUrls`); `joinConversation`, `participantsJoin`,
/// `participantsLeave` and `conversationNameUpdate` become notices. The archive lists the
/// newest first; the transcript runs oldest first.
struct XConversationReader {
  let conversation: XArchive.Conversation
  let owner: XArchive.Owner?
  let media: MediaLocator

  var file: SourceFile { conversation.file }

  /// The emoji of each `reactionKey` X has used.
  static let reactionEmoji: [String: String] = [
    "like": "❤️", "funny": "😂", "laugh": "😂", "surprised": "😲", "sad": "😢", "cry": "😢",
    "excited": "🔥", "agree": "👍", "disagree": "👎", "emoji": "❓",
  ]

  /// The events, each with its kind (`messageCreate`, …) and body, in the archive's order.
  func events() throws -> [(kind: String, body: JSONValue)] {
    let entries = try file.array("messages", in: conversation.value) ?? []
    return try entries.map { entry in
      guard let members = entry.members, let first = members.first else {
        throw file.error("expected an object for a conversation's event, found \(entry.typeName)", at: entry)
      }
      guard first.value.members != nil else {
        throw file.error("expected an object for '\(first.key)', found \(first.value.typeName)", at: first.value)
      }
      return (first.key, first.value)
    }
  }

  /// A person's name: the owner's from `account.js`; anyone else's id, which is all the
  /// archive gives.
  func name(of id: String) -> String {
    id == owner?.id ? owner?.name ?? id : id
  }

  /// Everyone the conversation names, in order of appearance; a one-to-one conversation's
  /// two ids come from its id (`<id>-<id>`) as well.
  func memberIDs() throws -> [String] {
    var ids: [String] = []
    func add(_ id: String?) { if let id, !id.isEmpty, !ids.contains(id) { ids.append(id) } }
    if !conversation.isGroup {
      for part in conversation.id.split(separator: "-") { add(String(part)) }
    }
    for (_, body) in try events().reversed() {
      add(try file.id("senderId", in: body))
      add(try file.id("recipientId", in: body))
      add(try file.id("initiatingUserId", in: body))
      for key in ["participantsSnapshot", "userIds"] {
        for value in try file.array(key, in: body, required: false) ?? [] { add(value.idText) }
      }
    }
    return ids
  }

  /// A group's latest name, else the members but the owner.
  func title() throws -> String {
    if conversation.isGroup {
      var latest: (String, String)?
      for (kind, body) in try events() where kind == "conversationNameUpdate" {
        guard let name = try file.string("name", in: body, required: false) else { continue }
        let when = try file.string("createdAt", in: body, required: false) ?? ""
        if latest == nil || when > latest!.0 { latest = (when, name) }
      }
      if let latest, !latest.1.isEmpty { return latest.1 }
    }
    let others = try memberIDs().filter { $0 != owner?.id }
    return others.isEmpty ? conversation.id : others.map(name).joined(separator: ", ")
  }

  func read(warnings: inout [Diagnostic]) throws -> Transcript {
    var events = try events()
    // Newest first in the archive; the order is kept when the dates say otherwise.
    let times = try events.map { try file.string("createdAt", in: $0.body, required: false) ?? "" }
    if let first = times.first, let last = times.last, first > last { events.reverse() }
    var messages: [Message] = []
    for (kind, body) in events {
      let location = file.location(ofOffset: body.offset)
      if var message = try message(kind: kind, body: body) {
        message.location = location
        messages.append(message)
      }
    }
    let participants = try memberIDs().map { Participant(id: $0, name: name(of: $0)) }
    return Transcript(
      title: try title(), participants: participants, meID: owner?.id, messages: messages)
  }

  func time(of body: JSONValue) throws -> MessageTime? {
    guard let text = try file.string("createdAt", in: body, required: false) else { return nil }
    if let time = ISO8601.parse(text) { return time }
    throw file.error("invalid date '\(text)' (expected '2024-01-02T15:04:05.000Z')", at: body["createdAt"] ?? body)
  }

  func message(kind: String, body: JSONValue) throws -> Message? {
    let time = try time(of: body)
    let initiator = try file.id("initiatingUserId", in: body)
    let users = try (file.array("userIds", in: body, required: false) ?? []).compactMap(\.idText).map(name)
    switch kind {
    case "messageCreate":
      return try created(body, time: time)
    case "joinConversation":
      let by = initiator.map { Phrase(.noticeAddedYou, ["actor": .text(name(of: $0))]) } ?? Phrase(.noticeYouJoined)
      return notice(by, time: time)
    case "participantsJoin":
      let joined = Phrase.Value.names(users)
      let phrase =
        initiator.map { Phrase(.noticeAdded, ["actor": .text(name(of: $0)), "names": joined]) }
        ?? Phrase(.noticeJoined, ["actor": joined])
      return notice(phrase, time: time)
    case "participantsLeave":
      return notice(Phrase(.noticeLeft, ["actor": .names(users)]), time: time)
    case "conversationNameUpdate":
      let named = Phrase.Value.text(try file.string("name", in: body, required: false) ?? "")
      let actor = initiator.map { Phrase.Value.text(name(of: $0)) } ?? .phrase(Phrase(.someone))
      return notice(Phrase(.noticeRenamed, ["actor": actor, "title": named]), time: time)
    default:
      // An event this reader does not know stays, as a notice naming it.
      return Message(authorID: initiator, time: time, text: kind, kind: .system)
    }
  }

  /// A notice of ours, drawn in the reader's language.
  func notice(_ phrase: Phrase, time: MessageTime?) -> Message {
    var extras = MessageExtras()
    extras.phrase = phrase
    return Message(authorID: nil, time: time, text: phrase.english, kind: .system, extras: extras)
  }

  func created(_ body: JSONValue, time: MessageTime?) throws -> Message {
    let id = try file.id("id", in: body)
    guard let sender = try file.id("senderId", in: body) else { throw file.error("missing key 'senderId'", at: body) }
    var extras = MessageExtras()
    extras.attachments = try attachments(of: body, messageID: id ?? "")
    var text = try file.string("text", in: body, required: false) ?? ""
    text = try linked(text, body: body, hasMedia: !extras.attachments.isEmpty)
    extras.reactions = try reactions(of: body)
    return Message(id: id, authorID: sender, time: time, text: text, extras: extras)
  }

  /// The text with each `t.co` link written out as its `expanded` address, and the links to
  /// the message's own media removed. One pass over the words, each looked up once.
  func linked(_ raw: String, body: JSONValue, hasMedia: Bool) throws -> String {
    var expandedByURL: [String: String] = [:]
    for entry in try file.array("urls", in: body, required: false) ?? [] where entry.members != nil {
      guard let url = try file.string("url", in: entry, required: false), !url.isEmpty else { continue }
      expandedByURL[url] = try file.string("expanded", in: entry, required: false) ?? ""
    }
    func replacement(_ word: Substring) -> Substring {
      guard let expanded = expandedByURL[String(word)] else { return word }
      if expanded.contains("/messages/media/") { return "" }
      return expanded.isEmpty ? word : Substring(expanded)
    }
    var text = ""
    var wordStart = raw.startIndex
    for index in raw.indices where raw[index].isWhitespace {
      text += replacement(raw[wordStart..<index])
      text.append(raw[index])
      wordStart = raw.index(after: index)
    }
    text += replacement(raw[wordStart...])
    var trimmed = Substring(text.trimmingCharacters(in: .whitespacesAndNewlines))
    // A message with media ends with its t.co link even when `urls` leaves it out.
    if hasMedia, let last = trimmed.split(whereSeparator: \.isWhitespace).last, last.hasPrefix("https://t.co/"),
      expandedByURL[String(last)] == nil
    {
      trimmed = trimmed.dropLast(last.count)
    }
    // The archive keeps the web's escapes of `&`, `<` and `>`.
    return SlackMarkup.decodeEntities(trimmed.trimmingCharacters(in: .whitespacesAndNewlines))
  }

  /// Each `mediaUrls` address as an attachment, found in the media folder as
  /// `<messageId>-<last part of the address>`.
  func attachments(of body: JSONValue, messageID: String) throws -> [Attachment] {
    try (file.array("mediaUrls", in: body, required: false) ?? []).compactMap { value in
      guard let url = value.stringValue else {
        throw file.error("expected a string for a media address, found \(value.typeName)", at: value)
      }
      let path = url.split(separator: "?").first.map(String.init) ?? url
      guard let last = path.split(separator: "/").last, !last.isEmpty else { return nil }
      let fileName = "\(messageID)-\(last)"
      var attachment = Attachment(kind: FileTypes.kind(ofFile: fileName), fileName: fileName)
      attachment.mimeType = FileTypes.mimeType(ofFile: fileName)
      media.resolve(&attachment, at: MediaPath.join(conversation.mediaFolder, fileName))
      return attachment
    }
  }

  /// Reactions by emoji, in order of first use, each with who gave it.
  func reactions(of body: JSONValue) throws -> [Reaction] {
    var reactions: [Reaction] = []
    for entry in try file.array("reactions", in: body, required: false) ?? [] where entry.members != nil {
      let key = try file.string("reactionKey", in: entry, required: false) ?? ""
      let emoji = try file.string("emoji", in: entry, required: false) ?? XConversationReader.reactionEmoji[key] ?? key
      guard !emoji.isEmpty else { continue }
      let by = try file.id("senderId", in: entry)
      if let index = reactions.firstIndex(where: { $0.emoji == emoji }) {
        reactions[index].count += 1
        if let by { reactions[index].by.append(by) }
      } else {
        reactions.append(Reaction(emoji: emoji, count: 1, by: by.map { [$0] } ?? []))
      }
    }
    return reactions
  }
}
