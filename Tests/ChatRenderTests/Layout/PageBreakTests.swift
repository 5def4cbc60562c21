import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

/// Where pages break inside bubbles: plain and formatted bodies cut between their lines,
/// tall bubbles filling the rest of a page; laid out with the fixed-advance measurer.
@Suite struct PageBreakTests {
  func layout(_ transcript: Transcript, height: Double) -> LaidOutConversation {
    ConversationLayout(
      theme: .default, measurer: FixedAdvanceMeasurer(),
      options: LayoutOptions(pagination: .pages(height: height), timeZone: TimeZone(identifier: "UTC")!)
    ).layout(transcript)
  }

  func texts(_ page: LaidOutPage) -> [TextBlock] {
    page.items.compactMap { if case .text(let text) = $0 { text } else { nil } }
  }

  func bubbles(_ page: LaidOutPage) -> [BubbleItem] {
    page.items.compactMap { if case .bubble(let bubble) = $0 { bubble } else { nil } }
  }

  /// `count` lines "line0" … of one message.
  func lines(_ count: Int, from first: Int = 0) -> String {
    (first..<(first + count)).map { "line\($0)" }.joined(separator: "\n")
  }

  /// A chat read from `.chat` lines whose message `index` (0 for the first) gets `markdown`
  /// as its formatted body.
  func chat(_ source: String, markdown: String, at index: Int) throws -> Transcript {
    var transcript = try TestTranscripts.chat(source)
    let (text, spans) = MarkdownReader.read(markdown)
    transcript.messages[index].text = text
    transcript.messages[index].extras.spans = spans
    return transcript
  }

  /// Every page's bubbles keep to the page.
  func expectWithinPages(_ laid: LaidOutConversation, height: Double) {
    for page in laid.pages {
      for bubble in bubbles(page) {
        #expect(bubble.shape.frame.maxY <= height - Theme.default.canvas.padding.bottom + 0.001)
      }
    }
  }

  /// `source` on paper (the default theme's A4), without a document's header and footer.
  func paper(_ transcript: Transcript) -> LaidOutConversation {
    ConversationLayout(
      theme: .default, measurer: FixedAdvanceMeasurer(),
      options: LayoutOptions(pagination: .paper, timeZone: TimeZone(identifier: "UTC")!)
    ).layout(transcript)
  }

  @Test("on paper, a tall bubble that does not fit the rest of a page fills it and goes on on the next")
  func tallBubbleFillsTheRest() throws {
    let shorts = (0..<10).map { "< short \($0)\n" }.joined()
    let long = lines(20).replacingOccurrences(of: "\n", with: "\n  ")
    let transcript = try TestTranscripts.chat(shorts + "> \(long)\n")
    let laid = paper(transcript)
    #expect(laid.pages.count == 2)
    let first = try #require(texts(laid.pages[0]).first { $0.text.text.hasPrefix("line0") })
    let head = try #require(first.lines)
    #expect(head.lowerBound == 0 && head.count >= 3)
    let second = try #require(texts(laid.pages[1]).first { $0.text.text.hasPrefix("line0") })
    #expect(second.lines == head.upperBound..<20)
    // Phone-sized images keep the bubble whole: it fits a page.
    let pages = layout(transcript, height: laid.pages[0].size.height)
    #expect(pages.pages.flatMap(texts).allSatisfy { $0.lines == nil })
  }

  @Test("on paper, bubbles under a third of a page move whole to the next page")
  func shortBubblesMoveWhole() throws {
    var source = ""
    for index in 0..<40 {
      source += "< " + lines(8, from: index * 8).replacingOccurrences(of: "\n", with: "\n  ") + "\n"
    }
    let laid = paper(try TestTranscripts.chat(source))
    #expect(laid.pages.count > 3)
    for page in laid.pages { #expect(texts(page).allSatisfy { $0.lines == nil }) }
    expectWithinPages(laid, height: laid.pages[0].size.height)
  }

  static let answer = """
    Here is the plan, step by step, with the code and the prices below it.

    ```python
    \((0..<30).map { "step_\($0) = \($0)" }.joined(separator: "\n"))
    ```

    | Item | Price |
    |---|---|
    \((0..<15).map { "| thing \($0) | \($0) |" }.joined(separator: "\n"))

    1. first
    2. second

    That is all.
    """

  @Test("a formatted body taller than a page is cut between its rows: each piece a bubble, nothing lost")
  func formattedBodySplits() throws {
    let source = "me: Sam\n\n[2025-03-01 09:30] Sam: question\n[2025-03-01 09:31] Ana: answer\n"
    let transcript = try chat(source, markdown: Self.answer, at: 1)
    let laid = layout(transcript, height: 400)
    #expect(laid.pages.count >= 3)
    expectWithinPages(laid, height: 400)
    // The code's lines, piece after piece, in order, each once.
    let code = laid.pages.flatMap(texts).filter { $0.text.text.hasPrefix("step_0") }
    #expect(code.count >= 2)
    let shown = code.map { $0.lines ?? 0..<$0.metrics.lineCount }
    #expect(shown.first?.lowerBound == 0 && shown.last?.upperBound == 30)
    for (a, b) in zip(shown, shown.dropFirst()) { #expect(a.upperBound == b.lowerBound) }
    // Every table row once.
    let rows = laid.pages.flatMap(texts).map(\.text.text).filter { $0.hasPrefix("thing ") }
    #expect(rows == (0..<15).map { "thing \($0)" })
    // One bubble per page for the answer; the time only on its last piece.
    let answerPages = laid.pages.filter { page in bubbles(page).contains { $0.messageIndex == 1 } }
    #expect(answerPages.count >= 2)
    for page in answerPages { #expect(bubbles(page).filter { $0.messageIndex == 1 }.count == 1) }
    let times = answerPages.map { page in
      let answer = bubbles(page).first { $0.messageIndex == 1 }!.shape.frame
      return texts(page).filter { $0.isAnnotation && answer.contains($0.frame) }.count
    }
    #expect(times.dropLast().allSatisfy { $0 == 0 } && times.last == 1, "\(times)")
  }
}
