/// A conversation: who speaks, who is "me", and what was said, in source order.
public struct Transcript: Sendable, Hashable {
  /// The chat's name (a group's name, a channel), when the source gives one.
  public var title: String?
  /// Everyone who takes part; `Message.authorID` holds one of their ids.
  public var participants: [Participant]
  /// The participant id whose messages are "sent" (right side); nil when nobody is.
  public var meID: String?
  /// The messages and system notices, in source order.
  public var messages: [Message]
  /// The clock the source wrote times in, when it shows (a US WhatsApp export's `9:30 PM`).
  package var clock: HourClock?
  /// The title as a word of ours ("Saved Messages") when the export gives none, drawn in the
  /// reader's language; `title` holds its English.
  package var titlePhrase: Phrase?
  /// The language the export is written in ("ko", "ja", "zh-Hant"), when its reader knows it
  /// for certain (header and day lines in one known language); the command line draws in it
  /// when no locale is chosen.
  package var language: String?
  /// Who speaks in the whole chat, kept when the chat is cut down (see `speakers`).
  var wholeChat = WholeChat()

  /// A transcript; `clock` starts nil.
  public init(
    title: String? = nil, participants: [Participant] = [], meID: String? = nil,
    messages: [Message] = []
  ) {
    self.title = title
    self.participants = participants
    self.meID = meID
    self.messages = messages
  }

  /// The participant with `id`, or nil when none has it.
  public func participant(id: String) -> Participant? {
    participants.first { $0.id == id }
  }

  /// Which side `message` is drawn on.
  public func side(of message: Message) -> MessageSide {
    if message.kind == .system { return .center }
    if let meID, message.authorID == meID { return .sent }
    return .received
  }
}

/// Where a message sits in the picture.
public enum MessageSide: String, Sendable, Hashable {
  /// Sent by "me": right side.
  case sent
  /// From anyone else: left side.
  case received
  /// A system notice: centred.
  case center
}
