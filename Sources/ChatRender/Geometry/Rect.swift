/// An axis-aligned rectangle in points.
@_spi(Pages) public struct Rect: Sendable, Hashable {
  /// The top-left corner.
  public var origin: Point
  /// Width and height in points.
  public var size: Size

  /// A rectangle whose top-left corner is at (`x`, `y`), all in points.
  public init(x: Double, y: Double, width: Double, height: Double) {
    origin = Point(x: x, y: y)
    size = Size(width: width, height: height)
  }

  /// Left edge (`origin.x`).
  public var minX: Double { origin.x }
  /// Top edge (`origin.y`).
  public var minY: Double { origin.y }
  /// Right edge (`origin.x + width`).
  public var maxX: Double { origin.x + size.width }
  /// Bottom edge (`origin.y + height`).
  public var maxY: Double { origin.y + size.height }
  /// Horizontal centre.
  public var midX: Double { origin.x + size.width / 2 }
  /// Vertical centre.
  public var midY: Double { origin.y + size.height / 2 }
  /// Width in points.
  public var width: Double { size.width }
  /// Height in points.
  public var height: Double { size.height }

  /// The rectangle shrunk by `insets` (negative insets grow it).
  public func inset(by insets: EdgeInsets) -> Rect {
    Rect(
      x: minX + insets.left, y: minY + insets.top,
      width: max(0, width - insets.left - insets.right),
      height: max(0, height - insets.top - insets.bottom))
  }

  /// The same rectangle moved by `dx` right and `dy` down, in points.
  public func offsetBy(dx: Double, dy: Double) -> Rect {
    Rect(x: minX + dx, y: minY + dy, width: width, height: height)
  }

  /// The smallest rectangle holding both.
  public func union(_ other: Rect) -> Rect {
    let x = min(minX, other.minX)
    let y = min(minY, other.minY)
    return Rect(x: x, y: y, width: max(maxX, other.maxX) - x, height: max(maxY, other.maxY) - y)
  }

  /// Whether `rect` lies wholly inside this one.
  public func contains(_ rect: Rect) -> Bool {
    rect.minX >= minX && rect.maxX <= maxX && rect.minY >= minY && rect.maxY <= maxY
  }

  /// Whether `point` lies inside or on the edge.
  public func contains(_ point: Point) -> Bool {
    point.x >= minX && point.x <= maxX && point.y >= minY && point.y <= maxY
  }
}
