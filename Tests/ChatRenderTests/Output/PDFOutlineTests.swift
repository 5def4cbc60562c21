import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

/// The outline's bookmarks: one per day, under their months past 60 days.
@Suite struct PDFOutlineTests {
  /// A PDF of one page per day from 1 March 2025, each with its day's entry.
  func pdf(days: Int) throws -> String {
    let first = ISO8601.daysSinceEpoch(LocalDate(year: 2025, month: 3, day: 1))
    let pages = (0..<days).map { offset in
      LaidOutPage(
        size: Size(width: 200, height: 300), background: .white,
        items: [.box(BoxItem(frame: Rect(x: 10, y: 10, width: 20, height: 20), fill: .black))],
        sheet: Sheet(size: Size(width: 200, height: 300), contentOrigin: Point(x: 10, y: 20), contentScale: 1),
        outlineEntries: [OutlineEntry(day: LocalDate(daysSince1970: first + offset), y: 40)])
    }
    var summary = DocumentSummary(
      Transcript(title: "t", participants: [], messages: []), timeZone: .current, creator: "c")
    summary.dayCount = days
    let sink = OutputSink(memory: ())
    var iterator = pages.makeIterator()
    try PDFWriter(paper: PaperLayout(theme: .default), document: summary).write(
      &iterator, with: try CairoPainter(engine: TextEngine()), to: sink)
    return String(decoding: try #require(sink.buffer), as: UTF8.self)
  }

  func titles(_ pdf: String) -> [String] {
    pdf.components(separatedBy: "/Title (").dropFirst().map { String($0.prefix { $0 != ")" }) }
  }

  @Test("60 days or fewer: a flat list of days")
  func flat() throws {
    let found = titles(try pdf(days: 3)).filter { $0 != "t" }
    #expect(found == ["Saturday, 1 March 2025", "Sunday, 2 March 2025", "Monday, 3 March 2025"])
  }

  @Test("more than 60 days: months holding their days")
  func byMonth() throws {
    let text = try pdf(days: 61)
    let found = titles(text).filter { $0 != "t" }
    #expect(found.filter { !$0.contains(",") } == ["March 2025", "April 2025"])
    #expect(found.filter { $0.contains(",") }.count == 61)
    // March holds 31 days, April 30.
    #expect(text.contains("/Count -31") && text.contains("/Count -30"))
  }
}
