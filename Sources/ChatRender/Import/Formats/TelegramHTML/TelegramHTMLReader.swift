import Foundation

/// Reads the messages of Telegram's HTML pages, one page after another, into a transcript.
///
/// A page's `div.history` holds `div.message` blocks: `service` ones (day separators, whose
/// ids are negative, and sentences such as "Ana pinned this message") and `default` ones. A
/// `joined` message has no `from_name`: its sender is the one before it, on this page or the
/// last.
struct TelegramHTMLReader {
  let media: MediaLocator
  var title: String?
  private var participants: [Participant] = []
  private var messages: [Message] = []
  /// The sender of the last ordinary message, whom a joined one continues.
  private var lastSender: String?
  /// The source of the last forward, which a joined forward continues.
  private var lastForwardSource: String?
  private var missingMedia = MissingMedia()

  init(media: MediaLocator) { self.media = media }

  /// Reads the messages of one page's `history`.
  mutating func read(_ history: HTMLElement, of page: SourceFile) throws {
    for block in history.elements where block.hasClass("message") {
      let location = page.location(line: max(block.line, 1), column: 1)
      if block.hasClass("service") {
        if let message = serviceMessage(block, location: location) { messages.append(message) }
      } else {
        messages.append(try ordinaryMessage(block, in: page, location: location))
      }
    }
  }

  /// The transcript read so far; "me" is the other one in a chat of two named by its title.
  mutating func transcript(warnings: inout [Diagnostic]) -> Transcript {
    if let warning = missingMedia.warning { warnings.append(warning) }
    var meID: String?
    if let title, participants.count == 2, participants.contains(where: { $0.id == Self.id(of: title) }) {
      meID = participants.first { $0.id != Self.id(of: title) }?.id
    }
    return Transcript(title: title, participants: participants, meID: meID, messages: messages)
  }

  /// A sender's id: the pages give names only.
  static func id(of name: String) -> String { "name:" + name }

  // MARK: - Messages

  /// A service line, or nil for a day separator (drawn by the layout from the times).
  private mutating func serviceMessage(_ block: HTMLElement, location: SourceLocation) -> Message? {
    guard let id = Self.messageID(of: block), !id.hasPrefix("-") else { return nil }
    let text = IndentedHTMLText.trimmed(block.first(class: "body")?.text ?? "")
    lastSender = nil
    return Message(id: id, authorID: nil, time: nil, text: text, kind: .system, location: location)
  }

  private mutating func ordinaryMessage(_ block: HTMLElement, in page: SourceFile, location: SourceLocation)
    throws -> Message
  {
    guard let body = block.children(class: "body").first else {
      throw DiagnosticError(.error("a Telegram message without its 'body' block", at: location))
    }
    let authorID = try sender(of: block, body: body, location: location)
    let time = try TelegramHTMLDate.time(of: body, in: page, location: location)
    let forwarded = body.elements.first { $0.hasClass("forwarded") && $0.hasClass("body") }
    let content = forwarded ?? body
    var text = content.children(class: "text").first.map(IndentedHTMLText.styled) ?? StyledTextBuilder()
    var extras = MessageExtras(spans: text.spans)
    if let forwarded {
      let source = forwarded.children(class: "from_name").first.map(IndentedHTMLText.ownText)
      extras.forwardedFrom = source ?? lastForwardSource ?? ""
      lastForwardSource = extras.forwardedFrom
    }
    if let wrap = content.children(class: "media_wrap").first {
      var mediaReader = TelegramHTMLMedia(media: media)
      extras.attachments = mediaReader.attachments(in: wrap)
      for name in mediaReader.missing { missingMedia.note(name, at: location) }
      if text.text.isEmpty, let poll = mediaReader.poll {
        text.append(poll.english)
        extras.phrase = poll
      }
    }
    extras.replyTo = body.first(class: "reply_to").flatMap(Self.replyTarget)
    extras.reactions = body.first(class: "reactions").map(Self.reactions) ?? []
    return Message(
      id: Self.messageID(of: block), authorID: authorID, time: time, text: text.text, kind: .message,
      location: location, extras: extras)
  }

  /// The sender named in `from_name`, or for a joined message the one before.
  private mutating func sender(of block: HTMLElement, body: HTMLElement, location: SourceLocation) throws -> String {
    if let nameElement = body.children(class: "from_name").first {
      let name = IndentedHTMLText.ownText(of: nameElement)
      let shown = name.isEmpty ? TelegramFormat.deletedAccount : Self.withoutBot(name)
      let id = Self.id(of: shown)
      if !participants.contains(where: { $0.id == id }) { participants.append(Participant(id: id, name: shown)) }
      lastSender = id
      lastForwardSource = nil
      return id
    }
    guard let lastSender else {
      throw DiagnosticError(
        Diagnostic(
          severity: .error, message: "a joined Telegram message with no sender before it", location: location,
          notes: ["read the export from messages.html, whose messages the later pages continue"]))
    }
    return lastSender
  }

  /// A name without the " via @bot" the export adds after it.
  private static func withoutBot(_ name: String) -> String {
    guard let via = name.range(of: " via @", options: .backwards) else { return name }
    return String(name[..<via.lowerBound])
  }

  /// `message123` → `123`; `message-1` → `-1` (a day separator).
  private static func messageID(of block: HTMLElement) -> String? {
    guard let id = block.attributes["id"], id.hasPrefix("message") else { return nil }
    let number = id.dropFirst("message".count)
    return number.isEmpty ? nil : String(number)
  }

  /// The id in `#go_to_message123` (or `messages2.html#go_to_message123`); nil for a reply to
  /// another chat, which has no link.
  private static func replyTarget(_ reply: HTMLElement) -> String? {
    let link = reply.first { $0.name == "a" }?.attributes["href"] ?? ""
    guard let marker = link.range(of: "go_to_message") else { return nil }
    let number = link[marker.upperBound...].prefix { $0.isASCII && $0.isNumber }
    return number.isEmpty ? nil : String(number)
  }

  /// Each `reaction`: its emoji and count (or, without a count, how many faces it shows).
  private static func reactions(_ list: HTMLElement) -> [Reaction] {
    list.descendants.filter { $0.hasClass("reaction") }.compactMap { reaction in
      let emoji = reaction.first(class: "emoji").map { IndentedHTMLText.trimmed($0.text) } ?? ""
      guard !emoji.isEmpty else { return nil }
      let countText = reaction.first(class: "count").map { IndentedHTMLText.trimmed($0.text) }
      let faces = reaction.descendants.filter { $0.hasClass("userpic") }.count
      let count = countText.flatMap { Int($0) } ?? max(faces, 1)
      return Reaction(emoji: emoji, count: count)
    }
  }
}
