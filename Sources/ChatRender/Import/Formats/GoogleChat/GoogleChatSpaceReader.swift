import Foundation

/// Reads one Google Chat space's `messages.json` (see `GoogleChatFormat`).
///
/// A message has its `creator` (name, email), `created_date` in Takeout's English text
/// ("Tuesday, January 2, 2024 at 3:04:05 PM UTC"), `text`, `annotations` (mentions, links and
/// formatting over ranges of the text, counted in UTF-16), `attached_files` (found beside
/// messages.json by `export_name`), `quoted_message_metadata` (the answered message) and,
/// once deleted, `deleted_date` or a `message_state` of `DELETED`.
struct GoogleChatSpaceReader {
  let space: GoogleChatTakeout.Space
  var participants: [Participant] = []
  var participantIndex: [String: Int] = [:]
  var locator: ForwardLocator
  /// Message ids by text and author, for quotes that carry no id.
  var idsByQuote: [String: String] = [:]

  init(space: GoogleChatTakeout.Space) {
    self.space = space
    self.locator = ForwardLocator(space.messages)
  }

  var file: SourceFile { space.messages }

  /// The space's name, or for a direct message the other members' names.
  static func name(ofInfo info: SourceFile, owner: String?) throws -> String? {
    let root = try info.json()
    guard root.members != nil else { return nil }
    if let name = try info.string("name", in: root, required: false), !name.isEmpty { return name }
    let members = try info.array("members", in: root, required: false) ?? []
    let names = try members.compactMap { try info.string("name", in: $0, required: false) }
      .filter { owner.map(Importer.normalizedName) != Importer.normalizedName($0) }
    return names.isEmpty ? nil : names.joined(separator: ", ")
  }

  mutating func read(warnings: inout [Diagnostic]) throws -> Transcript {
    let root = try file.json()
    guard root.members != nil else {
      throw file.error(
        "expected Google Chat's messages.json (an object with 'messages'), found \(root.typeName)", at: root)
    }
    let title = try space.info.flatMap { try GoogleChatSpaceReader.name(ofInfo: $0, owner: nil) }
    var messages: [Message] = []
    for (index, entry) in (try file.array("messages", in: root) ?? []).enumerated() {
      messages.append(try message(entry, position: index))
    }
    return Transcript(title: title, participants: participants, messages: messages)
  }

  mutating func author(_ creator: JSONValue) throws -> String {
    let name = try file.string("name", in: creator, required: false) ?? "Unknown"
    let email = try file.string("email", in: creator, required: false)
    let id = email ?? name
    if participantIndex[id] == nil {
      participantIndex[id] = participants.count
      let isBot = try file.string("user_type", in: creator, required: false) == "Bot"
      participants.append(Participant(id: id, name: name, isBot: isBot, handles: email.map { [$0] } ?? []))
    }
    return id
  }

  mutating func message(_ entry: JSONValue, position: Int) throws -> Message {
    guard entry.members != nil else {
      throw file.error("expected an object for a message, found \(entry.typeName)", at: entry)
    }
    let location = locator.location(ofOffset: entry.offset)
    guard let creator = try file.objectMember("creator", in: entry) else {
      throw file.error("missing key 'creator'", at: entry)
    }
    let authorID = try author(creator)
    guard let dateValue = entry["created_date"], let dateText = dateValue.stringValue else {
      throw file.error(
        entry["created_date"].map { "expected a string for 'created_date', found \($0.typeName)" }
          ?? "missing key 'created_date'", at: entry["created_date"] ?? entry)
    }
    guard let time = GoogleChatSpaceReader.time(dateText) else {
      throw file.error(
        "invalid date '\(dateText)' (expected Takeout's 'Tuesday, January 2, 2024 at 3:04:05 PM UTC')", at: dateValue)
    }
    let id = try file.string("message_id", in: entry, required: false) ?? "m\(position + 1)"
    let raw = try file.string("text", in: entry, required: false) ?? ""
    var extras = MessageExtras()
    var text = raw
    (text, extras.spans) = try annotated(raw, entry: entry)
    extras.attachments = try attachments(of: entry)
    extras.call = try call(of: entry)
    if entry["updated_date"] != nil || entry["last_edited_time"] != nil { extras.isEdited = true }
    let state = try file.string("message_state", in: entry, required: false)
    if entry["deleted_date"] != nil || state == "DELETED" {
      extras.isDeleted = true
      text = ""
      extras.spans = []
    }
    if let quote = try file.objectMember("quoted_message_metadata", in: entry) {
      let quotedText = try file.string("text", in: quote, required: false) ?? ""
      let quotedID = try file.string("message_id", in: quote, required: false)
      let quotedCreator = try file.objectMember("creator", in: quote)
      let quotedAuthor = try quotedCreator.flatMap {
        try file.string("email", in: $0, required: false) ?? file.string("name", in: $0, required: false)
      }
      if let original = quotedID.flatMap({ idsByQuote["#" + $0] }) ?? idsByQuote["\(quotedAuthor ?? "")|\(quotedText)"]
      {
        extras.replyTo = original
      } else if !quotedText.isEmpty {
        (text, extras.spans) = SignalFormat.quoting(quotedText, above: text)
      }
    }
    idsByQuote["#" + id] = id
    idsByQuote["\(authorID)|\(raw)"] = id
    if let name = participantIndex[authorID].map({ participants[$0].name }) { idsByQuote["\(name)|\(raw)"] = id }
    return Message(id: id, authorID: authorID, time: time, text: text, location: location, extras: extras)
  }

  /// The Meet call a message started (issue 36): an annotation with `video_call_metadata`
  /// (its `meeting_space`), a video call of the message's creator; Takeout gives no length.
  func call(of entry: JSONValue) throws -> Call? {
    let annotations = try file.array("annotations", in: entry, required: false) ?? []
    return annotations.contains { $0["video_call_metadata"] != nil } ? Call(medium: .video) : nil
  }

  /// The text with its annotations as spans (mentions, links, bold, italic, strikethrough,
  /// code). Takeout counts the ranges in UTF-16 code units.
  func annotated(_ text: String, entry: JSONValue) throws -> (String, [TextSpan]) {
    let annotations = try file.array("annotations", in: entry, required: false) ?? []
    guard !annotations.isEmpty else { return (text, []) }
    // UTF-16 offset → scalar offset.
    var scalarAt: [Int: Int] = [:]
    var utf16 = 0
    for (index, scalar) in text.unicodeScalars.enumerated() {
      scalarAt[utf16] = index
      utf16 += scalar.utf16.count
    }
    let scalarCount = text.unicodeScalars.count
    scalarAt[utf16] = scalarCount
    var spans: [TextSpan] = []
    for annotation in annotations where annotation.members != nil {
      guard let start = try file.number("start_index", in: annotation)?.saturatingInt,
        let length = try file.number("length", in: annotation)?.saturatingInt, length > 0,
        let from = scalarAt[start], let to = scalarAt[start + length], to > from
      else { continue }
      guard let style = try style(of: annotation) else { continue }
      spans.append(TextSpan(start: from, length: to - from, style: style))
    }
    spans.sort { ($0.start, -$0.length) < ($1.start, -$1.length) }
    return (text, spans)
  }

  func style(of annotation: JSONValue) throws -> TextSpan.Style? {
    if let mention = try file.objectMember("user_mention_metadata", in: annotation) {
      let user = try file.objectMember("id", in: mention)
      return .mention(try user.flatMap { try file.id("id", in: $0) } ?? "")
    }
    if let link = try file.objectMember("url_metadata", in: annotation) {
      var url: String?
      if let wrapped = try file.objectMember("url", in: link) {
        url = try file.string("private_do_not_access_or_else_safe_url_wrapped_value", in: wrapped, required: false)
      }
      return url.map { .link($0) }
    }
    if let format = try file.objectMember("format_metadata", in: annotation) {
      switch try file.string("format_type", in: format, required: false) {
      case "BOLD": return .bold
      case "ITALIC": return .italic
      case "STRIKE": return .strikethrough
      case "UNDERLINE": return .underline
      case "MONOSPACE": return .code
      case "MONOSPACE_BLOCK": return .codeBlock(language: nil)
      default: return nil
      }
    }
    return nil
  }

  func attachments(of entry: JSONValue) throws -> [Attachment] {
    try (file.array("attached_files", in: entry, required: false) ?? []).map { item in
      guard item.members != nil else {
        throw file.error("expected an object for an attached file, found \(item.typeName)", at: item)
      }
      let original = try file.string("original_name", in: item, required: false)
      let exported = try file.string("export_name", in: item, required: false)
      var attachment = Attachment(
        kind: FileTypes.kind(ofFile: original ?? exported ?? ""), fileName: original ?? exported)
      if let exported { space.media.resolve(&attachment, at: space.mediaPrefix + exported) }
      return attachment
    }
  }

  static let months = [
    "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
    "November", "December",
  ]

  /// "Tuesday, January 2, 2024 at 3:04:05 PM UTC" as an instant (the space before AM/PM may
  /// be a narrow no-break space; the zone UTC, or UTC or GMT with an offset such as +2).
  static func time(_ text: String) -> MessageTime? {
    let normal = String(text.unicodeScalars.map { InvisibleMarks.isSpace($0) ? " " : Character($0) })
    var parts = normal.split(separator: " ").map(String.init)
    guard parts.count >= 7 else { return nil }
    if parts[0].hasSuffix(",") { parts.removeFirst() }
    guard parts.count == 7, let month = months.firstIndex(of: parts[0]), parts[1].hasSuffix(","),
      let day = Int(parts[1].dropLast()), let year = Int(parts[2]), parts[3] == "at"
    else { return nil }
    let clock = parts[4].split(separator: ":").compactMap { Int($0) }
    guard clock.count == 3, (1...12).contains(clock[0]), clock[1] < 60, clock[2] < 60,
      parts[5] == "AM" || parts[5] == "PM"
    else { return nil }
    let hour = clock[0] % 12 + (parts[5] == "PM" ? 12 : 0)
    var zone = Substring(parts[6])
    guard zone.hasPrefix("UTC") || zone.hasPrefix("GMT") else { return nil }
    zone = zone.dropFirst(3)
    var offset = 0
    if let sign = zone.first {
      guard sign == "+" || sign == "-" else { return nil }
      let pieces = zone.dropFirst().split(separator: ":").compactMap { Int($0) }
      guard (1...2).contains(pieces.count), pieces[0] <= 14 else { return nil }
      offset = (pieces[0] * 3600 + (pieces.count == 2 ? pieces[1] * 60 : 0)) * (sign == "-" ? -1 : 1)
    }
    let date = LocalDate(year: year, month: month + 1, day: day)
    guard date.isValid else { return nil }
    let seconds = ISO8601.daysSinceEpoch(date) * 86_400 + hour * 3600 + clock[1] * 60 + clock[2] - offset
    return MessageTime.epochSeconds(Double(seconds))
  }
}
