import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

/// The cut-outs of the dim layer and where notes go, as pure geometry.
@Suite struct SpotlightGeometryTests {
  typealias Bubble = SpotlightCutouts.Bubble

  func rect(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> Rect {
    Rect(x: x, y: y, width: width, height: height)
  }

  // MARK: - Cut-outs

  @Test("a cut-out is the bubble's frame grown by the margin, its radius grown as much")
  func singleCutout() {
    let regions = SpotlightCutouts(margin: 6).regions(around: [
      Bubble(messageIndex: 3, frame: rect(100, 50, 200, 40), radius: 14)
    ])
    #expect(regions.count == 1)
    #expect(regions[0].shape == BubbleShape(frame: rect(94, 44, 212, 52), radius: 20))
    #expect(regions[0].messageIndexes == [3])
  }

  @Test("consecutive chosen messages share one rounded cut-out; others get their own")
  func neighboursShare() {
    let regions = SpotlightCutouts(margin: 6).regions(around: [
      Bubble(messageIndex: 7, frame: rect(20, 300, 100, 30), radius: 10),
      Bubble(messageIndex: 3, frame: rect(100, 50, 200, 40), radius: 14),
      Bubble(messageIndex: 4, frame: rect(150, 95, 150, 30), radius: 8),
    ])
    #expect(regions.map(\.messageIndexes) == [[3, 4], [7]])
    #expect(regions[0].shape == BubbleShape(frame: rect(94, 44, 212, 87), radius: 20))
    #expect(regions[1].shape == BubbleShape(frame: rect(14, 294, 112, 42), radius: 16))
  }

  @Test("cut-outs that would overlap become one (an even-odd overlap would be dimmed again)")
  func overlapsMerge() {
    let regions = SpotlightCutouts(margin: 6).regions(around: [
      Bubble(messageIndex: 1, frame: rect(20, 10, 100, 30), radius: 10),
      Bubble(messageIndex: 3, frame: rect(100, 48, 100, 30), radius: 10),
    ])
    #expect(regions.count == 1)
    #expect(regions[0].messageIndexes == [1, 3])
    #expect(regions[0].frame == rect(14, 4, 192, 80))
    let apart = SpotlightCutouts(margin: 6).regions(around: [
      Bubble(messageIndex: 1, frame: rect(20, 10, 100, 30), radius: 10),
      Bubble(messageIndex: 3, frame: rect(100, 53, 100, 30), radius: 10),
    ])
    #expect(apart.count == 2)
  }

  @Test("a cut-out grows only halfway towards a bubble that is not chosen, above or below")
  func keepsOffOtherBubbles() {
    let chosen = Bubble(messageIndex: 3, frame: rect(100, 50, 200, 40), radius: 14)
    let regions = SpotlightCutouts(margin: 6).regions(
      around: [chosen], avoiding: [rect(150, 0, 100, 47), rect(0, 100, 80, 30), rect(250, 94, 60, 30)])
    // 3 points up to the bubble above: 1.5; 4 down to the one below: 2; the third is beside.
    #expect(regions[0].frame == rect(94, 48.5, 212, 43.5))
  }

  // MARK: - Notes

  let placement = NotePlacement(bodySize: Size(width: 120, height: 40), radius: 10, arrowWidth: 16, arrowHeight: 9)
  let page = Rect(x: 0, y: 0, width: 400, height: 300)

  @Test("below the bubble when there is room: the arrow on top, its tip on the cut-out's edge")
  func below() throws {
    let target = NotePlacement.Target(cutout: rect(200, 100, 100, 50), tipX: 250)
    let shape = try #require(placement.place(below: target, above: target, within: page))
    #expect(shape.arrow?.side == .top)
    let tip = try #require(shape.placedArrow?.tip)
    #expect(tip == Point(x: 250, y: 150))
    #expect(shape.body.minY == 159)
    #expect(shape.frame.minX == 190)
  }

  @Test("above when there is no room below: the arrow at the bottom, its tip on the cut-out's top")
  func above() throws {
    let low = NotePlacement.Target(cutout: rect(200, 230, 100, 50), tipX: 250)
    let shape = try #require(placement.place(below: low, above: low, within: page))
    #expect(shape.arrow?.side == .bottom)
    #expect(shape.placedArrow?.tip == Point(x: 250, y: 230))
    #expect(shape.frame.maxY == 230)
  }

  @Test("a note that would cover another cut-out goes on the other side")
  func avoidsOtherCutouts() throws {
    let target = NotePlacement.Target(cutout: rect(200, 100, 100, 50), tipX: 250)
    let next = rect(150, 170, 200, 40)
    let shape = try #require(
      placement.place(below: target, above: target, within: page, avoiding: [target.cutout, next]))
    #expect(shape.arrow?.side == .bottom)
    #expect(shape.placedArrow?.tip == Point(x: 250, y: 100))
    let boxedIn = [target.cutout, next, rect(150, 40, 200, 40)]
    #expect(placement.place(below: target, above: target, within: page, avoiding: boxedIn) == nil)
  }

  @Test("no room either way: nil; squeezed, it still lies on the page")
  func noRoom() {
    let short = Rect(x: 0, y: 0, width: 400, height: 100)
    let target = NotePlacement.Target(cutout: rect(50, 30, 100, 40), tipX: 100)
    #expect(placement.place(below: target, above: target, within: short) == nil)
    let squeezed = placement.squeezed(below: target, above: target, within: short)
    #expect(squeezed.frame.minY >= short.minY && squeezed.frame.maxY <= short.maxY)
  }

  @Test("the note stays inside the page; its arrow keeps clear of the corners", arguments: [0.0, 5, 395, 400])
  func arrowClamped(tipX: Double) throws {
    let target = NotePlacement.Target(cutout: rect(0, 100, 400, 50), tipX: tipX)
    let shape = try #require(placement.place(below: target, above: target, within: page))
    #expect(shape.frame.minX >= page.minX && shape.frame.maxX <= page.maxX)
    let arrow = try #require(shape.placedArrow)
    let clearance = placement.radius + NotePlacement.cornerClearance
    #expect(arrow.baseStart >= clearance - 1e-9)
    #expect(arrow.baseEnd <= shape.body.width - clearance + 1e-9)
    #expect(arrow.tip.y == 150)
  }
}
