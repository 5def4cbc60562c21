/// The author's name as the bubble's first line, where the theme puts names inside.
struct InsideNameRow: BubbleElement {
  static let place = BubbleElementPlace.aboveText
  let builder: BlockBuilder

  func rows(_ plan: BubblePlan) -> [BubbleRow] {
    guard builder.namesThisPiece(plan), theme.names.placement == .inside, let name = plan.authorName else {
      return []
    }
    return [insideNameRow(name, plan: plan)]
  }

  /// The author's name as the bubble's first line, with a BOT badge for bots.
  func insideNameRow(_ name: String, plan: BubblePlan) -> BubbleRow {
    let text = StyledText(
      builder.shownName(name), font: font(size: theme.names.size, bold: theme.names.bold), maxLines: 1)
    let metrics = measurer.measure(text, maxWidth: plan.wrap)
    let color = onBubble(builder.nameColor(for: plan.message.authorID), plan)
    var row = BubbleRow(text: text, metrics: metrics, color: color, wrapWidth: plan.wrap, gapBelow: 2)
    row.lastLine = nil
    if builder.isBot(plan.message.authorID) {
      let badge = builder.botBadge(
        after: Rect(x: 0, y: 0, width: metrics.size.width, height: metrics.size.height), color: color)
      row.items.append(.badge(badge))
      row.size.width = badge.shape.frame.maxX
    }
    return row
  }
}
