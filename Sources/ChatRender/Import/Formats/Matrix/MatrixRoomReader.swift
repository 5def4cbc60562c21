import Foundation

/// Reads the events of an Element JSON export into a transcript (see `MatrixFormat`).
struct MatrixRoomReader {
  let file: SourceFile
  let media: MatrixMedia
  var participants: [Participant] = []
  var participantIndex: [String: Int] = [:]
  /// Display names from the membership events, by user id (the latest wins).
  var displayNames: [String: String] = [:]
  var messages: [Message] = []
  /// Message indices by event id, for edits and reactions.
  var indexByEventID: [String: Int] = [:]
  var skipped = UnknownKindTally()
  /// Warnings about values left out while reading events (a recording's absurd length).
  var readingWarnings: [Diagnostic] = []
  var locator: ForwardLocator

  init(file: SourceFile, media: MatrixMedia) {
    self.file = file
    self.media = media
    self.locator = ForwardLocator(file)
  }

  /// Events that say something about the room, with the sentence said of the actor.
  static let roomNotices: [String: Word] = [
    "m.room.create": .noticeCreatedRoom,
    "m.room.avatar": .noticeRoomPhotoChanged,
    "m.room.encryption": .noticeEncryptionOn,
    "m.room.pinned_events": .noticePinsChanged,
    "m.call.invite": .noticeCallStarted,
  ]
  /// Events nobody reads as part of the conversation.
  static let silentTypes: Set<String> = [
    "m.room.power_levels", "m.room.join_rules", "m.room.history_visibility", "m.room.guest_access",
    "m.room.server_acl", "m.room.canonical_alias", "m.room.redaction", "m.call.candidates",
    "m.call.answer", "m.call.hangup", "m.call.select_answer", "m.call.negotiate",
  ]

  mutating func read(warnings: inout [Diagnostic]) throws -> Transcript {
    let root = try JSONReader.parse(file)
    guard root.members != nil else {
      throw file.error("expected Element's export (an object with 'messages'), found \(root.typeName)", at: root)
    }
    let events = try file.array("messages", in: root) ?? []
    for event in events where event.members != nil {
      try noteDisplayName(event)
    }
    for event in events { try read(event) }
    if let warning = skipped.warning("event type", { "skipped " + $0 }) { warnings.append(warning) }
    warnings += readingWarnings
    let exporter = try file.string("exported_by", in: root, required: false)
    let meID = exporter.flatMap { name in
      participants.first { $0.id == name || Importer.normalizedName($0.name) == Importer.normalizedName(name) }?.id
    }
    let title = try file.string("room_name", in: root, required: false)
    return Transcript(title: title, participants: participants, meID: meID, messages: messages)
  }

  mutating func noteDisplayName(_ event: JSONValue) throws {
    guard try file.string("type", in: event, required: false) == "m.room.member",
      let user = try file.string("state_key", in: event, required: false),
      let content = try file.objectMember("content", in: event),
      let name = try file.string("displayname", in: content, required: false), !name.isEmpty
    else { return }
    displayNames[user] = name
  }

  /// The participant id of `user`, adding them the first time.
  mutating func author(_ user: String) -> String {
    if participantIndex[user] == nil {
      participantIndex[user] = participants.count
      let localPart = user.hasPrefix("@") ? String(user.dropFirst().prefix { $0 != ":" }) : user
      participants.append(Participant(id: user, name: displayNames[user] ?? localPart, handles: [user]))
    }
    return user
  }

  func name(of user: String) -> String {
    participantIndex[user].map { participants[$0].name } ?? displayNames[user]
      ?? (user.hasPrefix("@") ? String(user.dropFirst().prefix { $0 != ":" }) : user)
  }

  mutating func read(_ event: JSONValue) throws {
    guard event.members != nil else {
      throw file.error("expected an object for an event, found \(event.typeName)", at: event)
    }
    let location = locator.location(ofOffset: event.offset)
    let type = try file.string("type", in: event)!
    let sender = try file.string("sender", in: event)!
    let content = try file.objectMember("content", in: event) ?? JSONValue(kind: .object([]), offset: event.offset)
    guard let stamp = try file.number("origin_server_ts", in: event) else {
      throw file.error("missing key 'origin_server_ts'", at: event)
    }
    guard let time = MessageTime.epochSeconds(stamp / 1000) else {
      throw file.error("'origin_server_ts' is out of range", at: event["origin_server_ts"]!)
    }
    let eventID = try file.string("event_id", in: event, required: false)
    let relation = try file.objectMember("m.relates_to", in: content)
    let relationType = try relation.flatMap { try file.string("rel_type", in: $0, required: false) }
    let target = try relation.flatMap { try file.string("event_id", in: $0, required: false) }
    switch type {
    case "m.reaction":
      guard relationType == "m.annotation", let target, let index = indexByEventID[target],
        let key = try relation.flatMap({ try file.string("key", in: $0, required: false) })
      else { return }
      let by = author(sender)
      if let same = messages[index].extras.reactions.firstIndex(where: { $0.emoji == key }) {
        messages[index].extras.reactions[same].count += 1
        messages[index].extras.reactions[same].by.append(by)
      } else {
        messages[index].extras.reactions.append(Reaction(emoji: key, count: 1, by: [by]))
      }
    case "m.room.message", "m.sticker":
      if relationType == "m.replace", let target, let index = indexByEventID[target] {
        let newContent = try file.objectMember("m.new_content", in: content) ?? content
        let edited = try self.message(
          newContent, type: type, eventID: nil, sender: sender, time: time, location: location)
        messages[index].text = edited.text
        messages[index].extras.spans = edited.extras.spans
        if !edited.extras.attachments.isEmpty { messages[index].extras.attachments = edited.extras.attachments }
        messages[index].extras.isEdited = true
        return
      }
      var message = try self.message(
        content, type: type, eventID: eventID, sender: sender, time: time, location: location)
      if relationType == "m.replace" { message.extras.isEdited = true }
      if let reply = try relation.flatMap({ try file.objectMember("m.in_reply_to", in: $0) }) {
        message.extras.replyTo = try file.string("event_id", in: reply, required: false)
      }
      if try isRedacted(event) {
        message.text = ""
        message.extras = MessageExtras(isDeleted: true)
      }
      append(message)
    case "m.room.encrypted":
      var message = Message(id: eventID, authorID: author(sender), time: time, text: "", location: location)
      message.say(Phrase(.encryptedMessage))
      message.extras.spans = [TextSpan(start: 0, length: message.text.unicodeScalars.count, style: .italic)]
      append(message)
    case "m.room.member":
      if let phrase = try memberNotice(event, content: content, sender: sender) {
        append(notice(phrase, eventID: eventID, sender: sender, time: time, location: location))
      }
    case "m.room.name", "m.room.topic":
      let key = type == "m.room.name" ? "name" : "topic"
      let value = try file.string(key, in: content, required: false) ?? ""
      let word: Word = type == "m.room.name" ? .noticeRenamed : .noticeTopicChanged
      let phrase = Phrase(word, ["actor": .text(name(of: sender)), "title": .text(value)])
      append(notice(phrase, eventID: eventID, sender: sender, time: time, location: location))
    default:
      if let word = MatrixRoomReader.roomNotices[type] {
        let phrase = Phrase(word, ["actor": .text(name(of: sender))])
        append(notice(phrase, eventID: eventID, sender: sender, time: time, location: location))
      } else if !MatrixRoomReader.silentTypes.contains(type) {
        skipped.note(type, at: location)
      }
    }
  }

  /// A notice of ours about the room, said by `sender`'s event.
  mutating func notice(
    _ phrase: Phrase, eventID: String?, sender: String, time: MessageTime, location: SourceLocation
  ) -> Message {
    var message = Message(
      id: eventID, authorID: author(sender), time: time, text: "", kind: .system, location: location)
    message.say(phrase)
    return message
  }

  mutating func append(_ message: Message) {
    if let id = message.id { indexByEventID[id] = messages.count }
    messages.append(message)
  }

  func isRedacted(_ event: JSONValue) throws -> Bool {
    guard let unsigned = try file.objectMember("unsigned", in: event) else { return false }
    return unsigned["redacted_because"] != nil
  }

  /// One `m.room.message` (or sticker) from its content.
  mutating func message(
    _ content: JSONValue, type: String, eventID: String?, sender: String, time: MessageTime, location: SourceLocation
  ) throws -> Message {
    let msgtype =
      try file.string("msgtype", in: content, required: false) ?? (type == "m.sticker" ? "m.sticker" : "m.text")
    let body = try file.string("body", in: content, required: false) ?? ""
    var extras = MessageExtras()
    var text = body
    let mediaTypes: Set<String> = ["m.image", "m.video", "m.audio", "m.file", "m.sticker"]
    if mediaTypes.contains(msgtype) {
      let fileName = try file.string("filename", in: content, required: false) ?? body
      extras.attachments = [try attachment(content, msgtype: msgtype, fileName: fileName)]
      // A caption is a body that differs from the file name.
      text = fileName == body ? "" : body
    } else if msgtype == "m.location" {
      var place = Attachment(kind: .location)
      place.fileName = try file.string("geo_uri", in: content, required: false)
      place.title = body.isEmpty ? nil : body
      extras.attachments = [place]
      text = ""
    }
    if !text.isEmpty {
      let format = try file.string("format", in: content, required: false)
      if format == "org.matrix.custom.html", let html = try file.string("formatted_body", in: content, required: false)
      {
        (text, extras.spans) = MatrixRoomReader.html.read(html)
      } else {
        text = MatrixRoomReader.withoutReplyFallback(text)
      }
    }
    if msgtype == "m.emote", !text.isEmpty {
      // "/me waves": the action in italics, as the app shows it.
      extras.spans.insert(TextSpan(start: 0, length: text.unicodeScalars.count, style: .italic), at: 0)
    }
    return Message(id: eventID, authorID: author(sender), time: time, text: text, location: location, extras: extras)
  }

  /// Element's HTML: the reply fallback (`<mx-reply>`) dropped, mentions as links to
  /// `matrix.to` kept as links.
  static let html = HTMLFragmentReader(custom: { name, _ in name == "mx-reply" ? .skip : nil })

  /// A plain body without the quoted lines of a reply's fallback (`> <@ana:x> …` and a blank).
  static func withoutReplyFallback(_ body: String) -> String {
    guard body.hasPrefix("> <") else { return body }
    var lines = body.components(separatedBy: "\n")
    while let first = lines.first, first.hasPrefix(">") { lines.removeFirst() }
    if lines.first?.isEmpty == true { lines.removeFirst() }
    return lines.joined(separator: "\n")
  }

  mutating func attachment(_ content: JSONValue, msgtype: String, fileName: String) throws -> Attachment {
    let info = try file.objectMember("info", in: content)
    let mime = try info.flatMap { try file.string("mimetype", in: $0, required: false) }
    let kind: Attachment.Kind
    switch msgtype {
    case "m.image": kind = .image
    case "m.video": kind = .video
    case "m.audio": kind = .audio
    case "m.sticker": kind = .sticker
    default: kind = mime.map(Attachment.Kind.init(mimeType:)) ?? FileTypes.kind(ofFile: fileName)
    }
    var attachment = Attachment(kind: kind, fileName: fileName.isEmpty ? nil : fileName, mimeType: mime)
    attachment.byteCount = try info.flatMap { try file.number("size", in: $0) }?.saturatingInt
    if let info {
      attachment.duration = try file.recordingLength(
        "duration", in: info, path: "messages[].content.info.duration", perSecond: 1000, warnings: &readingWarnings)
    }
    if let path = media.path(for: fileName, msgtype: msgtype, isSticker: msgtype == "m.sticker") {
      media.locator.resolve(&attachment, at: path)
    }
    return attachment
  }

  /// "Ana joined", "Ana left", "Ana invited Bo", "Ana changed their name to Anna"; nil for a
  /// change of picture only.
  func memberNotice(_ event: JSONValue, content: JSONValue, sender: String) throws -> Phrase? {
    let membership = try file.string("membership", in: content, required: false) ?? ""
    let subject = try file.string("state_key", in: event, required: false) ?? sender
    let unsigned = try file.objectMember("unsigned", in: event)
    let previous = try unsigned.flatMap { try file.objectMember("prev_content", in: $0) }
    let previousMembership = try previous.flatMap { try file.string("membership", in: $0, required: false) }
    let actor = Phrase.Value.text(name(of: sender))
    let subjectName = try file.string("displayname", in: content, required: false) ?? name(of: subject)
    let subjectNames = Phrase.Value.names([subjectName])
    switch membership {
    case "join":
      guard previousMembership == "join" else { return Phrase(.noticeJoined, ["actor": .text(subjectName)]) }
      let oldName = try previous.flatMap { try file.string("displayname", in: $0, required: false) }
      guard let oldName, oldName != subjectName else { return nil }
      return Phrase(.noticeNowKnownAs, ["actor": .text(oldName), "name": .text(subjectName)])
    case "leave":
      if subject == sender {
        return Phrase(previousMembership == "invite" ? .noticeInviteRejected : .noticeLeft, ["actor": actor])
      }
      return Phrase(
        previousMembership == "ban" ? .noticeUnbanned : .noticeRemoved, ["actor": actor, "names": subjectNames])
    case "invite": return Phrase(.noticeInvited, ["actor": actor, "names": subjectNames])
    case "ban": return Phrase(.noticeBanned, ["actor": actor, "names": subjectNames])
    case "knock": return Phrase(.noticeAskedToJoin, ["actor": .text(subjectName)])
    default: return nil
    }
  }
}
