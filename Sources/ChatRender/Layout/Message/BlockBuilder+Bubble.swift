/// Sizes a bubble around its rows and places them, with the time in its corner or below.
extension BlockBuilder {
  struct PlacedBubble {
    var items: [LayoutItem]
    /// The bubble with its arrow.
    var frame: Rect
    /// The bubble without its arrow.
    var body: Rect
    /// The lowest point of the bubble and its labels, from the block's top.
    var bottom: Double
  }

  private static let timeGap = 8.0

  func bubble(
    _ plan: BubblePlan, rows: [BubbleRow], time: (text: StyledText, metrics: TextMetrics)?, top: Double
  ) -> PlacedBubble {
    let style = plan.style
    var innerWidth = rows.map(\.size.width).max() ?? 0
    var timeHeight = 0.0
    if let time, theme.timestamps.placement == .inside {
      let timeWidth = time.metrics.size.width
      if let last = rows.last?.lastLine, !last.isRightToLeft,
        last.width + Self.timeGap + timeWidth <= plan.wrap
      {
        innerWidth = max(innerWidth, last.width + Self.timeGap + timeWidth)
      } else {
        innerWidth = max(innerWidth, timeWidth)
        timeHeight = time.metrics.size.height
      }
    }
    let rowsHeight = rows.enumerated().reduce(0.0) { sum, entry in
      sum + entry.element.size.height + (entry.offset < rows.count - 1 ? entry.element.gapBelow : 0)
    }
    let shape = bubbleShape(
      plan, bodySize: Size(width: innerWidth + style.padding.horizontal,
                           height: rowsHeight + timeHeight + style.padding.vertical), top: top)
    let body = shape.body
    var items: [LayoutItem] = [
      .bubble(
        BubbleItem(
          shape: shape, fill: style.fill, border: style.border, shadow: style.shadow,
          messageIndex: plan.index, role: plan.side.rawValue))
    ]
    var y = body.minY + style.padding.top
    for row in rows {
      let x = body.minX + style.padding.left + (row.hugsEnd ? innerWidth - row.size.width : 0)
      let rowItems = row.stretched?(innerWidth) ?? row.items
      items += rowItems.map { $0.offsetBy(dx: x, dy: y) }
      y += row.size.height + row.gapBelow
    }
    var bottom = shape.frame.maxY
    if let time {
      let color = secondaryColor(plan)
      let size = time.metrics.size
      let origin: Point
      if theme.timestamps.placement == .inside {
        origin = Point(
          x: body.maxX - style.padding.right - size.width,
          y: body.maxY - style.padding.bottom - size.height + 1)
      } else {
        origin = Point(x: plan.side == .sent ? body.maxX - size.width : body.minX, y: shape.frame.maxY + 2)
        bottom += 2 + size.height
      }
      let insideColor = theme.timestamps.placement == .inside ? onBubble(color, plan) : color
      items.append(
        .text(
          TextBlock(
            origin: origin, size: size, text: time.text, color: insideColor, wrapWidth: plan.wrap,
            metrics: time.metrics, isAnnotation: true)))
    }
    return PlacedBubble(items: items, frame: shape.frame, body: body, bottom: bottom)
  }

  /// The bubble's outline on its side of the column, its arrow when it carries one.
  private func bubbleShape(_ plan: BubblePlan, bodySize: Size, top: Double) -> BubbleShape {
    let style = plan.style
    let arrow: BubbleShape.Arrow? =
      plan.carriesArrow
      ? plan.arrowSide.map { side in
        BubbleShape.Arrow(
          side: side, style: style.arrow.style == .curved ? .curved : .triangle,
          width: style.arrow.width, height: style.arrow.height, offset: style.arrow.offset,
          anchor: style.arrow.anchor)
      } : nil
    let verticalArrow = arrow?.side == .top || arrow?.side == .bottom ? style.arrow.height : 0
    let frameWidth = bodySize.width + (arrow != nil ? plan.arrowRoom : 0)
    let bodyX = plan.side == .sent ? plan.rightEdge - plan.arrowRoom - bodySize.width : plan.leftEdge + plan.arrowRoom
    let frameX = arrow?.side == .left ? bodyX - plan.arrowRoom : bodyX
    return BubbleShape(
      frame: Rect(x: frameX, y: top, width: frameWidth, height: bodySize.height + verticalArrow),
      radius: style.radius, arrow: arrow,
      arrowMargin: min(style.padding.top, style.padding.left) / 2)
  }
}
