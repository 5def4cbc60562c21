import Foundation

/// Reads one conversation of a `Hangouts.json` (see `HangoutsFormat`).
///
/// An event has `sender_id.gaia_id`, `timestamp` (microseconds since 1970, as a string) and
/// one of `chat_message` (segments of text, line breaks and links, with their formatting,
/// and photo attachments), `membership_change` (JOIN or LEAVE), `conversation_rename` or
/// `hangout_event` (a call: START_HANGOUT then END_HANGOUT with `hangout_duration_secs`).
struct HangoutsConversationReader {
  let file: SourceFile
  var participants: [Participant] = []
  var participantIndex: [String: Int] = [:]
  var names: [String: String] = [:]
  var skipped = UnknownKindTally()
  var locator: ForwardLocator
  /// The call started and not yet ended: its caller, time and where it is.
  var openCall: (authorID: String, time: MessageTime, location: SourceLocation, medium: Call.Medium)?

  init(file: SourceFile) {
    self.file = file
    self.locator = ForwardLocator(file)
  }

  /// The people of a conversation by their `gaia_id`: `fallback_name`, else the phone number
  /// an SMS contact has, else the id.
  static func people(of details: JSONValue, in file: SourceFile) throws -> [(id: String, name: String)] {
    try (file.array("participant_data", in: details, required: false) ?? []).compactMap { person in
      guard person.members != nil, let id = try userID(person["id"], in: file) else { return nil }
      if let name = try file.string("fallback_name", in: person, required: false), !name.isEmpty { return (id, name) }
      if let phone = try file.objectMember("phone_number", in: person),
        let number = try file.string("e164", in: phone, required: false)
      {
        return (id, number)
      }
      return (id, id)
    }
  }

  /// The `gaia_id` of a user id object (`{"gaia_id": "…", "chat_id": "…"}`).
  static func userID(_ value: JSONValue?, in file: SourceFile) throws -> String? {
    guard let value, value.members != nil else { return nil }
    return try file.id("gaia_id", in: value) ?? file.id("chat_id", in: value)
  }

  /// The owner of the export: the reader in `self_conversation_state.self_read_state`.
  static func ownerID(of details: JSONValue, in file: SourceFile) throws -> String? {
    guard let state = try file.objectMember("self_conversation_state", in: details),
      let read = try file.objectMember("self_read_state", in: state)
    else { return nil }
    return try userID(read["participant_id"], in: file)
  }

  /// The conversation's `name`, else the names of everyone but the owner.
  static func title(
    of details: JSONValue, people: [(id: String, name: String)], owner: String?, in file: SourceFile
  ) throws -> String? {
    if let name = try file.string("name", in: details, required: false), !name.isEmpty { return name }
    let others = people.filter { $0.id != owner }.map(\.name)
    return others.isEmpty ? nil : others.joined(separator: ", ")
  }

  mutating func read(_ conversation: HangoutsExport.Conversation, warnings: inout [Diagnostic]) throws -> Transcript {
    let people = try HangoutsConversationReader.people(of: conversation.details, in: file)
    // Everyone listed is a participant, so the owner is known even before they write.
    for person in people {
      names[person.id] = names[person.id] ?? person.name
      _ = author(person.id)
    }
    let owner = try HangoutsConversationReader.ownerID(of: conversation.details, in: file)
    let title = try HangoutsConversationReader.title(of: conversation.details, people: people, owner: owner, in: file)
    var timed: [(Date, Int, Message)] = []
    for (position, event) in conversation.events.enumerated() {
      for message in try messages(of: event, warnings: &warnings) {
        let instant: Date
        if case .instant(let date)? = message.time { instant = date } else { instant = .distantPast }
        timed.append((instant, position, message))
      }
    }
    if let call = openCall {
      // A call that never ended in the file: drawn without a length.
      timed.append((Self.instant(call.time), conversation.events.count, callMessage(call, outcome: .answered)))
      openCall = nil
    }
    if let warning = skipped.warning("unknown kind", { "skipped " + $0 }) { warnings.append(warning) }
    timed.sort { ($0.0, $0.1) < ($1.0, $1.1) }
    let meID = owner.flatMap { participantIndex[$0] == nil ? nil : $0 }
    return Transcript(title: title, participants: participants, meID: meID, messages: timed.map(\.2))
  }

  static func instant(_ time: MessageTime) -> Date {
    if case .instant(let date) = time { return date }
    return .distantPast
  }

  mutating func author(_ id: String) -> String {
    if participantIndex[id] == nil {
      participantIndex[id] = participants.count
      participants.append(Participant(id: id, name: name(of: id)))
    }
    return id
  }

  func name(of id: String) -> String { names[id] ?? id }

  /// The messages one event makes: none (a call's start, waiting for its end), one, or two
  /// (a call's end after an unfinished one).
  mutating func messages(of event: JSONValue, warnings: inout [Diagnostic]) throws -> [Message] {
    let event = try HangoutsExport.object(event, "an event", in: file)
    let location = locator.location(ofOffset: event.offset)
    guard let sender = try HangoutsConversationReader.userID(event["sender_id"], in: file) else {
      throw file.error("missing key 'sender_id' (an object with 'gaia_id')", at: event)
    }
    let time = try timestamp(of: event)
    let id = try file.string("event_id", in: event, required: false)
    if let chat = try file.objectMember("chat_message", in: event) {
      var message = try chatMessage(chat, authorID: author(sender), time: time, location: location)
      message.id = id
      return [message]
    }
    if let change = try file.objectMember("membership_change", in: event) {
      return [notice(try membershipPhrase(change, sender: sender), id: id, time: time, location: location)]
    }
    if let rename = try file.objectMember("conversation_rename", in: event) {
      let newName = try file.string("new_name", in: rename, required: false) ?? ""
      let actor = Phrase.Value.text(name(of: sender))
      let phrase =
        newName.isEmpty
        ? Phrase(.noticeNameRemoved, ["actor": actor])
        : Phrase(.noticeRenamed, ["actor": actor, "title": .text(newName)])
      return [notice(phrase, id: id, time: time, location: location)]
    }
    if let hangout = try file.objectMember("hangout_event", in: event) {
      return try callMessages(hangout, sender: sender, time: time, location: location, warnings: &warnings)
    }
    skipped.note(try file.string("event_type", in: event, required: false) ?? "event", at: location)
    return []
  }

  /// `timestamp`: microseconds since 1970, a string of digits (or a number).
  func timestamp(of event: JSONValue) throws -> MessageTime {
    guard let value = event["timestamp"], !value.isNull else { throw file.error("missing key 'timestamp'", at: event) }
    guard let text = value.idText, let micro = Double(text), micro.isFinite,
      let time = MessageTime.epochSeconds((micro / 1_000_000).rounded(.down))
    else {
      throw file.error(
        "invalid timestamp \(value.stringValue.map { "'\($0)'" } ?? value.typeName) (expected microseconds since 1970 such as \"1704448920000000\")",
        at: value)
    }
    return time
  }

  /// A notice of ours, drawn in the reader's language.
  func notice(_ phrase: Phrase, id: String?, time: MessageTime, location: SourceLocation) -> Message {
    var extras = MessageExtras()
    extras.phrase = phrase
    return Message(
      id: id, authorID: nil, time: time, text: phrase.english, kind: .system, location: location, extras: extras)
  }

  func membershipPhrase(_ change: JSONValue, sender: String) throws -> Phrase {
    let type = try file.string("type", in: change, required: false) ?? ""
    let ids = try (file.array("participant_id", in: change, required: false) ?? []).compactMap {
      try HangoutsConversationReader.userID($0, in: file)
    }
    let who = Phrase.Value.names(ids.map(name(of:)))
    let actor = Phrase.Value.text(name(of: sender))
    // Hangouts writes " LEAVE" with a space now and then.
    switch type.trimmingCharacters(in: .whitespaces) {
    case "JOIN":
      return ids == [sender]
        ? Phrase(.noticeJoined, ["actor": actor]) : Phrase(.noticeAdded, ["actor": actor, "names": who])
    case "LEAVE":
      return ids == [sender] || ids.isEmpty
        ? Phrase(.noticeLeft, ["actor": actor]) : Phrase(.noticeRemoved, ["actor": actor, "names": who])
    default: return Phrase(.noticeMembersChanged, ["actor": actor, "names": who])
    }
  }

  mutating func chatMessage(_ chat: JSONValue, authorID: String, time: MessageTime, location: SourceLocation) throws
    -> Message
  {
    var builder = StyledTextBuilder()
    var extras = MessageExtras()
    if let content = try file.objectMember("message_content", in: chat) {
      for segment in try file.array("segment", in: content, required: false) ?? [] {
        try append(segment, to: &builder)
      }
      for attachment in try file.array("attachment", in: content, required: false) ?? [] {
        if let chip = try self.attachment(attachment) { extras.attachments.append(chip) }
      }
    }
    extras.spans = builder.spans
    return Message(authorID: authorID, time: time, text: builder.text, location: location, extras: extras)
  }

  /// A TEXT, LINK or LINE_BREAK segment; another kind keeps its text.
  func append(_ segment: JSONValue, to builder: inout StyledTextBuilder) throws {
    let segment = try HangoutsExport.object(segment, "a segment", in: file)
    let type = try file.string("type", in: segment, required: false) ?? "TEXT"
    let text = try file.string("text", in: segment, required: false) ?? ""
    if type == "LINE_BREAK" {
      builder.append(text.isEmpty ? "\n" : text)
      return
    }
    var styles: [TextSpan.Style] = []
    if let formatting = try file.objectMember("formatting", in: segment) {
      if try file.flag("bold", in: formatting) == true { styles.append(.bold) }
      if try file.flag("italics", in: formatting) == true || file.flag("italic", in: formatting) == true {
        styles.append(.italic)
      }
      if try file.flag("strikethrough", in: formatting) == true { styles.append(.strikethrough) }
      if try file.flag("underline", in: formatting) == true { styles.append(.underline) }
    }
    if type == "LINK" {
      let data = try file.objectMember("link_data", in: segment)
      let target = try data.flatMap { try file.string("link_target", in: $0, required: false) } ?? text
      styles.append(.link(HangoutsConversationReader.unwrapped(target)))
    }
    builder.append(text, styles: styles)
  }

  /// The address behind Google's redirect (`https://www.google.com/url?q=ADDRESS&…`), which
  /// Hangouts put around links; any other address as it is.
  static func unwrapped(_ target: String) -> String {
    guard let components = URLComponents(string: target),
      components.host.map({ $0 == "www.google.com" || $0 == "google.com" }) == true, components.path == "/url",
      let address = components.queryItems?.first(where: { $0.name == "q" })?.value, !address.isEmpty
    else { return target }
    return address
  }

  /// A photo or video (`embed_item.plus_photo`), a place (`place_v2`); nil for other embeds.
  func attachment(_ value: JSONValue) throws -> Attachment? {
    let value = try HangoutsExport.object(value, "an attachment", in: file)
    guard let item = try file.objectMember("embed_item", in: value) else { return nil }
    if let photo = try file.objectMember("plus_photo", in: item) {
      let mediaType = try file.string("media_type", in: photo, required: false) ?? "PHOTO"
      let kind: Attachment.Kind = mediaType.contains("VIDEO") ? .video : .image
      let url = try file.string("url", in: photo, required: false)
      var chip = Attachment(kind: kind, fileName: url.flatMap(HangoutsConversationReader.fileName(ofURL:)))
      if chip.fileName == nil { chip.fileName = kind == .video ? "video" : "photo" }
      chip.mimeType = chip.fileName.flatMap { FileTypes.mimeType(ofFile: $0) }
      return chip
    }
    if let place = try file.objectMember("place_v2", in: item) {
      return Attachment(kind: .location, title: try file.string("name", in: place, required: false))
    }
    return nil
  }

  /// The last part of an address's path when it names a file (`IMG_0042.jpg`), else nil.
  static func fileName(ofURL address: String) -> String? {
    guard let path = URLComponents(string: address)?.path,
      let last = path.split(separator: "/").last.map(String.init), last.contains("."),
      FileTypes.kind(ofFile: last) != .file
    else { return nil }
    return last
  }

  /// A call: its start waits for its end, which gives the length (none: nobody answered).
  mutating func callMessages(
    _ hangout: JSONValue, sender: String, time: MessageTime, location: SourceLocation, warnings: inout [Diagnostic]
  ) throws -> [Message] {
    let type = try file.string("event_type", in: hangout, required: false) ?? ""
    let medium: Call.Medium =
      try file.string("media_type", in: hangout, required: false) == "AUDIO_ONLY" ? .voice : .video
    switch type {
    case "START_HANGOUT":
      var pending: [Message] = []
      if let call = openCall { pending.append(callMessage(call, outcome: .answered)) }
      openCall = (author(sender), time, location, medium)
      return pending
    case "END_HANGOUT":
      let seconds = try duration(of: hangout, warnings: &warnings)
      let call = openCall ?? (author(sender), time, location, medium)
      openCall = nil
      // No length, or none at all: nobody answered. A length past the limit was a call all the same.
      let hasLength = hangout["hangout_duration_secs"].map { !$0.isNull } ?? false
      let outcome: Call.Outcome = hasLength && seconds != 0 ? .answered : .missed
      return [callMessage(call, outcome: outcome, seconds: outcome == .answered ? seconds : nil)]
    default:
      skipped.note("hangout_event " + type, at: location)
      return []
    }
  }

  func callMessage(
    _ call: (authorID: String, time: MessageTime, location: SourceLocation, medium: Call.Medium),
    outcome: Call.Outcome, seconds: Double? = nil
  ) -> Message {
    var extras = MessageExtras()
    extras.call = Call(medium: call.medium, outcome: outcome, duration: seconds)
    return Message(authorID: call.authorID, time: call.time, text: "", location: call.location, extras: extras)
  }

  /// `hangout_duration_secs`, a string of digits (or a number); past the limit, none.
  func duration(of hangout: JSONValue, warnings: inout [Diagnostic]) throws -> Double? {
    guard let value = hangout["hangout_duration_secs"], !value.isNull else { return nil }
    guard let text = value.idText, let seconds = Double(text) else {
      throw file.error("expected a number of seconds for 'hangout_duration_secs', found \(value.typeName)", at: value)
    }
    guard seconds.isFinite, seconds >= 0, seconds <= Double(Limit.recordingLength.value) else {
      warnings.append(
        .warning(
          "'hangout_duration_secs' of \(text) ignored: "
            + (seconds > 0 ? Limit.recordingLength.exceededMessage() : "not a length")
            + "; the call is drawn without its length", at: file.location(ofOffset: value.offset)))
      return nil
    }
    return seconds
  }
}
