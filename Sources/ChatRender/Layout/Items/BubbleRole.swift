/// What a filled outline stands for: tests, the dump and the layout tell items apart by it.
@_spi(Pages) public enum BubbleRole: String, Sendable, Hashable {
  /// A message of mine, or of someone else.
  case sent, received
  /// A notice ("Ana joined"), a day's pill, a mark of messages left out by `--crop`.
  case system, day, gap
  /// A spotlight's note.
  case note

  /// The bubble of a message on `side`.
  public init(_ side: MessageSide) {
    switch side {
    case .sent: self = .sent
    case .received: self = .received
    case .center: self = .system
    }
  }
}
