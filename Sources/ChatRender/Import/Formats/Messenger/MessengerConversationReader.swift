/// Reads the files of one Messenger or Instagram conversation into a transcript, oldest
/// message first: every string mended (`MetaText`), generated notices turned into what they
/// mean (`MessengerNotices`), reactions that old exports wrote as messages moved onto the
/// message they answer.
struct MessengerConversationReader {
  var media: MessengerMedia
  private var title: String?
  private var participants: [Participant] = []
  private var participantIndex: [String: Int] = [:]
  /// Every message read so far, newest first (the order of Meta's files).
  private var newestFirst: [Message] = []
  private var unknownTypes = UnknownKindTally()

  /// The `type`s of "Download your information"; others are shown as messages, with a warning.
  static let knownTypes: Set<String> = ["Generic", "Share", "Call", "Subscribe", "Unsubscribe"]

  init(media: MessengerMedia) { self.media = media }

  // MARK: - "Download your information"

  mutating func readInformation(_ file: SourceFile) throws {
    let (root, deferred) = try JSONReader.parse(file, deferring: "messages")
    guard root.members != nil else {
      throw file.error(
        "expected a Messenger conversation (an object with 'messages'), found \(root.typeName)", at: root)
    }
    let fields = MessengerFields(file: file)
    if title == nil { title = try fields.text("title", in: root) }
    for name in try fields.participantNames(in: root) { register(name) }
    var locator = ForwardLocator(file)
    var batch: [Message] = []
    let entries = try file.array("messages", in: root) ?? []
    try JSONReader.forEachElement(of: deferred, else: entries, in: file) { entry in
      batch.append(try informationMessage(entry, fields: fields, location: locator.location(ofOffset: entry.offset)))
    }
    append(batch)
  }

  private mutating func informationMessage(_ entry: JSONValue, fields: MessengerFields, location: SourceLocation)
    throws -> Message
  {
    let file = fields.file
    guard entry.members != nil else {
      throw file.error("expected an object for a message, found \(entry.typeName)", at: entry)
    }
    let sender = try fields.text("sender_name", in: entry)
    if let sender { register(sender) }
    let time = try fields.time("timestamp_ms", in: entry, required: true)
    let type = try file.string("type", in: entry, required: false) ?? "Generic"
    if !Self.knownTypes.contains(type) { unknownTypes.note(type, at: location) }
    var text = try fields.text("content", in: entry) ?? ""
    var extras = MessageExtras()
    extras.attachments = try attachments(of: entry, fields: fields, location: location)
    if let preview = try fields.share(in: entry) { extras.linkPreviews = [preview] }
    extras.reactions = try fields.reactions(in: entry, actorKey: "actor")
    extras.isDeleted = try file.flag("is_unsent", in: entry) == true
    let callDuration = try file.number("call_duration", in: entry)
    var kind = Message.Kind.message
    if sender != nil, let call = MessengerNotices.call(type: type, duration: callDuration, text: text) {
      // A call is a message of its caller (issue 36), drawn as a call chip.
      extras.call = call
      text = ""
    } else if type == "Call" || callDuration != nil
      || type == "Generic" && MessengerNotices.isCallNotice(text)
        && extras.attachments.isEmpty
    {
      kind = .system
      if text.isEmpty {
        let actor = sender.map { Phrase.Value.text($0) } ?? .phrase(Phrase(.someone))
        extras.phrase =
          if let callDuration, callDuration > 0 {
            Phrase(.noticeCallStartedLength, ["actor": actor, "length": .length(callDuration.saturatingInt)])
          } else {
            Phrase(.noticeCallStarted, ["actor": actor])
          }
        text = extras.phrase?.english ?? ""
      } else if let callDuration, callDuration > 0 {
        text += " · " + MessengerNotices.duration(callDuration)
      }
    } else if type == "Subscribe" || type == "Unsubscribe"
      || extras.attachments.isEmpty && MessengerNotices.isGroupNotice(text)
    {
      kind = .system
      // Facebook writes these in the account's language; English ones are redrawn in the reader's.
      if text.isEmpty || (type == "Subscribe" || type == "Unsubscribe") && text.hasSuffix(" the group.") {
        extras.phrase = try membershipPhrase(entry, type: type, sender: sender, fields: fields)
        text = extras.phrase?.english ?? ""
      }
    } else if !extras.attachments.isEmpty || !extras.linkPreviews.isEmpty, MessengerNotices.isAttachmentNotice(text) {
      text = ""
    }
    if try file.flag("is_geoblocked_for_viewer", in: entry) == true {
      for index in extras.attachments.indices {
        extras.attachments[index].source = nil
        extras.attachments[index].isOmitted = true
      }
      if text.isEmpty {
        text = Phrase(.unavailableInRegion).english
        extras.phrase = Phrase(.unavailableInRegion)
      }
    }
    if kind == .message, text.isEmpty, extras.attachments.isEmpty, extras.linkPreviews.isEmpty, !extras.isDeleted,
      extras.call == nil
    {
      // Something the export left out (a story reply, a post it cannot show).
      extras.attachments = [Attachment(kind: .other, isOmitted: true)]
    }
    return Message(authorID: sender, time: time, text: text, kind: kind, location: location, extras: extras)
  }

  private mutating func attachments(of entry: JSONValue, fields: MessengerFields, location: SourceLocation)
    throws -> [Attachment]
  {
    let file = fields.file
    var attachments: [Attachment] = []
    let lists: [(String, Attachment.Kind)] = [
      ("photos", .image), ("gifs", .image), ("videos", .video), ("audio_files", .audio), ("files", .file),
    ]
    for (key, kind) in lists {
      for item in try file.array(key, in: entry, required: false) ?? [] {
        guard item.members != nil else {
          throw file.error("expected an object in '\(key)', found \(item.typeName)", at: item)
        }
        guard let uri = try file.string("uri", in: item, required: false) else { continue }
        attachments.append(media.attachment(uri, kind: kind, at: location))
      }
    }
    if let sticker = try file.objectMember("sticker", in: entry),
      let uri = try file.string("uri", in: sticker, required: false)
    {
      attachments.append(media.attachment(uri, kind: .sticker, at: location))
    }
    return attachments
  }

  /// "Ana added Bo and Cy to the group." when the export wrote no sentence of its own.
  private func membershipPhrase(_ entry: JSONValue, type: String, sender: String?, fields: MessengerFields)
    throws -> Phrase
  {
    let actor = sender.map { Phrase.Value.text($0) } ?? .phrase(Phrase(.someone))
    let users = try (fields.file.array("users", in: entry, required: false) ?? []).compactMap {
      try fields.text("name", in: $0)
    }
    let alone = users.isEmpty || sender.map { users == [$0] } == true
    if type == "Unsubscribe" {
      return alone
        ? Phrase(.noticeLeft, ["actor": actor]) : Phrase(.noticeRemoved, ["actor": actor, "names": .names(users)])
    }
    return alone
      ? Phrase(.noticeJoined, ["actor": actor]) : Phrase(.noticeAdded, ["actor": actor, "names": .names(users)])
  }

  // MARK: - End-to-end encrypted chats

  mutating func readEncrypted(_ file: SourceFile) throws {
    let (root, deferred) = try JSONReader.parse(file, deferring: "messages")
    guard root.members != nil else {
      throw file.error("expected an encrypted chat (an object with 'messages'), found \(root.typeName)", at: root)
    }
    let fields = MessengerFields(file: file)
    if title == nil { title = try fields.text("threadName", in: root) }
    for name in try fields.participantNames(in: root) { register(name) }
    var locator = ForwardLocator(file)
    var batch: [Message] = []
    let entries = try file.array("messages", in: root) ?? []
    try JSONReader.forEachElement(of: deferred, else: entries, in: file) { entry in
      batch.append(try encryptedMessage(entry, fields: fields, location: locator.location(ofOffset: entry.offset)))
    }
    append(batch)
  }

  private mutating func encryptedMessage(_ entry: JSONValue, fields: MessengerFields, location: SourceLocation)
    throws -> Message
  {
    let file = fields.file
    guard entry.members != nil else {
      throw file.error("expected an object for a message, found \(entry.typeName)", at: entry)
    }
    let sender = try fields.text("senderName", in: entry)
    if let sender { register(sender) }
    let time = try fields.time("timestamp", in: entry, required: true)
    var text = try fields.text("text", in: entry) ?? ""
    var extras = MessageExtras()
    for item in try file.array("media", in: entry, required: false) ?? [] {
      guard item.members != nil else {
        throw file.error("expected an object in 'media', found \(item.typeName)", at: item)
      }
      guard let uri = try file.string("uri", in: item, required: false) else { continue }
      extras.attachments.append(media.attachment(uri, kind: FileTypes.kind(ofFile: uri), at: location))
    }
    extras.reactions = try fields.reactions(in: entry, actorKey: "actor")
    extras.isDeleted = try file.flag("isUnsent", in: entry) == true
    let type = try file.string("type", in: entry, required: false) ?? ""
    if !extras.attachments.isEmpty, MessengerNotices.isAttachmentNotice(text) { text = "" }
    let kind: Message.Kind = type.lowercased().contains("call") || type == "action" ? .system : .message
    if kind == .message, text.isEmpty, extras.attachments.isEmpty, !extras.isDeleted {
      extras.attachments = [Attachment(kind: .other, isOmitted: true)]
    }
    return Message(authorID: sender, time: time, text: text, kind: kind, location: location, extras: extras)
  }

  // MARK: - The transcript

  /// Keeps a file's messages newest first, whichever way the file lists them.
  private mutating func append(_ batch: [Message]) {
    let isOldestFirst = batch.count > 1 && Self.seconds(batch.first?.time) < Self.seconds(batch.last?.time)
    newestFirst += isOldestFirst ? batch.reversed() : batch
  }

  /// Seconds since 1970 of an instant (every Meta time is one), for ordering.
  private static func seconds(_ time: MessageTime?) -> Double {
    guard case .instant(let date) = time else { return 0 }
    return date.timeIntervalSince1970
  }

  private mutating func register(_ name: String) {
    guard participantIndex[name] == nil else { return }
    participantIndex[name] = participants.count
    participants.append(Participant(id: name, name: name.isEmpty ? "Unknown" : name))
  }

  /// The transcript, oldest message first (in time order: the files of one conversation may
  /// overlap).
  mutating func finish(warnings: inout [Diagnostic]) -> Transcript {
    let ordered = newestFirst.reversed().enumerated().sorted { left, right in
      let (a, b) = (Self.seconds(left.element.time), Self.seconds(right.element.time))
      return a != b ? a < b : left.offset < right.offset
    }.map(\.element)
    let messages = Self.foldingTextReactions(ordered)
    if let warning = unknownTypes.warning("unknown type", { $0 + ", shown as messages" }) { warnings.append(warning) }
    if let warning = media.warning() { warnings.append(warning) }
    return Transcript(title: title, participants: participants, meID: nil, messages: messages)
  }

  /// Messages that only say "Reacted 😍 to your message" become a reaction on the last earlier
  /// message of someone else; one with no such message stays as it is.
  static func foldingTextReactions(_ messages: [Message]) -> [Message] {
    var result: [Message] = []
    result.reserveCapacity(messages.count)
    for message in messages {
      guard message.kind == .message, message.extras.attachments.isEmpty, let actor = message.authorID,
        let emoji = MessengerNotices.textReaction(message.text),
        let target = result.lastIndex(where: { $0.kind == .message && $0.authorID != actor })
      else {
        result.append(message)
        continue
      }
      var reactions = result[target].extras.reactions
      if let same = reactions.firstIndex(where: { $0.emoji == emoji }) {
        if !reactions[same].by.contains(actor) {
          reactions[same].count += 1
          reactions[same].by.append(actor)
        }
      } else {
        reactions.append(Reaction(emoji: emoji, count: 1, by: [actor]))
      }
      result[target].extras.reactions = reactions
    }
    return result
  }
}
