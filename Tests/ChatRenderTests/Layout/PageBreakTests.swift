import Foundation
import Testing

@testable import ChatRender

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

  @Test("a tall bubble that does not fit the rest of a page fills it and goes on on the next")
  func tallBubbleFillsTheRest() throws {
    let long = lines(12).replacingOccurrences(of: "\n", with: "\n  ")
    let laid = layout(try TestTranscripts.chat("< one\n> two\n< three\n> \(long)\n"), height: 300)
    let pieces = laid.pages.map { page in texts(page).filter { $0.text.text.hasPrefix("line0") } }
    let first = try #require(pieces.first?.first, "the first page holds the bubble's head")
    let head = try #require(first.lines)
    #expect(head.lowerBound == 0 && head.count >= 3)
    #expect(laid.pages[1].items.contains { if case .text(let text) = $0 { text.lines?.lowerBound == head.upperBound } else { false } })
    expectWithinPages(laid, height: 300)
  }

  @Test("bubbles under a third of a page move whole to the next page")
  func shortBubblesMoveWhole() throws {
    var source = ""
    for index in 0..<30 { source += "< " + lines(3, from: index * 3).replacingOccurrences(of: "\n", with: "\n  ") + "\n" }
    let laid = layout(try TestTranscripts.chat(source), height: 300)
    #expect(laid.pages.count > 3)
    for page in laid.pages { #expect(texts(page).allSatisfy { $0.lines == nil }) }
    expectWithinPages(laid, height: 300)
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
