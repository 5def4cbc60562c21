import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

/// A Markdown table across page breaks (issue 22, point 9): it starts where it is, is cut
/// between rows, and every piece after a break begins with its header row again.
@Suite struct TableAcrossPagesTests {
  static let header = ["#", "City", "Price", "Notes"]

  /// A table of `rows` rows under a header row, four columns, with CJK and emoji in cells.
  static func table(rows: Int) -> String {
    let body = (1...rows).map { "| \($0) | city \($0) 東京 | \($0 * 7) € | note \($0) 🚆 |" }
    return "| # | City | Price | Notes |\n|---:|---|---:|---|\n" + body.joined(separator: "\n")
  }

  /// A table of `rows` rows whose notes are `words` words long.
  static func table(rows: Int, words: Int) -> String {
    let note = String(repeating: "word ", count: words)
    let body = (1...rows).map { "| \($0) | city \($0) | \($0 * 7) € | \(note)end\($0) |" }
    return "| # | City | Price | Notes |\n|---:|---|---:|---|\n" + body.joined(separator: "\n")
  }

  /// Sam's message of `fillerLines` lines, Ana's table of `rows` rows, then Ana's "after".
  func chat(fillerLines: Int, rows: Int) throws -> Transcript {
    try chat(fillerLines: fillerLines, markdown: Self.table(rows: rows))
  }

  func chat(fillerLines: Int, markdown: String) throws -> Transcript {
    var transcript = try TestTranscripts.chat(
      "me: Sam\n\n[2025-03-01 09:30] Sam: filler\n[2025-03-01 09:31] Ana: table\n[2025-03-01 09:32] Ana: after\n")
    transcript.messages[0].text = (0..<fillerLines).map { "line\($0)" }.joined(separator: "\n")
    let (text, spans) = MarkdownReader.read(markdown)
    transcript.messages[1].text = text
    transcript.messages[1].extras.spans = spans
    return transcript
  }

  /// The default theme on A4 paper.
  static var a4Theme: Theme {
    var theme = Theme.default
    theme.page.width = PaperSize.a4.width
    theme.page.height = PaperSize.a4.height
    return theme
  }

  func layout(_ transcript: Transcript, pagination: LayoutOptions.Pagination = .paper) -> [LaidOutPage] {
    ConversationLayout(
      theme: Self.a4Theme, measurer: FixedAdvanceMeasurer(),
      options: LayoutOptions(pagination: pagination, timeZone: TimeZone(identifier: "UTC")!)
    ).layout(transcript).pages
  }

  func bubble(of message: Int, on page: LaidOutPage) -> Rect? {
    page.items.lazy.compactMap { item -> Rect? in
      if case .bubble(let bubble) = item, bubble.messageIndex == message { bubble.shape.frame } else { nil }
    }.first
  }

  /// The table's cell texts on `page` (those inside its bubble, but the time), top to
  /// bottom and left to right, in rows.
  func tableRows(on page: LaidOutPage) -> [[TextBlock]] {
    guard let frame = bubble(of: 1, on: page) else { return [] }
    let cells = page.items.compactMap { item -> TextBlock? in
      if case .text(let text) = item, !text.isAnnotation, frame.contains(text.frame) { text } else { nil }
    }
    let byRow = Dictionary(grouping: cells) { ($0.origin.y * 100).rounded() }
    return byRow.keys.sorted().map { key in byRow[key]!.sorted { $0.origin.x < $1.origin.x } }
  }

  /// The lines of filler that leave room on page 1 for about half of a table of `rows`
  /// rows: more than its header and one row, less than the whole table.
  func fillerLeavingHalfOfTable(rows: Int) throws -> Int {
    let oneLine = layout(try chat(fillerLines: 1, rows: rows))
    let fillerBottom = try #require(bubble(of: 0, on: oneLine[0])).maxY
    let whole = layout(try chat(fillerLines: 1, rows: rows), pagination: .continuous(maxPageHeight: nil))
    let tableHeight = try #require(bubble(of: 1, on: whole[0])).height
    let theme = Self.a4Theme
    let edge = oneLine[0].size.height - theme.canvas.padding.bottom
    let room = edge - fillerBottom - theme.spacing.newAuthor
    let lineHeight = FixedAdvanceMeasurer().lineHeight
    return 1 + max(0, Int(((room - tableHeight / 2) / lineHeight).rounded(.down)))
  }

  /// The pages of a chat whose table of `rows` rows crosses a page break: a table taller than
  /// a page (60 rows) after a little filler, or a short one (4) placed to straddle the break.
  func tablePages(rows: Int) throws -> [LaidOutPage] {
    let filler = rows == 60 ? 3 : try fillerLeavingHalfOfTable(rows: rows)
    return layout(try chat(fillerLines: filler, rows: rows))
  }

  @Test(
    "a table begins on page 1 right under the message before it, whether taller than a page or not",
    arguments: [60, 4])
  func startsWhereItIs(rows: Int) throws {
    let pages = try tablePages(rows: rows)
    let previous = try #require(bubble(of: 0, on: pages[0]))
    let table = try #require(bubble(of: 1, on: pages[0]), "the table is not on page 1")
    #expect(table.minY - previous.maxY <= Self.a4Theme.spacing.newAuthor + 0.001)
    #expect(pages.count >= 2)
  }

  @Test(
    "every page after a break in a table begins with its header row, as the first page draws it",
    arguments: [60, 4])
  func headerOnEveryPage(rows: Int) throws {
    let pages = try tablePages(rows: rows)
    let withTable = pages.filter { bubble(of: 1, on: $0) != nil }
    #expect(withTable.count >= 2)
    let first = try #require(tableRows(on: withTable[0]).first)
    #expect(first.map(\.text.text) == Self.header)
    var shown: [String] = []
    for page in withTable {
      let rows = tableRows(on: page)
      let header = try #require(rows.first)
      #expect(header.map(\.text) == first.map(\.text), "the header row again, bold")
      shown += rows.dropFirst().compactMap { $0.first?.text.text }
    }
    // Every row once, in order.
    #expect(shown == (1...rows).map(String.init))
  }

  @Test("no text, line or bubble of a table crosses a page's content edges", arguments: [60, 4])
  func rowsKeepToPages(rows: Int) throws {
    let filler = rows == 60 ? 3 : try fillerLeavingHalfOfTable(rows: rows)
    expectWithinPages(layout(try chat(fillerLines: filler, rows: rows)))
  }

  @Test("wherever a page ends, a message's piece above it shows the table's header and a row, or none of the table")
  func noTableWithoutRows() throws {
    let markdown = "Here are the stops:\n\n" + Self.table(rows: 4) + "\n\nThat is all."
    for filler in stride(from: 20, through: 50, by: 1) {
      let pages = layout(try chat(fillerLines: filler, markdown: markdown))
      guard bubble(of: 1, on: pages[0]) != nil else { continue }
      let rows = tableRows(on: pages[0]).map { $0.map(\.text.text) }
      #expect(rows.contains(Self.header) && rows.contains { $0.first == "1" }, "filler \(filler): \(rows)")
    }
  }

  @Test("rows of many lines each are never cut: a page breaks between them")
  func rowsStayWhole() throws {
    let pages = layout(try chat(fillerLines: 3, markdown: Self.table(rows: 12, words: 80)))
    let withTable = pages.filter { bubble(of: 1, on: $0) != nil }
    #expect(withTable.count >= 3)
    let cells = withTable.flatMap { tableRows(on: $0).joined() }
    #expect(cells.allSatisfy { $0.lines == nil })
    #expect(cells.filter { $0.text.text.hasSuffix("end7") }.count == 1)
    expectWithinPages(pages)
  }

  @Test("a row taller than a page is cut between its lines, each piece under the header row")
  func tallRowIsCutByLines() throws {
    let pages = layout(try chat(fillerLines: 3, markdown: Self.table(rows: 3, words: 900)))
    expectWithinPages(pages)
    let withTable = pages.filter { bubble(of: 1, on: $0) != nil }
    #expect(withTable.count >= 3)
    for page in withTable { #expect(tableRows(on: page).first?.map(\.text.text) == Self.header) }
    // The tall cell's lines, piece after piece, each once.
    let pieces = withTable.flatMap { page in
      tableRows(on: page).joined().filter { $0.text.text.hasSuffix("end2") }
    }
    #expect(pieces.count >= 3)
    let shown = pieces.map { $0.lines ?? 0..<$0.metrics.lineCount }
    #expect(shown.first?.lowerBound == 0 && shown.last?.upperBound == pieces.first?.metrics.lineCount)
    for (a, b) in zip(shown, shown.dropFirst()) { #expect(a.upperBound == b.lowerBound) }
  }

  /// Every text, box and bubble of every page lies between the page's content edges.
  func expectWithinPages(_ pages: [LaidOutPage]) {
    let padding = Self.a4Theme.canvas.padding
    for page in pages {
      let frames = page.items.compactMap { item -> Rect? in
        switch item {
        case .text(let text): text.frame
        case .box(let box): box.frame
        case .bubble(let bubble): bubble.shape.frame
        default: nil
        }
      }
      for frame in frames {
        #expect(frame.minY >= padding.top - 0.001 && frame.maxY <= page.size.height - padding.bottom + 0.001)
      }
    }
  }

  @Test("in images cut at a fixed height, a table taller than one begins each later image with its header")
  func headerOnEveryImage() throws {
    let pages = layout(try chat(fillerLines: 3, rows: 60), pagination: .pages(height: 600))
    let withTable = pages.filter { bubble(of: 1, on: $0) != nil }
    #expect(withTable.count >= 3)
    for page in withTable {
      #expect(tableRows(on: page).first?.map(\.text.text) == Self.header)
    }
  }
}
