/// One piece of a bubble's content, stacked top to bottom: a name, a quoted reply, a
/// picture, a file chip, the text, a link card. Items are placed relative to the row's
/// top-left corner.
struct BubbleRow {
  var items: [LayoutItem]
  var size: Size
  /// Space between this row and the next.
  var gapBelow: Double = 4
  /// Right-to-left text hugs the right edge of a wider bubble.
  var hugsEnd = false
  /// The width and direction of the row's last text line, for the time beside it; nil when
  /// the row is not text.
  var lastLine: (width: Double, isRightToLeft: Bool)?
  /// The row's items for a bubble wider than the row (quote boxes and chips fill it).
  var stretched: ((Double) -> [LayoutItem])?
  /// A picture: it reaches `BubbleRow.pictureInset` from the bubble's edges instead of
  /// keeping to the padding, and its width is the bubble's.
  var bleeds = false

  /// How far a picture keeps from its bubble's edges.
  static let pictureInset = 3.0

  init(items: [LayoutItem], size: Size, gapBelow: Double = 4) {
    self.items = items
    self.size = size
    self.gapBelow = gapBelow
  }

  /// A row holding one text block at its origin.
  init(text: StyledText, metrics: TextMetrics, color: Color, wrapWidth: Double, gapBelow: Double = 4) {
    let block = TextBlock(
      origin: Point(x: 0, y: 0), size: metrics.size, text: text, color: color,
      wrapWidth: wrapWidth, metrics: metrics)
    self.init(items: [.text(block)], size: metrics.size, gapBelow: gapBelow)
    lastLine = (metrics.lastLineWidth, metrics.isRightToLeft)
  }

  /// The items moved to `origin`.
  func placed(at origin: Point) -> [LayoutItem] {
    items.map { $0.offsetBy(dx: origin.x, dy: origin.y) }
  }
}
