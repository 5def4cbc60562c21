/// A point in layout units (points; 1pt = 1px at scale 1), y growing downwards.
public struct Point: Sendable, Hashable {
  public var x: Double
  public var y: Double

  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }

  public static let zero = Point(x: 0, y: 0)
}
