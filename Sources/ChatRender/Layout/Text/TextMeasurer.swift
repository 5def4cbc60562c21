/// Measures and wraps text. Layout depends on this protocol only, so that tests can use a fake.
@_spi(Pages) public protocol TextMeasurer {
  /// Lays out `text` wrapped within `maxWidth` points (by word, then by character).
  func measure(_ text: StyledText, maxWidth: Double) -> TextMetrics
}

/// The size of laid-out text.
@_spi(Pages) public struct TextMetrics: Sendable, Hashable {
  /// The logical size of the text, in points.
  public var size: Size
  /// The x of the widest line's left edge within the wrap width: right-aligned (RTL) lines
  /// start right of 0. The text is drawn at `origin.x - offsetX`.
  public var offsetX: Double
  /// The y of each line's bottom, from the text's top.
  public var lineBottoms: [Double]
  /// The UTF-8 byte offset where each line starts; empty when the measurer does not say.
  public var lineStarts: [Int]
  /// Width of the last line.
  public var lastLineWidth: Double
  /// Whether the base direction of the last paragraph is right-to-left.
  public var isRightToLeft: Bool
  /// The text as shaped for drawing, so text is never shaped twice; nil when the measurer
  /// keeps nothing (a test's fake, or a `TextEngine` measuring sizes only).
  public var shaped: ShapedText?

  /// Metrics of text already measured; `shaped` is nil for measurers that keep nothing.
  public init(
    size: Size, offsetX: Double = 0, lineBottoms: [Double], lastLineWidth: Double,
    isRightToLeft: Bool = false, shaped: ShapedText? = nil, lineStarts: [Int] = []
  ) {
    self.lineStarts = lineStarts
    self.size = size
    self.offsetX = offsetX
    self.lineBottoms = lineBottoms
    self.lastLineWidth = lastLineWidth
    self.isRightToLeft = isRightToLeft
    self.shaped = shaped
  }

  /// The number of lines the text wrapped into.
  public var lineCount: Int { lineBottoms.count }

  /// The UTF-8 bytes of each line, when the line starts are known (empty otherwise): what an
  /// output that keeps the lines as laid out (accessible text, fixed-line HTML) needs.
  public func lineByteRanges(textByteCount: Int) -> [Range<Int>] {
    guard lineStarts.count == lineBottoms.count else { return [] }
    return lineStarts.indices.map { index in
      let end = index + 1 < lineStarts.count ? lineStarts[index + 1] : textByteCount
      return lineStarts[index]..<max(lineStarts[index], end)
    }
  }

  /// Equal when they measure alike; the shaped handle is a cache of the same text and is
  /// not compared.
  public static func == (lhs: TextMetrics, rhs: TextMetrics) -> Bool {
    lhs.size == rhs.size && lhs.offsetX == rhs.offsetX && lhs.lineBottoms == rhs.lineBottoms
      && lhs.lineStarts == rhs.lineStarts && lhs.lastLineWidth == rhs.lastLineWidth
      && lhs.isRightToLeft == rhs.isRightToLeft
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(size)
    hasher.combine(lineBottoms)
    hasher.combine(lineStarts)
  }

  /// The lines holding the UTF-8 bytes `range`; nil when the line starts are unknown.
  func lines(holding range: Range<Int>) -> ClosedRange<Int>? {
    guard lineStarts.count == lineBottoms.count, !lineStarts.isEmpty else { return nil }
    func line(of byte: Int) -> Int {
      var low = 0
      var high = lineStarts.count - 1
      while low < high {
        let middle = (low + high + 1) / 2
        if lineStarts[middle] <= byte { low = middle } else { high = middle - 1 }
      }
      return low
    }
    let first = line(of: range.lowerBound)
    return first...max(first, line(of: max(range.lowerBound, range.upperBound - 1)))
  }
}
