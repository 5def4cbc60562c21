/// Vertical gaps between bubbles.
@_spi(Pages) public struct SpacingStyle: Sendable, Hashable {
  /// Between two messages of the same author.
  public var sameAuthor: Double
  /// Between messages of different authors (and around notices).
  public var newAuthor: Double

  /// Gaps in points.
  public init(sameAuthor: Double, newAuthor: Double) {
    self.sameAuthor = sameAuthor
    self.newAuthor = newAuthor
  }
}
