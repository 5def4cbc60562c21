import Testing

@_spi(Pages) @testable import ChatRender

/// Korean words, kept whole when lines wrap (`HangulWords`).
@Suite struct HangulWordsTests {
  @Test(
    "runs of two or more Hangul characters are found by their UTF-8 bytes",
    arguments: [
      ("안녕하세요 친구", [0..<15, 16..<22]),
      ("a 한국어 b", [2..<11]),
      ("한 a", []),
      ("ᄀᄀ", [0..<6]),
      ("plain ASCII, no Korean", []),
      ("漢字 and é, no Korean", []),
    ] as [(String, [Range<Int>])])
  func byteRanges(text: String, expected: [Range<Int>]) {
    #expect(HangulWords.byteRanges(in: text) == expected)
  }
}
