import Foundation

/// Reads the day files of one Slack conversation into a transcript.
struct SlackChannelReader {
  let directory: SlackExport.Directory
  let channelNames: [String: String]
  var participants: [Participant] = []
  var participantIndex: [String: Int] = [:]
  var messages: [Message] = []
  /// Day files read so far, decoded once every author's name is known.
  var days: [(file: SourceFile, entries: [JSONValue])] = []
  /// Hidden records and records that are not messages.
  var skipped = 0
  /// Where the first of them is.
  var firstSkipped: SourceLocation?
  /// Names found in messages (`user_profile`, bot `username`), by author id.
  var messageNames: [String: String] = [:]
  /// Shared files downloaded into the export, when it holds them.
  var media: SlackMedia?
  /// Authors known only by a bot id (`B0JL6RASU`), which is no name to show.
  var bareBotIDs = Set<String>()

  /// What a bot no record names is called.
  static let unnamedBot = "Bot"

  init(directory: SlackExport.Directory, channelNames: [String: String]) {
    self.directory = directory
    self.channelNames = channelNames
  }

  /// display_name, else real_name, else name: from the message's `user_profile` first, then
  /// users.json (docs/FORMATS.md, "Slack").
  func name(of id: String) -> String {
    messageNames[id] ?? directory.users[id]?.bestName ?? id
  }

  /// The messages of every loaded day file, in order.
  mutating func transcript() throws -> Transcript {
    for (file, entries) in days {
      for entry in entries {
        if let message = try message(entry, file: file) { messages.append(message) }
      }
    }
    days = []
    var participants = participants
    for index in participants.indices {
      let id = participants[index].id
      let name = name(of: id)
      participants[index].name = name == id && bareBotIDs.contains(id) ? Self.unnamedBot : name
    }
    return Transcript(participants: participants, messages: messages)
  }

  var markup: SlackMarkup {
    let names = messageNames
    let directory = directory
    let channels = channelNames
    return SlackMarkup(
      userName: { names[$0] ?? directory.users[$0]?.bestName },
      channelName: { channels[$0] })
  }

  mutating func addParticipant(_ id: String, isBot: Bool) {
    if let index = participantIndex[id] {
      if isBot { participants[index].isBot = true }
      return
    }
    participantIndex[id] = participants.count
    participants.append(
      Participant(id: id, name: id, isBot: isBot || directory.users[id]?.isBot == true))
  }

  mutating func load(_ file: SourceFile) throws {
    let root = try JSONReader.parse(file)
    guard let entries = root.arrayValue else {
      throw file.error("expected an array of messages, found \(root.typeName)", at: root)
    }
    for entry in entries {
      guard entry.members != nil else {
        throw file.error("expected an object for a message, found \(entry.typeName)", at: entry)
      }
      try rememberName(entry, file: file)
    }
    days.append((file, entries))
  }

  /// Records the name a message gives its author, before any text is decoded.
  mutating func rememberName(_ entry: JSONValue, file: SourceFile) throws {
    if let user = entry["user"]?.stringValue, messageNames[user] == nil,
      let profile = entry["user_profile"], profile.members != nil
    {
      let fromDirectory = directory.users[user]
      let display = try nonEmpty("display_name", in: profile, file: file)
      let real = try nonEmpty("real_name", in: profile, file: file)
      let handle = try nonEmpty("name", in: profile, file: file)
      messageNames[user] =
        display ?? fromDirectory?.displayName ?? fromDirectory?.realName ?? real
        ?? fromDirectory?.handle ?? handle
    }
    if entry["user"] == nil || entry["subtype"]?.stringValue == "bot_message",
      let botID = entry["bot_id"]?.stringValue
    {
      let id = directory.userIDsByBotID[botID] ?? botID
      if messageNames[id] == nil, directory.users[id]?.bestName == nil {
        messageNames[id] =
          try nonEmpty("username", in: entry, file: file)
          ?? nonEmpty("name", in: entry["bot_profile"], file: file)
      }
    }
    if entry["subtype"]?.stringValue == "bot_add", let botID = entry["bot_id"]?.stringValue,
      messageNames[botID] == nil, let text = entry["text"]?.stringValue,
      let name = Self.integrationName(botID, in: text)
    {
      messageNames[botID] = name
    }
  }

  /// The name a `bot_add` notice gives the integration it added: the label of its link to
  /// the bot's page, `<https://team.slack.com/services/B0JL6RASU|github>`.
  static func integrationName(_ botID: String, in text: String) -> String? {
    guard let link = text.range(of: "/services/" + botID + "|") else { return nil }
    let label = text[link.upperBound...].prefix { $0 != ">" }
    return label.isEmpty ? nil : SlackMarkup.decodeEntities(String(label))
  }

  func nonEmpty(_ key: String, in object: JSONValue?, file: SourceFile) throws -> String? {
    guard let object, object.members != nil else { return nil }
    let text = try file.string(key, in: object, required: false)
    return text?.isEmpty == false ? text : nil
  }

  /// Subtypes that are said by someone and drawn as bubbles.
  static let spokenSubtypes: Set<String> = [
    "bot_message", "me_message", "thread_broadcast", "reply_broadcast", "file_share",
    "file_comment", "file_mention", "slackbot_response",
  ]

  mutating func message(_ entry: JSONValue, file: SourceFile) throws -> Message? {
    let type = try file.string("type", in: entry, required: false)
    let subtype = try file.string("subtype", in: entry, required: false)
    let isHidden = entry["hidden"]?.boolValue == true
    if let type, type != "message" {
      skip(entry, file: file)
      return nil
    }
    guard let ts = try file.string("ts", in: entry) else { return nil }
    // The digits after the point only make `ts` unique; the time is the whole seconds.
    guard let seconds = Double(ts), seconds >= 0, ts.first != "+",
      let time = MessageTime.epochSeconds(seconds.rounded(.down))
    else {
      throw file.error(
        "invalid timestamp '\(ts)' (expected epoch seconds such as \"1709893800.000200\")",
        at: entry["ts"] ?? entry)
    }
    let user = try file.string("user", in: entry, required: false)
    let rawText = try file.string("text", in: entry, required: false) ?? ""
    var kind = Message.Kind.message
    var extras = MessageExtras()
    var authorID = user
    var isBot = false
    switch subtype {
    case "tombstone":
      kind = .system
      extras.isDeleted = true
      authorID = nil
    case nil:
      if isHidden {
        skip(entry, file: file)
        return nil
      }
    case let name? where SlackChannelReader.spokenSubtypes.contains(name):
      if name == "bot_message" || user == nil, let botID = entry["bot_id"]?.stringValue {
        authorID = directory.userIDsByBotID[botID] ?? (user ?? botID)
        if authorID == botID { bareBotIDs.insert(botID) }
        isBot = true
      }
      // Older exports put a file comment's author in the comment, not the message.
      if name == "file_comment", authorID == nil, let comment = entry["comment"],
        comment.members != nil
      {
        authorID = try nonEmpty("user", in: comment, file: file)
      }
    default:
      // channel_join, channel_topic, pinned_item… and subtypes we do not know: notices.
      if isHidden || rawText.isEmpty {
        skip(entry, file: file)
        return nil
      }
      kind = .system
    }
    if authorID == "USLACKBOT" && kind == .system { authorID = nil }
    if kind == .message, authorID == nil {
      // A bot's message written without the bot_message subtype (newer apps).
      if let botID = entry["bot_id"]?.stringValue {
        authorID = directory.userIDsByBotID[botID] ?? botID
        if authorID == botID { bareBotIDs.insert(botID) }
      } else {
        authorID = try nonEmpty("username", in: entry, file: file)
      }
      isBot = true
    }
    if let authorID { addParticipant(authorID, isBot: isBot) }

    var decoded = markup.decode(rawText)
    if decoded.text.isEmpty, let blocks = entry["blocks"]?.arrayValue {
      decoded = SlackMarkup.Result(text: blocksText(blocks), spans: [])
    }
    let legacyAttachments = try file.array("attachments", in: entry, required: false) ?? []
    extras.linkPreviews = try legacyAttachments.compactMap { try card(of: $0, file: file) }
    if !legacyAttachments.isEmpty {
      // The pretext is the line above the card; a card with nothing but its fallback is that.
      let key = extras.linkPreviews.isEmpty ? "fallback" : "pretext"
      let lines = try legacyAttachments.compactMap { try nonEmpty(key, in: $0, file: file) }
      if decoded.text.isEmpty {
        decoded = markup.decode(lines.joined(separator: "\n"))
      } else if key == "pretext", !lines.isEmpty, !rawText.isEmpty {
        decoded = markup.decode(([rawText] + lines).joined(separator: "\n"))
      }
    }
    if kind == .system, decoded.text.isEmpty, subtype == "tombstone" {
      extras.phrase = Phrase(.deleted)
      decoded.text = Phrase(.deleted).english
    }
    extras.spans = decoded.spans
    if subtype == "me_message", !decoded.text.isEmpty {
      extras.spans.insert(
        TextSpan(start: 0, length: decoded.text.unicodeScalars.count, style: .italic), at: 0)
    }
    if let threadTS = try file.string("thread_ts", in: entry, required: false), threadTS != ts {
      extras.replyTo = threadTS
    }
    if let edited = entry["edited"], edited.members != nil { extras.isEdited = true }
    extras.reactions = try reactions(entry, file: file)
    extras.attachments = try attachments(entry, file: file)
    return Message(
      id: ts, authorID: authorID,
      time: time, text: decoded.text, kind: kind, location: file.location(ofOffset: entry.offset),
      extras: extras)
  }

  /// A legacy attachment (bots, integrations, link unfurls) as the card Slack draws: its title
  /// or author, linked; its text; its fields (short ones two to a row); its footer; its colour
  /// as the bar; the service it came from.
  func card(of item: JSONValue, file: SourceFile) throws -> LinkPreview? {
    guard item.members != nil else {
      throw file.error("expected an object for an attachment, found \(item.typeName)", at: item)
    }
    var fields: [LinkPreview.Field] = []
    for field in try file.array("fields", in: item, required: false) ?? [] {
      let title = try nonEmpty("title", in: field, file: file).map { markup.decode($0).text } ?? ""
      let value = try nonEmpty("value", in: field, file: file).map { markup.decode($0).text } ?? ""
      guard !title.isEmpty || !value.isEmpty else { continue }
      fields.append(LinkPreview.Field(title: title, value: value, isShort: field["short"]?.boolValue == true))
    }
    let decoded = { (key: String) in try nonEmpty(key, in: item, file: file).map { markup.decode($0).text } }
    let preview = LinkPreview(
      url: try nonEmpty("title_link", in: item, file: file) ?? nonEmpty("from_url", in: item, file: file),
      title: try decoded("title") ?? nonEmpty("author_name", in: item, file: file),
      description: try decoded("text"),
      siteName: try nonEmpty("service_name", in: item, file: file),
      fields: fields, footer: try decoded("footer"),
      color: try nonEmpty("color", in: item, file: file).flatMap(Self.color))
    return preview.title == nil && preview.description == nil && fields.isEmpty ? nil : preview
  }

  /// Slack's named attachment colours; any other is hex, with or without its `#`.
  static let namedColors: [String: Color] = [
    "good": Color(rgb: 0x2EB886), "warning": Color(rgb: 0xDAA038), "danger": Color(rgb: 0xA30200),
  ]

  static func color(_ text: String) -> Color? {
    namedColors[text.lowercased()] ?? Color(parsing: text.hasPrefix("#") ? text : "#" + text)
  }

  mutating func skip(_ entry: JSONValue, file: SourceFile) {
    skipped += 1
    if firstSkipped == nil { firstSkipped = file.location(ofOffset: entry.offset) }
  }

  func reactions(_ entry: JSONValue, file: SourceFile) throws -> [Reaction] {
    var reactions: [Reaction] = []
    for item in try file.array("reactions", in: entry, required: false) ?? [] {
      guard let name = try file.string("name", in: item) else { continue }
      let users =
        try file.array("users", in: item, required: false)?.compactMap(\.stringValue) ?? []
      let count = item["count"]?.intValue ?? users.count
      reactions.append(
        Reaction(emoji: SlackEmoji.emoji(for: name) ?? ":\(name):", count: max(count, 1), by: users)
      )
    }
    return reactions
  }

  func attachments(_ entry: JSONValue, file: SourceFile) throws -> [Attachment] {
    var files = try file.array("files", in: entry, required: false) ?? []
    if let single = entry["file"], single.members != nil { files.append(single) }
    return try files.map { item in
      let mimeType = try nonEmpty("mimetype", in: item, file: file)
      let fileName =
        try nonEmpty("name", in: item, file: file) ?? nonEmpty("title", in: item, file: file)
      let kind = mimeType.map(Attachment.Kind.init(mimeType:)) ?? .file
      var attachment = Attachment(kind: kind, fileName: fileName, mimeType: mimeType)
      attachment.byteCount = item["size"]?.intValue
      if let media, let id = try nonEmpty("id", in: item, file: file),
        let name = try nonEmpty("name", in: item, file: file)
      {
        media.resolve(&attachment, id: id, name: name)
      }
      return attachment
    }
  }

  /// Plain text of `rich_text` blocks, for messages whose `text` is empty.
  func blocksText(_ blocks: [JSONValue]) -> String {
    var lines: [String] = []
    func inline(_ elements: [JSONValue]) -> String {
      var text = ""
      for element in elements {
        switch element["type"]?.stringValue {
        case "text": text += element["text"]?.stringValue ?? ""
        case "link": text += element["text"]?.stringValue ?? element["url"]?.stringValue ?? ""
        case "user":
          let id = element["user_id"]?.stringValue ?? ""
          text += "@" + name(of: id)
        case "channel":
          let id = element["channel_id"]?.stringValue ?? ""
          text += "#" + (channelNames[id] ?? id)
        case "emoji":
          let code = element["name"]?.stringValue ?? ""
          text += SlackEmoji.emoji(for: code) ?? ":\(code):"
        case "broadcast": text += "@" + (element["range"]?.stringValue ?? "here")
        default: text += element["text"]?.stringValue ?? ""
        }
      }
      return text
    }
    for block in blocks where block["type"]?.stringValue == "rich_text" {
      for section in block["elements"]?.arrayValue ?? [] {
        let elements = section["elements"]?.arrayValue ?? []
        if section["type"]?.stringValue == "rich_text_list" {
          for item in elements { lines.append("• " + inline(item["elements"]?.arrayValue ?? [])) }
        } else {
          lines.append(inline(elements))
        }
      }
    }
    return lines.joined(separator: "\n")
  }
}
