/// A tinted card with a rounded bar down its left: a reply's quote and a link preview.
enum BarredCard {
  /// The card's box, its bar and `lines` stacked from `inset`.
  static func items(
    _ card: Rect, fill: Color, bar: Rect, barColor: Color, lines: [(StyledText, TextMetrics, Color)],
    at inset: EdgeInsets, wrap: Double, lineGap: Double
  ) -> [LayoutItem] {
    var items: [LayoutItem] = [
      .box(BoxItem(frame: card, radius: 6, fill: fill)),
      .box(
        BoxItem(
          frame: Rect(x: bar.minX, y: bar.minY, width: bar.width, height: card.height - 2 * bar.minY),
          radius: bar.width / 2, fill: barColor)),
    ]
    var y = inset.top
    for (text, metrics, color) in lines {
      items.append(
        .text(
          TextBlock(
            origin: Point(x: inset.left, y: y), size: metrics.size, text: text, color: color, wrapWidth: wrap,
            metrics: metrics)))
      y += metrics.size.height + lineGap
    }
    return items
  }
}
