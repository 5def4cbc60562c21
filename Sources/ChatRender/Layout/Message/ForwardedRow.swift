/// "Forwarded from Ana" over a forwarded message.
struct ForwardedRow: BubbleElement {
  static let place = BubbleElementPlace.aboveText
  let builder: BlockBuilder

  func rows(_ plan: BubblePlan) -> [BubbleRow] {
    guard let forwarded = plan.message.extras.forwardedFrom else { return [] }
    let label = forwarded.isEmpty ? labels.word(.forwarded) : labels.word(.forwardedFrom, ["name": forwarded])
    return [smallRow(label, italic: true, color: secondaryColor(plan), plan: plan)]
  }

  /// A line of small text, such as "Forwarded from Ana".
  func smallRow(_ label: String, italic: Bool, color: Color, plan: BubblePlan) -> BubbleRow {
    let text = StyledText(label, font: font(size: theme.timestamps.size + 1, italic: italic), maxLines: 1)
    let metrics = measurer.measure(text, maxWidth: plan.wrap)
    return BubbleRow(text: text, metrics: metrics, color: onBubble(color, plan), wrapWidth: plan.wrap, gapBelow: 2)
  }

}
