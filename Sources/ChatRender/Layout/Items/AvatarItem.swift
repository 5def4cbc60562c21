/// A person's picture beside their bubbles: their own picture when the export ships one,
/// else their initials on a coloured circle (or rounded square).
@_spi(Pages) public struct AvatarItem: Sendable, Hashable {
  /// The circle (or rounded square) of the avatar.
  public var shape: BubbleShape
  /// Fill colour of the shape.
  public var fill: Color
  /// The initials, centred in the shape.
  public var initials: TextBlock
  /// The person's picture, covering the shape and clipped to it; nil for initials.
  public var picture: PictureItem?

  /// An avatar of `shape` filled with `fill`, showing `initials`, or `picture` when given.
  public init(shape: BubbleShape, fill: Color, initials: TextBlock, picture: PictureItem? = nil) {
    self.shape = shape
    self.fill = fill
    self.initials = initials
    self.picture = picture
  }

  /// The avatar's bounds, in points.
  public var frame: Rect { shape.frame }
}
