/// Reaction pills on or under a bubble.
@_spi(Pages) public struct ReactionStyle: Sendable, Hashable {
  /// Where reaction pills sit.
  public enum Placement: String, Sendable, Hashable, CaseIterable {
    /// Over the bubble's bottom edge (WhatsApp, Telegram, iMessage).
    case overlap
    /// In a row under the bubble (Discord).
    case below
    /// One tapback over the bubble's top corner on the side away from its author's edge
    /// (iMessage): the reactions' first emoji and their count.
    case corner
    /// One pill over the bubble's bottom edge for all of a message's reactions (WhatsApp): up
    /// to three emoji and their total.
    case combined
    /// Capsules inside the bubble under its text, the time on their row when it fits
    /// (Telegram).
    case inside
  }
  /// Fill colour of the pill.
  public var fill: Color
  /// Colour of the pill's emoji and count.
  public var textColor: Color
  /// Font size of the pill's label in points.
  public var size: Double
  /// Where the pills sit; `.overlap` by default.
  public var placement: Placement

  /// A reaction style; `size` is in points.
  public init(fill: Color, textColor: Color, size: Double, placement: Placement = .overlap) {
    self.fill = fill
    self.textColor = textColor
    self.size = size
    self.placement = placement
  }
}
