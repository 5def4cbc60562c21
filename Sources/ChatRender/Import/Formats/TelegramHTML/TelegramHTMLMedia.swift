/// The media of one message in Telegram's HTML pages (its `div.media_wrap`): a photo, sticker,
/// animation or video drawn as a link around a thumbnail; any other file as a generic block
/// (`media_file`, `media_voice_message`, …) that is a link when the file was downloaded and a
/// plain `div` when it was left out; or a poll.
struct TelegramHTMLMedia {
  let media: MediaLocator
  /// The names of files the page links to that are not in the export.
  private(set) var missing: [String] = []
  /// A poll's question and answers, as the JSON reader writes them.
  private(set) var poll: Phrase?

  init(media: MediaLocator) { self.media = media }

  /// The kind of each thumbnail link the writer makes.
  private static let linkKinds: [(linkClass: String, kind: Attachment.Kind)] = [
    ("photo_wrap", .image), ("sticker_wrap", .sticker), ("animated_wrap", .video), ("video_file_wrap", .video),
  ]

  /// The kind of each generic block's class.
  private static let blockKinds: [(blockClass: String, kind: Attachment.Kind)] = [
    ("media_photo", .image), ("media_video", .video), ("media_voice_message", .audio),
    ("media_audio_file", .audio), ("media_file", .file), ("media_contact", .contact),
    ("media_location", .location), ("media_live_location", .location), ("media_venue", .location),
  ]

  mutating func attachments(in wrap: HTMLElement) -> [Attachment] {
    var attachments: [Attachment] = []
    for element in wrap.elements {
      if element.hasClass("media_poll") {
        poll = Self.poll(element)
      } else if let (_, kind) = Self.linkKinds.first(where: { element.hasClass($0.linkClass) }) {
        var attachment = Attachment(kind: kind)
        attachment.duration = element.first(class: "video_duration").flatMap { Self.seconds($0.text) }
        place(element.attributes["href"], into: &attachment)
        attachments.append(attachment)
      } else if element.hasClass("media"), let attachment = block(element) {
        attachments.append(attachment)
      }
    }
    return attachments
  }

  /// A generic block: its kind from its class, its name, status and link.
  private mutating func block(_ element: HTMLElement) -> Attachment? {
    guard let (_, blockKind) = Self.blockKinds.first(where: { element.hasClass($0.blockClass) }) else { return nil }
    let title = element.first(class: "title").map { IndentedHTMLText.trimmed($0.text) }
    let status = element.first(class: "status").map { IndentedHTMLText.trimmed($0.text) }
    let description = element.first(class: "description").map { IndentedHTMLText.trimmed($0.text) }
    let kind: Attachment.Kind = blockKind == .image && title == "Sticker" ? .sticker : blockKind
    var attachment = Attachment(kind: kind)
    switch kind {
    case .contact:
      attachment.title = title
      attachment.detail = status.map { $0.replacingOccurrences(of: " - vCard", with: "") }
      if element.name == "a" { place(element.attributes["href"], into: &attachment) }
    case .location:
      let coordinates = element.attributes["href"].flatMap(Self.coordinates)
      if let coordinates {
        attachment.fileName = "geo:\(coordinates.latitude),\(coordinates.longitude)"
        attachment.detail = "\(coordinates.latitude), \(coordinates.longitude)"
      }
      if blockKind == .location, element.hasClass("media_venue") {
        attachment.title = title
        attachment.detail = description.flatMap { $0.isEmpty ? nil : $0 } ?? attachment.detail
      }
    default:
      attachment.duration = status.flatMap { Self.seconds(String($0.prefix { $0 != "," })) }
      if element.name == "a" {
        place(element.attributes["href"], into: &attachment)
        if kind == .file, let title, !title.isEmpty, title != "File" { attachment.fileName = title }
      } else {
        attachment.isOmitted = true
      }
    }
    return attachment
  }

  /// The file at `href`, beside the page; noted as missing when it is not there.
  private mutating func place(_ href: String?, into attachment: inout Attachment) {
    guard let href, !href.isEmpty else {
      attachment.isOmitted = true
      return
    }
    let name = String(href.split(separator: "/").last ?? Substring(href))
    attachment.fileName = name
    if !media.resolve(&attachment, at: href) { missing.append(name) }
  }

  /// "Which day?" and "- Friday 1 vote" lines as `TelegramFormat.poll` words them.
  private static func poll(_ poll: HTMLElement) -> Phrase {
    let question = poll.first(class: "question").map { IndentedHTMLText.trimmed($0.text) }
    let answers = poll.elements.filter { $0.hasClass("answer") }.map { answer in
      var text = IndentedHTMLText.ownText(of: answer)
      if text.hasPrefix("- ") { text.removeFirst(2) }
      let votes = answer.first(class: "details").map { IndentedHTMLText.trimmed($0.text) } ?? ""
      let voters = Int(votes.prefix { $0.isASCII && $0.isNumber }) ?? 0
      return (text: text, voters: voters)
    }
    return TelegramFormat.poll(question: question, answers: answers)
  }

  /// "00:05", "1:02:03" in seconds.
  static func seconds(_ text: String) -> Double? {
    let fields = IndentedHTMLText.trimmed(text).split(separator: ":")
    guard (2...3).contains(fields.count) else { return nil }
    var total = 0
    for field in fields {
      guard field.count <= 4, let value = Int(field), value >= 0 else { return nil }
      total = total * 60 + value
    }
    return Double(total)
  }

  /// The place in a map link (`https://maps.google.com/maps?q=41.1496,-8.6109&ll=…`).
  static func coordinates(_ link: String) -> (latitude: Double, longitude: Double)? {
    guard let query = link.range(of: "q=") else { return nil }
    let pair = link[query.upperBound...].prefix { $0 != "&" }.split(separator: ",")
    guard pair.count == 2, let latitude = Double(pair[0]), let longitude = Double(pair[1]),
      (-90...90).contains(latitude), (-180...180).contains(longitude)
    else { return nil }
    return (latitude, longitude)
  }
}
