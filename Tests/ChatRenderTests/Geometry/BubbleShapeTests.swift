import Testing

@testable import ChatRender

@Suite struct BubbleShapeTests {
  let frame = Rect(x: 10, y: 20, width: 200, height: 100)

  func shape(_ side: BubbleShape.Side, offset: Double, anchor: BubbleShape.Anchor = .start, radius: Double = 12)
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

  @Test("the body shrinks by the arrow's height on its side; bounds equal body plus arrow",
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
    #expect(tiny.placedArrow == nil)
  }

  @Test("radius 0 or less gives square corners: no curves at all")
  func squareCorners() {
    for radius in [0.0, -5.0] {
      let bubble = shape(.left, offset: 30, radius: radius)
      #expect(bubble.effectiveRadius == 0)
      #expect(!bubble.path.elements.contains { if case .curve = $0 { return true } else { return false } })
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
    for style in BubbleShape.ArrowStyle.allCases {
      var bubble = shape(side, offset: 30)
      bubble.arrow?.style = style
      let elements = bubble.path.elements
      #expect(elements.last == .close)
      #expect(elements.filter { $0 == .close }.count == 1)
      if case .move = elements.first {} else { Issue.record("path must start with a move") }
    }
  }

  @Test("a curved tail still ends at its tip and stays within the frame")
  func curvedTail() throws {
    var bubble = shape(.right, offset: 20, anchor: .end)
    bubble.arrow?.style = .curved
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
