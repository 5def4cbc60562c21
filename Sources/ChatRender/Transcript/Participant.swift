/// Someone who speaks in a transcript.
public struct Participant: Sendable, Hashable, Codable {
  /// Stable identifier, unique within the transcript.
  public var id: String
  /// The name shown to readers.
  public var name: String
  /// A bot or an assistant, when the format says so.
  public var isBot: Bool

  public init(id: String, name: String, isBot: Bool = false) {
    self.id = id
    self.name = name
    self.isBot = isBot
  }
}
