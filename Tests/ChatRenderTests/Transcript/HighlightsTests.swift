import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

@Suite struct HighlightsTests {
  func highlights(_ selectors: [MessageSelector], crop: Int? = nil) -> Highlights {
    Highlights(highlights: selectors.map { Highlights.Highlight(selector: $0) }, cropContext: crop)
  }

  @Test("each highlight names its messages; notes stay with their highlight")
  func resolves() throws {
    let chat = try SampleChats.parse(SampleChats.contract)
    let request = Highlights(highlights: [
      .init(selector: .text(["clause"]), note: "twice"), .init(selector: .entries(9...9)),
    ])
    let (shown, selection) = try request.resolve(in: chat)
    #expect(shown == chat)
    #expect(
      selection.targets == [
        .init(messageIndexes: [1, 6], note: "twice"), .init(messageIndexes: [8], note: nil),
      ])
  }

  @Test("a selector matching nothing is an error naming it")
  func unmatched() throws {
    let chat = try SampleChats.parse(SampleChats.contract)
    let request = highlights([.entries(2...2), .text(["invoice"])])
    let error = try #require(throws: HighlightError.self) { try request.resolve(in: chat) }
    #expect(error.selector == .text(["invoice"]))
    #expect(error.description.hasPrefix("highlight 'text:invoice' matches no message"))
    #expect(!error.description.contains("--"), "the library speaks no flags")
    #expect(error.description.contains("9 entries"))
  }

  @Test("a crop keeps exactly the chosen messages and their context, indexes following")
  func crop() throws {
    let chat = try SampleChats.parse(SampleChats.contract)
    let (shown, selection) = try highlights([.entries(3...3), .entries(9...9)], crop: 1).resolve(in: chat)
    #expect(shown.messages == [1, 2, 3, 7, 8].map { chat.messages[$0] })
    #expect(selection.targets.map(\.messageIndexes) == [[1], [4]])
    let none = try highlights([.entries(5...5)], crop: 0).resolve(in: chat)
    #expect(none.0.messages == [chat.messages[4]])
    // Context runs into the ends of the chat without going past them.
    let ends = try highlights([.entries(1...1), .entries(9...9)], crop: 2).resolve(in: chat)
    #expect(ends.0.messages == [0, 1, 2, 6, 7, 8].map { chat.messages[$0] })
  }

  @Test("a crop draws the day labels its messages need, and only those")
  func cropDayLabels() throws {
    let chat = try SampleChats.parse(SampleChats.contract)
    func dayLabels(_ request: Highlights) throws -> [String] {
      let (shown, _) = try request.resolve(in: chat)
      let layout = ConversationLayout(
        theme: .default, measurer: FixedAdvanceMeasurer(),
        options: LayoutOptions(timeZone: TimeZone(identifier: "UTC")!))
      let page = try #require(layout.layout(shown).pages.first)
      var labels: [String] = []
      for (index, item) in page.items.enumerated() {
        guard case .bubble(let bubble) = item, bubble.role == .day, case .text(let text) = page.items[index + 1] else {
          continue
        }
        labels.append(text.text.text)
      }
      return labels
    }
    #expect(try dayLabels(highlights([.entries(8...8)], crop: 1)) == ["Sunday, 2 March 2025"])
    #expect(
      try dayLabels(highlights([.entries(6...6)], crop: 1)) == ["Saturday, 1 March 2025", "Sunday, 2 March 2025"])
  }
}
