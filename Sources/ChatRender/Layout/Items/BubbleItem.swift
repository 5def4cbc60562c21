/// A filled outline: a message bubble, a notice or a date pill.
@_spi(Pages) public struct BubbleItem: Sendable, Hashable {
  /// The bubble's outline, arrow included.
  public var shape: BubbleShape
  /// Fill colour.
  public var fill: Color
  /// A line inside the outline; nil for none.
  public var border: BorderStyle?
  /// A shadow under the bubble; nil for none.
  public var shadow: ShadowStyle?
  /// The index of the message in the transcript; nil for date pills.
  public var messageIndex: Int?
  /// What the bubble stands for.
  public var role: BubbleRole

  /// A bubble; no border or shadow unless given.
  public init(
    shape: BubbleShape, fill: Color, border: BorderStyle? = nil, shadow: ShadowStyle? = nil,
    messageIndex: Int?, role: BubbleRole
  ) {
    self.shape = shape
    self.fill = fill
    self.border = border
    self.shadow = shadow
    self.messageIndex = messageIndex
    self.role = role
  }
}
