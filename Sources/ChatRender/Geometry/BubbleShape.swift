/// The outline of a speech bubble: a rounded rectangle (the body) with an arrow standing out
/// of one of its sides.
///
/// The arrow lies outside the body: the body is the frame shrunk by the arrow's height on the
/// arrow's side, so `path.bounds` equals the frame. A corner arrow (`startCorner`,
/// `endCorner`) squares the body's corner it stands at and puts its tip on the frame's corner.
@_spi(Pages) public struct BubbleShape: Sendable, Hashable {
  /// A side of the bubble's body, where the arrow stands.
  public enum Side: String, Sendable, Hashable, CaseIterable {
    /// The body's top, left, bottom or right edge.
    case top, left, bottom, right

    var isVertical: Bool { self == .left || self == .right }
  }

  /// The outline of the arrow.
  public enum ArrowOutline: String, Sendable, Hashable, CaseIterable {
    /// A straight-sided triangle, its tip above the middle of its base.
    case triangle
    /// A tail that sweeps outwards and towards its anchor's end of the side, like iMessage's.
    case curved
  }

  /// Where the arrow lies along its side.
  public enum Anchor: String, Sendable, Hashable, CaseIterable {
    /// `offset` from the top (left and right sides) or from the left (top and bottom sides).
    case start
    /// `offset` from the bottom (left and right sides) or from the right (top and bottom sides).
    case end
    /// The middle of the side, moved by `offset`.
    case center
    /// At the start of the side (top or left), against a square corner: the tail's outer edge
    /// continues the body's edge out to the tip. `offset` is not used.
    case startCorner
    /// At the end of the side (bottom or right), like `startCorner`.
    case endCorner

    /// Whether the arrow sits against a corner of the body.
    public var isCorner: Bool { self == .startCorner || self == .endCorner }
  }

  /// A corner of the body.
  public enum Corner: Int, Sendable, Hashable, CaseIterable {
    /// Clockwise from the top left; the raw value counts from 0.
    case topLeft, topRight, bottomRight, bottomLeft
  }

  /// The arrow (tail) of a bubble: which side it stands on, its shape, size and place.
  public struct Arrow: Sendable, Hashable {
    /// The side of the body the arrow stands out of.
    public var side: Side
    /// The arrow's outline; `.triangle` by default.
    public var outline: ArrowOutline
    /// Width of the base, along the side, in points.
    public var width: Double
    /// How far the tip stands out of the body, in points.
    public var height: Double
    /// Distance of the base's centre from the anchor, in points (unused by corner anchors).
    public var offset: Double
    /// Where along its side the arrow lies; `.start` by default.
    public var anchor: Anchor

    /// An arrow on `side`; `width`, `height` and `offset` are in points.
    public init(
      side: Side, outline: ArrowOutline = .triangle, width: Double, height: Double, offset: Double,
      anchor: Anchor = .start
    ) {
      self.side = side
      self.outline = outline
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
  /// The arrow, or nil for a plain rounded rectangle.
  public var arrow: Arrow?
  /// Room kept clear of the arrow's base at both ends of its side when larger than the radius
  /// (part of the body's padding, so the arrow never sits beside a square corner's edge).
  public var arrowMargin: Double
  /// Corners drawn with `groupedRadius` instead of `radius`: those that face another bubble
  /// of the same run (Messenger's tight inner corners); empty by default.
  public var groupedCorners: Set<Corner> = []
  /// The radius of `groupedCorners`, in points.
  public var groupedRadius: Double = 0

  /// A bubble filling `frame` (arrow included); `radius` and `arrowMargin` are in points.
  ///
  /// - Precondition: `frame`'s origin and size are finite.
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

  /// The arrow as placed, in points along its side from the side's start (top or left): the
  /// base's two ends and the tip.
  ///
  /// `start`, `end` and `center` arrows keep their base clear of the rounded corners and the
  /// margin; corner arrows start at their corner and keep only their far end clear. A curved
  /// tail's tip leans towards its anchor's end of the side (`center`: towards the end).
  /// Returns nil when there is no arrow (or, for a corner arrow, no room for one).
  public var placedArrow: (baseStart: Double, baseEnd: Double, tip: Point)? {
    guard let arrow, arrow.height > 0, arrow.width > 0 else { return nil }
    let body = self.body
    let length = arrow.side.isVertical ? body.height : body.width
    var reserved = max(effectiveRadius, arrowMargin)
    let start: Double
    let end: Double
    let along: Double
    if arrow.anchor.isCorner {
      let room = length - reserved
      guard room > 0 else { return nil }
      let width = min(arrow.width, room)
      if arrow.anchor == .startCorner {
        (start, end, along) = (0, width, 0)
      } else {
        (start, end, along) = (length - width, length, length)
      }
    } else {
      var room = length - 2 * reserved
      if room < arrow.width, room < length / 3 {
        // A short side (a one-line pill): the base keeps to the middle third, where the
        // rounded corners have barely begun, rather than the arrow being dropped.
        reserved = length / 3
        room = length / 3
      }
      let width = min(arrow.width, room)
      var centre: Double
      switch arrow.anchor {
      case .start: centre = arrow.offset
      case .end: centre = length - arrow.offset
      case .center, .startCorner, .endCorner: centre = length / 2 + arrow.offset
      }
      centre = min(max(centre, reserved + width / 2), length - reserved - width / 2)
      start = centre - width / 2
      end = centre + width / 2
      let sweep = arrow.outline == .curved ? width / 2 : 0
      along = arrow.anchor == .start ? centre - sweep : centre + sweep
    }
    let tip: Point
    switch arrow.side {
    case .top: tip = Point(x: body.minX + along, y: body.minY - arrow.height)
    case .bottom: tip = Point(x: body.minX + along, y: body.maxY + arrow.height)
    case .left: tip = Point(x: body.minX - arrow.height, y: body.minY + along)
    case .right: tip = Point(x: body.maxX + arrow.height, y: body.minY + along)
    }
    return (start, end, tip)
  }

  /// The body's corner drawn square because a corner arrow stands there, if any.
  public var squareCorner: Corner? {
    guard let arrow, arrow.anchor.isCorner, placedArrow != nil else { return nil }
    let atStart = arrow.anchor == .startCorner
    switch arrow.side {
    case .top: return atStart ? .topLeft : .topRight
    case .right: return atStart ? .topRight : .bottomRight
    case .bottom: return atStart ? .bottomLeft : .bottomRight
    case .left: return atStart ? .topLeft : .bottomLeft
    }
  }

  /// The closed outline, clockwise from the top-left corner.
  public var path: Path {
    let body = self.body
    let radius = effectiveRadius
    let square = squareCorner
    let corners = [
      Point(x: body.minX, y: body.minY), Point(x: body.maxX, y: body.minY),
      Point(x: body.maxX, y: body.maxY), Point(x: body.minX, y: body.maxY),
    ]
    // Edge k runs clockwise from corner k to corner k + 1.
    let sides: [Side] = [.top, .right, .bottom, .left]
    let directions: [(x: Double, y: Double)] = [(1, 0), (0, 1), (-1, 0), (0, -1)]
    let grouped = max(0, min(groupedRadius, radius))
    func cornerRadius(_ index: Int) -> Double {
      if index == square?.rawValue { return 0 }
      return Corner(rawValue: index).map(groupedCorners.contains) == true ? grouped : radius
    }

    var path = Path()
    let firstRadius = cornerRadius(0)
    path.move(to: Point(x: corners[0].x + firstRadius, y: corners[0].y))
    for edge in 0..<4 {
      if let placed = placedArrow, let arrow, arrow.side == sides[edge] {
        addArrow(arrow, placed, on: body, to: &path)
      }
      let next = (edge + 1) % 4
      let corner = corners[next]
      let (incoming, outgoing) = (directions[edge], directions[next])
      let r = cornerRadius(next)
      path.line(to: Point(x: corner.x - incoming.x * r, y: corner.y - incoming.y * r))
      if r > 0 {
        let centre = Point(
          x: corner.x + (outgoing.x - incoming.x) * r, y: corner.y + (outgoing.y - incoming.y) * r)
        path.quarterArc(center: centre, radius: r, from: (edge + 3) % 4)
      }
    }
    path.close()
    return path
  }

  /// Adds the arrow to the edge being drawn (clockwise), from the body's edge out to the tip
  /// and back.
  private func addArrow(
    _ arrow: Arrow, _ placed: (baseStart: Double, baseEnd: Double, tip: Point), on body: Rect,
    to path: inout Path
  ) {
    func point(_ along: Double) -> Point {
      switch arrow.side {
      case .top: return Point(x: body.minX + along, y: body.minY)
      case .right: return Point(x: body.maxX, y: body.minY + along)
      case .bottom: return Point(x: body.minX + along, y: body.maxY)
      case .left: return Point(x: body.minX, y: body.minY + along)
      }
    }
    // Top and right edges are drawn from the side's start, bottom and left from its end.
    let forwards = arrow.side == .top || arrow.side == .right
    let start = point(forwards ? placed.baseStart : placed.baseEnd)
    let end = point(forwards ? placed.baseEnd : placed.baseStart)
    let tip = placed.tip
    path.line(to: start)
    if arrow.anchor.isCorner {
      // The outer edge runs straight from the corner to the tip; the inner edge is straight
      // (triangle) or a concave sweep (curved).
      let cornerFirst = (arrow.anchor == .startCorner) == forwards
      let (corner, inner) = cornerFirst ? (start, end) : (end, start)
      let curve = arrow.outline == .curved ? Self.sweep(from: inner, corner: corner, tip: tip) : nil
      if cornerFirst {
        path.line(to: tip)
        if let curve {
          path.curve(to: end, control1: curve.nearTip, control2: curve.nearBase)
        } else {
          path.line(to: end)
        }
      } else {
        if let curve {
          path.curve(to: tip, control1: curve.nearBase, control2: curve.nearTip)
        } else {
          path.line(to: tip)
        }
        path.line(to: end)
      }
      return
    }
    guard arrow.outline == .curved else {
      path.line(to: tip)
      path.line(to: end)
      return
    }
    // Concave curves from the base ends to the tip: a tail that bends away from the body.
    let baseMid = Point(x: (start.x + end.x) / 2, y: (start.y + end.y) / 2)
    path.curve(
      to: tip, control1: baseMid,
      control2: Point(
        x: (baseMid.x + tip.x) / 2 + (tip.x - baseMid.x) / 4,
        y: (baseMid.y + tip.y) / 2 + (tip.y - baseMid.y) / 4))
    path.curve(
      to: end, control1: Point(x: (tip.x + end.x) / 2, y: (tip.y + end.y) / 2),
      control2: end)
  }

  /// Control points of a corner tail's inner edge: it leaves the side along the side, towards
  /// the corner, and sweeps out to the tip. Both lie inside the triangle (base, corner, tip),
  /// so the tail stays within the frame.
  private static func sweep(
    from base: Point, corner: Point, tip: Point
  ) -> (nearBase: Point, nearTip: Point) {
    let nearBase = Point(
      x: base.x + (corner.x - base.x) * 0.35, y: base.y + (corner.y - base.y) * 0.35)
    let nearTip = Point(
      x: corner.x + (tip.x - corner.x) * 0.5 + (base.x - corner.x) * 0.12,
      y: corner.y + (tip.y - corner.y) * 0.5 + (base.y - corner.y) * 0.12)
    return (nearBase, nearTip)
  }
}
