import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

/// Texts longer than a page, or than Pango can place on one line before wrapping.
@Suite struct LongTextTests {
  @Test("a paragraph of 300,000 characters wraps into lines instead of running off as one")
  func hugeParagraphWraps() {
    let text = (0..<40_000).map { "word\($0)" }.joined(separator: " ")
    let metrics = TextEngine(keepsLayouts: false).measure(
      StyledText(text, font: FontSpec(families: Theme.defaultFamilies, size: 15)), maxWidth: 300)
    #expect(text.utf8.count > 250_000)
    #expect(metrics.lineCount > 1_000)
    #expect(metrics.size.width <= 300.5)
  }

  @Test("cutting a paragraph for Pango keeps every byte's place")
  func cutKeepsOffsets() {
    let text = String(repeating: "ab ", count: 30_000)
    let bytes = LongParagraphs.pangoBytes(text)
    #expect(bytes.count == text.utf8.count)
    #expect(bytes.filter { $0 == UInt8(ascii: "\n") }.count == text.utf8.count / LongParagraphs.limit)
  }

  @Test("a message cut across many pages is measured once (in chunks), not once a page")
  func measuredOnce() throws {
    let lines = (0..<2_000).map { "line \($0)" }.joined(separator: "\\n")
    let chat = """
      {"version": 1, "me": "sam", "participants": [{"id": "sam", "name": "Sam"}, {"id": "ana", "name": "Ana"}],
       "messages": [{"from": "ana", "time": "2025-03-01T09:30:00Z", "text": "\(lines)"}]}
      """
    let measurer = LongTextCounter()
    let layout = ConversationLayout(
      theme: .default, measurer: measurer,
      options: LayoutOptions(pagination: .pages(height: 800), timeZone: TimeZone(identifier: "UTC")!))
    let pages = layout.layout(try TestTranscripts.json(chat)).pages
    #expect(pages.count > 40)
    // Each chunk once: the characters measured are the message's, less the breaks between chunks.
    #expect(measurer.characters <= lines.count && measurer.characters > lines.count * 8 / 10)
  }
}

/// The fake measurer, counting the characters of the message's text it measures.
private final class LongTextCounter: TextMeasurer {
  private let measurer = FixedAdvanceMeasurer()
  private(set) var characters = 0

  func measure(_ text: StyledText, maxWidth: Double) -> TextMetrics {
    if text.text.hasPrefix("line ") { characters += text.text.count }
    return measurer.measure(text, maxWidth: maxWidth)
  }
}
