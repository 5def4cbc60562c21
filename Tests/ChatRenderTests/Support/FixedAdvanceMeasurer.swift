@_spi(Pages) @testable import ChatRender

/// A fake measurer: every character is `advance` wide, every line `lineHeight` tall; wraps
/// at spaces (or anywhere in a long word). Deterministic, no fonts.
final class FixedAdvanceMeasurer: TextMeasurer {
  let advance: Double
  let lineHeight: Double
  private(set) var measured = 0

  init(advance: Double = 8, lineHeight: Double = 20) {
    self.advance = advance
    self.lineHeight = lineHeight
  }

  func measure(_ text: StyledText, maxWidth: Double) -> TextMetrics {
    measured += 1
    let perLine = max(1, Int(maxWidth / advance))
    var widths: [Int] = []
    for paragraph in text.text.split(separator: "\n", omittingEmptySubsequences: false) {
      var current = 0
      for word in paragraph.split(separator: " ", omittingEmptySubsequences: false) {
        var length = word.count
        let needed = current == 0 ? length : current + 1 + length
        if needed <= perLine {
          current = needed
          continue
        }
        if current > 0 { widths.append(current) }
        while length > perLine {
          widths.append(perLine)
          length -= perLine
        }
        current = length
      }
      widths.append(current)
    }
    let width = Double(widths.max() ?? 0) * advance
    return TextMetrics(
      size: Size(width: width, height: Double(widths.count) * lineHeight),
      lineBottoms: widths.indices.map { Double($0 + 1) * lineHeight },
      lastLineWidth: Double(widths.last ?? 0) * advance,
      isRightToLeft: text.text.unicodeScalars.first { $0.properties.isAlphabetic }
        .map { (0x0590...0x08FF).contains($0.value) } ?? false)
  }
}
