/// A formatted message body laid out relative to its top-left corner (0, 0).
struct RichBody: Sendable, Hashable {
  /// Text and boxes (code backgrounds, quote bars, table lines), in drawing order.
  var items: [LayoutItem]
  /// Where links are, for PDF and SVG annotations.
  var links: [LinkItem]
  var size: Size
  /// The width of the last line when the body ends in text, so the time may sit beside it;
  /// the body's width when it ends in a box (code, a table), where it never fits.
  var lastLineWidth: Double
  /// Whether the body ends in a line of text (not a code block, table or rule).
  var endsInText: Bool
  /// Whether the last paragraph reads right to left.
  var isRightToLeft: Bool
  /// Where the body may be cut across pages, top to bottom (see `parts(_:)`).
  var cuts: [RichBodyCut]
  /// Where its items and links are, for a body that may be cut (nil for a piece).
  var index: RichBodyIndex?
  /// The indexes of `cuts` between a table's rows (those that repeat a header), in order.
  var tableCuts: [Int]

  init(
    items: [LayoutItem], links: [LinkItem], size: Size, lastLineWidth: Double, endsInText: Bool,
    isRightToLeft: Bool, cuts: [RichBodyCut] = []
  ) {
    self.items = items
    self.links = links
    self.size = size
    self.lastLineWidth = lastLineWidth
    self.endsInText = endsInText
    self.isRightToLeft = isRightToLeft
    self.cuts = cuts
    index = cuts.isEmpty ? nil : RichBodyIndex(items: items, links: links, height: size.height)
    tableCuts = cuts.indices.filter { cuts[$0].repeated != nil }
  }

  /// The body moved by (dx, dy): where a bubble places it.
  func offsetBy(dx: Double, dy: Double) -> [LayoutItem] {
    items.map { $0.offsetBy(dx: dx, dy: dy) }
  }
}
