import Testing

@_spi(Pages) @testable import ChatRender

@Suite struct BubbleShapeTests {
  let frame = Rect(x: 10, y: 20, width: 200, height: 100)

  func shape(
    _ side: BubbleShape.Side, offset: Double, anchor: BubbleShape.Anchor = .start,
    radius: Double = 12
  )
    -> BubbleShape
  {
    BubbleShape(
      frame: frame, radius: radius,
      arrow: BubbleShape.Arrow(side: side, width: 16, height: 8, offset: offset, anchor: anchor))
  }

  @Test("the arrow tip lands where asked on each side", arguments: BubbleShape.Side.allCases)
  func tipLandsWhereAsked(side: BubbleShape.Side) throws {
    let bubble = shape(side, offset: 40)
    let tip = try #require(bubble.placedArrow?.tip)
    switch side {
    case .top: #expect(tip == Point(x: 10 + 40, y: 20))
    case .bottom: #expect(tip == Point(x: 10 + 40, y: 120))
    case .left: #expect(tip == Point(x: 10, y: 20 + 40))
    case .right: #expect(tip == Point(x: 210, y: 20 + 40))
    }
    // The tip is a vertex of the path.
    #expect(bubble.path.elements.contains(.line(tip)))
  }

  @Test(
    "the body shrinks by the arrow's height on its side; bounds equal body plus arrow",
    arguments: BubbleShape.Side.allCases)
  func bodyAndBounds(side: BubbleShape.Side) {
    let bubble = shape(side, offset: 40)
    let body = bubble.body
    switch side {
    case .top: #expect(body == Rect(x: 10, y: 28, width: 200, height: 92))
    case .bottom: #expect(body == Rect(x: 10, y: 20, width: 200, height: 92))
    case .left: #expect(body == Rect(x: 18, y: 20, width: 192, height: 100))
    case .right: #expect(body == Rect(x: 10, y: 20, width: 192, height: 100))
    }
    #expect(bubble.path.bounds == frame)
  }

  @Test("the base is clamped clear of the rounded corners at both ends")
  func clampsAtBothEnds() throws {
    let low = try #require(shape(.left, offset: -50).placedArrow)
    #expect(low.baseStart == 12)  // the corner radius
    #expect(low.tip.y == 20 + 12 + 8)
    let high = try #require(shape(.left, offset: 500).placedArrow)
    #expect(high.baseEnd == 100 - 12)
    let fromEnd = try #require(shape(.top, offset: 0, anchor: .end).placedArrow)
    #expect(fromEnd.baseEnd == 200 - 12)
  }

  @Test("the margin (padding) also keeps the base away from the ends")
  func clampsToMargin() throws {
    var bubble = shape(.right, offset: 0)
    bubble.arrowMargin = 6
    #expect(try #require(bubble.placedArrow).baseStart == 12)  // the radius is larger
    bubble.arrowMargin = 20
    #expect(try #require(bubble.placedArrow).baseStart == 20)
  }

  @Test("an arrow wider than the room shrinks to fit; no room removes it")
  func shrinksOrDisappears() throws {
    let narrow = BubbleShape(
      frame: Rect(x: 0, y: 0, width: 100, height: 30), radius: 10,
      arrow: BubbleShape.Arrow(side: .left, width: 40, height: 6, offset: 15))
    let placed = try #require(narrow.placedArrow)
    #expect(placed.baseEnd - placed.baseStart == 10)
    let tiny = BubbleShape(
      frame: Rect(x: 0, y: 0, width: 100, height: 20), radius: 10,
      arrow: BubbleShape.Arrow(side: .left, width: 10, height: 6, offset: 10))
    // A pill too short for the arrow between its corners keeps it in the middle third.
    let clamped = try #require(tiny.placedArrow)
    #expect(abs(clamped.baseStart - 20.0 / 3) < 1e-9 && abs(clamped.baseEnd - 40.0 / 3) < 1e-9)
    #expect(clamped.tip.x == 0)
  }

  @Test("radius 0 or less gives square corners: no curves at all")
  func squareCorners() {
    for radius in [0.0, -5.0] {
      let bubble = shape(.left, offset: 30, radius: radius)
      #expect(bubble.effectiveRadius == 0)
      #expect(
        !bubble.path.elements.contains { if case .curve = $0 { return true } else { return false } }
      )
      #expect(bubble.path.elements.first == .move(Point(x: 18, y: 20)))
    }
  }

  @Test("the radius is clamped to half the shorter side")
  func radiusClamped() {
    let bubble = BubbleShape(frame: Rect(x: 0, y: 0, width: 100, height: 30), radius: 50)
    #expect(bubble.effectiveRadius == 15)
    #expect(bubble.path.bounds == Rect(x: 0, y: 0, width: 100, height: 30))
  }

  @Test("the path is closed and starts with a move", arguments: BubbleShape.Side.allCases)
  func pathCloses(side: BubbleShape.Side) {
    for outline in BubbleShape.ArrowOutline.allCases {
      var bubble = shape(side, offset: 30)
      bubble.arrow?.outline = outline
      let elements = bubble.path.elements
      #expect(elements.last == .close)
      #expect(elements.filter { $0 == .close }.count == 1)
      if case .move = elements.first {} else { Issue.record("path must start with a move") }
    }
  }

  @Test("a curved tail still ends at its tip and stays within the frame")
  func curvedTail() throws {
    var bubble = shape(.right, offset: 20, anchor: .end)
    bubble.arrow?.outline = .curved
    let placed = try #require(bubble.placedArrow)
    #expect(placed.tip.x == 210)
    let ends = bubble.path.elements.compactMap { element -> Point? in
      if case .curve(_, _, let end) = element { return end }
      return nil
    }
    #expect(ends.contains(placed.tip))
    let bounds = bubble.path.bounds
    #expect(bounds.maxX <= frame.maxX + 0.001 && bounds.maxY <= frame.maxY + 0.001)
  }
}

@Suite struct BubbleShapeCornerTests {
  let frame = Rect(x: 10, y: 20, width: 200, height: 100)

  func shape(
    _ side: BubbleShape.Side, _ anchor: BubbleShape.Anchor,
    outline: BubbleShape.ArrowOutline = .triangle,
    width: Double = 16, radius: Double = 12
  ) -> BubbleShape {
    BubbleShape(
      frame: frame, radius: radius,
      arrow: BubbleShape.Arrow(
        side: side, outline: outline, width: width, height: 8, offset: 40, anchor: anchor))
  }

  static let cornerCases: [(BubbleShape.Side, BubbleShape.Anchor)] = BubbleShape.Side.allCases
    .flatMap { side in [(side, .startCorner), (side, .endCorner)] }

  /// The tip stands on the frame's corner at the anchor's end of the side; the corner of the
  /// body next to it is the square one.
  static func expected(_ side: BubbleShape.Side, _ anchor: BubbleShape.Anchor)
    -> (tip: Point, corner: BubbleShape.Corner)
  {
    let atStart = anchor == .startCorner
    switch side {
    case .top: return atStart ? (Point(x: 10, y: 20), .topLeft) : (Point(x: 210, y: 20), .topRight)
    case .bottom:
      return atStart ? (Point(x: 10, y: 120), .bottomLeft) : (Point(x: 210, y: 120), .bottomRight)
    case .left:
      return atStart ? (Point(x: 10, y: 20), .topLeft) : (Point(x: 10, y: 120), .bottomLeft)
    case .right:
      return atStart ? (Point(x: 210, y: 20), .topRight) : (Point(x: 210, y: 120), .bottomRight)
    }
  }

  static func point(of corner: BubbleShape.Corner, in rect: Rect) -> Point {
    switch corner {
    case .topLeft: return Point(x: rect.minX, y: rect.minY)
    case .topRight: return Point(x: rect.maxX, y: rect.minY)
    case .bottomRight: return Point(x: rect.maxX, y: rect.maxY)
    case .bottomLeft: return Point(x: rect.minX, y: rect.maxY)
    }
  }

  /// The end points of every element, in order.
  static func vertices(_ path: Path) -> [Point] {
    path.elements.compactMap { element in
      switch element {
      case .move(let point), .line(let point), .curve(_, _, let point): return point
      case .close: return nil
      }
    }
  }

  @Test("a corner arrow's tip is the frame's corner at its end of the side", arguments: cornerCases)
  func tipOnTheCorner(side: BubbleShape.Side, anchor: BubbleShape.Anchor) throws {
    for outline in BubbleShape.ArrowOutline.allCases {
      let bubble = shape(side, anchor, outline: outline)
      let placed = try #require(bubble.placedArrow)
      let want = Self.expected(side, anchor)
      #expect(placed.tip == want.tip, "\(side) \(anchor) \(outline)")
      #expect(Self.vertices(bubble.path).contains(want.tip), "\(side) \(anchor) \(outline)")
      // The base starts at the corner and is as wide as asked.
      let length = side == .left || side == .right ? bubble.body.height : bubble.body.width
      if anchor == .startCorner {
        #expect(placed.baseStart == 0 && placed.baseEnd == 16)
      } else {
        #expect(placed.baseStart == length - 16 && placed.baseEnd == length)
      }
    }
  }

  @Test(
    "the body's corner beside a corner arrow is square; the other three stay round",
    arguments: cornerCases)
  func squareCorner(side: BubbleShape.Side, anchor: BubbleShape.Anchor) throws {
    for outline in BubbleShape.ArrowOutline.allCases {
      let bubble = shape(side, anchor, outline: outline)
      let want = Self.expected(side, anchor)
      #expect(bubble.squareCorner == want.corner)
      let body = bubble.body
      let vertices = Self.vertices(bubble.path)
      for corner in BubbleShape.Corner.allCases {
        let point = Self.point(of: corner, in: body)
        #expect(vertices.contains(point) == (corner == want.corner), "\(side) \(anchor) \(corner)")
      }
      // The outer edge runs straight between that corner and the tip, along the body's edge.
      let cornerPoint = Self.point(of: want.corner, in: body)
      let elements = bubble.path.elements.filter { $0 != .close }
      let straight = zip(Self.vertices(bubble.path), elements.dropFirst()).contains { from, to in
        (from == cornerPoint && to == .line(want.tip))
          || (from == want.tip && to == .line(cornerPoint))
      }
      #expect(straight, "\(side) \(anchor) \(outline)")
      #expect(cornerPoint.x == want.tip.x || cornerPoint.y == want.tip.y)
    }
  }

  @Test("a corner arrow's path closes once and its bounds equal the frame", arguments: cornerCases)
  func closesWithinTheFrame(side: BubbleShape.Side, anchor: BubbleShape.Anchor) {
    for outline in BubbleShape.ArrowOutline.allCases {
      for radius in [0.0, 12, 60] {
        let bubble = shape(side, anchor, outline: outline, radius: radius)
        let elements = bubble.path.elements
        #expect(elements.last == .close)
        #expect(elements.filter { $0 == .close }.count == 1)
        if case .move = elements.first {} else { Issue.record("path must start with a move") }
        #expect(bubble.path.bounds == frame, "\(side) \(anchor) \(outline) r\(radius)")
      }
    }
  }

  @Test(
    "the body is the frame less the arrow's height, as for other anchors",
    arguments: cornerCases)
  func body(side: BubbleShape.Side, anchor: BubbleShape.Anchor) {
    let body = shape(side, anchor).body
    switch side {
    case .top: #expect(body == Rect(x: 10, y: 28, width: 200, height: 92))
    case .bottom: #expect(body == Rect(x: 10, y: 20, width: 200, height: 92))
    case .left: #expect(body == Rect(x: 18, y: 20, width: 192, height: 100))
    case .right: #expect(body == Rect(x: 10, y: 20, width: 192, height: 100))
    }
  }

  @Test("a corner arrow's far end keeps clear of the other corner; no room removes it")
  func farEndClamped() throws {
    let wide = shape(.left, .endCorner, width: 500)
    let placed = try #require(wide.placedArrow)
    #expect(placed.baseStart == 12 && placed.baseEnd == 100)
    let tiny = BubbleShape(
      frame: Rect(x: 0, y: 0, width: 100, height: 20), radius: 10,
      arrow: BubbleShape.Arrow(side: .left, width: 10, height: 6, offset: 0, anchor: .startCorner),
      arrowMargin: 30)
    #expect(tiny.placedArrow == nil)
    #expect(tiny.squareCorner == nil)
    #expect(tiny.path.bounds == Rect(x: 6, y: 0, width: 94, height: 20))
  }

  @Test(
    "a curved tail's tip leans towards its anchor's end of the side",
    arguments: BubbleShape.Side.allCases)
  func curvedTailLeans(side: BubbleShape.Side) throws {
    for anchor in [BubbleShape.Anchor.start, .end, .center] {
      var straight = shape(side, anchor)
      straight.arrow?.offset = 40
      var curved = straight
      curved.arrow?.outline = .curved
      let centre = try #require(straight.placedArrow?.tip)
      let tip = try #require(curved.placedArrow?.tip)
      // Along the side: x for top and bottom, y for left and right.
      let vertical = side == .left || side == .right
      let lean = vertical ? tip.y - centre.y : tip.x - centre.x
      #expect(lean == (anchor == .start ? -8 : 8), "\(side) \(anchor)")
      #expect(vertical ? tip.x == centre.x : tip.y == centre.y)
      #expect(curved.path.bounds == frame)
    }
  }
}
