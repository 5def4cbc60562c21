import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

@Suite struct ConversationLayoutTests {
  func transcript(_ source: String) throws -> Transcript { try TestTranscripts.chat(source) }

  func layout(
    _ transcript: Transcript, theme: Theme = .default,
    pagination: LayoutOptions.Pagination = .continuous(maxPageHeight: nil)
  ) -> LaidOutConversation {
    ConversationLayout(
      theme: theme, measurer: FixedAdvanceMeasurer(),
      options: LayoutOptions(pagination: pagination, timeZone: TimeZone(identifier: "UTC")!)
    ).layout(transcript)
  }

  func bubbles(_ page: LaidOutPage) -> [BubbleItem] {
    page.items.compactMap { if case .bubble(let bubble) = $0 { return bubble } else { return nil } }
  }

  func texts(_ page: LaidOutPage) -> [TextBlock] {
    page.items.compactMap { if case .text(let text) = $0 { return text } else { return nil } }
  }

  @Test("sent bubbles hug the right edge with the arrow on the right; received the left")
  func sidesAndArrows() throws {
    let laid = layout(try transcript("> hello\n< hi there\n"))
    let page = try #require(laid.pages.first)
    let found = bubbles(page)
    #expect(found.count == 2)
    let theme = Theme.default
    #expect(found[0].role == .sent)
    #expect(found[0].shape.frame.maxX == theme.canvas.width - theme.canvas.padding.right)
    #expect(found[0].shape.arrow?.side == .right)
    #expect(found[1].role == .received)
    #expect(found[1].shape.frame.minX == theme.canvas.padding.left)
    #expect(found[1].shape.arrow?.side == .left)
    // Arrow near the top, at the theme's offset.
    let tip = try #require(found[1].shape.placedArrow?.tip)
    #expect(tip.y == found[1].shape.frame.minY + theme.them.arrow.offset)
  }

  @Test("a bubble fits its text plus padding; long text wraps within the maximum width")
  func bubbleFitsText() throws {
    let long = String(repeating: "word ", count: 60)
    let laid = layout(try transcript("< short\n< \(long)\n"))
    let page = try #require(laid.pages.first)
    let found = bubbles(page)
    let theme = Theme.default
    let style = theme.them
    // "short" = 5 chars × 8 = 40 wide, 20 tall.
    #expect(found[0].shape.body.width == 40 + style.padding.horizontal)
    #expect(found[0].shape.body.height == 20 + style.padding.vertical)
    let contentWidth = theme.canvas.width - theme.canvas.padding.horizontal
    #expect(found[1].shape.frame.width <= contentWidth * style.maxWidth + 0.001)
    let text = texts(page)[1]
    #expect(text.metrics.lineCount > 3)
    #expect(text.frame.maxX <= found[1].shape.body.maxX - style.padding.right + 0.001)
  }

  @Test("spacing: small gap within a run, larger between authors; only the first of a run has the arrow")
  func spacingAndRuns() throws {
    let laid = layout(try transcript("< a\n< b\n> c\n"))
    let found = bubbles(try #require(laid.pages.first))
    let theme = Theme.default
    #expect(found[1].shape.frame.minY - found[0].shape.frame.maxY == theme.spacing.sameAuthor)
    #expect(found[2].shape.frame.minY - found[1].shape.frame.maxY == theme.spacing.newAuthor)
    #expect(found[0].shape.arrow != nil)
    #expect(found[1].shape.arrow == nil)
    // Bubbles of a run stay aligned although only one carries the arrow.
    #expect(found[0].shape.body.minX == found[1].shape.body.minX)
  }

  @Test("carrier 'last' puts the arrow on the last bubble of a run")
  func lastCarrier() throws {
    var theme = Theme.default
    theme.them.arrow.carrier = .last
    let found = bubbles(try #require(layout(try transcript("< a\n< b\n> c\n"), theme: theme).pages.first))
    #expect(found[0].shape.arrow == nil)
    #expect(found[1].shape.arrow != nil)
  }

  @Test("system notices are centred and day separators appear when the date changes")
  func noticesAndDays() throws {
    let laid = layout(try transcript("[2025-03-01 09:00] < a\n-- Ana left\n[2025-03-02 10:00] > b\n"))
    let page = try #require(laid.pages.first)
    let found = bubbles(page)
    #expect(found.map(\.role) == [.day, .received, .system, .day, .sent])
    let notice = found[2].shape.frame
    #expect(abs(notice.midX - Theme.default.canvas.width / 2) < 0.01)
    #expect(texts(page).contains { $0.text.text == "Sunday, 2 March 2025" })
  }

  @Test("the layout dump matches its golden file")
  func golden() throws {
    let source = """
      title: Golden
      me: Sam

      [2025-03-01 09:30] Ana: Good morning! Are we still on for lunch today?
      [2025-03-01 09:31] > Yes
      [2025-03-01 09:31] Sam: See you at noon
      -- Ana pinned a message
      """
    try Golden.assertText(layout(try transcript(source)).dump, named: "ConversationLayout/golden.layout.txt")
  }

  @Test("pages: never cut a bubble; every message appears once; pages have the given height")
  func pagination() throws {
    var source = ""
    for index in 0..<60 { source += (index % 3 == 0 ? "> " : "< ") + "message number \(index) with some words\n" }
    let laid = layout(try transcript(source), pagination: .pages(height: 300))
    #expect(laid.pages.count > 3)
    var seen: [Int] = []
    for page in laid.pages {
      #expect(page.size.height == 300)
      for bubble in bubbles(page) {
        #expect(bubble.shape.frame.maxY <= 300 - Theme.default.canvas.padding.bottom + 0.001)
        if let index = bubble.messageIndex { seen.append(index) }
      }
    }
    #expect(seen == Array(0..<60))
  }

  @Test("a bubble taller than a page is cut between its lines, in order, nothing lost")
  func tallBubbleSplits() throws {
    let long = (0..<40).map { "line\($0)" }.joined(separator: "\n")
    let source = "< " + long.replacingOccurrences(of: "\n", with: "\n  ") + "\n"
    let laid = layout(try transcript(source), pagination: .pages(height: 300))
    #expect(laid.pages.count >= 3)
    // Over 32 lines, the text is laid out in chunks (docs/ARCHITECTURE.md, "Long messages"):
    // the lines shown, page after page, are the text's lines in order.
    var shown: [Substring] = []
    for page in laid.pages {
      for text in texts(page) where text.text.text.hasPrefix("line") {
        let chunkLines = text.text.text.split(separator: "\n")
        shown += chunkLines[text.lines ?? 0..<chunkLines.count]
        #expect(text.frame.maxY <= 300)
      }
    }
    #expect(shown.joined(separator: "\n") == long)
  }

  @Test("continuous pages split at message boundaries when taller than the maximum")
  func continuousSplit() throws {
    var source = ""
    for index in 0..<40 { source += "< message \(index)\n" }
    let laid = layout(try transcript(source), pagination: .continuous(maxPageHeight: 400))
    #expect(laid.pages.count > 1)
    for page in laid.pages { #expect(page.size.height <= 400) }
    #expect(laid.pages.flatMap(bubbles).count == 40)
  }

  @Test("names show above received runs in group chats only")
  func names() throws {
    let two = layout(try transcript("me: Sam\n\nAna: hi\nSam: hello\n"))
    #expect(!texts(two.pages[0]).contains { $0.text.text == "Ana" })
    let group = layout(try transcript("me: Sam\n\nAna: hi\nBo: yo\nSam: hello\n"))
    let labels = texts(group.pages[0]).map(\.text.text)
    #expect(labels.contains("Ana") && labels.contains("Bo") && !labels.contains("Sam"))
  }

  @Test("when no one is me, two authors on one side are each named")
  func namesWhenSidesDoNotTellAuthorsApart() throws {
    let chat = layout(try transcript("Ana: hi\nAna: there\nBo: yo\n"))
    let labels = texts(chat.pages[0]).map(\.text.text)
    #expect(labels.filter { $0 == "Ana" }.count == 1)
    #expect(labels.filter { $0 == "Bo" }.count == 1)
  }

  @Test("every message is measured once")
  func measuredOnce() throws {
    let measurer = FixedAdvanceMeasurer()
    _ = ConversationLayout(theme: .default, measurer: measurer).layout(try transcript("> a\n< b\n> c\n"))
    #expect(measurer.measured == 3)
  }

  @Test("right-to-left text hugs the right edge of a bubble widened by its name")
  func rightToLeftInWideBubble() throws {
    var theme = Theme.default
    theme.names.placement = .inside
    theme.names.show = .always
    let laid = layout(try transcript("me: Sam\n\nAbdelrahman Karim: سلام\n"), theme: theme)
    let page = try #require(laid.pages.first)
    let bubble = try #require(bubbles(page).first)
    let text = try #require(texts(page).first { $0.text.text == "سلام" })
    let padding = theme.them.padding
    #expect(text.metrics.isRightToLeft)
    #expect(abs(text.frame.maxX - (bubble.shape.body.maxX - padding.right)) < 0.001)
    #expect(text.frame.minX > bubble.shape.body.minX + padding.left + 1)
  }
}
