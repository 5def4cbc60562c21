/// Distances from each edge of a rectangle, in points (padding, margins).
@_spi(Pages) public struct EdgeInsets: Sendable, Hashable {
  /// Inset from the top edge, in points.
  public var top: Double
  /// Inset from the left edge, in points.
  public var left: Double
  /// Inset from the bottom edge, in points.
  public var bottom: Double
  /// Inset from the right edge, in points.
  public var right: Double

  /// Insets in points for each edge.
  public init(top: Double, left: Double, bottom: Double, right: Double) {
    self.top = top
    self.left = left
    self.bottom = bottom
    self.right = right
  }

  /// The same inset on every side.
  public init(all value: Double) { self.init(top: value, left: value, bottom: value, right: value) }

  /// CSS order: 1 value (all), 2 (vertical, horizontal) or 4 (top, right, bottom, left).
  public init?(css values: [Double]) {
    switch values.count {
    case 1: self.init(all: values[0])
    case 2: self.init(top: values[0], left: values[1], bottom: values[0], right: values[1])
    case 4: self.init(top: values[0], left: values[3], bottom: values[2], right: values[1])
    default: return nil
    }
  }

  /// `left + right`, in points.
  public var horizontal: Double { left + right }
  /// `top + bottom`, in points.
  public var vertical: Double { top + bottom }

  /// `[top, right, bottom, left]`, the CSS order.
  public var cssValues: [Double] { [top, right, bottom, left] }
}
