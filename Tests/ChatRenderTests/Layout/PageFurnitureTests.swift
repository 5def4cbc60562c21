import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

/// Day labels atop pages, a document's headers and footers, the outline's entries.
@Suite struct PageFurnitureTests {
  static let utc = TimeZone(identifier: "UTC")!

  func transcript(_ source: String) throws -> Transcript {
    try TestTranscripts.chat(source)
  }

  /// Three days of 30 messages each.
  func threeDays() throws -> Transcript {
    var source = ""
    for day in 1...3 {
      for index in 0..<30 {
        source +=
          "[2025-03-0\(day) 10:\(index < 10 ? "0" : "")\(index)] " + (index % 2 == 0 ? "> " : "< ")
          + "message \(index) of day \(day)\n"
      }
    }
    return try transcript(source)
  }

  func pages(
    _ transcript: Transcript, pagination: LayoutOptions.Pagination, document: DocumentSummary? = nil,
    theme: Theme = .default
  ) -> [LaidOutPage] {
    ConversationLayout(
      theme: theme, measurer: FixedAdvanceMeasurer(),
      options: LayoutOptions(pagination: pagination, timeZone: Self.utc, document: document)
    ).layout(transcript).pages
  }

  func bubbles(_ page: LaidOutPage) -> [BubbleItem] {
    page.items.compactMap { if case .bubble(let bubble) = $0 { return bubble } else { return nil } }
  }

  func texts(_ page: LaidOutPage) -> [String] {
    page.items.compactMap { if case .text(let text) = $0 { return text.text.text } else { return nil } }
  }

  /// The day label that applies to the page's first message.
  func expectedLabel(_ page: LaidOutPage, in transcript: Transcript) throws -> String {
    let first = try #require(bubbles(page).compactMap(\.messageIndex).first)
    let day = try #require(transcript.messages[first].time?.local(in: Self.utc).date)
    return LocalizedLabels(TextLocale.standard).day(day)
  }

  @Test(
    "every image of a series starts with the day label that applies",
    arguments: [
      LayoutOptions.Pagination.pages(height: 500), .continuous(maxPageHeight: 700),
    ])
  func dayLabelOnEveryImage(_ pagination: LayoutOptions.Pagination) throws {
    let chat = try threeDays()
    let laid = pages(chat, pagination: pagination)
    #expect(laid.count > 4)
    for page in laid {
      let first = try #require(bubbles(page).first)
      #expect(first.role == .day)
      #expect(texts(page).first == (try expectedLabel(page, in: chat)))
    }
    // Every message once, in order.
    #expect(laid.flatMap(bubbles).compactMap(\.messageIndex) == Array(0..<90))
  }

  @Test("pages of a fixed height keep it, the repeated label included")
  func fixedHeightWithLabels() throws {
    let laid = pages(try threeDays(), pagination: .pages(height: 500))
    for page in laid {
      #expect(page.size.height == 500)
      for bubble in bubbles(page) {
        #expect(bubble.shape.frame.maxY <= 500 - Theme.default.canvas.padding.bottom + 0.001)
      }
    }
  }

  @Test("outline: one entry per day, on the page where its label is, at the label's top")
  func outlineEntries() throws {
    let laid = pages(try threeDays(), pagination: .pages(height: 500))
    let entries = laid.flatMap(\.outlineEntries)
    #expect(entries.map(\.day.day) == [1, 2, 3])
    for page in laid {
      for entry in page.outlineEntries {
        let pill = bubbles(page).first { $0.role == .day && abs($0.shape.frame.minY - entry.y) < 0.001 }
        #expect(pill != nil)
      }
    }
  }

  @Test("paper: the column fills the text width at scale 1; phone keeps the canvas at 0.75")
  func paperColumn() throws {
    var theme = Theme.default
    let textWidth = theme.page.width - theme.page.margin.horizontal
    let text = pages(try threeDays(), pagination: .paper, theme: theme)
    #expect(text[0].size.width == textWidth)
    #expect(text[0].sheet?.contentScale == 1)
    #expect(text[0].sheet?.contentOrigin.x == theme.page.margin.left)
    theme.page.column = .phone
    let phone = pages(try threeDays(), pagination: .paper, theme: theme)
    #expect(phone[0].size.width == theme.canvas.width)
    #expect(phone[0].sheet?.contentScale == 0.75)
  }

  @Test("a document's pages: first-page header, running header, 'Page N of M' footers")
  func documentFurniture() throws {
    let chat = try threeDays()
    let summary = DocumentSummary(chat, title: "Lunch", timeZone: Self.utc, creator: "chatrender test")
    var iterator = ConversationLayout(
      theme: .default, measurer: FixedAdvanceMeasurer(),
      options: LayoutOptions(pagination: .paper, timeZone: Self.utc, document: summary)
    ).pages(of: chat)
    iterator.pageCount = 7
    var laid: [LaidOutPage] = []
    while let page = iterator.next() { laid.append(page) }
    #expect(laid.count > 1)
    let first = texts(laid[0])
    #expect(first.first == "Lunch")
    #expect(first.contains("Saturday, 1 March 2025 – Monday, 3 March 2025 · 90 messages"))
    for (index, page) in laid.enumerated() {
      let strings = texts(page)
      #expect(strings.contains("Page \(index + 1) of 7"))
      #expect(strings.contains(try expectedLabel(page, in: chat)))
      // Everything stays on the page, clear of the footer band.
      let paper = PaperLayout(theme: .default)
      for bubble in bubbles(page) {
        #expect(bubble.shape.frame.maxY <= paper.pageHeight - paper.footerBand + 0.001)
        #expect(bubble.shape.frame.minY >= paper.headerBand)
      }
    }
  }

  @Test("the running header's rule stays under the title's descenders, within the header band")
  func headerRuleUnderDescenders() throws {
    let chat = try threeDays()
    let summary = DocumentSummary(chat, title: "Typography: jumpy quip", timeZone: Self.utc, creator: "test")
    let paper = PaperLayout(theme: .default)
    var iterator = ConversationLayout(
      theme: .default, measurer: TextEngine(keepsLayouts: false),
      options: LayoutOptions(pagination: .paper, timeZone: Self.utc, document: summary)
    ).pages(of: chat)
    _ = iterator.next()
    let page = iterator.next()
    let second = try #require(page)
    let header = second.items.compactMap { item -> TextBlock? in
      if case .text(let text) = item, text.frame.maxY <= paper.headerBand { text } else { nil }
    }
    let rule = try #require(
      second.items.compactMap { item -> BoxItem? in
        if case .box(let box) = item, box.frame.height < 1, box.frame.maxY <= paper.headerBand { box } else { nil }
      }.first)
    #expect(header.count == 2)
    for text in header { #expect(rule.frame.minY >= text.frame.minY + text.size.height, "\(text.text.text)") }
  }

  /// LINE's blue wall read the old fixed grey at 2.6:1.
  @Test("the page's header and footer read at 4.5:1 on every built-in theme's wall", arguments: ThemeLoader.builtins)
  func furnitureReadsOnTheWall(theme: Theme) throws {
    let chat = try threeDays()
    let summary = DocumentSummary(chat, title: "Trip", timeZone: Self.utc, creator: "test")
    let page = try #require(pages(chat, pagination: .paper, document: summary, theme: theme).first)
    let texts = page.items.compactMap { item -> TextBlock? in
      if case .text(let text) = item, text.text.text.contains("Trip") { text } else { nil }
    }
    #expect(!texts.isEmpty)
    for text in texts {
      #expect(text.color.contrastRatio(with: theme.canvas.background) >= 4.5, "\(theme.name) \(text.color.hex)")
    }
  }

  @Test("evidence line: hash, count, first and last times, version")
  func evidenceLine() throws {
    let chat = try threeDays()
    let summary = DocumentSummary(
      chat, timeZone: Self.utc, creator: "chatrender 9.9",
      evidence: DocumentSummary.Evidence(sourceSHA256: String(repeating: "ab", count: 32)))
    let line = try #require(summary.evidenceLine)
    #expect(line.contains(String(repeating: "ab", count: 32)))
    #expect(line.contains("90 messages"))
    #expect(line.contains("2025-03-01T10:00:00"))
    #expect(line.contains("2025-03-03T10:29:00"))
    #expect(line.contains("chatrender 9.9"))
  }

  @Test("evidence line: what was hashed, shown of how many, the filters and the zone")
  func evidenceLineNamesFilters() throws {
    let chat = try threeDays()
    let evidence = DocumentSummary.Evidence(
      files: [("trip.txt", String(repeating: "cd", count: 32))], totalMessages: 120, filters: ["--last 90"],
      timeZone: Self.utc)
    let summary = DocumentSummary(chat, timeZone: Self.utc, creator: "chatrender 9.9", evidence: evidence)
    let line = try #require(summary.evidenceLine)
    #expect(
      line.hasPrefix("SHA-256 \(String(repeating: "cd", count: 32)) of trip.txt · 90 of 120 messages · --last 90 · "))
    #expect(line.hasSuffix("2025-03-03T10:29:00 (\(DocumentSummary.asWritten)) · chatrender 9.9"), "\(line)")
  }

  @Test(
    "evidence line: a zone only for instants; wall clocks are times as written, zone not recorded",
    arguments: [
      (90, "2025-03-01T11:00:00 – 2025-03-03T11:29:00 Europe/Lisbon"),
      (0, "2025-03-01T10:00:00 – 2025-03-03T10:29:00 (\(DocumentSummary.asWritten))"),
      (
        1,
        "2025-03-01T11:00:00 – 2025-03-03T10:29:00 (Europe/Lisbon where the export recorded the instant; other "
          + "\(DocumentSummary.asWritten))"
      ),
    ])
  func evidenceLineSaysWhatTheZoneIs(instants: Int, span: String) throws {
    var chat = try threeDays()
    let lisbon = try #require(TimeZone(identifier: "Europe/Lisbon"))
    // The first `instants` messages become instants an hour later in Lisbon.
    for index in 0..<instants {
      guard case .wallClock(let local) = chat.messages[index].time, let date = local.date else { continue }
      var parts = DateComponents(year: date.year, month: date.month, day: date.day, hour: local.hour + 1)
      parts.minute = local.minute
      parts.timeZone = lisbon
      chat.messages[index].time = .instant(try #require(Calendar(identifier: .gregorian).date(from: parts)))
    }
    let evidence = DocumentSummary.Evidence(
      files: [("trip", String(repeating: "cd", count: 32))], totalMessages: nil, filters: [], timeZone: lisbon)
    let summary = DocumentSummary(chat, timeZone: lisbon, creator: "chatrender 9.9", evidence: evidence)
    #expect(try #require(summary.evidenceLine).contains(" · \(span) · chatrender 9.9"), "\(summary.evidenceLine ?? "")")
    let zone = summary.evidenceTexts.first { $0.keyword == "Time zone" }?.text
    #expect(zone.map { span.hasSuffix($0) } == true, "\(zone ?? "")")
  }

  @Test("periods: day, ISO week and month names; a chat split by month")
  func periods() throws {
    let date = LocalDate(year: 2025, month: 3, day: 1)
    #expect(TranscriptPeriod.day.name(of: date) == "2025-03-01")
    #expect(TranscriptPeriod.week.name(of: date) == "2025-W09")
    #expect(TranscriptPeriod.month.name(of: date) == "2025-03")
    #expect(TranscriptPeriod.week.name(of: LocalDate(year: 2024, month: 12, day: 30)) == "2025-W01")
    #expect(TranscriptPeriod.week.name(of: LocalDate(year: 2021, month: 1, day: 3)) == "2020-W53")
    let chat = try transcript("< undated first\n[2025-03-31 10:00] < a\n[2025-04-01 10:00] > b\n< c\n")
    let parts = TranscriptPeriod.month.split(chat, timeZone: Self.utc)
    #expect(parts.map(\.name) == ["2025-03", "2025-04"])
    #expect(parts.map { $0.transcript.messages.map(\.text) } == [["undated first", "a"], ["b", "c"]])
  }
}
