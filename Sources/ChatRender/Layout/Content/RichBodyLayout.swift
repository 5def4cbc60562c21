/// Lays out a formatted message body: its text and spans become text blocks and boxes
/// placed relative to (0, 0) within a width. Paragraphs carry their inline styles as runs;
/// code blocks, quotes, lists, headings, tables and rules are blocks of their own.
///
/// Pure: the same text, spans, style and width give the same body, measured only through
/// `TextMeasurer`.
struct RichBodyLayout {
  let measurer: any TextMeasurer
  let style: RichBodyStyle

  /// Deeper nesting (quotes in lists in quotes …) is laid out as plain paragraphs.
  static let maxDepth = 8

  func layout(text: String, spans: [TextSpan], maxWidth: Double) -> RichBody {
    let document = RichBodyDocument(text: text, spans: spans)
    var placer = RichBodyPlacer(
      measurer: measurer, style: style, document: document,
      runs: InlineRuns(document: document, style: style))
    placer.placeBlocks(in: document.fullRange, x: 0, width: max(1, maxWidth), container: nil, depth: 0)
    return placer.finish()
  }
}

/// The state of one `RichBodyLayout.layout` call: where the next block goes and what has
/// been placed.
struct RichBodyPlacer {
  let measurer: any TextMeasurer
  let style: RichBodyStyle
  let document: RichBodyDocument
  let runs: InlineRuns

  private(set) var items: [LayoutItem] = []
  private(set) var links: [LinkItem] = []
  /// The top of the next block.
  var y = 0.0
  /// The right edge of everything placed: the body's width.
  var right = 0.0
  /// Boxes that reach to the body's right edge once it is known (code, rules), with the
  /// furthest they may go.
  private var stretched: [(item: Int, limit: Double)] = []
  /// Right-to-left paragraphs, moved to the right edge once it is known.
  private var rightAligned: [(item: Int, limit: Double)] = []
  /// The last prose line placed, for the time beside it; nil when a box ends the body.
  private var lastProse: (x: Double, metrics: TextMetrics)?
  /// Where the body might be cut across pages; `finish` keeps those that cut no text.
  private var cuts: [RichBodyCut] = []

  init(measurer: any TextMeasurer, style: RichBodyStyle, document: RichBodyDocument, runs: InlineRuns) {
    self.measurer = measurer
    self.style = style
    self.document = document
    self.runs = runs
  }

  /// The kinds of block, for the space between two of them.
  enum Kind { case prose, listItem, box }

  // MARK: - Blocks

  mutating func placeBlocks(in range: Range<Int>, x: Double, width: Double, container: Int?, depth: Int) {
    var previous: Kind?
    var isListItem = false
    if let container, case .listItem = document.blocks[container].style { isListItem = true }
    let tightGap = (style.blockGap / 3).rounded()
    func gap(before kind: Kind) -> Double {
      guard let previous else { return 0 }
      // A list's items sit close, and so does a list nested right under its item's text.
      if kind == .listItem && (previous == .listItem || isListItem) { return tightGap }
      return style.blockGap
    }
    var cursor = range.lowerBound
    let children = depth < RichBodyLayout.maxDepth ? document.children(in: range, after: container) : []
    let listIndent = listIndent(for: children.map(\.span), width: width)
    for (index, span) in children {
      if cursor < span.start, placeParagraph(cursor..<span.start, x: x, width: width, gap: gap(before: .prose)) {
        previous = .prose
      }
      let kind = kind(of: span.style)
      skipGap(gap(before: kind))
      placeBlock(span, index: index, x: x, width: width, depth: depth, listIndent: listIndent)
      previous = kind
      cursor = span.end
    }
    if cursor < range.upperBound {
      _ = placeParagraph(cursor..<range.upperBound, x: x, width: width, gap: gap(before: .prose))
    }
  }

  private func kind(of style: TextSpan.Style) -> Kind {
    switch style {
    case .listItem: return .listItem
    case .codeBlock, .table, .rule: return .box
    default: return .prose
    }
  }

  /// The indent of the list items among `blocks`: the theme's, or wider when the widest
  /// marker ("10.") needs it, so every item's text starts at the same place.
  private func listIndent(for blocks: [TextSpan], width: Double) -> Double {
    var widest = ""
    for block in blocks {
      if case .listItem(_, let marker) = block.style, marker.count > widest.count { widest = marker }
    }
    var indent = style.listIndent
    if widest.count > 2 {
      let marker = measurer.measure(StyledText(widest, font: style.font), maxWidth: width)
      indent = max(indent, (marker.size.width + style.markerGap).rounded(.up))
    }
    return min(indent, width / 2)
  }

  private mutating func placeBlock(
    _ span: TextSpan, index: Int, x: Double, width: Double, depth: Int, listIndent: Double
  ) {
    let range = span.start..<span.end
    switch span.style {
    case .heading(let level):
      _ = placeProse(document.trimmingNewlines(range), font: style.headingFont(level: level), x: x, width: width)
    case .codeBlock(let language):
      placeCode(range, language: language, x: x, width: width)
    case .quote:
      placeQuote(range, index: index, x: x, width: width, depth: depth)
    case .listItem(_, let marker):
      placeListItem(range, marker: marker, index: index, x: x, width: width, indent: listIndent, depth: depth)
    case .table:
      RichBodyTable(range: range, document: document, style: style).place(at: x, width: width, into: &self)
    case .rule:
      placeRule(x: x, width: width)
    default:
      _ = placeProse(document.trimmingNewlines(range), font: style.font, x: x, width: width)
    }
  }

  /// Text outside any block span; nothing when it is only new lines and spaces.
  private mutating func placeParagraph(_ range: Range<Int>, x: Double, width: Double, gap: Double) -> Bool {
    let trimmed = document.trimmingNewlines(range)
    guard !trimmed.isEmpty, !document.isBlank(trimmed) else { return false }
    skipGap(gap)
    return placeProse(trimmed, font: style.font, x: x, width: width)
  }

  /// Text with its inline styles, wrapped at `width`.
  @discardableResult
  mutating func placeProse(_ range: Range<Int>, font: FontSpec, x: Double, width: Double) -> Bool {
    let inline = runs.runs(for: range)
    let text = StyledText(document.string(range), font: font, runs: inline.runs)
    let placed = placeText(text, x: x, width: width, color: style.text)
    for chunk in placed.chunks {
      for link in inline.links {
        guard let bytes = link.range.clamped(overlapping: chunk.bytes) else { continue }
        let local = (bytes.lowerBound - chunk.bytes.lowerBound)..<(bytes.upperBound - chunk.bytes.lowerBound)
        if let item = LinkItem.clickable(frame: Self.frame(of: local, in: chunk.block), url: link.url, textRange: local)
        {
          links.append(item)
        }
      }
      if Self.isRightAligned(chunk.block.metrics) { rightAligned.append((chunk.item, x + width)) }
    }
    lastProse = placed.chunks.last.map { (x, $0.block.metrics) }
    return true
  }

  /// The space between two blocks, which a page break drops.
  private mutating func skipGap(_ gap: Double) {
    addCut(at: y, headEnd: y, tailStart: y + gap)
    y += gap
  }

  mutating func addCut(
    at position: Double, headEnd: Double, tailStart: Double, repeated: Range<Double>? = nil,
    wholeRowHeight: Double? = nil
  ) {
    cuts.append(
      RichBodyCut(
        position: position, headEnd: headEnd, tailStart: tailStart, repeated: repeated, wholeRowHeight: wholeRowHeight))
  }

  /// Text placed by `placeText`: a long one is laid out in chunks (`TextChunks`), one text
  /// block each, stacked; `bytes` are a chunk's UTF-8 offsets in the whole text.
  struct PlacedText {
    var chunks: [(item: Int, block: TextBlock, bytes: Range<Int>)] = []
    var width: Double { chunks.map(\.block.size.width).max() ?? 0 }
  }

  /// Measures `text` and places it at (x, y); moves `y` below it. A page break may fall
  /// between its lines, leaving at least two on each side (no lone line atop or under a
  /// page), with `padding` kept under and over the lines beside the break (a box's).
  @discardableResult
  mutating func placeText(
    _ text: StyledText, x: Double, width: Double, color: Color, padding: Double = 0
  ) -> PlacedText {
    let ranges = TextChunks.ranges(of: text.text)
    let bytes = ranges.count > 1 ? Array(text.text.utf8) : []
    var placed = PlacedText()
    var lineBottoms: [Double] = []
    for range in ranges {
      var piece = text
      if ranges.count > 1 {
        piece.text = String(decoding: bytes[range], as: UTF8.self)
        piece.runs = text.runs.compactMap { run in
          guard let clipped = run.range.clamped(overlapping: range) else { return nil }
          let shifted = (clipped.lowerBound - range.lowerBound)..<(clipped.upperBound - range.lowerBound)
          return TextRun(range: shifted, style: run.style)
        }
      }
      let block = makeText(piece, at: Point(x: x, y: y), width: width, color: color)
      placed.chunks.append((items.count - 1, block, range))
      lineBottoms += block.metrics.lineBottoms.map { y + $0 }
      y += block.size.height
    }
    for lineBottom in lineBottoms.dropFirst().dropLast(2) {
      addCut(at: lineBottom, headEnd: lineBottom + padding, tailStart: lineBottom - padding)
    }
    return placed
  }

  /// Measures `text` and places it at `origin`, leaving `y` alone.
  @discardableResult
  mutating func makeText(_ text: StyledText, at origin: Point, width: Double, color: Color) -> TextBlock {
    let metrics = measurer.measure(text, maxWidth: width)
    let block = TextBlock(
      origin: origin, size: metrics.size, text: text, color: color, wrapWidth: width, metrics: metrics)
    items.append(.text(block))
    right = max(right, origin.x + metrics.size.width)
    lastProse = nil
    return block
  }

  mutating func addLink(_ link: LinkItem) { links.append(link) }

  /// Adds a box; a stretched one reaches the body's right edge (at most `limit`) at the end.
  mutating func addBox(_ frame: Rect, radius: Double = 0, fill: Color, stretchTo limit: Double? = nil) {
    if let limit { stretched.append((items.count, limit)) }
    items.append(.box(BoxItem(frame: frame, radius: radius, fill: fill)))
    right = max(right, frame.maxX)
    lastProse = nil
  }

  /// Monospace lines on a tinted box, indentation kept; a long line wraps past its own
  /// indentation behind a wrap mark (`CodeWrap`); the language, when named, labels the box.
  private mutating func placeCode(_ range: Range<Int>, language: String?, x: Double, width: Double) {
    let padding = style.codePadding
    let inner = max(1, width - 2 * padding)
    let boxIndex = items.count
    let top = y
    addBox(
      Rect(x: x, y: top, width: 0, height: 0), radius: style.codeRadius, fill: style.formatting.codeBackground,
      stretchTo: x + width)
    y += padding
    var contentWidth = 0.0
    if let language, !language.isEmpty {
      let label = placeText(
        StyledText(language, font: style.labelFont), x: x + padding, width: inner,
        color: Self.faded(style.text))
      contentWidth = label.width
      y += 2
    }
    var code = document.string(range)
    while code.hasSuffix("\n") { code.removeLast() }
    let codeFont = style.codeFont
    let text = StyledText(CodeWrap(measurer: measurer, font: codeFont).marked(code, width: inner), font: codeFont)
    let block = placeText(text, x: x + padding, width: inner, color: style.text, padding: padding)
    contentWidth = max(contentWidth, block.width)
    y += padding
    let frame = Rect(x: x, y: top, width: min(width, contentWidth + 2 * padding), height: y - top)
    items[boxIndex] = .box(BoxItem(frame: frame, radius: style.codeRadius, fill: style.formatting.codeBackground))
    right = max(right, frame.maxX)
    lastProse = nil
  }

  /// The quoted blocks indented beside a bar.
  private mutating func placeQuote(_ range: Range<Int>, index: Int, x: Double, width: Double, depth: Int) {
    let indent = min(style.quoteIndent, width / 2)
    let top = y
    let prose = lastProse
    placeBlocks(in: range, x: x + indent, width: max(1, width - indent), container: index, depth: depth + 1)
    let ending = lastProse
    addBox(
      Rect(x: x, y: top, width: style.quoteBarWidth, height: max(y - top, 1)),
      radius: style.quoteBarWidth / 2, fill: style.formatting.quoteBar)
    lastProse = y > top ? ending : prose
  }

  /// The marker in the indent, the item's blocks beside it (a hanging indent).
  private mutating func placeListItem(
    _ range: Range<Int>, marker: String, index: Int, x: Double, width: Double, indent: Double, depth: Int
  ) {
    let prefix = Array((marker + " ").unicodeScalars)
    var contentStart = range.lowerBound
    if range.count >= prefix.count,
      Array(document.scalars[range.lowerBound..<(range.lowerBound + prefix.count)]) == prefix
    {
      contentStart += prefix.count
    }
    let markerText = StyledText(marker, font: style.font)
    let markerMetrics = measurer.measure(markerText, maxWidth: max(indent, 1) * 4)
    let top = y
    placeBlocks(
      in: contentStart..<range.upperBound, x: x + indent, width: max(1, width - indent), container: index,
      depth: depth + 1)
    let ending = lastProse
    let markerX = max(x, x + indent - style.markerGap - markerMetrics.size.width)
    let block = TextBlock(
      origin: Point(x: markerX, y: top), size: markerMetrics.size, text: markerText, color: style.text,
      wrapWidth: max(indent, 1) * 4, metrics: markerMetrics)
    items.append(.text(block))
    y = max(y, top + markerMetrics.size.height)
    right = max(right, x + indent)
    lastProse = ending
  }

  /// A thin line across the body, in a line's height.
  private mutating func placeRule(x: Double, width: Double) {
    let height = style.font.size
    addBox(
      Rect(x: x, y: y + (height / 2).rounded(), width: min(width, style.font.size * 4), height: style.gridLine),
      fill: style.formatting.tableBorder, stretchTo: x + width)
    y += height
  }

  // MARK: - The result

  mutating func finish() -> RichBody {
    let width = right
    for (index, limit) in stretched {
      guard case .box(var box) = items[index] else { continue }
      box.frame.size.width = max(box.frame.width, min(limit, width) - box.frame.minX)
      items[index] = .box(box)
    }
    for (index, limit) in rightAligned {
      guard case .text(var text) = items[index] else { continue }
      text.origin.x = max(text.origin.x, min(limit, width) - text.size.width)
      items[index] = .text(text)
    }
    let endsInText = lastProse != nil
    var lastLineWidth = width
    var isRightToLeft = false
    if let (x, metrics) = lastProse {
      isRightToLeft = Self.isRightAligned(metrics)
      lastLineWidth = isRightToLeft ? width : x + metrics.lastLineWidth
    }
    return RichBody(
      items: items, links: links, size: Size(width: width, height: y),
      lastLineWidth: lastLineWidth, endsInText: endsInText, isRightToLeft: isRightToLeft,
      cuts: RichBodyCut.usable(cuts, items: items, height: y))
  }

  /// The band of `block`'s lines that hold the bytes `range`: a page that shows other lines
  /// of a long paragraph carries no link of these.
  static func frame(of range: Range<Int>, in block: TextBlock) -> Rect {
    guard let lines = block.metrics.lines(holding: range) else { return block.frame }
    let bottoms = block.metrics.lineBottoms
    let top = lines.lowerBound == 0 ? 0 : bottoms[lines.lowerBound - 1]
    return Rect(
      x: block.origin.x, y: block.origin.y + top, width: block.size.width, height: bottoms[lines.upperBound] - top)
  }

  /// Whether Pango set the text against the right edge of its wrap width (a right-to-left
  /// paragraph): such text hugs the body's right edge.
  static func isRightAligned(_ metrics: TextMetrics) -> Bool {
    metrics.isRightToLeft || metrics.offsetX > 0.5
  }

  /// Labels inside code (its language) in the text colour, fainter.
  static func faded(_ color: Color) -> Color {
    Color(red: color.red, green: color.green, blue: color.blue, alpha: color.alpha * 0.6)
  }
}

extension Range<Int> {
  /// The part of this range inside `other`; nil when they do not overlap.
  func clamped(overlapping other: Range<Int>) -> Range<Int>? {
    let lower = Swift.max(lowerBound, other.lowerBound)
    let upper = Swift.min(upperBound, other.upperBound)
    return lower < upper ? lower..<upper : nil
  }
}
