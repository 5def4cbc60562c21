import Testing

@_spi(Pages) @testable import ChatRender

/// The line joining a reply to its quote: straight legs, quarter-circle turns.
@Suite struct ConnectorLineTests {
  @Test("it starts and ends at its points and turns once at each corner")
  func legsAndTurns() {
    let line = ConnectorLine(
      points: [Point(x: 0, y: 40), Point(x: 0, y: 0), Point(x: 30, y: 0)], radius: 6)
    let elements = line.path.elements
    #expect(elements.first == .move(Point(x: 0, y: 40)))
    #expect(elements.last == .line(Point(x: 30, y: 0)))
    let curves = elements.compactMap { if case .curve(_, _, let end) = $0 { end } else { nil } }
    #expect(curves == [Point(x: 6, y: 0)], "the turn ends the radius past the corner")
    #expect(elements.contains(.line(Point(x: 0, y: 6))), "and starts the radius before it")
  }

  @Test("a turn shrinks to fit a short leg; a straight line has no turn")
  func shortLegs() {
    let tight = ConnectorLine(
      points: [Point(x: 0, y: 0), Point(x: 0, y: 4), Point(x: 20, y: 4), Point(x: 20, y: 30)], radius: 6)
    let ends = tight.path.elements.compactMap { if case .curve(_, _, let end) = $0 { end } else { nil } }
    #expect(ends == [Point(x: 2, y: 4), Point(x: 20, y: 10)])
    let straight = ConnectorLine(points: [Point(x: 1, y: 1), Point(x: 1, y: 9)], radius: 6)
    #expect(straight.path.elements == [.move(Point(x: 1, y: 1)), .line(Point(x: 1, y: 9))])
  }

  @Test("a line item covers its stroke and moves with its quote")
  func itemFrameAndOffset() {
    let item = LineItem(
      line: ConnectorLine(points: [Point(x: 10, y: 30), Point(x: 10, y: 10), Point(x: 40, y: 10)], radius: 6),
      width: 2, color: .black, messageIndex: 3, quote: Rect(x: 44, y: 2, width: 50, height: 16))
    #expect(item.frame == Rect(x: 9, y: 9, width: 32, height: 22))
    let moved = LayoutItem.line(item).offsetBy(dx: 5, dy: 100)
    guard case .line(let line) = moved else {
      Issue.record("not a line")
      return
    }
    #expect(line.line.points.first == Point(x: 15, y: 130))
    #expect(line.quote == Rect(x: 49, y: 102, width: 50, height: 16))
  }
}
