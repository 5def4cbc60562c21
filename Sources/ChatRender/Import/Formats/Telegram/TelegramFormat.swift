import Foundation

/// Telegram Desktop's machine-readable export (`result.json`, docs/FORMATS.md, "Telegram"): one
/// chat, or the full export whose chats (`chats.list`) are picked with `--chat`.
///
/// The owner of a full export (`personal_information.user_id`) is "me". In a single personal
/// chat the chat `id` is the other person, so the remaining author is "me"; in Saved Messages
/// everything is "me". Times are instants (`date_unixtime`), or the exporting machine's wall
/// clock (`date`) in old exports.
struct TelegramFormat: TranscriptFormat, FileRecognizing {
  init() {}

  var name: String { "telegram" }
  var accepts: String { "result.json or folder" }
  var fileExtensions: Set<String> { ["json"] }
  var folderSignatures: [[String]] { [["result.json"]] }
  var folderEntry: String? { "result.json" }
  var summary: String {
    "Telegram Desktop, format JSON: a chat's ⋮ > Export chat history, or Settings > Advanced > Export Telegram data"
  }

  static let messageTypes: Set<String> = ["message", "service", "unsupported"]
  static let chatTypes: Set<String> = [
    "saved_messages", "replies", "personal_chat", "bot_chat", "private_group",
    "private_supergroup", "public_supergroup", "private_channel", "public_channel",
  ]
  /// Sections only a full export has at its root.
  static let fullExportSections = [
    "personal_information", "profile_pictures", "stories", "contacts", "frequent_contacts",
    "sessions", "web_sessions", "chats", "left_chats", "other_data",
  ]

  func detect(_ input: ImportInput) -> Bool {
    guard let file = input.file else { return false }
    let outline = JSONOutline(file)
    guard outline.rootKind == .object, outline.topLevelCount == 1 else { return false }
    if outline.has("messages", .array) {
      if let type = outline.firstString("messages/*/type") {
        return TelegramFormat.messageTypes.contains(type)
          && (outline.has("messages/*/date") || outline.has("messages/*/date_unixtime"))
      }
      // A chat without messages: judge by the chat's own keys.
      return outline.firstString("type").map(TelegramFormat.chatTypes.contains) == true
        && outline.has("id", .number)
    }
    if outline.has("personal_information", .object) || outline.has("chats/list", .array) {
      return true
    }
    // A full export whose chats come after long contact or session lists.
    let sections = TelegramFormat.fullExportSections.filter {
      outline.has($0, .object) || outline.has($0, .array)
    }
    return outline.has("about", .string) && !sections.isEmpty
  }

  func parse(_ input: ImportInput, options: ImportOptions, warnings: inout [Diagnostic])
    throws -> Transcript
  {
    let export = try Export(input)
    let chat = try export.chat(named: options.chat, noting: options.chatChoice)
    var reader = ChatReader(
      file: export.file, chat: chat, deferredMessages: export.isFull ? nil : export.deferredMessages,
      ownerID: export.ownerID, ownerName: export.ownerName, media: MediaLocator(besideFile: export.file.path))
    var transcript = try reader.read(warnings: &warnings)
    giveOwnerPicture(of: export, to: &transcript)
    return transcript
  }

  /// A full export's owner ("me") drawn with their latest profile picture, which it holds
  /// in `profile_pictures/`; no one else's picture is exported.
  private func giveOwnerPicture(of export: Export, to transcript: inout Transcript) {
    guard let path = export.ownerPicture, let ownerID = export.ownerID,
      let index = transcript.participants.firstIndex(where: { $0.id == ownerID })
    else { return }
    transcript.participants[index].avatar =
      MediaLocator(besideFile: export.file.path).locate(path)?.source
      ?? .file(path: MediaPath.join(MediaPath.folder(of: export.file.path), path))
  }

  func listChats(_ input: ImportInput) throws -> [String]? {
    let export = try Export(input)
    guard export.isFull else { return nil }
    return try export.chats.map { try export.name(of: $0) }
  }

  // MARK: - Export

  /// The root of a `result.json`: one chat, or a full export holding several.
  private struct Export {
    let file: SourceFile
    let root: JSONValue
    /// The messages of a one-chat export, read after the rest (see `readJSON`).
    let deferredMessages: JSONReader.DeferredArray?
    let isFull: Bool
    let chats: [JSONValue]
    let chatsValue: JSONValue
    let ownerID: String?
    let ownerName: String?
    /// The owner's latest profile picture, relative to `result.json`.
    let ownerPicture: String?

    init(_ input: ImportInput) throws {
      let original = try input.singleFile("a Telegram 'result.json' file")
      if let first = original.bytes.firstIndex(where: { $0 > 0x20 }),
        original.bytes[first] == UInt8(ascii: "<")
      {
        throw DiagnosticError(
          Diagnostic(
            severity: .error, message: "this looks like Telegram's HTML export, not JSON",
            location: original.location(ofOffset: first),
            notes: ["export the chat again choosing 'Machine-readable JSON'"]))
      }
      let (file, root, deferredMessages) = try TelegramFormat.readJSON(original)
      self.file = file
      self.root = root
      self.deferredMessages = deferredMessages
      guard root.members != nil else {
        throw file.error(
          "expected a Telegram export (an object with 'messages' or 'chats'), found \(root.typeName)",
          at: root)
      }
      if root["messages"] != nil {
        isFull = false
        chats = [root]
        chatsValue = root
        ownerID = nil
        ownerName = nil
        ownerPicture = nil
        return
      }
      let sections = TelegramFormat.fullExportSections
      guard sections.contains(where: { root[$0] != nil }) else {
        throw file.error(
          "expected a Telegram export (an object with 'messages' or 'chats')", at: root)
      }
      isFull = true
      var lists: [JSONValue] = []
      var firstList: JSONValue?
      for section in ["chats", "left_chats"] {
        guard let value = try file.objectMember(section, in: root) else { continue }
        let list = try file.array("list", in: value, required: false) ?? []
        if firstList == nil { firstList = value["list"] ?? value }
        lists.append(contentsOf: list)
      }
      chats = lists
      chatsValue = firstList ?? root
      if let personal = try file.objectMember("personal_information", in: root) {
        ownerID = try file.id("user_id", in: personal).map { "user" + $0 }
        let parts = [
          try file.string("first_name", in: personal, required: false),
          try file.string("last_name", in: personal, required: false),
        ].compactMap { $0 }.filter { !$0.isEmpty }
        ownerName = parts.isEmpty ? nil : parts.joined(separator: " ")
      } else {
        ownerID = nil
        ownerName = nil
      }
      ownerPicture = try Self.latestPicture(in: root, file: file)
    }

    /// The `photo` of the latest `profile_pictures` entry (by `date`) that the export saved
    /// (a relative path; not "(File not included…)" or an address).
    static func latestPicture(in root: JSONValue, file: SourceFile) throws -> String? {
      var latest: (date: String, path: String)?
      for entry in try file.array("profile_pictures", in: root, required: false) ?? [] where entry.members != nil {
        guard let path = try file.string("photo", in: entry, required: false), !path.isEmpty,
          !path.hasPrefix("("), !path.contains("://")
        else { continue }
        let date = try file.string("date", in: entry, required: false) ?? ""
        if latest.map({ date > $0.date }) ?? true { latest = (date, path) }
      }
      return latest?.path
    }

    /// The chat `wanted` names, or the only one.
    func chat(named wanted: String?, noting choice: ChatChoice) throws -> JSONValue {
      guard isFull else { return root }
      var candidates: [ExportChatPicker.Candidate] = []
      for chat in chats {
        guard chat.members != nil else {
          throw file.error("expected an object for a chat, found \(chat.typeName)", at: chat)
        }
        let type = try file.string("type", in: chat, required: false) ?? "chat"
        let count = chat["messages"]?.arrayValue?.count ?? 0
        candidates.append(
          ExportChatPicker.Candidate(
            name: try name(of: chat), id: try file.id("id", in: chat),
            detail: "\(type.replacingOccurrences(of: "_", with: " ")), \(count) message"
              + (count == 1 ? "" : "s")))
      }
      let picker = ExportChatPicker(noun: "chat", candidates: candidates)
      return chats[try picker.pick(wanted, location: file.location(ofOffset: chatsValue.offset), noting: choice)]
    }

    /// The chat's name, or what Telegram calls the nameless ones.
    func name(of chat: JSONValue) throws -> String {
      if let name = try file.string("name", in: chat, required: false), !name.isEmpty {
        return name
      }
      switch try file.string("type", in: chat, required: false) {
      case "saved_messages": return "Saved Messages"
      case "replies": return "Replies"
      case "personal_chat", "bot_chat": return "Deleted Account"
      default: return "Chat \(try file.id("id", in: chat) ?? "")"
      }
    }
  }

  /// Parses `file`, first repairing the `\xNN` escapes Telegram writes for control characters
  /// when a strict parse fails (docs/FORMATS.md, "Telegram"). The repair lengthens only the
  /// lines holding such escapes, so other locations stay exact. A one-chat export's messages
  /// are deferred: read one at a time after the rest, a long chat's whole tree never stands in
  /// memory.
  static func readJSON(_ file: SourceFile) throws -> (
    SourceFile, JSONValue, deferredMessages: JSONReader.DeferredArray?
  ) {
    do {
      let (root, deferred) = try JSONReader.parse(file, deferring: "messages")
      return (file, root, deferred)
    } catch let error as DiagnosticError {
      guard let repaired = repairHexEscapes(file.bytes) else { throw error }
      let fixed = try SourceFile(path: file.path, bytes: repaired)
      let (root, deferred) = try JSONReader.parse(fixed, deferring: "messages")
      return (fixed, root, deferred)
    }
  }

  /// `bytes` with each `\xNN` escape inside a string turned into `\u00NN`, or nil when there
  /// is none.
  static func repairHexEscapes(_ bytes: [UInt8]) -> [UInt8]? {
    func isHex(_ byte: UInt8) -> Bool {
      (0x30...0x39).contains(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)
    }
    var output: [UInt8] = []
    var copied = 0
    var inString = false
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if !inString {
        if byte == UInt8(ascii: "\"") { inString = true }
        index += 1
        continue
      }
      if byte == UInt8(ascii: "\"") {
        inString = false
      } else if byte == UInt8(ascii: "\\"), index + 1 < bytes.count {
        if bytes[index + 1] == UInt8(ascii: "x"), index + 3 < bytes.count, isHex(bytes[index + 2]),
          isHex(bytes[index + 3])
        {
          if output.isEmpty { output.reserveCapacity(bytes.count + 16) }
          output.append(contentsOf: bytes[copied..<index])
          output.append(contentsOf: Array("\\u00".utf8))
          output.append(contentsOf: bytes[(index + 2)...(index + 3)])
          index += 4
          copied = index
          continue
        }
        index += 2
        continue
      }
      index += 1
    }
    guard copied > 0 else { return nil }
    output.append(contentsOf: bytes[copied...])
    return output
  }

  // MARK: - One chat

  private struct ChatReader {
    let file: SourceFile
    let chat: JSONValue
    /// The chat's messages when the reading deferred them (a one-chat export).
    let deferredMessages: JSONReader.DeferredArray?
    let ownerID: String?
    let ownerName: String?
    var participants: [Participant] = []
    var participantIndex: [String: Int] = [:]
    var skippedTypes = UnknownKindTally()
    var missingMedia = MissingMedia()
    var clockDisagreements = ClockDisagreements()
    /// Warnings about values left out while reading messages (a recording's absurd length).
    var readingWarnings: [Diagnostic] = []
    var locator: ForwardLocator
    /// The export's folder: `photos/`, `files/`, `stickers/`… beside result.json.
    let media: MediaLocator

    init(
      file: SourceFile, chat: JSONValue, deferredMessages: JSONReader.DeferredArray?, ownerID: String?,
      ownerName: String?, media: MediaLocator
    ) {
      self.file = file
      self.media = media
      self.locator = ForwardLocator(file)
      self.chat = chat
      self.deferredMessages = deferredMessages
      self.ownerID = ownerID
      self.ownerName = ownerName
    }

    mutating func read(warnings: inout [Diagnostic]) throws -> Transcript {
      let chatType = try file.string("type", in: chat, required: false) ?? ""
      let chatID = try file.id("id", in: chat)
      let chatName = try file.string("name", in: chat, required: false)
      let entries = try file.array("messages", in: chat) ?? []
      var messages: [Message] = []
      messages.reserveCapacity(deferredMessages?.count ?? entries.count)
      try JSONReader.forEachElement(of: deferredMessages, else: entries, in: file) { entry in
        if let message = try message(entry, chatID: chatID, chatName: chatName) {
          messages.append(message)
        }
      }
      if let warning = skippedTypes.warning("unsupported type", { "skipped " + $0 }) {
        warnings.append(warning)
      }
      if let warning = missingMedia.warning { warnings.append(warning) }
      if let warning = clockDisagreements.warning { warnings.append(warning) }
      warnings += readingWarnings

      var meID = ownerID
      let isSaved = chatType == "saved_messages"
      if isSaved {
        meID = meID ?? chatID.map { "user" + $0 }
        if let meID { attributeEverything(to: meID, in: &messages) }
      }
      if ["personal_chat", "bot_chat"].contains(chatType), let chatID {
        let otherID = "user" + chatID
        if let index = participantIndex[otherID], chatType == "bot_chat" {
          participants[index].isBot = true
        }
        if meID == nil {
          meID = messages.lazy.filter { $0.kind == .message }.compactMap(\.authorID)
            .first { $0 != otherID }
        }
      }
      if let meID, participantIndex[meID] == nil {
        register(meID, name: ownerName)
        if ownerName == nil, let index = participantIndex[meID] {
          participants[index] = Participant(id: meID, word: .me)
        }
      }
      var transcript = Transcript(title: chatName, participants: participants, meID: meID, messages: messages)
      if chatName == nil, isSaved { transcript.name(by: Phrase(.savedMessages)) }
      return transcript
    }

    /// Saved Messages are the owner's notes, but an entry forwarded from someone else
    /// (`forwarded_from`) is drawn as that person's, received; another sender becomes the
    /// forward's source.
    mutating func attributeEverything(to meID: String, in messages: inout [Message]) {
      for index in messages.indices where messages[index].kind == .message {
        if let source = messages[index].extras.forwardedFrom, !source.isEmpty {
          messages[index].authorID = participantID(named: source)
          messages[index].extras.forwardedFrom = nil
          continue
        }
        guard let author = messages[index].authorID, author != meID else { continue }
        if messages[index].extras.forwardedFrom == nil {
          messages[index].extras.forwardedFrom = participantIndex[author].map {
            participants[$0].name
          }
        }
        messages[index].authorID = meID
      }
      let speakers = Set(messages.compactMap(\.authorID))
      participants.removeAll { !speakers.contains($0.id) && $0.id != meID }
      participantIndex = Dictionary(
        uniqueKeysWithValues: participants.enumerated().map { ($1.id, $0) })
    }

    /// The participant called `name`, registered by name when the chat has none.
    mutating func participantID(named name: String) -> String {
      if let known = participants.first(where: { $0.name == name }) { return known.id }
      register("name:" + name, name: name)
      return "name:" + name
    }

    mutating func register(_ id: String, name: String?) {
      if let index = participantIndex[id] {
        if participants[index].namePhrase != nil, let name {
          participants[index].name = name
          participants[index].namePhrase = nil
        }
        return
      }
      participantIndex[id] = participants.count
      var participant = Participant(id: id, name: name ?? TelegramFormat.deletedAccount)
      if name == nil { participant.namePhrase = Phrase(.deletedAccount) }
      participants.append(participant)
    }

    mutating func message(_ entry: JSONValue, chatID: String?, chatName: String?) throws
      -> Message?
    {
      guard entry.members != nil else {
        throw file.error("expected an object for a message, found \(entry.typeName)", at: entry)
      }
      let type = try file.string("type", in: entry) ?? ""
      let location = locator.location(ofOffset: entry.offset)
      switch type {
      case "message":
        return try ordinaryMessage(entry, location: location, chatID: chatID, chatName: chatName)
      case "service":
        return try serviceMessage(entry, location: location)
      default:
        skippedTypes.note(type, at: location)
        return nil
      }
    }

    /// The message's time: `date_unixtime`, unless it disagrees with `date` (edited files
    /// hold `"0"` or another stale number), when `date`, with its zone if it has one, is
    /// trusted and the disagreement counted for a warning.
    mutating func time(of entry: JSONValue, at location: SourceLocation) throws -> MessageTime? {
      let unixTime = try self.unixTime(of: entry)
      guard let date = try file.string("date", in: entry, required: false) else { return unixTime }
      guard let dateTime = ISO8601.parse(date) else {
        if unixTime != nil { return unixTime }
        throw file.error(
          "invalid date '\(date)' (expected such as 2024-03-14T18:02:11)",
          at: entry["date"] ?? entry)
      }
      guard let unixTime else { return dateTime }
      if TelegramFormat.agree(unixTime, dateTime) { return unixTime }
      clockDisagreements.note(at: location)
      return dateTime
    }

    func unixTime(of entry: JSONValue) throws -> MessageTime? {
      if let unix = entry["date_unixtime"], !unix.isNull {
        let seconds =
          unix.stringValue.flatMap { text in
            text.allSatisfy(\.isASCII) && text.allSatisfy(\.isNumber) ? Double(text) : nil
          } ?? unix.numberValue
        guard let seconds else {
          throw file.error(
            "expected epoch seconds for 'date_unixtime' (such as \"1710435731\"), found "
              + (unix.stringValue.map { "'\($0)'" } ?? unix.typeName), at: unix)
        }
        guard let time = MessageTime.epochSeconds(seconds) else {
          throw file.error("'date_unixtime' is out of range", at: unix)
        }
        return time
      }
      return nil
    }

    mutating func ordinaryMessage(
      _ entry: JSONValue, location: SourceLocation, chatID: String?, chatName: String?
    ) throws -> Message {
      let fromID = try peerID("from_id", in: entry)
      let fromName = try file.string("from", in: entry, required: false)
      let authorID: String
      if let fromID {
        authorID = fromID
        register(fromID, name: fromName)
      } else if let fromName {
        authorID = "name:" + fromName
        register(authorID, name: fromName)
      } else {
        // A channel post without a signature comes from the chat itself.
        authorID = "chat" + (chatID ?? "")
        register(authorID, name: chatName ?? "Channel")
      }
      var text = try styledText(of: entry)
      var extras = MessageExtras(spans: text.spans)
      extras.attachments = try attachments(of: entry)
      for attachment in extras.attachments
      where attachment.source == nil && !attachment.isOmitted && attachment.kind != .location {
        if let name = attachment.fileName { missingMedia.note(name, at: location) }
      }
      let stickerShown = extras.attachments.contains { $0.kind == .sticker && $0.source != nil }
      if text.text.isEmpty, !stickerShown {
        if let poll = try TelegramFormat.poll(of: entry, file: file) {
          text.append(poll.english)
          extras.phrase = poll
        } else {
          text.append(try TelegramFormat.mediaText(of: entry, file: file) ?? "")
        }
      }
      if entry["reply_to_peer_id"] == nil {
        extras.replyTo = try file.id("reply_to_message_id", in: entry)
      }
      extras.isEdited = entry["edited"] != nil || entry["edited_unixtime"] != nil
      if let forwarded = entry["forwarded_from"] {
        guard forwarded.isNull || forwarded.stringValue != nil else {
          throw file.error(
            "expected a string for 'forwarded_from', found \(forwarded.typeName)", at: forwarded)
        }
        // Null when the sender hid their account: forwarded, source unknown.
        extras.forwardedFrom = forwarded.stringValue ?? ""
      } else {
        extras.forwardedFrom = try file.string("saved_from", in: entry, required: false)
      }
      extras.reactions = try reactions(of: entry)
      return Message(
        id: try file.id("id", in: entry), authorID: authorID, time: try time(of: entry, at: location),
        text: text.text, kind: .message, location: location, extras: extras)
    }

    /// A sender's id: `"user123"` as Telegram writes it now, or a bare number (older
    /// exports and tools that write the format), which names a user.
    func peerID(_ key: String, in entry: JSONValue) throws -> String? {
      guard let id = try file.id(key, in: entry) else { return nil }
      return entry[key]?.numberValue != nil ? "user" + id : id
    }

    mutating func serviceMessage(_ entry: JSONValue, location: SourceLocation) throws -> Message {
      let actorID = try peerID("actor_id", in: entry)
      let actorName = try file.string("actor", in: entry, required: false)
      if let actorID { register(actorID, name: actorName) }
      let action = try file.string("action", in: entry, required: false)
      let phrase = TelegramServiceText.phrase(
        action: action, actor: actorName.map { .text($0) } ?? .phrase(Phrase(.deletedAccount)), entry: entry)
      let text = phrase?.english ?? entry["information_text"]?.stringValue ?? ""
      var extras = MessageExtras()
      extras.phrase = phrase
      if action == "pin_message" { extras.replyTo = try file.id("message_id", in: entry) }
      // A call is a message of its caller, drawn as a call chip.
      extras.call = actorID == nil ? nil : TelegramServiceText.call(action: action, entry: entry)
      if extras.call != nil { extras.phrase = nil }
      return Message(
        id: try file.id("id", in: entry), authorID: actorID, time: try time(of: entry, at: location),
        text: extras.call == nil ? text : "", kind: extras.call == nil ? .system : .message, location: location,
        extras: extras)
    }

    /// The text, from `text_entities` when present (newer exports), else from `text`: a string
    /// or an array of strings and `{type, text}` runs.
    func styledText(of entry: JSONValue) throws -> StyledTextBuilder {
      var builder = StyledTextBuilder()
      if let entities = entry["text_entities"], !entities.isNull {
        guard let list = entities.arrayValue else {
          throw file.error(
            "expected an array for 'text_entities', found \(entities.typeName)", at: entities)
        }
        for entity in list {
          guard entity.members != nil else {
            throw file.error(
              "expected an object in 'text_entities', found \(entity.typeName)", at: entity)
          }
          try appendEntity(entity, to: &builder)
        }
        return builder
      }
      guard let text = entry["text"], !text.isNull else { return builder }
      switch text.kind {
      case .string(let plain):
        builder.append(plain)
      case .array(let runs):
        for run in runs {
          if let plain = run.stringValue {
            builder.append(plain)
          } else if run.members != nil {
            try appendEntity(run, to: &builder)
          } else {
            throw file.error(
              "expected a string or an object in 'text', found \(run.typeName)", at: run)
          }
        }
      default:
        throw file.error(
          "expected a string or an array for 'text', found \(text.typeName)", at: text)
      }
      return builder
    }

    func appendEntity(_ entity: JSONValue, to builder: inout StyledTextBuilder) throws {
      let type = try file.string("type", in: entity, required: false) ?? "plain"
      let text = try file.string("text", in: entity) ?? ""
      let style: TextSpan.Style?
      switch type {
      case "bold": style = .bold
      case "italic": style = .italic
      case "underline": style = .underline
      case "strikethrough": style = .strikethrough
      case "spoiler": style = .spoiler
      case "code": style = .code
      case "pre":
        let language = try file.string("language", in: entity, required: false) ?? ""
        style = .codeBlock(language: language.isEmpty ? nil : language)
      case "blockquote": style = .quote
      case "link": style = .link(text)
      case "text_link": style = .link(try file.string("href", in: entity, required: false) ?? text)
      case "email": style = .link("mailto:" + text)
      case "mention": style = .mention(text)
      case "mention_name":
        style = .mention(try file.id("user_id", in: entity).map { "user" + $0 } ?? text)
      default: style = nil  // plain, hashtag, phone, custom_emoji…: the text is enough
      }
      builder.append(text, style: style)
    }

    mutating func attachments(of entry: JSONValue) throws -> [Attachment] {
      var attachments: [Attachment] = []
      if let photo = try file.string("photo", in: entry, required: false) {
        var attachment = Attachment(kind: .image)
        attachment.byteCount = try file.number("photo_file_size", in: entry)?.saturatingInt
        try place(photo, into: &attachment)
        attachments.append(attachment)
      }
      if let path = try file.string("file", in: entry, required: false) {
        let mime = try file.string("mime_type", in: entry, required: false)
        let kind: Attachment.Kind
        switch try file.string("media_type", in: entry, required: false) {
        case "sticker": kind = .sticker
        case "voice_message", "audio_file": kind = .audio
        case "video_message", "video_file", "animation": kind = .video
        default: kind = mime.map(Attachment.Kind.init(mimeType:)) ?? .file
        }
        var attachment = Attachment(kind: kind, mimeType: mime)
        attachment.byteCount = try file.number("file_size", in: entry)?.saturatingInt
        attachment.duration = try file.recordingLength(
          "duration_seconds", in: entry, path: "messages[].duration_seconds", warnings: &readingWarnings)
        try place(path, into: &attachment)
        if let name = try file.string("file_name", in: entry, required: false), !name.isEmpty {
          attachment.fileName = name
        }
        attachments.append(attachment)
      }
      if let place = entry["location_information"] {
        var attachment = Attachment(kind: .location)
        if place.members != nil, let latitude = try file.number("latitude", in: place),
          let longitude = try file.number("longitude", in: place)
        {
          attachment.fileName = "geo:\(latitude),\(longitude)"
          attachment.detail = "\(latitude), \(longitude)"
        }
        if let venue = try file.string("place_name", in: entry, required: false) {
          attachment.title = venue
          attachment.detail = try file.string("address", in: entry, required: false) ?? attachment.detail
        }
        attachments.append(attachment)
      }
      if let contact = try file.objectMember("contact_information", in: entry) {
        var attachment = Attachment(kind: .contact)
        let name = [
          try file.string("first_name", in: contact, required: false),
          try file.string("last_name", in: contact, required: false),
        ].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " ")
        attachment.title = name.isEmpty ? nil : name
        attachment.detail = try file.id("phone_number", in: contact)
        if let card = try file.string("contact_vcard", in: entry, required: false) {
          try place(card, into: &attachment)
        }
        attachments.append(attachment)
      }
      return attachments
    }

    /// The file at `path` beside result.json, or a skip notice ("File not included…"):
    /// omitted media.
    func place(_ path: String, into attachment: inout Attachment) throws {
      guard let relative = TelegramFormat.mediaPath(path) else {
        attachment.isOmitted = true
        return
      }
      attachment.fileName = String(relative.split(separator: "/").last ?? Substring(relative))
      media.resolve(&attachment, at: relative)
    }

    func reactions(of entry: JSONValue) throws -> [Reaction] {
      guard let list = try file.array("reactions", in: entry, required: false) else { return [] }
      return try list.map { item in
        guard item.members != nil else {
          throw file.error("expected an object for a reaction, found \(item.typeName)", at: item)
        }
        let type = try file.string("type", in: item, required: false) ?? "emoji"
        let emoji =
          try file.string("emoji", in: item, required: false)
          ?? (type == "paid" ? "⭐" : type)
        let count = (try file.number("count", in: item) ?? 1).saturatingInt
        let recent = try file.array("recent", in: item, required: false) ?? []
        let by = try recent.compactMap { try peerID("from_id", in: $0) }
        return Reaction(emoji: emoji, count: count, by: by)
      }
    }
  }

  /// Whether an instant (`date_unixtime`) and `date` name the same moment: the same instant
  /// when `date` has a zone, else a wall clock within the zones of the world (UTC−12…+14)
  /// of it.
  static func agree(_ unix: MessageTime, _ date: MessageTime) -> Bool {
    guard case .instant(let instant) = unix else { return true }
    switch date {
    case .instant(let other): return abs(instant.timeIntervalSince(other)) < 1
    case .wallClock(let local):
      guard let asUTC = ISO8601.parse(ISO8601.format(.wallClock(local)) + "Z"),
        case .instant(let wall) = asUTC
      else { return true }
      return (-12 * 3600...14 * 3600).contains(wall.timeIntervalSince(instant))
    }
  }

  /// The messages whose `date_unixtime` and `date` disagree: one warning for them all.
  struct ClockDisagreements {
    private(set) var count = 0
    private var first: SourceLocation?

    mutating func note(at location: SourceLocation) {
      count += 1
      if first == nil { first = location }
    }

    var warning: Diagnostic? {
      guard count > 0 else { return nil }
      var warning = Diagnostic.warning(
        "\(count) message\(count == 1 ? "'s" : "s'") 'date_unixtime' disagree\(count == 1 ? "s" : "") with 'date'; "
          + "'date' is used", at: first)
      warning.notes = ["an edited export can hold a stale 'date_unixtime' (such as \"0\", 1 January 1970)"]
      return warning
    }
  }

  /// What Telegram shows for a sender whose account was deleted (`from: null`).
  static let deletedAccount = "Deleted Account"

  /// The path of a media file, or nil for the notices written instead of files that were not
  /// downloaded ("(File not included. Change data exporting settings to download.)").
  static func mediaPath(_ value: String) -> String? {
    value.hasPrefix("(") && value.hasSuffix(")") || value.isEmpty ? nil : value
  }

  /// Text standing in for media that have no caption: a sticker's emoji; nil for other
  /// messages (a contact's and a venue's names are on their attachment, a poll is `poll`).
  static func mediaText(of entry: JSONValue, file: SourceFile) throws -> String? {
    guard try file.string("media_type", in: entry, required: false) == "sticker" else { return nil }
    return try file.string("sticker_emoji", in: entry, required: false)
  }

  /// The poll an entry holds, as a sentence of ours; nil for other entries.
  static func poll(of entry: JSONValue, file: SourceFile) throws -> Phrase? {
    guard let poll = try file.objectMember("poll", in: entry) else { return nil }
    let question = try file.string("question", in: poll, required: false)
    let answers = try (file.array("answers", in: poll, required: false) ?? []).map { answer in
      (
        text: try file.string("text", in: answer, required: false) ?? "",
        voters: (try file.number("voters", in: answer) ?? 0).saturatingInt
      )
    }
    return self.poll(question: question, answers: answers)
  }

  /// A poll: the question, then "• answer (N votes)" lines, in the reader's language (the
  /// JSON and HTML readers alike).
  static func poll(question: String?, answers: [(text: String, voters: Int)]) -> Phrase {
    let lines = answers.map { answer in
      Phrase.Value.phrase(
        Phrase(.pollAnswer, ["answer": .text(answer.text), "votes": .count(.votes, answer.voters)]))
    }
    let asked = question.flatMap { $0.isEmpty ? nil : Phrase.Value.text($0) } ?? .phrase(Phrase(.poll))
    return Phrase(.pollMessage, ["question": asked, "answers": .lines(lines)])
  }
}
