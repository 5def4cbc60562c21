import Foundation

/// A channel exported as JSON by DiscordChatExporter (docs/FORMATS.md, "Discord").
///
/// Authors are named by their server nickname (or display name), bots are marked, joins, pins,
/// calls and the like become system notices. The content stays as DiscordChatExporter wrote
/// it: mentions already resolved to `@Name`, Discord markdown kept as typed (plain text).
/// Times are instants. Nobody is "me" except in a direct message, where the channel is named
/// after the other person.
struct DiscordFormat: TranscriptFormat, FileRecognizing {
  init() {}

  var name: String { "discord" }
  var accepts: String { ".json" }
  var fileExtensions: Set<String> { ["json"] }
  var summary: String { "Discord channel saved by DiscordChatExporter with export format JSON (one channel)" }

  /// Message types that are notices, with the sentence of ours used when `content` is empty.
  static let systemTypes: [String: Word] = [
    "RecipientAdd": .noticeAddedSomeone,
    "RecipientRemove": .noticeLeft,
    "Call": .noticeCallStarted,
    "ChannelNameChange": .noticeNameChanged,
    "ChannelIconChange": .noticePhotoChanged,
    "ChannelPinnedMessage": .noticePinned,
    "GuildMemberJoin": .noticeJoined,
    "ThreadCreated": .noticeThreadStarted,
  ]
  /// Types drawn as ordinary messages: names, and numbers for the types the exporter has no
  /// name for (19 reply, 20 slash command, 23 context menu command).
  static let messageTypes: Set<String> = ["Default", "Reply", "0", "19", "20", "23"]

  func detect(_ input: ImportInput) -> Bool {
    guard let file = input.file else { return false }
    let outline = JSONOutline(file)
    return outline.rootKind == .object && outline.topLevelCount == 1
      && outline.has("guild", .object) && outline.has("channel", .object)
      && outline.has("messages", .array)
  }

  func parse(_ input: ImportInput, options: ImportOptions, warnings: inout [Diagnostic])
    throws -> Transcript
  {
    let file = try input.singleFile("a DiscordChatExporter JSON file")
    // The messages are read one at a time after the rest (a long channel's whole tree would
    // take many times the memory of its transcript).
    let (root, deferredMessages) = try JSONReader.parse(file, deferring: "messages")
    guard root.members != nil, root["messages"] != nil else {
      throw file.error(
        "expected a DiscordChatExporter export (an object with 'guild', 'channel' and 'messages')",
        at: root)
    }
    var reader = Reader(file: file, media: MediaLocator(besideFile: file.path))
    return try reader.read(root, deferredMessages: deferredMessages, warnings: &warnings)
  }

  private struct Reader {
    let file: SourceFile
    var participants: [Participant] = []
    var participantIndex: [String: Int] = [:]
    var unknownTypes = UnknownKindTally()
    /// Warnings about voice messages' lengths, handed on after the messages.
    var lengthWarnings: [Diagnostic] = []
    var locator: ForwardLocator
    /// The export's folder, where `…_Files/` holds downloaded media.
    let media: MediaLocator

    init(file: SourceFile, media: MediaLocator) {
      self.file = file
      self.locator = ForwardLocator(file)
      self.media = media
    }

    mutating func read(
      _ root: JSONValue, deferredMessages: JSONReader.DeferredArray?, warnings: inout [Diagnostic]
    ) throws -> Transcript {
      var title: String?
      var channelType: String?
      if let channel = try file.objectMember("channel", in: root) {
        channelType = try file.string("type", in: channel, required: false)
        if let name = try file.string("name", in: channel, required: false) {
          title = channelType?.hasPrefix("Direct") == true ? name : "#" + name
        }
      }
      let entries = try file.array("messages", in: root) ?? []
      var messages: [Message] = []
      messages.reserveCapacity(deferredMessages?.count ?? entries.count)
      try JSONReader.forEachElement(of: deferredMessages, else: entries, in: file) {
        messages.append(try message($0))
      }
      let shown = unknownTypes.warning("unknown type") { $0 + " shown as ordinary messages" }
      if let warning = shown { warnings.append(warning) }
      warnings += lengthWarnings
      var meID: String?
      if channelType == "DirectTextChat", let other = title {
        // The channel of a direct message is named after the other person.
        let candidates = participants.filter {
          !$0.isBot && Importer.normalizedName($0.name) != Importer.normalizedName(other)
        }
        if candidates.count == 1, candidates.count < participants.count {
          meID = candidates[0].id
        }
      }
      return Transcript(title: title, participants: participants, meID: meID, messages: messages)
    }

    mutating func message(_ entry: JSONValue) throws -> Message {
      guard entry.members != nil else {
        throw file.error("expected an object for a message, found \(entry.typeName)", at: entry)
      }
      let location = locator.location(ofOffset: entry.offset)
      let type = try file.string("type", in: entry, required: false) ?? "Default"
      guard let author = try file.objectMember("author", in: entry) else {
        throw file.error("missing key 'author'", at: entry)
      }
      let (authorID, authorName) = try register(author)
      let content = try file.string("content", in: entry, required: false) ?? ""
      guard let stamp = entry["timestamp"], let stampText = stamp.stringValue else {
        throw file.error(
          entry["timestamp"].map { "expected a string for 'timestamp', found \($0.typeName)" }
            ?? "missing key 'timestamp'", at: entry["timestamp"] ?? entry)
      }
      guard let time = ISO8601.parse(stampText) else {
        throw file.error(
          "invalid timestamp '\(stampText)' (expected ISO 8601 such as 2024-03-09T19:41:30+01:00)",
          at: stamp)
      }
      var extras = MessageExtras()
      let reference = try file.objectMember("reference", in: entry)
      let referencedID = try reference.flatMap { try file.id("messageId", in: $0) }
      if let word = DiscordFormat.systemTypes[type] {
        if type == "ChannelPinnedMessage" { extras.replyTo = referencedID }
        let said = content.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
        if said { extras.phrase = Phrase(word, ["actor": .text(authorName)]) }
        return Message(
          id: try file.id("id", in: entry), authorID: authorID, time: time,
          text: extras.phrase?.english ?? DiscordFormat.notice(actor: authorName, content: content),
          kind: .system, location: location, extras: extras)
      }
      if !DiscordFormat.messageTypes.contains(type) {
        unknownTypes.note(type, at: location)
      }
      var text = content
      if let reference, try file.string("type", in: reference, required: false) == "Forward" {
        extras.forwardedFrom = ""  // forwarded; the export does not say from whom
        if let forwarded = try file.objectMember("forwardedMessage", in: entry) {
          if text.isEmpty {
            text = try file.string("content", in: forwarded, required: false) ?? ""
          }
          extras.attachments += try attachments(of: forwarded)
        }
      } else {
        extras.replyTo = referencedID
      }
      extras.attachments = try attachments(of: entry) + extras.attachments + embedPictures(of: entry)
      extras.linkPreviews = try linkPreviews(of: entry)
      extras.reactions = try reactions(of: entry)
      if let edited = entry["timestampEdited"], !edited.isNull { extras.isEdited = true }
      (text, extras.spans) = DiscordMarkdown(mentionedNames: try mentionedNames(in: entry)).read(text)
      return Message(
        id: try file.id("id", in: entry), authorID: authorID, time: time, text: text,
        kind: .message, location: location, extras: extras)
    }

    /// The names each user the message mentions goes by (nickname first), by id.
    func mentionedNames(in entry: JSONValue) throws -> [String: [String]] {
      var names: [String: [String]] = [:]
      for user in try file.array("mentions", in: entry, required: false) ?? [] {
        guard let id = try file.id("id", in: user) else { continue }
        let nickname = try file.string("nickname", in: user, required: false)
        let name = try file.string("name", in: user, required: false)
        names[id] = [nickname, name].compactMap { $0 }.filter { !$0.isEmpty }
      }
      return names
    }

    /// Adds the author once and returns their id and name.
    mutating func register(_ author: JSONValue) throws -> (String, String) {
      let id = try file.id("id", in: author, required: true) ?? ""
      if let index = participantIndex[id] { return (id, participants[index].name) }
      let username = try file.string("name", in: author, required: false)
      let nickname = try file.string("nickname", in: author, required: false)
      let name = [nickname, username].compactMap { $0 }.first { !$0.isEmpty } ?? id
      let isBot = try file.flag("isBot", in: author) ?? false
      participantIndex[id] = participants.count
      let handles = [username].compactMap { $0 }.filter { !$0.isEmpty && $0 != name }
      var participant = Participant(id: id, name: name, isBot: isBot, handles: handles)
      participant.avatar = try avatar(of: author)
      participants.append(participant)
      return (id, name)
    }

    /// `avatarUrl` when the export downloaded it (`--media` writes a relative path into
    /// `…_Files/`); an address on the web stays initials: nothing is fetched.
    func avatar(of author: JSONValue) throws -> AttachmentSource? {
      guard let url = try file.string("avatarUrl", in: author, required: false), !url.isEmpty, !url.contains("://")
      else { return nil }
      return media.locate(url)?.source ?? .file(path: MediaPath.join(MediaPath.folder(of: file.path), url))
    }

    mutating func attachments(of entry: JSONValue) throws -> [Attachment] {
      var result: [Attachment] = []
      for item in try file.array("attachments", in: entry, required: false) ?? [] {
        guard item.members != nil else {
          throw file.error("expected an object for an attachment, found \(item.typeName)", at: item)
        }
        let url = try file.string("url", in: item, required: false)
        let fileName = try file.string("fileName", in: item, required: false)
        var attachment = Attachment(
          kind: FileTypes.kind(ofFile: fileName ?? url ?? ""), fileName: fileName ?? url)
        attachment.byteCount = try file.number("fileSizeBytes", in: item)?.saturatingInt
        try readVoiceMessage(item, into: &attachment)
        // A relative url is the file downloaded beside the export (`--media`).
        if let url, !url.contains("://") {
          attachment.fileName = fileName ?? url
          attachment.source = .file(path: MediaPath.join(MediaPath.folder(of: file.path), url))
          media.resolve(&attachment, at: url)
        }
        result.append(attachment)
      }
      for item in try file.array("stickers", in: entry, required: false) ?? [] {
        result.append(try sticker(item))
      }
      return result
    }

    /// A voice message's length and waveform, where the export kept Discord's own fields
    /// (`duration_secs`; `waveform`, base64 of one byte a level, 0 to 255).
    mutating func readVoiceMessage(_ item: JSONValue, into attachment: inout Attachment) throws {
      if let seconds = try file.recordingLength(
        "duration_secs", in: item, path: "attachments.duration_secs", warnings: &lengthWarnings)
      {
        attachment.duration = seconds
      }
      guard let text = try file.string("waveform", in: item, required: false), !text.isEmpty else { return }
      guard let levels = Data(base64Encoded: text) else {
        throw file.error("expected base64 for 'waveform', one byte a level", at: item["waveform"] ?? item)
      }
      attachment.waveform = levels.map { Double($0) / 255 }
    }

    /// A sticker: drawn as its picture when the export downloaded it (`--media` writes a
    /// relative `sourceUrl` into `…_Files/`), named by its name, not its hashed file name.
    func sticker(_ item: JSONValue) throws -> Attachment {
      let url = try file.string("sourceUrl", in: item, required: false)
      let name = try file.string("name", in: item, required: false)
      var sticker = Attachment(kind: .sticker, fileName: name ?? url)
      if let url, !url.contains("://") {
        sticker.source = .file(path: MediaPath.join(MediaPath.folder(of: file.path), url))
        media.resolve(&sticker, at: url)
      }
      return sticker
    }

    /// The pictures of embeds (`images`, `image`, `thumbnail`) that the export downloaded.
    func embedPictures(of entry: JSONValue) throws -> [Attachment] {
      var pictures: [Attachment] = []
      for embed in try file.array("embeds", in: entry, required: false) ?? [] {
        var images = try file.array("images", in: embed, required: false) ?? []
        for key in ["image", "thumbnail"] {
          if let image = try file.objectMember(key, in: embed) { images.append(image) }
        }
        for image in images {
          guard let url = try file.string("url", in: image, required: false), !url.isEmpty, !url.contains("://")
          else { continue }
          var picture = Attachment(kind: .image, fileName: (url as NSString).lastPathComponent)
          picture.source = .file(path: MediaPath.join(MediaPath.folder(of: file.path), url))
          media.resolve(&picture, at: url)
          pictures.append(picture)
        }
      }
      return pictures
    }

    /// Embeds as the cards Discord draws: a link's preview, or a bot's card with its colour
    /// bar, author, title, description, fields (inline ones side by side) and footer.
    func linkPreviews(of entry: JSONValue) throws -> [LinkPreview] {
      try (file.array("embeds", in: entry, required: false) ?? []).compactMap { embed in
        let author = try file.objectMember("author", in: embed)
        let footer = try file.objectMember("footer", in: embed)
        let fields = try (file.array("fields", in: embed, required: false) ?? []).map { field in
          LinkPreview.Field(
            title: plain(try file.string("name", in: field, required: false)) ?? "",
            value: plain(try file.string("value", in: field, required: false)) ?? "",
            isShort: try file.flag("isInline", in: field) ?? false)
        }
        let card = LinkPreview(
          url: try file.string("url", in: embed, required: false).flatMap { $0.isEmpty ? nil : $0 },
          title: plain(try file.string("title", in: embed, required: false)),
          description: plain(try file.string("description", in: embed, required: false)),
          siteName: try author.flatMap { try file.string("name", in: $0, required: false) },
          fields: fields, footer: try footer.flatMap { try file.string("text", in: $0, required: false) },
          color: try file.string("color", in: embed, required: false).flatMap(Color.init(parsing:)))
        return card.isEmpty ? nil : card
      }
    }

    /// A card's text as shown: Discord's Markdown markers taken out (a card draws no styles).
    func plain(_ text: String?) -> String? {
      guard let text, !text.isEmpty else { return nil }
      return DiscordMarkdown(mentionedNames: [:]).read(text).0
    }

    func reactions(of entry: JSONValue) throws -> [Reaction] {
      try (file.array("reactions", in: entry, required: false) ?? []).map { item in
        guard let emoji = try file.objectMember("emoji", in: item) else {
          throw file.error("missing key 'emoji'", at: item)
        }
        let name = try file.string("name", in: emoji, required: false) ?? "?"
        let isCustom = !(try file.id("id", in: emoji) ?? "").isEmpty
        let count = (try file.number("count", in: item) ?? 1).saturatingInt
        let users = try file.array("users", in: item, required: false) ?? []
        let by = try users.compactMap { try file.id("id", in: $0) }
        return Reaction(emoji: isCustom ? ":\(name):" : name, count: count, by: by)
      }
    }
  }

  /// "Lena joined the server": the exporter's English sentence ("Joined the server.") after
  /// the actor's name.
  static func notice(actor: String, content: String) -> String {
    var sentence = content.trimmingCharacters(in: .whitespacesAndNewlines)
    if sentence.hasSuffix("."), !sentence.hasSuffix("..") { sentence.removeLast() }
    let scalars = Array(sentence.unicodeScalars.prefix(2))
    if scalars.count == 2, CharacterSet.uppercaseLetters.contains(scalars[0]),
      CharacterSet.lowercaseLetters.contains(scalars[1])
    {
      sentence = sentence.prefix(1).lowercased() + sentence.dropFirst()
    }
    return "\(actor) \(sentence)"
  }
}
