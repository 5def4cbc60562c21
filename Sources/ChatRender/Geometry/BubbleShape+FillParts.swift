extension BubbleShape {
  /// A bubble as a rounded rectangle and at most a straight triangle, which fill far more
  /// cheaply than the full outline (most of a PDF's cost is printing path numbers).
  struct FillParts: Sendable, Hashable {
    var body: Rect
    var radius: Double
    /// The arrow, its base pushed 1 pt into the body so no seam shows; nil for none.
    var triangle: Path?
  }

  /// The shape as a rounded rectangle and a triangle, or nil when it needs its full outline
  /// (curved tails, corner tails and grouped corners, which change the body's corners).
  var fillParts: FillParts? {
    // Grouped corners differ from the others: only the outline draws them.
    guard groupedCorners.isEmpty else { return nil }
    guard let arrow else { return FillParts(body: body, radius: effectiveRadius, triangle: nil) }
    let plainAnchors: [Anchor] = [.start, .end, .center]
    guard plainAnchors.contains(arrow.anchor), arrow.outline == .triangle else { return nil }
    guard let placed = placedArrow else {
      return FillParts(body: body, radius: effectiveRadius, triangle: nil)
    }
    var path = Path()
    switch arrow.side {
    case .left, .right:
      let x = arrow.side == .left ? body.minX + 1 : body.maxX - 1
      path.move(to: Point(x: x, y: body.minY + placed.baseStart))
      path.line(to: placed.tip)
      path.line(to: Point(x: x, y: body.minY + placed.baseEnd))
    case .top, .bottom:
      let y = arrow.side == .top ? body.minY + 1 : body.maxY - 1
      path.move(to: Point(x: body.minX + placed.baseStart, y: y))
      path.line(to: placed.tip)
      path.line(to: Point(x: body.minX + placed.baseEnd, y: y))
    }
    path.close()
    return FillParts(body: body, radius: effectiveRadius, triangle: path)
  }
}
