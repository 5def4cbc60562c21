/// Reaction pills: over the bubble's bottom edge (WhatsApp, Telegram, iMessage) or in a row
/// under it (Discord).
extension BlockBuilder {
  struct PlacedReactions {
    var items: [LayoutItem]
    /// The lowest point of the pills, from the block's top (0 for none).
    var bottom: Double
  }

  func reactionPills(_ plan: BubblePlan, under body: Rect) -> PlacedReactions {
    let reactions = plan.message.extras.reactions
    guard !reactions.isEmpty else { return PlacedReactions(items: [], bottom: 0) }
    let style = theme.reactions
    let labels = reactions.map { reaction -> (StyledText, TextMetrics) in
      let label = reaction.count > 1 ? "\(reaction.emoji) \(reaction.count)" : reaction.emoji
      let text = StyledText(label, font: font(size: style.size), maxLines: 1)
      return (text, measurer.measure(text, maxWidth: contentWidth))
    }
    let height = (labels.map(\.1.size.height).max() ?? 0) + 6
    let widths = labels.map { $0.1.size.width + 14 }
    let gap = 4.0
    let total = widths.reduce(0, +) + gap * Double(widths.count - 1)
    let overlaps = style.placement == .overlap
    let top = overlaps ? body.maxY - height / 2 + 2 : body.maxY + 4
    let inset = overlaps ? 10.0 : 0
    // At the bubble's leading edge on both sides: the time keeps its trailing corner.
    var x = overlaps ? body.minX + inset : (plan.side == .sent ? body.maxX - total : body.minX)
    // The ring in the page's colour parts a pill from the bubble it overlaps.
    let ring = overlaps ? BorderStyle(width: 1.5, color: theme.canvas.background) : nil
    var items: [LayoutItem] = []
    for ((text, metrics), width) in zip(labels, widths) {
      let frame = Rect(x: x, y: top, width: width, height: height)
      let label = TextBlock(
        origin: Point(x: x + 7, y: top + (height - metrics.size.height) / 2), size: metrics.size,
        text: text, color: style.text, wrapWidth: contentWidth, metrics: metrics)
      items.append(
        .badge(
          BadgeItem(
            shape: BubbleShape(frame: frame, radius: height / 2), fill: style.fill, border: ring, label: label,
            messageIndex: plan.index))
      )
      x += width + gap
    }
    return PlacedReactions(items: items, bottom: top + height)
  }
}
