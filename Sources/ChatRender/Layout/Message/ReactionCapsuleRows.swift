/// Telegram's reactions (`reactions.placement` `inside`): capsules inside the bubble under
/// its text, each emoji with its count, wrapped to the bubble's width; the time stands on
/// their last row when it fits there, as Telegram draws it.
struct ReactionCapsuleRows: BubbleElement {
  static let place = BubbleElementPlace.belowText
  let builder: BlockBuilder

  /// Room between capsules, across and down.
  static let gap = 4.0

  func rows(_ plan: BubblePlan) -> [BubbleRow] {
    let reactions = plan.message.extras.reactions
    guard theme.reactions.placement == .inside, !reactions.isEmpty else { return [] }
    let style = theme.reactions
    let labels = reactions.map { reaction -> (StyledText, TextMetrics) in
      let emoji = ReactionPills.emojiPresentation(LineCut.cut(reaction.emoji))
      let label = reaction.count > 1 ? "\(emoji) \(reaction.count)" : emoji
      let text = StyledText(label, font: font(size: style.size), maxLines: 1)
      return (text, measurer.measure(text, maxWidth: plan.wrap))
    }
    let height = (labels.map(\.1.size.height).max() ?? 0) + 6
    let fill = onBubble(style.fill, plan)
    var items: [LayoutItem] = []
    var (x, y, widest) = (0.0, 0.0, 0.0)
    for (text, metrics) in labels {
      let width = min(metrics.size.width + 14, plan.wrap)
      if x > 0, x + width > plan.wrap { (x, y) = (0, y + height + Self.gap) }
      let label = TextBlock(
        origin: Point(x: x + 7, y: y + (height - metrics.size.height) / 2), size: metrics.size, text: text,
        color: style.textColor, wrapWidth: plan.wrap, metrics: metrics)
      let shape = BubbleShape(frame: Rect(x: x, y: y, width: width, height: height), radius: height / 2)
      items.append(.badge(BadgeItem(shape: shape, fill: fill, label: label, messageIndex: plan.index)))
      widest = max(widest, x + width)
      x += width + Self.gap
    }
    var row = BubbleRow(items: items, size: Size(width: widest, height: y + height))
    // The time goes beside the last capsule when it fits, as after a last line of text.
    row.lastLine = (x - Self.gap, false)
    return [row]
  }
}
