import Testing

@_spi(Pages) @testable import ChatRender

@Suite struct WhatsAppFormattingTests {
  func read(_ text: String) -> (text: String, spans: [String]) {
    let result = WhatsAppFormatting.read(text)
    return (result.text, SpanText.describe(result))
  }

  @Test func markersThatHugTheWordsFormat() {
    let result = read("*bold* _italic_ ~gone~ `code` and *_both_*")
    #expect(result.text == "bold italic gone code and both")
    #expect(
      result.spans == [
        "bold 'bold'", "italic 'italic'", "strikethrough 'gone'", "code 'code'", "bold 'both'", "italic 'both'",
      ])
  }

  @Test(arguments: [
    "2*3*4", "a * b * c", "snake_case_name", "~ 5 min ~", "*not closed", "* bullet",
    "price*", "**", "_ _", "a*b* c",
  ])
  func markersThatDoNotHugStayAsTyped(text: String) {
    let result = read(text)
    #expect(result.text == text)
    #expect(result.spans.isEmpty)
  }

  @Test func punctuationMayTouchTheMarkers() {
    let result = read("(*yes*), \"_quoted_\".")
    #expect(result.text == "(yes), \"quoted\".")
    #expect(result.spans == ["bold 'yes'", "italic 'quoted'"])
  }

  @Test func boldDoesNotCrossLines() {
    #expect(read("*one\ntwo*").spans.isEmpty)
  }

  @Test func tripleBackticksAreLiteralMonospaceAndMaySpanLines() {
    let inline = read("run ```ls *.txt``` now")
    #expect(inline.text == "run ls *.txt now")
    #expect(inline.spans == ["code 'ls *.txt'"])
    let block = read("```\nif x:\n    *y*\n```")
    #expect(block.text == "\nif x:\n    *y*\n")
    #expect(block.spans == ["codeBlock '\nif x:\n    *y*\n'"])
  }

  @Test func worksOnCJKAndArabicAndEmoji() {
    let result = read("*こんにちは* _مرحبا_ *🎉*")
    #expect(result.text == "こんにちは مرحبا 🎉")
    #expect(result.spans == ["bold 'こんにちは'", "italic 'مرحبا'", "bold '🎉'"])
  }

  @Test func longHostileLinesStayFast() {
    let line = String(repeating: "*a _b ~c `d ", count: 30_000)
    let clock = ContinuousClock()
    let elapsed = clock.measure { _ = WhatsAppFormatting.read(line) }
    #expect(elapsed < .seconds(5))
  }
}
