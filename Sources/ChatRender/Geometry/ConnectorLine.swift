/// A line through corner points whose turns are quarter circles: the curved line that joins
/// a reply to what it quotes (Discord's spine, iMessage's thread). Each leg is horizontal or
/// vertical; a turn's radius shrinks to fit the shorter of its legs.
@_spi(Pages) public struct ConnectorLine: Sendable, Hashable {
  /// Where the line starts, turns and ends, in points.
  public var points: [Point]
  /// The radius of each turn, in points.
  public var radius: Double

  /// A line through `points` (each leg horizontal or vertical), turning with `radius`.
  public init(points: [Point], radius: Double) {
    self.points = points
    self.radius = radius
  }

  /// The line as a path to stroke: straight legs joined by quarter-circle curves.
  public var path: Path {
    var path = Path()
    guard let first = points.first else { return path }
    path.move(to: first)
    for index in points.indices.dropFirst().dropLast() {
      let (before, corner, after) = (points[index - 1], points[index], points[index + 1])
      let room = min(Self.length(before, corner), Self.length(corner, after)) / 2
      let turn = max(0, min(radius, room))
      let entry = Self.step(from: corner, towards: before, by: turn)
      let exit = Self.step(from: corner, towards: after, by: turn)
      path.line(to: entry)
      // Control points on the legs, as a quarter circle's cubic puts them.
      let kappa = 0.552_284_749_8
      path.curve(
        to: exit, control1: Self.mix(entry, corner, kappa), control2: Self.mix(exit, corner, kappa))
    }
    if let last = points.last, points.count > 1 { path.line(to: last) }
    return path
  }

  private static func length(_ a: Point, _ b: Point) -> Double {
    ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
  }

  /// The point `distance` from `origin` on the way to `target`.
  private static func step(from origin: Point, towards target: Point, by distance: Double) -> Point {
    let whole = length(origin, target)
    guard whole > 0 else { return origin }
    return mix(origin, target, distance / whole)
  }

  /// The point a fraction `t` of the way from `a` to `b`.
  private static func mix(_ a: Point, _ b: Point, _ t: Double) -> Point {
    Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
  }
}
