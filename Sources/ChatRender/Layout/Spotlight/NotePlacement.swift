/// Where a note goes: below the highlighted bubble when there is room, else above it, its
/// arrow's tip on the edge of the bubble's cut-out, its base kept clear of the corners.
struct NotePlacement {
  /// The note without its arrow.
  var bodySize: Size
  var radius: Double
  var arrowWidth: Double
  var arrowHeight: Double

  /// Room between the arrow's base and the end of each corner's curve.
  static let cornerClearance = 4.0

  /// A bubble to point at: the cut-out around it and the x its arrow aims at.
  struct Target {
    var cutout: Rect
    var tipX: Double
  }

  /// The note's height with its arrow.
  var height: Double { bodySize.height + arrowHeight }

  /// The note under `below` when it fits inside `bounds` without covering any of `avoided`
  /// (the cut-outs), else over `above`; nil when it fits neither way.
  func place(below: Target, above: Target, within bounds: Rect, avoiding avoided: [Rect] = []) -> BubbleShape? {
    func fits(_ shape: BubbleShape) -> Bool {
      shape.frame.minY >= bounds.minY && shape.frame.maxY <= bounds.maxY
        && !avoided.contains { SpotlightCutouts.overlap($0, shape.frame) }
    }
    let under = shape(pointingAt: below, isBelow: true, within: bounds)
    if fits(under) { return under }
    let over = shape(pointingAt: above, isBelow: false, within: bounds)
    return fits(over) ? over : nil
  }

  /// The note right under (or over) `target`, moved sideways to stay inside `bounds`.
  func shape(pointingAt target: Target, isBelow: Bool, within bounds: Rect) -> BubbleShape {
    let x = max(bounds.minX, min(target.tipX - bodySize.width / 2, bounds.maxX - bodySize.width))
    let y = isBelow ? target.cutout.maxY : target.cutout.minY - height
    let arrow = BubbleShape.Arrow(
      side: isBelow ? .top : .bottom, outline: .triangle, width: arrowWidth, height: arrowHeight,
      offset: target.tipX - x, anchor: .start)
    return BubbleShape(
      frame: Rect(x: x, y: y, width: bodySize.width, height: height), radius: radius,
      arrow: arrow, arrowMargin: radius + Self.cornerClearance)
  }

  /// For a page with no room either way: on the side with more room, moved onto the page
  /// (over part of the target, which is better than off the page).
  func squeezed(below: Target, above: Target, within bounds: Rect) -> BubbleShape {
    let isBelow = bounds.maxY - below.cutout.maxY >= above.cutout.minY - bounds.minY
    var placed = shape(pointingAt: isBelow ? below : above, isBelow: isBelow, within: bounds)
    placed.frame.origin.y = max(bounds.minY, min(placed.frame.minY, bounds.maxY - placed.frame.height))
    return placed
  }
}
