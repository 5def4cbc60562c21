import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

/// The table of bubble elements (issue 41): a new kind of row is one type and one
/// registration, with nothing else in the layout taught about it.
@Suite struct BubbleElementTableTests {
  init() { TestEnvironment.prepare() }

  /// A made-up element: a poll's question under every message's text.
  struct PollRow: BubbleElement {
    static let place = BubbleElementPlace.belowText
    let builder: BlockBuilder

    func rows(_ plan: BubblePlan) -> [BubbleRow] {
      let text = StyledText("📊 Poll: " + plan.message.text, font: font(size: theme.font.size, bold: true))
      let metrics = measurer.measure(text, maxWidth: plan.wrap)
      return [BubbleRow(text: text, metrics: metrics, color: plan.style.textColor, wrapWidth: plan.wrap)]
    }
  }

  static let chat = """
    {"version": 1, "me": "sam",
     "participants": [{"id": "sam", "name": "Sam"}, {"id": "ana", "name": "Ana"}],
     "messages": [
      {"from": "ana", "time": "2024-03-14T09:00:00Z", "text": "Lunch?"},
      {"from": "sam", "time": "2024-03-14T09:01:00Z", "text": "Yes"}
     ]}
    """

  /// The texts drawn on the first page of `chat` with `layout`.
  static func texts(_ layout: ConversationLayout) throws -> [String] {
    let page = try #require(layout.layout(try TestTranscripts.json(chat)).pages.first)
    return page.items.compactMap { item in if case .text(let text) = item { text.text.text } else { nil } }
  }

  @Test("a made-up element registered in the table is laid out in each bubble, below its text")
  func registeredElementIsLaidOut() throws {
    var layout = ConversationLayout(theme: .default, measurer: FixedAdvanceMeasurer())
    #expect(try Self.texts(layout).filter { $0.hasPrefix("📊") }.isEmpty)
    layout.elements.append(PollRow.self)
    let texts = try Self.texts(layout)
    #expect(texts.filter { $0.hasPrefix("📊") } == ["📊 Poll: Lunch?", "📊 Poll: Yes"])
    let lunch = try #require(texts.firstIndex(of: "Lunch?"))
    #expect(texts.firstIndex(of: "📊 Poll: Lunch?").map { $0 > lunch } == true)
  }

  @Test("the standard table lists each element kind once, in the order rows stack")
  func standardTable() {
    let names = BubbleElements.standard.map { String(describing: $0) }
    #expect(
      names == [
        "InsideNameRow", "ForwardedRow", "ReplyQuoteRow", "AttachmentRows", "CallChipRow", "LinkCardRows",
        "ReactionCapsuleRows",
      ])
    #expect(BubbleElements.standard.last?.place == .belowText)
  }
}
