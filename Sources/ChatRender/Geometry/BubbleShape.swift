/// The outline of a speech bubble: a rounded rectangle (the body) with an arrow standing out
/// of one of its sides.
///
/// The arrow lies outside the body: the body is the frame shrunk by the arrow's height on the
/// arrow's side, so `path.bounds` equals the frame.
public struct BubbleShape: Sendable, Hashable {
  public enum Side: String, Sendable, Hashable, CaseIterable {
    case top, left, bottom, right

    var isVertical: Bool { self == .left || self == .right }
  }

  public enum ArrowStyle: String, Sendable, Hashable, CaseIterable {
    /// A straight-sided triangle, its tip above the middle of its base.
    case triangle
    /// A tail that sweeps outwards and towards the far end of the side, like iMessage's.
    case curved
  }

  /// Where the arrow's centre lies along its side.
  public enum Anchor: String, Sendable, Hashable, CaseIterable {
    /// `offset` from the top (left and right sides) or from the left (top and bottom sides).
    case start
    /// `offset` from the bottom (left and right sides) or from the right (top and bottom sides).
    case end
    /// The middle of the side, moved by `offset`.
    case center
  }

  public struct Arrow: Sendable, Hashable {
    public var side: Side
    public var style: ArrowStyle
    /// Width of the base, along the side, in points.
    public var width: Double
    /// How far the tip stands out of the body, in points.
    public var height: Double
    /// Distance of the base's centre from the anchor, in points.
    public var offset: Double
    public var anchor: Anchor

    public init(
      side: Side, style: ArrowStyle = .triangle, width: Double, height: Double, offset: Double,
      anchor: Anchor = .start
    ) {
      self.side = side
      self.style = style
      self.width = width
      self.height = height
      self.offset = offset
      self.anchor = anchor
    }
  }

  /// The whole bubble, arrow included.
  public var frame: Rect
  /// Corner radius of the body; 0 or less gives square corners.
  public var radius: Double
  public var arrow: Arrow?
  /// Room kept clear of the arrow's base at both ends of its side when larger than the radius
  /// (part of the body's padding, so the arrow never sits beside a square corner's edge).
  public var arrowMargin: Double

  public init(frame: Rect, radius: Double, arrow: Arrow? = nil, arrowMargin: Double = 0) {
    precondition(
      frame.minX.isFinite && frame.minY.isFinite && frame.width.isFinite && frame.height.isFinite,
      "bubble frame must be finite")
    self.frame = frame
    self.radius = radius
    self.arrow = arrow
    self.arrowMargin = arrowMargin
  }

  /// The rounded rectangle: the frame less the arrow's height on its side.
  public var body: Rect {
    guard let arrow, arrow.height > 0 else { return frame }
    let height = min(arrow.height, arrow.side.isVertical ? frame.width : frame.height)
    switch arrow.side {
    case .top: return frame.inset(by: EdgeInsets(top: height, left: 0, bottom: 0, right: 0))
    case .left: return frame.inset(by: EdgeInsets(top: 0, left: height, bottom: 0, right: 0))
    case .bottom: return frame.inset(by: EdgeInsets(top: 0, left: 0, bottom: height, right: 0))
    case .right: return frame.inset(by: EdgeInsets(top: 0, left: 0, bottom: 0, right: height))
    }
  }

  /// The corner radius actually drawn: at most half the body's shorter side, never negative.
  public var effectiveRadius: Double {
    let body = self.body
    return max(0, min(radius, min(body.width, body.height) / 2))
  }

  /// The arrow as placed: base clamped clear of the rounded corners and the margin.
  ///
  /// Returns nil when there is no arrow or no room for one.
  public var placedArrow: (baseStart: Double, baseEnd: Double, tip: Point)? {
    guard let arrow, arrow.height > 0, arrow.width > 0 else { return nil }
    let body = self.body
    let length = arrow.side.isVertical ? body.height : body.width
    let reserved = max(effectiveRadius, arrowMargin)
    let room = length - 2 * reserved
    guard room > 0 else { return nil }
    let width = min(arrow.width, room)
    var centre: Double
    switch arrow.anchor {
    case .start: centre = arrow.offset
    case .end: centre = length - arrow.offset
    case .center: centre = length / 2 + arrow.offset
    }
    centre = min(max(centre, reserved + width / 2), length - reserved - width / 2)
    let start = centre - width / 2
    let end = centre + width / 2
    let sweep = arrow.style == .curved ? width / 2 : 0
    let tip: Point
    switch arrow.side {
    case .top: tip = Point(x: body.minX + centre + sweep, y: body.minY - arrow.height)
    case .bottom: tip = Point(x: body.minX + centre + sweep, y: body.maxY + arrow.height)
    case .left: tip = Point(x: body.minX - arrow.height, y: body.minY + centre + sweep)
    case .right: tip = Point(x: body.maxX + arrow.height, y: body.minY + centre + sweep)
    }
    return (start, end, tip)
  }

  /// The closed outline, clockwise from the top-left corner.
  public var path: Path {
    let body = self.body
    let r = effectiveRadius
    let placed = placedArrow
    var path = Path()
    path.move(to: Point(x: body.minX + r, y: body.minY))
    // Top edge, left to right.
    if let placed, arrow?.side == .top {
      addArrow(to: &path, from: Point(x: body.minX + placed.baseStart, y: body.minY),
        to: Point(x: body.minX + placed.baseEnd, y: body.minY), tip: placed.tip)
    }
    path.line(to: Point(x: body.maxX - r, y: body.minY))
    if r > 0 { path.quarterArc(center: Point(x: body.maxX - r, y: body.minY + r), radius: r, from: 3) }
    // Right edge, top to bottom.
    if let placed, arrow?.side == .right {
      addArrow(to: &path, from: Point(x: body.maxX, y: body.minY + placed.baseStart),
        to: Point(x: body.maxX, y: body.minY + placed.baseEnd), tip: placed.tip)
    }
    path.line(to: Point(x: body.maxX, y: body.maxY - r))
    if r > 0 { path.quarterArc(center: Point(x: body.maxX - r, y: body.maxY - r), radius: r, from: 0) }
    // Bottom edge, right to left.
    if let placed, arrow?.side == .bottom {
      addArrow(to: &path, from: Point(x: body.minX + placed.baseEnd, y: body.maxY),
        to: Point(x: body.minX + placed.baseStart, y: body.maxY), tip: placed.tip)
    }
    path.line(to: Point(x: body.minX + r, y: body.maxY))
    if r > 0 { path.quarterArc(center: Point(x: body.minX + r, y: body.maxY - r), radius: r, from: 1) }
    // Left edge, bottom to top.
    if let placed, arrow?.side == .left {
      addArrow(to: &path, from: Point(x: body.minX, y: body.minY + placed.baseEnd),
        to: Point(x: body.minX, y: body.minY + placed.baseStart), tip: placed.tip)
    }
    path.line(to: Point(x: body.minX, y: body.minY + r))
    if r > 0 { path.quarterArc(center: Point(x: body.minX + r, y: body.minY + r), radius: r, from: 2) }
    path.close()
    return path
  }

  /// Adds the arrow between two points of the body's edge, in drawing order.
  private func addArrow(to path: inout Path, from start: Point, to end: Point, tip: Point) {
    path.line(to: start)
    guard arrow?.style == .curved else {
      path.line(to: tip)
      path.line(to: end)
      return
    }
    // Concave curves from the base ends to the tip: a tail that bends away from the body.
    let baseMid = Point(x: (start.x + end.x) / 2, y: (start.y + end.y) / 2)
    path.curve(
      to: tip, control1: baseMid,
      control2: Point(x: (baseMid.x + tip.x) / 2 + (tip.x - baseMid.x) / 4, y: (baseMid.y + tip.y) / 2 + (tip.y - baseMid.y) / 4))
    path.curve(
      to: end, control1: Point(x: (tip.x + end.x) / 2, y: (tip.y + end.y) / 2),
      control2: end)
  }
}
