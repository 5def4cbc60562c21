/// A point in layout units (points; 1pt = 1px at scale 1), y growing downwards.
@_spi(Pages) public struct Point: Sendable, Hashable {
  /// Horizontal position in points, growing to the right.
  public var x: Double
  /// Vertical position in points, growing downwards.
  public var y: Double

  /// A point `x` points from the left and `y` points from the top.
  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }

  /// The origin, top-left.
  public static let zero = Point(x: 0, y: 0)
}
