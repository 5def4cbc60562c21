import Testing

@_spi(Pages) @testable import ChatRender

/// What a measurement says about its text: equal measurements compare equal whoever shaped
/// them, and each line's bytes are known.
@Suite struct TextMetricsTests {
  private let text = StyledText(
    "Arriving 3 May at 14:20, Terminal 1 — 도착 ㅋㅋㅋㅋ مرحبا", font: FontSpec(families: ["Noto Sans"], size: 15))

  @Test func sameTextFromTwoEnginesIsEqualThoughShapedApart() throws {
    let first = TextEngine().measure(text, maxWidth: 90)
    let second = TextEngine().measure(text, maxWidth: 90)
    let (a, b) = (try #require(first.shaped), try #require(second.shaped))
    #expect(a !== b)
    #expect(first == second)
    #expect(first.hashValue == second.hashValue)
    #expect(first != TextEngine().measure(text, maxWidth: 200))
  }

  @Test func lineByteRangesCoverTheTextInOrder() {
    let metrics = TextEngine().measure(text, maxWidth: 90)
    let bytes = text.text.utf8.count
    let ranges = metrics.lineByteRanges(textByteCount: bytes)
    #expect(ranges.count == metrics.lineCount)
    #expect(ranges.count > 2)
    #expect(ranges.first?.lowerBound == 0)
    #expect(ranges.last?.upperBound == bytes)
    #expect(zip(ranges, ranges.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound })
    let lines = ranges.map { String(decoding: Array(text.text.utf8)[$0], as: UTF8.self) }
    #expect(lines.joined() == text.text)
  }
}
