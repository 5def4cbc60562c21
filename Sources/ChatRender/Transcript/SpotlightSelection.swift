/// The messages a spotlight shows, by index in the transcript drawn, each group with its note.
public struct SpotlightSelection: Sendable, Hashable {
  /// What one highlight names.
  public struct Target: Sendable, Hashable {
    /// Indexes in the transcript, ascending.
    public var messageIndexes: [Int]
    /// The text of the note pointing at these messages, if any.
    public var note: String?

    /// Messages at `messageIndexes` (ascending), with an optional note.
    public init(messageIndexes: [Int], note: String? = nil) {
      self.messageIndexes = messageIndexes
      self.note = note
    }
  }

  /// What each highlight names, in order.
  public var targets: [Target]

  /// What a crop left out: the number of entries missing before the message at each index
  /// (at the transcript's message count: after its last message). Empty without a crop.
  var leftOut: [Int: Int] = [:]

  /// A selection of `targets`.
  public init(targets: [Target]) { self.targets = targets }

  /// Every chosen message.
  package var messageIndexes: Set<Int> { Set(targets.flatMap(\.messageIndexes)) }
}
