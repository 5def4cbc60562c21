import Testing

@_spi(Pages) @testable import ChatRender

@Suite struct MarkdownReaderTests {
  func read(_ markdown: String) -> (text: String, spans: [String]) {
    let result = MarkdownReader.read(markdown)
    return (result.text, SpanText.describe(result))
  }

  @Test func inlineStylesLeaveTheTextWithoutMarkers() {
    let result = read("a **bold** *it* _it2_ `x*y` ~~gone~~ [site](https://x.org) end")
    #expect(result.text == "a bold it it2 x*y gone site end")
    #expect(
      result.spans == [
        "bold 'bold'", "italic 'it'", "italic 'it2'", "code 'x*y'", "strikethrough 'gone'",
        "link(value: \"https://x.org\") 'site'",
      ])
  }

  @Test func autolinksAndEscapesAndEntities() {
    let result = read("see www.example.com or <https://a.b/c> \\*not\\* &amp; done")
    #expect(result.text == "see www.example.com or https://a.b/c *not* & done")
    #expect(
      result.spans == [
        "link(value: \"http://www.example.com\") 'www.example.com'",
        "link(value: \"https://a.b/c\") 'https://a.b/c'",
      ])
  }

  @Test func headingsAndRulesAndQuotes() {
    let result = read("# Title\n\nText\n\n---\n\n> quoted **words**\n> more")
    #expect(result.text == "Title\n\nText\n\n———\n\nquoted words\nmore")
    #expect(
      result.spans == [
        "heading(level: 1) 'Title'", "rule '———'", "quote 'quoted words\nmore'", "bold 'words'",
      ])
  }

  @Test func fencedCodeKeepsIndentationAndItsLanguage() {
    let result = read("Run:\n\n```swift\nfunc f() {\n    return 1\n}\n```\n\nDone.")
    #expect(result.text == "Run:\n\nfunc f() {\n    return 1\n}\n\nDone.")
    #expect(result.spans == ["codeBlock(language: \"swift\") 'func f() {\n    return 1\n}'"])
  }

  @Test func codeIsLiteral() {
    let result = read("```\n**not bold** <@1>\n```")
    #expect(result.text == "**not bold** <@1>")
    #expect(result.spans == ["codeBlock 'not bold** <@1>'".replacingOccurrences(of: "'not", with: "'**not")])
  }

  @Test func listsKeepTheirMarkersAndNest() {
    let result = read("Steps:\n1. one\n2. two\n   - inner *a*\n   - inner b\n3. three")
    #expect(result.text == "Steps:\n1. one\n2. two\n◦ inner a\n◦ inner b\n3. three")
    #expect(
      result.spans == [
        "listItem(depth: 1, marker: \"1.\") '1. one'",
        "listItem(depth: 1, marker: \"2.\") '2. two\n◦ inner a\n◦ inner b'",
        "listItem(depth: 2, marker: \"◦\") '◦ inner a'", "italic 'a'",
        "listItem(depth: 2, marker: \"◦\") '◦ inner b'",
        "listItem(depth: 1, marker: \"3.\") '3. three'",
      ])
  }

  @Test func orderedListsStartWhereTyped() {
    #expect(read("7) seven\n8) eight").text == "7) seven\n8) eight")
    #expect(read("7) seven").spans == ["listItem(depth: 1, marker: \"7)\") '7) seven'"])
  }

  @Test func gfmTablesBecomeRowsOfTabSeparatedCells() {
    let result = read("| Name | Qty |\n|:-----|----:|\n| **tea** | 2 |\n| milk |  |")
    #expect(result.text == "Name\tQty\ntea\t2\nmilk\t")
    #expect(
      result.spans == [
        "table 'Name\tQty\ntea\t2\nmilk\t'", "tableRow 'Name\tQty'",
        "tableCell(alignment: \"left\") 'Name'", "tableCell(alignment: \"right\") 'Qty'",
        "tableRow 'tea\t2'", "tableCell(alignment: \"left\") 'tea'", "bold 'tea'",
        "tableCell(alignment: \"right\") '2'", "tableRow 'milk\t'",
        "tableCell(alignment: \"left\") 'milk'",
      ])
  }

  @Test func linesStayAsTypedAndBlankLinesSeparateParagraphs() {
    #expect(read("one\ntwo\n\nthree").text == "one\ntwo\n\nthree")
    #expect(read("Here:\n- a\n- b\n\nAfter").text == "Here:\n• a\n• b\n\nAfter")
  }

  @Test func plainChatTextIsUnchanged() {
    for text in ["hi there 👋", "3 * 4 = 12", "شكراً", "ちょうど 12,418日 です", "a_b_c"] {
      let result = read(text)
      #expect(result.text == text)
      #expect(result.spans.isEmpty)
    }
  }

  @Test func spansCountUnicodeScalars() {
    let result = MarkdownReader.read("🇵🇹 **é**")
    #expect(result.spans == [TextSpan(start: 3, length: 1, style: .bold)])
  }

  @Test func hostileNestingNeitherCrashesNorLosesTheWords() {
    let quotes = MarkdownReader.read(String(repeating: ">", count: 100_000) + " deep")
    #expect(quotes.text == "deep")
    #expect(quotes.spans.count == MarkdownPlainTextWriter.maxDepth)
    let lists = MarkdownReader.read(String(repeating: "- ", count: 50_000) + "x")
    #expect(lists.text.hasSuffix("x"))
    let links = MarkdownReader.read(
      String(repeating: "[", count: 20_000) + "x" + String(repeating: "](u)", count: 20_000))
    #expect(links.text.contains("x"))
    // The body layout stops nesting early too.
    let body = RichBodyLayout(measurer: FixedAdvanceMeasurer(), style: RichBodyLayoutTests.style)
      .layout(text: quotes.text, spans: quotes.spans, maxWidth: 300)
    #expect(body.size.height == 20)
  }
}
