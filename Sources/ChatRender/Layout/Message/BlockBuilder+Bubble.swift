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
  /// Between a bubble and the time beside it.
  static let besideGap = 4.0

  func bubble(
    _ plan: BubblePlan, rows: [BubbleRow], time: (text: StyledText, metrics: TextMetrics)?, top: Double
  ) -> PlacedBubble {
    let style = plan.style
    let inset = BubbleRow.pictureInset
    let bleedExtra = style.padding.horizontal - 2 * inset
    var innerWidth = rows.map { $0.bleeds ? $0.size.width - bleedExtra : $0.size.width }.max() ?? 0
    var timeHeight = 0.0
    // A theme without times still says "Edited", under the bubble.
    let placement = theme.timestamps.placement == .none ? .below : theme.timestamps.placement
    let timeOnPicture = rows.last?.bleeds == true && placement == .inside
    if let time, placement == .inside, !timeOnPicture {
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
    // A picture at the top or bottom reaches the inset, not the padding.
    let topPadding = rows.first?.bleeds == true ? inset : style.padding.top
    let bottomPadding = timeOnPicture ? inset : style.padding.bottom
    let shape = bubbleShape(
      plan,
      bodySize: Size(
        width: innerWidth + style.padding.horizontal,
        height: rowsHeight + timeHeight + topPadding + bottomPadding), top: top)
    let body = shape.body
    var items: [LayoutItem] = [
      .bubble(
        BubbleItem(
          shape: shape, fill: style.fill, border: style.border, shadow: style.shadow,
          messageIndex: plan.index, role: BubbleRole(plan.side)))
    ]
    var y = body.minY + topPadding
    for row in rows {
      var x = body.minX + style.padding.left + (row.hugsEnd ? innerWidth - row.size.width : 0)
      if row.bleeds { x = body.minX + inset }
      let rowItems = row.stretched?(row.bleeds ? innerWidth + bleedExtra : innerWidth) ?? row.items
      items += rowItems.map { $0.offsetBy(dx: x, dy: y) }
      y += row.size.height + row.gapBelow
    }
    var bottom = shape.frame.maxY
    if let time, timeOnPicture {
      let corner = Point(x: body.maxX - inset, y: body.maxY - inset)
      items.append(.badge(timeBadge(time, corner: corner)))
    } else if let time {
      let color = timeColor(plan)
      let size = time.metrics.size
      let origin: Point
      if placement == .inside {
        origin = Point(
          x: body.maxX - style.padding.right - size.width,
          y: body.maxY - style.padding.bottom - size.height + 1)
      } else if placement == .beside {
        // Outside the lower inner corner, its bottom level with the bubble's (KakaoTalk).
        let x =
          plan.side == .sent
          ? shape.frame.minX - Self.besideGap - size.width : shape.frame.maxX + Self.besideGap
        origin = Point(x: x, y: max(shape.frame.minY, shape.frame.maxY - size.height))
        bottom = max(bottom, origin.y + size.height)
      } else {
        origin = Point(x: plan.side == .sent ? body.maxX - size.width : body.minX, y: shape.frame.maxY + 2)
        bottom += 2 + size.height
      }
      let insideColor = placement == .inside ? onBubble(color, plan) : color
      // Under the bubble, the label is a part of the message of its own (a highlight's hole
      // takes it in).
      items.append(
        .text(
          TextBlock(
            origin: origin, size: size, text: time.text, color: insideColor, wrapWidth: plan.wrap,
            metrics: time.metrics, isAnnotation: true, messageIndex: placement == .inside ? nil : plan.index)))
    }
    return PlacedBubble(items: items, frame: shape.frame, body: body, bottom: bottom)
  }

  /// A time on a translucent pill in a picture's corner, as WhatsApp draws it.
  func timeBadge(_ time: (text: StyledText, metrics: TextMetrics), corner: Point) -> BadgeItem {
    let size = time.metrics.size
    let frame = Rect(
      x: corner.x - size.width - 14, y: corner.y - size.height - 8, width: size.width + 10,
      height: size.height + 4)
    let label = TextBlock(
      origin: Point(x: frame.minX + 5, y: frame.minY + 2), size: size, text: time.text,
      color: .white, wrapWidth: size.width + 1, metrics: time.metrics)
    return BadgeItem(
      shape: BubbleShape(frame: frame, radius: frame.height / 2), fill: Color(rgb: 0x000000, alpha: 0.45),
      label: label)
  }

  /// The bubble's outline on its side of the column, its arrow when it carries one.
  private func bubbleShape(_ plan: BubblePlan, bodySize: Size, top: Double) -> BubbleShape {
    let style = plan.style
    let arrow: BubbleShape.Arrow? =
      plan.carriesArrow
      ? plan.arrowSide.map { side in
        BubbleShape.Arrow(
          side: side, outline: style.arrow.style == .curved ? .curved : .triangle,
          width: style.arrow.width, height: style.arrow.height, offset: style.arrow.offset,
          anchor: style.arrow.anchor)
      } : nil
    let verticalArrow = arrow?.side == .top || arrow?.side == .bottom ? style.arrow.height : 0
    let frameWidth = bodySize.width + (arrow != nil ? plan.arrowRoom : 0)
    let bodyX = plan.side == .sent ? plan.rightEdge - plan.arrowRoom - bodySize.width : plan.leftEdge + plan.arrowRoom
    let frameX = arrow?.side == .left ? bodyX - plan.arrowRoom : bodyX
    var shape = BubbleShape(
      frame: Rect(x: frameX, y: top, width: frameWidth, height: bodySize.height + verticalArrow),
      radius: style.radius, arrow: arrow,
      arrowMargin: min(style.padding.top, style.padding.left) / 2)
    if let grouped = style.groupedRadius {
      shape.groupedRadius = grouped
      shape.groupedCorners = groupedCorners(plan)
    }
    return shape
  }

  /// The corners on the author's side that face another bubble of the run: the top one
  /// unless the bubble starts the run, the bottom one unless it ends it.
  private func groupedCorners(_ plan: BubblePlan) -> Set<BubbleShape.Corner> {
    let sent = plan.side == .sent
    var corners: Set<BubbleShape.Corner> = []
    if !plan.startsRun { corners.insert(sent ? .topRight : .topLeft) }
    if !plan.endsRun { corners.insert(sent ? .bottomRight : .bottomLeft) }
    return corners
  }
}
