/// Someone who speaks in a transcript.
public struct Participant: Sendable, Hashable, Codable {
  /// Stable identifier, unique within the transcript.
  public var id: String
  /// The name shown to readers.
  public var name: String
  /// A bot or an assistant, when the format says so.
  public var isBot: Bool
  /// Other names the person goes by in the source (a user name beside a server nickname,
  /// a phone number), which `--me`-style matching accepts too.
  public var handles: [String]
  /// The name as a word of ours ("Them", "Deleted Account") when the export gives none, so it
  /// is drawn in the reader's language; `name` holds its English.
  package var namePhrase: Phrase?
  /// The person's picture when the export ships one (or `--names` gives one), drawn in place
  /// of initials; read like a photo attachment, and only from inside the export.
  public var avatar: AttachmentSource?

  private enum CodingKeys: String, CodingKey { case id, name, isBot, handles }

  /// A participant; not a bot and with no other handles unless given.
  public init(id: String, name: String, isBot: Bool = false, handles: [String] = []) {
    self.id = id
    self.name = name
    self.isBot = isBot
    self.handles = handles
  }
}
