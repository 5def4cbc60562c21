import Foundation

/// One page of Google Voice's Takeout (`Voice/Calls/*.html`): a text conversation
/// (`div.hChatLog` of `div.message`s) or one call (`div.haudio`: missed, received, placed, a
/// voicemail or a recorded call), read into plain values. The page's HTML is never markup for
/// us: text is read as text, links kept as links.
struct GoogleVoicePage {
  /// Someone on the page: the number of their `a.tel` (`tel:+15551234567`), their name.
  struct Person: Hashable {
    var number: String
    var name: String
    var isMe: Bool
  }

  /// A file a message points at, by its `src` or `href` (Takeout leaves out the extension of
  /// an MMS picture's name).
  struct Media {
    var kind: Attachment.Kind
    var reference: String
  }

  struct TextMessage {
    var time: MessageTime
    var sender: Person
    var text: StyledTextBuilder
    var media: [Media]
    var line: Int
  }

  /// A call page's entry; the label says which (`Missed`, `Received`, `Placed`, `Voicemail`,
  /// `Recorded`).
  struct CallEntry {
    var label: String
    var contact: Person
    var time: MessageTime
    var seconds: Double?
    var transcript: String
    var audio: String?
    var line: Int
  }

  let file: SourceFile
  /// Where the page lies in the export (its name alone when given alone).
  let path: String
  /// Everyone but "me": the group's members, or the other side of a conversation or call.
  var others: [Person] = []
  var messages: [TextMessage] = []
  var call: CallEntry?

  /// Whether `bytes` hold one of the two page shapes, judged on the markers their first
  /// 64 KiB carry, before anything is parsed.
  static func mayBePage(_ bytes: [UInt8]) -> Bool {
    let head = String(decoding: bytes.prefix(64 * 1024), as: UTF8.self)
    return (head.contains("class=\"hChatLog") && head.contains("class=\"message\""))
      || (head.contains("class=\"haudio\"") && head.contains("class=\"contributor vcard\""))
  }

  /// The page in `file`, or nil when it is not one of Google Voice's.
  ///
  /// - Throws: `DiagnosticError` at a message without a time Voice writes.
  static func read(_ file: SourceFile, path: String) throws -> GoogleVoicePage? {
    guard mayBePage(file.bytes), let document = try? HTMLDocument(file) else { return nil }
    var page = GoogleVoicePage(file: file, path: path)
    if let log = document.root.first(where: { $0.hasClass("hChatLog") }) {
      try page.readConversation(log)
      return page
    }
    if let audio = document.root.first(where: { $0.hasClass("haudio") }) {
      try page.readCall(audio)
      return page
    }
    return nil
  }

  private mutating func readConversation(_ log: HTMLElement) throws {
    if let members = log.first(class: "participants") {
      others = members.descendants.filter { $0.name == "cite" }.map(Self.person)
    }
    for element in log.descendants where element.name == "div" && element.hasClass("message") {
      let line = max(element.line, 1)
      let time = try self.time(element.first { $0.name == "abbr" && $0.hasClass("dt") }, line: line, what: "abbr.dt")
      guard let cite = element.first(where: { $0.name == "cite" }) else {
        throw DiagnosticError(
          .error("a message without its sender (cite.sender)", at: file.location(line: line, column: 1)))
      }
      let sender = Self.person(cite)
      var text = StyledTextBuilder()
      if let quote = element.first(where: { $0.name == "q" }) { text = IndentedHTMLText.styled(quote) }
      messages.append(TextMessage(time: time, sender: sender, text: text, media: Self.media(in: element), line: line))
      if !sender.isMe, !others.contains(where: { $0.number == sender.number && $0.name == sender.name }),
        !others.contains(where: { !sender.number.isEmpty && $0.number == sender.number })
      {
        others.append(sender)
      }
    }
  }

  private mutating func readCall(_ audio: HTMLElement) throws {
    let line = max(audio.line, 1)
    let contributor = audio.first(class: "contributor").map(Self.person) ?? Person(number: "", name: "", isMe: false)
    let time = try self.time(
      audio.first { $0.name == "abbr" && $0.hasClass("published") }, line: line, what: "abbr.published")
    let duration = audio.first { $0.name == "abbr" && $0.hasClass("duration") }?.attributes["title"]
    let transcript = audio.first(class: "full-text").map { IndentedHTMLText.trimmed($0.text) } ?? ""
    let source = audio.first { $0.name == "audio" }?.attributes["src"]
    others = [contributor]
    call = CallEntry(
      label: Self.label(of: audio), contact: contributor, time: time,
      seconds: duration.flatMap(Self.seconds(ofISODuration:)), transcript: transcript, audio: source, line: line)
  }

  private func time(_ element: HTMLElement?, line: Int, what: String) throws -> MessageTime {
    let title = element?.attributes["title"] ?? ""
    guard let time = ISO8601.parse(title) else {
      let found = element == nil ? "no \(what)" : "'\(title)'"
      throw DiagnosticError(
        .error(
          "invalid time \(found) (expected \(what) with a title such as 2019-03-04T09:38:01.000-08:00)",
          at: file.location(line: element.map { max($0.line, 1) } ?? line, column: 1)))
    }
    return time
  }

  /// A `cite.sender.vcard` (or `div.contributor.vcard`): its number, its name, whether it is
  /// "Me" (written `<abbr class="fn" title="">Me</abbr>`).
  static func person(_ card: HTMLElement) -> Person {
    let link = card.first { $0.name == "a" && $0.hasClass("tel") }
    var number = link?.attributes["href"] ?? ""
    if number.hasPrefix("tel:") { number.removeFirst(4) }
    let fn = card.first(class: "fn")
    let name = fn.map { IndentedHTMLText.trimmed($0.text) } ?? ""
    let isMe = fn?.name == "abbr" && name == "Me"
    return Person(number: number, name: name.isEmpty ? number : name, isMe: isMe)
  }

  /// Pictures, videos, recordings and contact cards a message holds.
  static func media(in message: HTMLElement) -> [Media] {
    message.descendants.compactMap { element in
      switch element.name {
      case "img": return element.attributes["src"].map { Media(kind: .image, reference: $0) }
      case "video": return element.attributes["src"].map { Media(kind: .video, reference: $0) }
      case "audio": return element.attributes["src"].map { Media(kind: .audio, reference: $0) }
      case "a" where element.hasClass("vcard"):
        return element.attributes["href"].map { Media(kind: .contact, reference: $0) }
      default: return nil
      }
    }
  }

  /// The call's kind from its labels (`<a rel="tag" href="http://www.google.com/voice#missed">`).
  static func label(of audio: HTMLElement) -> String {
    let tags = audio.descendants.filter { $0.name == "a" && $0.attributes["rel"] == "tag" }
    for tag in tags {
      guard let fragment = tag.attributes["href"]?.split(separator: "#").last else { continue }
      let label = fragment.lowercased()
      if ["missed", "received", "placed", "voicemail", "recorded"].contains(label) { return label }
    }
    return tags.first.map { IndentedHTMLText.trimmed($0.text).lowercased() } ?? ""
  }

  /// `PT1H2M3S`, `PT4S`, `PT1M` → seconds; nil for anything else or past the limit of a
  /// recording's length.
  static func seconds(ofISODuration text: String) -> Double? {
    guard text.hasPrefix("PT"), text.count > 2 else { return nil }
    var total = 0.0
    var number = ""
    for character in text.dropFirst(2) {
      if character.isASCII, character.isNumber || character == "." {
        number.append(character)
        continue
      }
      guard let value = Double(number), number.count <= 12 else { return nil }
      switch character {
      case "H": total += value * 3600
      case "M": total += value * 60
      case "S": total += value
      default: return nil
      }
      number = ""
    }
    guard number.isEmpty, total.isFinite, total <= Double(Limit.recordingLength.value) else { return nil }
    return total
  }
}
