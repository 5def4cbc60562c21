import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

/// "Page N of M": a document's pages laid out once and numbered when the last is known, and
/// past the budget counted first, then laid out again from where the kept pages ended.
extension PageFurnitureTests {
  /// A document's pages numbered by `NumberedPages` with `budget`, the measurer's count of
  /// measured texts, and the switches of its shaping.
  func numberedPages(_ chat: Transcript, budget: Int) -> (pages: [LaidOutPage], measured: Int, switches: [Bool]) {
    let measurer = FixedAdvanceMeasurer()
    let summary = DocumentSummary(chat, title: "Lunch", timeZone: Self.utc, creator: "chatrender test")
    let layout = ConversationLayout(
      theme: .default, measurer: measurer,
      options: LayoutOptions(pagination: .paper, timeZone: Self.utc, document: summary))
    var switches: [Bool] = []
    var numbered = NumberedPages(layout.pages(of: chat), budget: budget) { switches.append($0) }
    var pages: [LaidOutPage] = []
    while let page = numbered.next() { pages.append(page) }
    return (pages, measurer.measured, switches)
  }

  /// The same pages laid out once, by a plain iterator told the count.
  func onePass(_ chat: Transcript, pageCount: Int) -> (pages: [LaidOutPage], measured: Int) {
    let measurer = FixedAdvanceMeasurer()
    let summary = DocumentSummary(chat, title: "Lunch", timeZone: Self.utc, creator: "chatrender test")
    var iterator = ConversationLayout(
      theme: .default, measurer: measurer,
      options: LayoutOptions(pagination: .paper, timeZone: Self.utc, document: summary)
    ).pages(of: chat)
    iterator.pageCount = pageCount
    var pages: [LaidOutPage] = []
    while let page = iterator.next() { pages.append(page) }
    return (pages, measurer.measured)
  }

  func footers(_ pages: [LaidOutPage]) -> [String] {
    pages.map { texts($0).last { $0.hasPrefix("Page ") } ?? "" }
  }

  @Test("within the budget, a document's pages are laid out once and numbered 'Page N of M'")
  func numberedOnce() throws {
    let chat = try threeDays()
    let numbered = numberedPages(chat, budget: NumberedPages.defaultBudget)
    let count = numbered.pages.count
    #expect(count > 2)
    #expect(footers(numbered.pages) == (1...count).map { "Page \($0) of \(count)" })
    let plain = onePass(chat, pageCount: count)
    #expect(numbered.pages == plain.pages)
    #expect(numbered.measured == plain.measured)
    #expect(numbered.switches.isEmpty)
  }

  @Test(
    "past the budget, the rest is counted measuring sizes only, and the pages are the same", arguments: [0, 1, 600])
  func numberedPastBudget(budget: Int) throws {
    let chat = try threeDays()
    let numbered = numberedPages(chat, budget: budget)
    let plain = onePass(chat, pageCount: numbered.pages.count)
    #expect(footers(numbered.pages) == (1...plain.pages.count).map { "Page \($0) of \(plain.pages.count)" })
    #expect(numbered.pages == plain.pages)
    #expect(numbered.measured > plain.measured)
    #expect(numbered.switches == [false, true])
  }

  @Test("a PDF renderer's pages are the same, kept whole or counted past a tiny budget")
  func rendererBudget() throws {
    let chat = try threeDays()
    func pages(budget: Int) throws -> [LaidOutPage] {
      let renderer = try ChatRenderer(options: ExportOptions(format: .pdf, timeZone: Self.utc))
      renderer.keptTextBudget = budget
      var iterator = try renderer.pages(of: chat)
      var pages: [LaidOutPage] = []
      while let page = iterator.next() { pages.append(page) }
      return pages
    }
    let whole = try pages(budget: NumberedPages.defaultBudget)
    let counted = try pages(budget: 100)
    #expect(whole.count > 1)
    #expect(whole == counted)
    #expect(footers(counted).last == "Page \(whole.count) of \(whole.count)")
    // Laid out again for drawing: shaped, not measured only.
    let lastTexts = try #require(counted.last).items.compactMap { if case .text(let text) = $0 { text } else { nil } }
    #expect(!lastTexts.isEmpty && lastTexts.allSatisfy { $0.metrics.shaped != nil })
  }
}
