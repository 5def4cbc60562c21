import Foundation

/// Reads one conversation of a Skype export (see `SkypeFormat`).
struct SkypeConversationReader {
  let file: SourceFile
  let ownerID: String?
  let media: MediaFolderListing
  var participants: [Participant] = []
  var participantIndex: [String: Int] = [:]
  var skipped = UnknownKindTally()
  var locator: ForwardLocator

  init(file: SourceFile, ownerID: String?, media: MediaFolderListing) {
    self.file = file
    self.ownerID = ownerID
    self.media = media
    self.locator = ForwardLocator(file)
  }

  /// Message types drawn as messages.
  static let textTypes: Set<String> = ["Text", "RichText", "RichText/Html"]

  mutating func read(_ conversation: JSONValue, warnings: inout [Diagnostic]) throws -> Transcript {
    let title = try SkypeFormat.name(of: conversation, in: file)
    let entries = try file.array("MessageList", in: conversation, required: false) ?? []
    // Names first: a message's `displayName` names its sender everywhere.
    var names: [String: String] = [:]
    var ids: Set<String> = []
    for entry in entries where entry.members != nil {
      if let id = try file.id("id", in: entry) { ids.insert(id) }
      guard let from = try file.string("from", in: entry, required: false),
        let name = try file.string("displayName", in: entry, required: false), !name.isEmpty
      else { continue }
      names[from] = names[from] ?? name
    }
    var timed: [(Date, Int, Message)] = []
    for (position, entry) in entries.enumerated() {
      guard let message = try message(entry, names: names, ids: ids) else { continue }
      let instant: Date
      if case .instant(let date)? = message.time { instant = date } else { instant = .distantPast }
      timed.append((instant, position, message))
    }
    if let warning = skipped.warning("message type", { "skipped " + $0 }) { warnings.append(warning) }
    // Skype lists the newest first.
    timed.sort { ($0.0, -$0.1) < ($1.0, -$1.1) }
    let messages = timed.map(\.2)
    let meID = ownerID.flatMap { participantIndex[$0] == nil ? nil : $0 }
    return Transcript(title: title, participants: participants, meID: meID, messages: messages)
  }

  mutating func author(_ id: String, names: [String: String]) -> String {
    if participantIndex[id] == nil {
      participantIndex[id] = participants.count
      participants.append(
        Participant(id: id, name: names[id] ?? SkypeFormat.handle(of: id), handles: [SkypeFormat.handle(of: id)]))
    }
    return id
  }

  func name(of id: String, names: [String: String]) -> String {
    names[id] ?? SkypeFormat.handle(of: id)
  }

  mutating func message(_ entry: JSONValue, names: [String: String], ids: Set<String>) throws -> Message? {
    guard entry.members != nil else {
      throw file.error("expected an object for a message, found \(entry.typeName)", at: entry)
    }
    let location = locator.location(ofOffset: entry.offset)
    let type = try file.string("messagetype", in: entry, required: false) ?? "Text"
    let from = try file.string("from", in: entry)!
    guard let stamp = entry["originalarrivaltime"], let stampText = stamp.stringValue else {
      throw file.error(
        entry["originalarrivaltime"].map { "expected a string for 'originalarrivaltime', found \($0.typeName)" }
          ?? "missing key 'originalarrivaltime'", at: entry["originalarrivaltime"] ?? entry)
    }
    guard let time = ISO8601.parse(stampText) else {
      throw file.error("invalid time '\(stampText)' (expected ISO 8601 such as 2024-01-05T10:02:00.123Z)", at: stamp)
    }
    let id = try file.id("id", in: entry)
    let content = try file.string("content", in: entry, required: false) ?? ""
    let properties = try file.objectMember("properties", in: entry)
    // Member changes come from the conversation itself.
    let authorID = from.contains("@thread.") ? nil : author(from, names: names)
    if SkypeConversationReader.textTypes.contains(type) || type.hasPrefix("RichText/") {
      var extras = MessageExtras()
      var (text, markup) = SkypeConversationReader.read(content, knownIDs: ids)
      extras.spans = markup.spans
      extras.replyTo = markup.replyTo
      extras.isEdited = markup.isEdited || properties?["edittime"] != nil
      extras.attachments = markup.attachments.map(locate)
      if type == "RichText/Location" {
        extras.attachments = [Attachment(kind: .location, title: text.isEmpty ? nil : text)]
        (text, extras.spans) = ("", [])
      }
      if content.isEmpty, properties?["deletetime"] != nil { extras.isDeleted = true }
      extras.reactions = try reactions(properties, names: names)
      return Message(id: id, authorID: authorID, time: time, text: text, location: location, extras: extras)
    }
    if let authorID, let call = SkypeConversationReader.call(type: type, content: content) {
      var extras = MessageExtras()
      extras.call = call
      return Message(id: id, authorID: authorID, time: time, text: "", location: location, extras: extras)
    }
    if let notice = SkypeConversationReader.notice(
      type: type, content: content, actor: name(of: from, names: names), name: { self.name(of: $0, names: names) })
    {
      var extras = MessageExtras()
      extras.phrase = notice
      return Message(
        id: id, authorID: authorID, time: time, text: notice.english, kind: .system, location: location, extras: extras)
    }
    skipped.note(type, at: location)
    return nil
  }

  /// What a message's markup holds beyond its text.
  struct Markup {
    var spans: [TextSpan] = []
    var replyTo: String?
    var isEdited = false
    var attachments: [Attachment] = []
  }

  /// `content` as text and formatting, with the quote, edit mark and attachments it holds.
  static func read(_ content: String, knownIDs: Set<String>) -> (String, Markup) {
    var markup = Markup()
    let raw = Array(content.unicodeScalars)
    var index = 0
    var currentObject: Attachment?
    var inSticker = false
    // The parts the reader drops, read first.
    while let open = HTMLFragmentReader.find("<", in: raw, from: index, before: raw.count) {
      guard let (tag, next) = HTMLFragmentReader.tag(in: raw, at: open) else {
        index = open + 1
        continue
      }
      index = next
      switch (tag.name, tag.isEnd) {
      case ("e_m", false): markup.isEdited = true
      case ("quote", false):
        if let messageID = tag.attributes["messageid"], knownIDs.contains(messageID), markup.replyTo == nil {
          markup.replyTo = messageID
        }
      case ("uriobject", false):
        currentObject = attachment(type: tag.attributes["type"] ?? "", uri: tag.attributes["uri"])
        if tag.isSelfClosing, let object = currentObject {
          markup.attachments.append(object)
          currentObject = nil
        }
      case ("originalname", false): currentObject?.fileName = tag.attributes["v"]
      case ("filesize", false): currentObject?.byteCount = tag.attributes["v"].flatMap { Int($0) }
      case ("uriobject", true):
        if let object = currentObject { markup.attachments.append(object) }
        currentObject = nil
      case ("readonly", false) where SkypeConversationReader.isTeams("Sticker", tag.attributes):
        markup.attachments.append(Attachment(kind: .sticker, fileName: tag.attributes["title"] ?? "sticker"))
        inSticker = true
      case ("readonly", true): inSticker = false
      case ("img", false) where !inSticker && SkypeConversationReader.isTeams("AMSImage", tag.attributes):
        markup.attachments.append(SkypeConversationReader.teamsPicture(alt: tag.attributes["alt"]))
      default: break
      }
    }
    if let object = currentObject { markup.attachments.append(object) }
    let replyTo = markup.replyTo
    let reader = HTMLFragmentReader(
      keepsLineBreaks: true,
      custom: { name, attributes in
        switch name {
        case "ss":
          return attributes["type"].flatMap { SkypeEmoticons.emoji[$0.lowercased()] }.map { .replace($0) }
        case "uriobject", "e_m", "legacyquote": return .skip
        case "quote": return replyTo != nil && attributes["messageid"] == replyTo ? .skip : .style(.quote)
        case "at": return .style(.mention(attributes["id"] ?? ""))
        // Teams writes its pictures, stickers and mentions as itemtypes of schema.skype.com.
        case "img" where isTeams("AMSImage", attributes): return .skip
        case "readonly" where isTeams("Sticker", attributes): return .skip
        case "span" where isTeams("Mention", attributes): return .style(.mention(attributes["itemid"] ?? ""))
        default: return nil
        }
      })
    let (text, spans) = reader.read(content)
    markup.spans = spans
    return (
      text.trimmingCharacters(in: .whitespacesAndNewlines) == text
        ? text : SkypeConversationReader.trimmed(text, spans: &markup.spans), markup
    )
  }

  /// Whether a Teams element is of `kind` (`itemtype="http://schema.skype.com/AMSImage"`).
  static func isTeams(_ kind: String, _ attributes: [String: String]) -> Bool {
    attributes["itemtype"].map { $0.hasSuffix("schema.skype.com/" + kind) } == true
  }

  /// A picture pasted into a Teams message: Teams keeps it online, so it is a chip named by
  /// its `alt` when that is a file's name.
  static func teamsPicture(alt: String?) -> Attachment {
    let name = alt.map(HTMLFragmentReader.decodeEntities).flatMap { FileTypes.kind(ofFile: $0) == .image ? $0 : nil }
    return Attachment(kind: .image, fileName: name ?? "image")
  }

  /// `text` without leading and trailing white space, its spans moved to match.
  static func trimmed(_ text: String, spans: inout [TextSpan]) -> String {
    let scalars = Array(text.unicodeScalars)
    var start = 0
    var end = scalars.count
    while start < end, scalars[start].properties.isWhitespace { start += 1 }
    while end > start, scalars[end - 1].properties.isWhitespace { end -= 1 }
    spans = spans.compactMap { span in
      let from = max(span.start, start)
      let to = min(span.end, end)
      return to > from ? TextSpan(start: from - start, length: to - from, style: span.style) : nil
    }
    return String(String.UnicodeScalarView(scalars[start..<end]))
  }

  /// A `<URIObject>`'s chip by its type ("Picture.1", "Video.1", "Audio.1", "File.1").
  static func attachment(type: String, uri: String?) -> Attachment {
    let kind: Attachment.Kind
    switch type.split(separator: ".").first.map(String.init) ?? type {
    case "Picture": kind = .image
    case "Video": kind = .video
    case "Audio": kind = .audio
    case "SWIFT", "Sticker": kind = .sticker
    default: kind = .file
    }
    var attachment = Attachment(kind: kind)
    // The object's id, to find its file in the export's `media/`.
    attachment.title = uri.flatMap { $0.split(separator: "/").last.map(String.init) }
    return attachment
  }

  /// The attachment with its file from the export's `media/` (named after the object's id).
  func locate(_ attachment: Attachment) -> Attachment {
    var attachment = attachment
    if let objectID = attachment.title {
      attachment.title = nil
      if let path = media.first(in: "media", startingWith: objectID + ".", endingWith: "") {
        media.locator.resolve(&attachment, at: path)
      }
    }
    if attachment.fileName == nil { attachment.fileName = attachment.kind == .image ? "photo" : "file" }
    return attachment
  }

  func reactions(_ properties: JSONValue?, names: [String: String]) throws -> [Reaction] {
    guard let properties, let emotions = try file.array("emotions", in: properties, required: false) else { return [] }
    var reactions: [Reaction] = []
    for emotion in emotions where emotion.members != nil {
      guard let key = try file.string("key", in: emotion, required: false) else { continue }
      let users = try file.array("users", in: emotion, required: false) ?? []
      let by = try users.compactMap { try file.string("mri", in: $0, required: false) }
      guard !users.isEmpty else { continue }
      reactions.append(Reaction(emoji: SkypeEmoticons.emoji[key.lowercased()] ?? key, count: users.count, by: by))
    }
    return reactions
  }

  /// The call an `Event/Call` records (issue 36): `type="ended"` an answered call with its
  /// `<duration>`, `type="missed"` a missed one; nil for a call's start, which stays a notice.
  static func call(type: String, content: String) -> Call? {
    guard type == "Event/Call" else { return nil }
    if content.contains("type=\"ended\"") {
      // A length no call has (not finite, negative, past the limit) is left out, not trapped on.
      let seconds = values("duration", in: content).first.flatMap { Double($0) }.flatMap { seconds in
        seconds.isFinite && seconds >= 0 && seconds <= Double(Limit.recordingLength.value) ? seconds : nil
      }
      return Call(outcome: .answered, duration: seconds)
    }
    return content.contains("type=\"missed\"") ? Call(outcome: .missed) : nil
  }

  /// The text of each `<tag>…</tag>` in `content`, in order.
  private static func values(_ tag: String, in content: String) -> [String] {
    var found: [String] = []
    var rest = Substring(content)
    while let open = rest.range(of: "<\(tag)>"), let close = rest[open.upperBound...].range(of: "</\(tag)>") {
      found.append(String(rest[open.upperBound..<close.lowerBound]))
      rest = rest[close.upperBound...]
    }
    return found
  }

  /// Calls (a start, and any a conversation makes without an author) and member changes, as
  /// one line.
  static func notice(type: String, content: String, actor: String, name: (String) -> String) -> Phrase? {
    func values(_ tag: String) -> [String] { Self.values(tag, in: content) }
    let initiator = Phrase.Value.text(values("initiator").first.map(name) ?? actor)
    let targets = Phrase.Value.names(values("target").map(name))
    switch type {
    case "Event/Call":
      if content.contains("type=\"ended\"") { return Phrase(.noticeCallEnded) }
      return content.contains("type=\"missed\"")
        ? Phrase(.missedCall) : Phrase(.noticeCallStarted, ["actor": .text(actor)])
    case "ThreadActivity/AddMember": return Phrase(.noticeAdded, ["actor": initiator, "names": targets])
    case "ThreadActivity/DeleteMember": return Phrase(.noticeRemoved, ["actor": initiator, "names": targets])
    case "ThreadActivity/TopicUpdate":
      let topic = values("value").first.map(HTMLFragmentReader.decodeEntities) ?? ""
      return Phrase(.noticeRenamed, ["actor": initiator, "title": .text(topic)])
    case "ThreadActivity/PictureUpdate": return Phrase(.noticePhotoChanged, ["actor": initiator])
    case "Notice", "ThreadActivity/HistoryDisclosedUpdate", "ThreadActivity/JoiningEnabledUpdate":
      return nil
    default: return nil
    }
  }
}
