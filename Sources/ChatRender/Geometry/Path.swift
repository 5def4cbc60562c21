/// A shape as drawing commands, in points. The renderer turns it into cairo calls.
@_spi(Pages) public struct Path: Sendable, Hashable {
  /// One drawing command; points are absolute, in points.
  public enum Element: Sendable, Hashable {
    /// Starts a sub-path at the point.
    case move(Point)
    /// A straight line to the point.
    case line(Point)
    /// A cubic Bézier curve with two control points.
    case curve(Point, Point, Point)
    /// A straight line back to the sub-path's start, closing it.
    case close
  }

  /// The drawing commands in order; empty for a new path.
  public private(set) var elements: [Element] = []

  /// An empty path.
  public init() {}

  /// Starts a new sub-path at `point`.
  ///
  /// - Precondition: `point` is finite.
  public mutating func move(to point: Point) {
    precondition(point.x.isFinite && point.y.isFinite, "path point must be finite")
    elements.append(.move(point))
  }

  /// Adds a straight line from the current point to `point`.
  ///
  /// - Precondition: `point` is finite.
  public mutating func line(to point: Point) {
    precondition(point.x.isFinite && point.y.isFinite, "path point must be finite")
    elements.append(.line(point))
  }

  /// Adds a cubic Bézier curve from the current point to `point`, bending towards `control1`
  /// and `control2`.
  ///
  /// - Precondition: `point` is finite.
  public mutating func curve(to point: Point, control1: Point, control2: Point) {
    precondition(point.x.isFinite && point.y.isFinite, "path point must be finite")
    elements.append(.curve(control1, control2, point))
  }

  /// Closes the current sub-path with a straight line back to its start.
  public mutating func close() { elements.append(.close) }

  /// Appends a quarter circle from the current point (at angle `start`) around `center`.
  ///
  /// Angles are in quarter turns clockwise from +x (0 = right, 1 = down, 2 = left, 3 = up).
  mutating func quarterArc(center: Point, radius: Double, from start: Int) {
    // Control distance of a cubic approximating a quarter circle.
    let kappa = 0.552_284_749_8 * radius
    func direction(_ quarter: Int) -> (Double, Double) {
      switch ((quarter % 4) + 4) % 4 {
      case 0: return (1, 0)
      case 1: return (0, 1)
      case 2: return (-1, 0)
      default: return (0, -1)
      }
    }
    let (sx, sy) = direction(start)
    let (ex, ey) = direction(start + 1)
    let from = Point(x: center.x + sx * radius, y: center.y + sy * radius)
    let to = Point(x: center.x + ex * radius, y: center.y + ey * radius)
    curve(
      to: to, control1: Point(x: from.x + ex * kappa, y: from.y + ey * kappa),
      control2: Point(x: to.x + sx * kappa, y: to.y + sy * kappa))
  }

  /// The smallest rectangle holding every point and control point.
  public var bounds: Rect {
    var minX = Double.infinity
    var minY = Double.infinity
    var maxX = -Double.infinity
    var maxY = -Double.infinity
    func add(_ point: Point) {
      minX = min(minX, point.x)
      minY = min(minY, point.y)
      maxX = max(maxX, point.x)
      maxY = max(maxY, point.y)
    }
    for element in elements {
      switch element {
      case .move(let point), .line(let point): add(point)
      case .curve(let a, let b, let c):
        add(a)
        add(b)
        add(c)
      case .close: break
      }
    }
    guard minX.isFinite else { return Rect(x: 0, y: 0, width: 0, height: 0) }
    return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
  }

  /// The path moved by (dx, dy).
  public func offsetBy(dx: Double, dy: Double) -> Path {
    func move(_ point: Point) -> Point { Point(x: point.x + dx, y: point.y + dy) }
    var copy = Path()
    copy.elements = elements.map { element in
      switch element {
      case .move(let point): return .move(move(point))
      case .line(let point): return .line(move(point))
      case .curve(let a, let b, let c): return .curve(move(a), move(b), move(c))
      case .close: return .close
      }
    }
    return copy
  }

  /// Appends every element of `other` (a separate sub-path, for even-odd cut-outs).
  public mutating func append(_ other: Path) { elements += other.elements }
}
