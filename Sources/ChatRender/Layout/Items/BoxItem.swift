/// A filled rectangle with rounded corners (radius 0 for square ones).
@_spi(Pages) public struct BoxItem: Sendable, Hashable {
  /// The rectangle, in points.
  public var frame: Rect
  /// Corner radius in points; 0 or less gives square corners.
  public var radius: Double
  /// Fill colour.
  public var fill: Color

  /// A box of `frame`, square-cornered unless `radius` (points) is given.
  public init(frame: Rect, radius: Double = 0, fill: Color) {
    self.frame = frame
    self.radius = radius
    self.fill = fill
  }
}
