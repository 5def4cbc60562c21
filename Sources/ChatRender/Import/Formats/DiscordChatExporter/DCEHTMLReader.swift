import Foundation

/// Reads the messages of a DiscordChatExporter page (see `DCEHTMLFormat`), by the class names
/// of its template (MessageGroupTemplate.cshtml).
struct DCEHTMLReader {
  let file: SourceFile
  let root: HTMLElement
  let media: MediaLocator
  var participants = DCEParticipantList()

  init(file: SourceFile, root: HTMLElement) {
    self.file = file
    self.root = root
    self.media = MediaLocator(besideFile: file.path)
  }

  /// What the messages after a group's first take from it: the author and the date.
  struct Group {
    var authorID: String?
    var last: LocalDateTime?
  }

  mutating func read() throws -> Transcript {
    let elements = root.descendants
    let groups = elements.filter { $0.hasClass("chatlog__message-group") }
    guard !groups.isEmpty || elements.contains(where: { $0.hasClass("preamble") }) else {
      throw DiagnosticError(
        .error(
          "expected a DiscordChatExporter page (no 'chatlog__message-group' or 'preamble')",
          at: file.location(line: 1, column: 1)))
    }
    let dayFirst = elements.contains { Self.isFullTimestamp($0) && DCEDate($0.text)?.showsDayFirst == true }
    let zone = Self.timeZone(elements)
    var messages: [Message] = []
    for element in groups {
      var group = Group()
      for container in element.descendants where container.hasClass("chatlog__message-container") {
        messages.append(try message(container, group: &group, dayFirst: dayFirst, zone: zone))
      }
    }
    return Transcript(title: Self.title(elements), participants: participants.all, messages: messages)
  }

  /// `#channel` from the preamble's second entry (`Category / channel`), or in a direct
  /// message the person it is with.
  static func title(_ elements: [HTMLElement]) -> String? {
    let entries = elements.filter { $0.hasClass("preamble__entry") && !$0.hasClass("preamble__entry--small") }
      .map { $0.text.trimmingCharacters(in: .whitespacesAndNewlines) }
    guard entries.count >= 2, let channel = entries[1].components(separatedBy: " / ").last else { return nil }
    return entries[0] == "Direct Messages" ? channel : "#" + channel
  }

  /// The postamble's `Timezone: UTC+1` (or `UTC+5.5`, `UTC-3`, `UTC+0`) in seconds.
  static func timeZone(_ elements: [HTMLElement]) -> TimeZone? {
    for entry in elements where entry.hasClass("postamble__entry") {
      let text = entry.text.trimmingCharacters(in: .whitespacesAndNewlines)
      guard text.hasPrefix("Timezone: UTC") else { continue }
      let offset = text.dropFirst("Timezone: UTC".count).replacingOccurrences(of: ",", with: ".")
      guard let hours = Double(offset.hasPrefix("+") ? String(offset.dropFirst()) : offset), abs(hours) <= 14 else {
        return nil
      }
      return TimeZone(secondsFromGMT: Int((hours * 3600).rounded()))
    }
    return nil
  }

  static func isFullTimestamp(_ element: HTMLElement) -> Bool {
    element.hasClass("chatlog__timestamp") || element.hasClass("chatlog__system-notification-timestamp")
  }

  mutating func message(_ container: HTMLElement, group: inout Group, dayFirst: Bool, zone: TimeZone?) throws
    -> Message
  {
    let location = file.location(line: max(container.line, 1), column: 1)
    let id =
      container.attributes["data-message-id"]
      ?? container.attributes["id"].map { String($0.dropFirst("chatlog__message-container-".count)) }
    let local = try time(of: container, group: group, dayFirst: dayFirst, at: location)
    group.last = local
    let time = Self.messageTime(local, zone: zone)
    if let actor = container.first(class: "chatlog__system-notification-author") {
      let authorID = register(actor, isBot: false)
      let content =
        container.first(class: "chatlog__system-notification-content").map {
          Self.collapsed($0.text)
        } ?? ""
      return Message(
        id: id, authorID: authorID, time: time,
        text: DiscordFormat.notice(actor: participants.name(of: authorID), content: content),
        kind: .system, location: location,
        extras: MessageExtras(replyTo: container.first(class: "chatlog__system-notification-link").flatMap(Self.target))
      )
    }
    if let author = container.first(class: "chatlog__author") {
      let isBot = container.first(class: "chatlog__author-tag") != nil
      let id = register(author, isBot: isBot)
      if let picture = container.first(class: "chatlog__avatar").flatMap(avatar) {
        participants.setAvatar(picture, of: id)
      }
      group.authorID = id
    }
    guard let authorID = group.authorID else {
      throw DiagnosticError(.error("a message group's first message names no 'chatlog__author'", at: location))
    }
    var extras = MessageExtras()
    extras.replyTo = container.first(class: "chatlog__reply-link").flatMap(Self.referencedID)
    let content = container.first(class: "chatlog__content")
    extras.isEdited = content?.first(class: "chatlog__edited-timestamp") != nil
    let text = content?.first(class: "chatlog__markdown-preserve").map(Self.text) ?? ""
    if container.first(class: "chatlog__forwarded") != nil { extras.forwardedFrom = "" }
    extras.attachments = attachments(container) + stickers(container) + embedPictures(container)
    extras.linkPreviews = container.descendants.filter { $0.hasClass("chatlog__embed") }.compactMap(Self.card)
    extras.reactions = container.descendants.filter { $0.hasClass("chatlog__reaction") }.map(Self.reaction)
    return Message(id: id, authorID: authorID, time: time, text: text, location: location, extras: extras)
  }

  /// The author once, by `data-user-id`, named as the page shows them; their `title` is the
  /// account name (`juno`, `DiceBot#4242`), kept as a handle.
  mutating func register(_ author: HTMLElement, isBot: Bool) -> String {
    let name = Self.collapsed(author.text)
    let fullName = author.attributes["title"] ?? name
    let id = participants.id(forFullName: name, id: author.attributes["data-user-id"], isBot: isBot)
    participants.addHandle(fullName, to: id)
    return id
  }

  /// The `<img class="chatlog__avatar">` of a group's first message when `--media`
  /// downloaded it (a relative `src`); an address on the web stays initials.
  func avatar(_ image: HTMLElement) -> AttachmentSource? {
    guard let url = image.attributes["src"], !url.isEmpty, !url.contains("://") else { return nil }
    return DCEExportParts.attachment(url: url, fileName: nil, in: file, media: media).source
  }

  /// The wall clock of a message: its full date, or a group's date and the short time.
  func time(of container: HTMLElement, group: Group, dayFirst: Bool, at location: SourceLocation) throws
    -> LocalDateTime
  {
    if let stamp = container.first(where: Self.isFullTimestamp) {
      let text = Self.collapsed(stamp.text)
      guard let date = DCEDate(text), let local = date.wallClock(dayFirst: dayFirst) else {
        throw DiagnosticError(
          .error("unrecognised date '\(text)' (expected a date such as 5/18/2024 7:02 PM)", at: location))
      }
      return local
    }
    let short = container.first(class: "chatlog__short-timestamp").map { Self.collapsed($0.text) } ?? ""
    guard let previous = group.last, let (hour, minute) = DCEDate.timeOfDay(short) else {
      throw DiagnosticError(.error("unrecognised time '\(short)' (expected a time such as 7:02 PM)", at: location))
    }
    return LocalDateTime(date: previous.date, hour: hour, minute: minute)
  }

  /// An instant when the page says its time zone, else the wall clock.
  static func messageTime(_ local: LocalDateTime, zone: TimeZone?) -> MessageTime {
    guard let zone, let date = local.date else { return .wallClock(local) }
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone
    let components = DateComponents(
      year: date.year, month: date.month, day: date.day, hour: local.hour, minute: local.minute)
    return calendar.date(from: components).map(MessageTime.instant) ?? .wallClock(local)
  }

  /// `scrollToMessage(event, '1240000000000000002')`: the id in quotes.
  static func referencedID(_ link: HTMLElement) -> String? {
    guard let call = link.attributes["onclick"] else { return nil }
    let parts = call.split(separator: "'", omittingEmptySubsequences: false)
    return parts.count >= 3 && !parts[1].isEmpty ? String(parts[1]) : nil
  }

  /// `href="#chatlog__message-container-ID"`: a pinned message's id.
  static func target(_ link: HTMLElement) -> String? {
    guard let href = link.attributes["href"], href.hasPrefix("#chatlog__message-container-") else { return nil }
    return String(href.dropFirst("#chatlog__message-container-".count))
  }

  /// The content as typed: text, line breaks, and emoji pictures by their names (a custom
  /// emoji as `:name:`, as the JSON has it).
  static func text(_ element: HTMLElement) -> String {
    var result = ""
    for child in element.children {
      switch child {
      case .text(let text): result += text
      case .element(let inner) where inner.name == "br": result += "\n"
      case .element(let inner) where inner.name == "img" && inner.hasClass("chatlog__emoji"):
        result += DCEExportParts.reaction(name: inner.attributes["alt"] ?? "", count: 1).emoji
      case .element(let inner) where inner.hasClass("chatlog__edited-timestamp"): break
      case .element(let inner): result += text(inner)
      }
    }
    return result
  }

  /// Spaces and line breaks of the template's indentation as one space, trimmed.
  static func collapsed(_ text: String) -> String {
    text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }

  func attachments(_ container: HTMLElement) -> [Attachment] {
    container.descendants.filter { $0.hasClass("chatlog__attachment") }.compactMap { item in
      if let media = item.first(where: { $0.name == "img" || $0.name == "source" }),
        let url = media.attributes["src"]
      {
        return DCEExportParts.attachment(
          url: url, fileName: media.attributes["title"].flatMap(Self.fileName), in: file, media: self.media)
      }
      guard let link = item.first(where: { $0.name == "a" }), let url = link.attributes["href"] else { return nil }
      let name = item.first(class: "chatlog__attachment-generic-name").map { Self.collapsed($0.text) }
      return DCEExportParts.attachment(url: url, fileName: name, in: file, media: media)
    }
  }

  /// `Image: board.png (112 bytes)`: the file's name.
  static func fileName(_ title: String) -> String? {
    guard let colon = title.firstIndex(of: ":") else { return nil }
    var name = title[title.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    if name.hasSuffix(")"), let open = name.range(of: " (", options: .backwards) {
      name = String(name[..<open.lowerBound])
    }
    return name.isEmpty ? nil : name
  }

  func stickers(_ container: HTMLElement) -> [Attachment] {
    container.descendants.filter { $0.hasClass("chatlog__sticker") }.map { item in
      let url = item.first(class: "chatlog__sticker--media").flatMap {
        $0.attributes["src"] ?? $0.attributes["data-source"]
      }
      var sticker = DCEExportParts.attachment(
        url: url ?? "", fileName: item.attributes["title"], in: file, media: media)
      sticker.kind = .sticker
      if url == nil { sticker.source = nil }
      return sticker
    }
  }

  /// The pictures of embeds that the export downloaded (a relative `src`), as the JSON reader
  /// takes them.
  func embedPictures(_ container: HTMLElement) -> [Attachment] {
    let classes = ["chatlog__embed-image", "chatlog__embed-thumbnail", "chatlog__embed-generic-image"]
    return container.descendants.filter { element in
      element.name == "img" && classes.contains(where: element.hasClass)
    }.compactMap { image in
      guard let url = image.attributes["src"], !url.isEmpty, !url.contains("://") else { return nil }
      var picture = DCEExportParts.attachment(url: url, fileName: nil, in: file, media: media)
      picture.kind = .image
      return picture
    }
  }

  /// An embed as the card Discord draws: colour, author, title, description, fields, footer.
  static func card(_ embed: HTMLElement) -> LinkPreview? {
    func text(_ name: String) -> String? {
      embed.first(class: name).map { Self.text($0).trimmingCharacters(in: .whitespacesAndNewlines) }
        .flatMap { $0.isEmpty ? nil : $0 }
    }
    let fields = embed.descendants.filter { $0.hasClass("chatlog__embed-field") }.map { field in
      LinkPreview.Field(
        title: field.first(class: "chatlog__embed-field-name").map { collapsed($0.text) } ?? "",
        value: field.first(class: "chatlog__embed-field-value").map { Self.text($0) }?
          .trimmingCharacters(in: .whitespacesAndNewlines) ?? "",
        isShort: field.hasClass("chatlog__embed-field--inline"))
    }
    let pill = embed.first(class: "chatlog__embed-color-pill")?.attributes["style"]
    let card = LinkPreview(
      url: embed.first(class: "chatlog__embed-title-link")?.attributes["href"],
      title: text("chatlog__embed-title"), description: text("chatlog__embed-description"),
      siteName: text("chatlog__embed-author"), fields: fields, footer: text("chatlog__embed-footer-text"),
      color: pill.flatMap(Self.color))
    return card.isEmpty ? nil : card
  }

  /// `background-color: rgba(88, 101, 242, 1)`.
  static func color(_ style: String) -> Color? {
    guard let colon = style.firstIndex(of: ":") else { return nil }
    return Color(parsing: style[style.index(after: colon)...].trimmingCharacters(in: CharacterSet(charactersIn: " ;")))
  }

  /// A reaction: its emoji picture's name and its count.
  static func reaction(_ item: HTMLElement) -> Reaction {
    let name = item.first { $0.name == "img" }?.attributes["alt"] ?? item.attributes["title"] ?? "?"
    let count = item.first(class: "chatlog__reaction-count").flatMap { Int(collapsed($0.text)) } ?? 1
    return DCEExportParts.reaction(name: name, count: count)
  }
}
