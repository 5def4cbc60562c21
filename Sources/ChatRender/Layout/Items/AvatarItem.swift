/// A round picture with initials, beside received bubbles.
@_spi(Pages) public struct AvatarItem: Sendable, Hashable {
  /// The circle (or rounded square) of the avatar.
  public var shape: BubbleShape
  /// Fill colour of the shape.
  public var fill: Color
  /// The initials, centred in the shape.
  public var initials: TextBlock

  /// An avatar of `shape` filled with `fill`, showing `initials`.
  public init(shape: BubbleShape, fill: Color, initials: TextBlock) {
    self.shape = shape
    self.fill = fill
    self.initials = initials
  }

  /// The avatar's bounds, in points.
  public var frame: Rect { shape.frame }
}
