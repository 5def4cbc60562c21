/// A plain text measured chunk by chunk (`TextChunks`), the chunks stacked one under another
/// as the paragraphs of one layout would be: lines are counted across the whole text, and a
/// piece of it (the lines one page shows) is drawn as the text blocks of the chunks it
/// touches, so no page draws or walks the lines of the whole text.
struct ChunkedText {
  struct Chunk {
    var text: StyledText
    var metrics: TextMetrics
    /// The chunk's top in the whole text.
    var top: Double
    /// The index of its first line in the whole text.
    var firstLine: Int
  }

  let chunks: [Chunk]
  /// Every line's bottom, from the top of the whole text.
  let lineBottoms: [Double]
  /// The widest chunk's width, and how far its widest line sits from the wrap's left edge.
  let width: Double
  private let offsetX: Double
  let height: Double

  /// A text longer than this keeps no shaped layout: each piece is shaped again when drawn,
  /// so memory follows a page, not the whole text.
  static let shapedBytesLimit = 1 << 20

  init(_ text: StyledText, maxWidth: Double, measurer: any TextMeasurer) {
    let bytes = Array(text.text.utf8)
    let ranges = bytes.withUnsafeBufferPointer { TextChunks.ranges(of: $0) }
    let keepsShaped = bytes.count <= Self.shapedBytesLimit
    var chunks: [Chunk] = []
    var bottoms: [Double] = []
    var top = 0.0
    for range in ranges {
      var piece = text
      if ranges.count > 1 { piece.text = String(decoding: bytes[range], as: UTF8.self) }
      var metrics = measurer.measure(piece, maxWidth: maxWidth)
      if !keepsShaped { metrics.shaped = nil }
      chunks.append(Chunk(text: piece, metrics: metrics, top: top, firstLine: bottoms.count))
      bottoms += metrics.lineBottoms.map { top + $0 }
      top += metrics.size.height
    }
    self.chunks = chunks
    lineBottoms = bottoms
    width = chunks.map(\.metrics.size.width).max() ?? 0
    offsetX = chunks.map(\.metrics.offsetX).min() ?? 0
    height = top
  }

  var lineCount: Int { lineBottoms.count }
  var lastLineWidth: Double { chunks.last?.metrics.lastLineWidth ?? 0 }
  var isRightToLeft: Bool { chunks.last?.metrics.isRightToLeft ?? false }

  /// The top of line `line` in the whole text.
  func lineTop(_ line: Int) -> Double { line == 0 ? 0 : lineBottoms[line - 1] }

  /// The text blocks that draw `lines` (all when nil), from y 0 at the first one's top.
  func blocks(lines: Range<Int>?, color: Color, wrapWidth: Double) -> [TextBlock] {
    if chunks.count == 1, let only = chunks.first {
      let shown = lines ?? 0..<lineCount
      let height = lineCount == 0 ? height : lineBottomOrHeight(shown) - lineTop(shown.lowerBound)
      return [
        TextBlock(
          origin: Point(x: 0, y: 0), size: Size(width: width, height: height), text: only.text, color: color,
          wrapWidth: wrapWidth, metrics: only.metrics, lines: lines)
      ]
    }
    let shown = lines ?? 0..<lineCount
    guard !shown.isEmpty else { return [] }
    let pieceTop = lineTop(shown.lowerBound)
    var blocks: [TextBlock] = []
    var index = chunkIndex(holding: shown.lowerBound)
    while index < chunks.count, chunks[index].firstLine < shown.upperBound {
      let chunk = chunks[index]
      let count = chunk.metrics.lineCount
      index += 1
      guard
        let local = (0..<count).clamped(
          overlapping: (shown.lowerBound - chunk.firstLine)..<(shown.upperBound - chunk.firstLine))
      else { continue }
      let localTop = local.lowerBound == 0 ? 0 : chunk.metrics.lineBottoms[local.lowerBound - 1]
      let localBottom = chunk.metrics.lineBottoms[local.upperBound - 1]
      blocks.append(
        TextBlock(
          origin: Point(x: chunk.metrics.offsetX - offsetX, y: chunk.top + localTop - pieceTop),
          size: Size(width: chunk.metrics.size.width, height: localBottom - localTop), text: chunk.text,
          color: color, wrapWidth: wrapWidth, metrics: chunk.metrics, lines: local == 0..<count ? nil : local))
    }
    return blocks
  }

  private func lineBottomOrHeight(_ shown: Range<Int>) -> Double {
    shown.isEmpty ? height : lineBottoms[shown.upperBound - 1]
  }

  /// The chunk whose lines include `line` (binary search over their first lines).
  private func chunkIndex(holding line: Int) -> Int {
    var low = 0
    var high = chunks.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if chunks[middle].firstLine <= line { low = middle } else { high = middle - 1 }
    }
    return low
  }
}
