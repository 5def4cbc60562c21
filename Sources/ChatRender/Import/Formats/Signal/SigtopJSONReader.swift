import Foundation

/// sigtop's `json` export (docs/FORMATS.md, "Signal"): an array of Signal Desktop's own
/// message objects. `type` is `outgoing` (the owner, "You"), `incoming` or a notice's kind;
/// senders are service ids or phone numbers (the file holds no names); `sent_at` is epoch
/// milliseconds; a `quote` names the answered message by its `sent_at`; `editHistory` lists
/// the versions, newest first.
struct SigtopJSONReader {
  let file: SourceFile
  let media: MediaLocator
  var speakers = SpeakerTable()
  var locator: ForwardLocator
  /// Message ids by `sent_at`, for quotes.
  var idsBySentTime: [String: String] = [:]

  init(file: SourceFile, media: MediaLocator) {
    self.file = file
    self.media = media
    self.locator = ForwardLocator(file)
  }

  mutating func read(warnings: inout [Diagnostic]) throws -> Transcript {
    let root = try JSONReader.parse(file)
    guard let entries = root.arrayValue else {
      throw file.error("expected an array of Signal messages, found \(root.typeName)", at: root)
    }
    var messages: [Message] = []
    for entry in entries { messages.append(try message(entry)) }
    return Transcript(title: nil, participants: speakers.participants, messages: messages)
  }

  mutating func message(_ entry: JSONValue) throws -> Message {
    guard entry.members != nil else {
      throw file.error("expected an object for a message, found \(entry.typeName)", at: entry)
    }
    let location = locator.location(ofOffset: entry.offset)
    let type = try file.string("type", in: entry, required: false) ?? "incoming"
    let sentAt = try file.number("sent_at", in: entry) ?? file.number("timestamp", in: entry)
    var time: MessageTime?
    if let sentAt {
      guard let instant = MessageTime.epochSeconds(sentAt / 1000) else {
        throw file.error("'sent_at' is out of range", at: entry["sent_at"] ?? entry)
      }
      time = instant
    }
    let id = try file.id("id", in: entry) ?? sentAt.map { $0.jsonText } ?? "m\(location.line)"
    if let sentAt { idsBySentTime[sentAt.jsonText] = id }
    var authorID: String?
    if type == "outgoing" {
      authorID = speakers.id(for: "You")
    } else if let sender = try file.id("sourceServiceId", in: entry) ?? file.id("sourceUuid", in: entry)
      ?? file.id("source", in: entry)
    {
      authorID = speakers.id(for: sender)
    }
    var extras = MessageExtras()
    var text = try file.string("body", in: entry, required: false) ?? ""
    if let history = try file.array("editHistory", in: entry, required: false), history.count > 1 {
      extras.isEdited = true
      if let newest = history.first, newest.members != nil {
        text = try file.string("body", in: newest, required: false) ?? text
      }
    }
    if try file.flag("deletedForEveryone", in: entry) == true || file.flag("isErased", in: entry) == true {
      extras.isDeleted = true
    }
    extras.attachments = try attachments(of: entry)
    if let sticker = try file.objectMember("sticker", in: entry) {
      var attachment = Attachment(kind: .sticker, isOmitted: true)
      attachment.title = try file.string("emoji", in: sticker, required: false)
      extras.attachments.append(attachment)
    }
    extras.reactions = try reactions(of: entry)
    if let quote = try file.objectMember("quote", in: entry) {
      let quotedTime = try file.number("id", in: quote)?.jsonText
      if let quotedTime, let original = idsBySentTime[quotedTime] {
        extras.replyTo = original
      } else if let quoted = try file.string("text", in: quote, required: false), !quoted.isEmpty {
        (text, extras.spans) = SignalFormat.quoting(quoted, above: text)
      }
    }
    let isMessage = type == "incoming" || type == "outgoing"
    if !isMessage, text.isEmpty { (text, extras.phrase) = SigtopTextReader.notice(type) }
    if isMessage, let call = SignalFormat.call(text) {
      extras.call = call
      text = ""
    }
    return Message(
      id: id, authorID: authorID, time: time, text: text, kind: isMessage ? .message : .system, location: location,
      extras: extras)
  }

  func attachments(of entry: JSONValue) throws -> [Attachment] {
    try (file.array("attachments", in: entry, required: false) ?? []).map { item in
      guard item.members != nil else {
        throw file.error("expected an object for an attachment, found \(item.typeName)", at: item)
      }
      let mime = try file.string("contentType", in: item, required: false)
      let name = try file.string("fileName", in: item, required: false)
      var attachment = Attachment(
        kind: SignalFormat.kind(mimeType: mime, fileName: name), fileName: name, mimeType: mime)
      attachment.byteCount = try file.number("size", in: item)?.saturatingInt
      if let name { media.resolve(&attachment, at: name) }
      return attachment
    }
  }

  func reactions(of entry: JSONValue) throws -> [Reaction] {
    var reactions: [Reaction] = []
    for item in try file.array("reactions", in: entry, required: false) ?? [] {
      guard item.members != nil, let emoji = try file.string("emoji", in: item, required: false) else {
        continue
      }
      if let same = reactions.firstIndex(where: { $0.emoji == emoji }) {
        reactions[same].count += 1
      } else {
        reactions.append(Reaction(emoji: emoji, count: 1))
      }
    }
    return reactions
  }
}
