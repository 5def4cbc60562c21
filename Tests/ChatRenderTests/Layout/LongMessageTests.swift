import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

/// One message far longer than a page (docs/ARCHITECTURE.md, "Long messages"): laid out in
/// chunks, so every character reaches a page, no page holds the whole text, and each page
/// carries only the links drawn on it. Inputs are made here; nothing is timed.
@Suite struct LongMessageTests {
  static let utc = TimeZone(identifier: "UTC")!

  static func transcript(_ text: String, spans: [TextSpan] = []) -> Transcript {
    Transcript(
      participants: [Participant(id: "ana", name: "Ana"), Participant(id: "me", name: "Me")], meID: "me",
      messages: [
        Message(
          authorID: "ana", time: .instant(Date(timeIntervalSince1970: 1_700_000_000)), text: text,
          extras: MessageExtras(spans: spans))
      ])
  }

  static func pages(_ transcript: Transcript, measurer: any TextMeasurer = TextEngine(keepsLayouts: false))
    -> [LaidOutPage]
  {
    ConversationLayout(
      theme: .default, measurer: measurer, options: LayoutOptions(pagination: .pages(height: 900), timeZone: utc)
    ).layout(transcript).pages
  }

  /// The message's text blocks on a page: not its time, nor a day label's text.
  static func messageTexts(_ page: LaidOutPage) -> [TextBlock] {
    let pills = page.items.compactMap { item -> Rect? in
      if case .bubble(let bubble) = item, bubble.role == .day { return bubble.shape.frame }
      return nil
    }
    return page.items.compactMap { item -> TextBlock? in
      guard case .text(let block) = item, !block.isAnnotation,
        !pills.contains(where: { $0.contains(Point(x: block.frame.midX, y: block.frame.midY)) })
      else { return nil }
      return block
    }
  }

  /// The text of `block` on the lines it shows, from the line starts Pango gave.
  static func shownText(_ block: TextBlock) -> String {
    let starts = block.metrics.lineStarts
    let lines = block.lines ?? 0..<starts.count
    let bytes = Array(block.text.text.utf8)
    let end = lines.upperBound < starts.count ? starts[lines.upperBound] : bytes.count
    return String(decoding: bytes[starts[lines.lowerBound]..<end], as: UTF8.self)
  }

  /// Every character of the message is on a page, once and in order (a line break where a
  /// chunk ends is the break between two lines, not a character drawn).
  static func expectEveryCharacterShown(_ text: String, pages: [LaidOutPage]) {
    let shown = pages.flatMap(messageTexts).map(shownText).joined()
    #expect(shown.unicodeScalars.count > 0)
    #expect(shown.filter { $0 != "\n" } == text.filter { $0 != "\n" })
  }

  @Test("the chunks of a long text are the text, each short, cut only between characters")
  func chunksAreTheText() {
    let texts = [
      String(repeating: "x", count: 200_000), "a" + String(repeating: "\u{301}", count: 160_000),
      (0..<64_000).map { "line \($0)" }.joined(separator: "\n"),
      String(repeating: "word ", count: 40_000), String(repeating: "👍🏽", count: 30_000),
    ]
    for text in texts {
      let bytes = Array(text.utf8)
      let ranges = TextChunks.ranges(of: text)
      #expect(ranges.count > 10)
      var rebuilt: [UInt8] = []
      var position = 0
      for range in ranges {
        #expect(range.count <= TextChunks.maxBytes + TextChunks.maxParagraphBytes)
        #expect(range.lowerBound == position || (range.lowerBound == position + 1 && bytes[position] == 10))
        rebuilt += bytes[position..<range.upperBound]
        position = range.upperBound
        #expect(String(validating: bytes[range], as: UTF8.self) != nil)
      }
      #expect(rebuilt == bytes)
    }
    // A skin tone stays with its hand while another cut is possible.
    let hands = String(repeating: "👍🏽", count: 30_000)
    let handBytes = Array(hands.utf8)
    #expect(TextChunks.ranges(of: hands).allSatisfy { String(decoding: handBytes[$0], as: UTF8.self).first == "👍🏽" })
  }

  @Test("a word of 300,000 characters reaches the pages whole, broken between characters")
  func hugeWordIsShownWhole() {
    let text = String(repeating: "abcdefghij", count: 30_000)
    let pages = Self.pages(Self.transcript(text))
    #expect(pages.count > 20)
    Self.expectEveryCharacterShown(text, pages: pages)
    #expect(pages.allSatisfy { Self.messageTexts($0).allSatisfy { $0.size.width <= $0.wrapWidth + 0.5 } })
  }

  @Test("`a` and 160,000 combining marks reach the pages whole")
  func combiningMarksAreShownWhole() {
    let text = "a" + String(repeating: "\u{301}", count: 160_000)
    let pages = Self.pages(Self.transcript(text))
    Self.expectEveryCharacterShown(text, pages: pages)
  }

  @Test("a message of 64,000 short lines: every line on a page, and no page holds the whole text")
  func manyLinesArePaged() {
    let text = (0..<64_000).map { "line \($0)" }.joined(separator: "\n")
    let pages = Self.pages(Self.transcript(text))
    #expect(pages.count > 1_000)
    Self.expectEveryCharacterShown(text, pages: pages)
    let lines = pages.flatMap(Self.messageTexts).map { $0.lines?.count ?? $0.metrics.lineCount }
    #expect(lines.reduce(0, +) == 64_000)
    // A page draws a few chunks, each of a few lines: nothing walks the whole text.
    #expect(pages.allSatisfy { page in Self.messageTexts(page).allSatisfy { $0.metrics.lineCount <= 64 } })
  }

  @Test("a Markdown table of 20,000 rows: every row on one page, each page only its own")
  func longTableIsPaged() {
    let markdown = "| n | v |\n|---|---|\n" + (0..<20_000).map { "| \($0) | v\($0) |" }.joined(separator: "\n")
    let (text, spans) = MarkdownReader.read(markdown)
    let pages = Self.pages(Self.transcript(text, spans: spans), measurer: FixedAdvanceMeasurer())
    let cells = pages.map { page in
      page.items.compactMap { item -> String? in
        guard case .text(let block) = item, block.text.text.count > 1, block.text.text.hasPrefix("v"),
          block.text.text.dropFirst().allSatisfy(\.isNumber)
        else { return nil }
        return block.text.text
      }
    }
    #expect(cells.flatMap { $0 } == (0..<20_000).map { "v\($0)" })
    #expect(cells.allSatisfy { $0.count < 100 })
  }

  @Test("a code block of 20,000 lines is laid out in chunks, every line once")
  func longCodeIsPaged() {
    let markdown = "```\n" + (0..<20_000).map { "let x\($0) = \($0)" }.joined(separator: "\n") + "\n```"
    let (text, spans) = MarkdownReader.read(markdown)
    let pages = Self.pages(Self.transcript(text, spans: spans), measurer: FixedAdvanceMeasurer())
    let blocks = pages.flatMap { page in
      page.items.compactMap { item -> TextBlock? in
        guard case .text(let block) = item, block.text.text.hasPrefix("let x") else { return nil }
        return block
      }
    }
    #expect(blocks.allSatisfy { $0.metrics.lineCount <= TextChunks.maxLines })
    #expect(blocks.map { $0.lines?.count ?? $0.metrics.lineCount }.reduce(0, +) == 20_000)
  }

  @Test("a page of a long message carries only the links drawn on it")
  func linksStayOnTheirPage() {
    let words = (0..<4_000).map { "link\($0)" }
    let text = words.joined(separator: " ")
    var spans: [TextSpan] = []
    var position = 0
    for word in words {
      spans.append(
        TextSpan(start: position, length: word.unicodeScalars.count, style: .link("https://example.com/\(word)")))
      position += word.unicodeScalars.count + 1
    }
    let pages = Self.pages(Self.transcript(text, spans: spans))
    #expect(pages.count > 5)
    let links = pages.map { page in
      page.items.compactMap { item -> LinkItem? in if case .link(let link) = item { link } else { nil } }
    }
    // A link cut by a page break is on both pages; no other repeats.
    #expect(links.map(\.count).reduce(0, +) <= 4_000 + 2 * pages.count)
    #expect(Set(links.flatMap { $0 }.map(\.url)).count == 4_000)
    for (page, pageLinks) in zip(pages, links) {
      #expect(pageLinks.allSatisfy { $0.frame.minY >= 0 && $0.frame.maxY <= page.size.height })
    }
  }
}
