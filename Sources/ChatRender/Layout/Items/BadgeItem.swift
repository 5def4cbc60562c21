/// A filled shape with a label, drawn over the bubbles it may overlap.
@_spi(Pages) public struct BadgeItem: Sendable, Hashable {
  /// The badge's outline.
  public var shape: BubbleShape
  /// Fill colour.
  public var fill: Color
  /// A line inside the outline (a ring parting a reaction from its bubble); nil for none.
  public var border: BorderStyle?
  /// The badge's text.
  public var label: TextBlock
  /// The message the badge belongs to (a reaction's), so a spotlight shows it with its
  /// bubble; nil for a badge of no message.
  public var messageIndex: Int?

  /// A badge; no border unless given.
  public init(
    shape: BubbleShape, fill: Color, border: BorderStyle? = nil, label: TextBlock, messageIndex: Int? = nil
  ) {
    self.shape = shape
    self.fill = fill
    self.border = border
    self.label = label
    self.messageIndex = messageIndex
  }
}
