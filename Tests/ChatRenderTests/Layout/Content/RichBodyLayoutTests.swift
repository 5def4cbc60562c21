import Testing

@_spi(Pages) @testable import ChatRender

/// Body layout with the fixed-advance measurer: 8 pt a character, 20 pt a line.
@Suite struct RichBodyLayoutTests {
  static let formatting = FormattingStyle.standard
  static let style = RichBodyStyle(
    font: FontSpec(families: ["Noto Sans"], size: 16), text: Color(rgb: 0x111111),
    formatting: formatting)

  func layout(_ markdown: String, width: Double = 400) -> RichBody {
    let (text, spans) = MarkdownReader.read(markdown)
    return RichBodyLayout(measurer: FixedAdvanceMeasurer(), style: Self.style)
      .layout(text: text, spans: spans, maxWidth: width)
  }

  func texts(_ body: RichBody) -> [TextBlock] {
    body.items.compactMap { if case .text(let text) = $0 { return text } else { return nil } }
  }

  func boxes(_ body: RichBody) -> [BoxItem] {
    body.items.compactMap { if case .box(let box) = $0 { return box } else { return nil } }
  }

  @Test func aPlainParagraphIsOneTextHuggingItsWidth() {
    let body = layout("hello world")
    #expect(texts(body).map(\.text.text) == ["hello world"])
    #expect(body.size == Size(width: 88, height: 20))
    #expect(body.endsInText && body.lastLineWidth == 88)
    #expect(boxes(body).isEmpty)
  }

  @Test func inlineStylesBecomeRunsInUTF8Bytes() {
    let body = layout("é **bold** `x` [a](https://a.b) ~~s~~ *i*")
    let text = texts(body)[0]
    #expect(text.text.text == "é bold x a s i")
    #expect(
      text.text.runs == [
        TextRun(range: 3..<7, style: .bold),
        TextRun(range: 8..<9, style: .monospace(families: Self.formatting.codeFamilies)),
        TextRun(range: 8..<9, style: .background(Self.formatting.codeBackground)),
        TextRun(range: 10..<11, style: .foreground(Self.formatting.link)),
        TextRun(range: 10..<11, style: .link(url: "https://a.b")),
        TextRun(range: 12..<13, style: .strikethrough),
        TextRun(range: 14..<15, style: .italic),
      ])
    #expect(body.links == [LinkItem(frame: text.frame, url: "https://a.b", textRange: 10..<11)])
  }

  @Test func mentionsAreColouredAndSpoilersFollowTheTheme() {
    let spans = [TextSpan(start: 0, length: 4, style: .mention("u1")), TextSpan(start: 5, length: 4, style: .spoiler)]
    var style = Self.style
    let hidden = RichBodyLayout(measurer: FixedAdvanceMeasurer(), style: style)
      .layout(text: "@Ana plot", spans: spans, maxWidth: 300)
    #expect(
      texts(hidden)[0].text.runs == [
        TextRun(range: 0..<4, style: .foreground(Self.formatting.mention)),
        TextRun(range: 5..<9, style: .hidden),
        TextRun(range: 5..<9, style: .background(Self.formatting.spoilerFill)),
      ])
    style.formatting.spoilers = .shown
    let shown = RichBodyLayout(measurer: FixedAdvanceMeasurer(), style: style)
      .layout(text: "@Ana plot", spans: spans, maxWidth: 300)
    #expect(!texts(shown)[0].text.runs.contains(TextRun(range: 5..<9, style: .hidden)))
  }

  @Test("a link under a hidden spoiler is no link: its address would give the words away")
  func aHiddenSpoilerHoldsNoLink() {
    let text = "see https://secret.example/x end"
    let spans = [
      TextSpan(start: 4, length: 24, style: .spoiler),
      TextSpan(start: 4, length: 24, style: .link("https://secret.example/x")),
    ]
    var style = Self.style
    let hidden = RichBodyLayout(measurer: FixedAdvanceMeasurer(), style: style)
      .layout(text: text, spans: spans, maxWidth: 300)
    #expect(hidden.links.isEmpty)
    #expect(!texts(hidden)[0].text.runs.contains { if case .link = $0.style { true } else { false } })
    style.formatting.spoilers = .shown
    let shown = RichBodyLayout(measurer: FixedAdvanceMeasurer(), style: style)
      .layout(text: text, spans: spans, maxWidth: 300)
    #expect(shown.links.map(\.url) == ["https://secret.example/x"])
  }

  @Test func aCodeBlockIsMonospaceOnATintedBoxWithItsLanguage() {
    let body = layout("Run:\n\n```swift\nif a {\n    b()\n}\n```\n\nok")
    let all = texts(body)
    #expect(all.map(\.text.text) == ["Run:", "swift", "if a {\n    b()\n}", "ok"])
    let code = all[2]
    #expect(code.text.font.families == Self.formatting.codeFamilies)
    // Wrapped lines are marked by CodeWrap (CodeWidthTests), not hung by a fixed indent.
    #expect(code.text.hangingIndent == 0)
    let box = boxes(body)[0]
    #expect(box.fill == Self.formatting.codeBackground)
    // The box holds the label and the code, padded, and reaches the body's width.
    #expect(box.frame.minY == 20 + 8)
    #expect(encloses(box.frame, all[1].frame) && encloses(box.frame, code.frame))
    #expect(box.frame.width == body.size.width)
    #expect(code.origin.x == 8)
    #expect(all[3].origin.y == box.frame.maxY + 8)
    #expect(body.endsInText)
  }

  @Test func aLongCodeLineWrapsInsideTheBox() {
    let body = layout("```\n" + String(repeating: "x", count: 60) + "\n```", width: 200)
    let code = texts(body)[0]
    #expect(code.wrapWidth == 200 - 16)
    #expect(code.metrics.lineCount == 3)
    #expect(boxes(body)[0].frame.height == 3 * 20 + 16)
    #expect(!body.endsInText && body.lastLineWidth == body.size.width)
  }

  @Test func aQuoteIsIndentedBesideABar() {
    let body = layout("> quoted\n> words\n\nafter")
    let all = texts(body)
    let bar = boxes(body)[0]
    #expect(bar.fill == Self.formatting.quoteBar)
    #expect(bar.frame == Rect(x: 0, y: 0, width: 3, height: 40))
    #expect(all[0].text.text == "quoted\nwords" && all[0].origin.x == RichBodyStyle.quoteIndentForTests(Self.style))
    #expect(all[1].origin == Point(x: 0, y: 48))
  }

  @Test func listsHangTheirTextBesideTheMarkers() {
    let body = layout("- one\n- a longer item that wraps around\n  1. inner", width: 200)
    let indent = Self.style.listIndentForTests
    let placed = texts(body).sorted { ($0.origin.y, $0.origin.x) < ($1.origin.y, $1.origin.x) }
    #expect(placed.map(\.text.text) == ["•", "one", "•", "a longer item that wraps around", "1.", "inner"])
    // Items start at the indent, one nesting level further each; a tight list's items are
    // a few points apart, and so is a nested list from its item's text.
    #expect(placed.map(\.origin.y) == [0, 0, 23, 23, 66, 66])
    #expect(placed[1].origin.x == indent && placed[3].origin.x == indent)
    #expect(placed[5].origin.x == 2 * indent)
    #expect(placed[3].metrics.lineCount == 2)
    // Markers end before their item's text.
    #expect(placed[0].frame.maxX < indent && placed[4].frame.maxX < 2 * indent)
    #expect(placed[4].origin.x > indent)
  }

  @Test func aListOfTenOrMoreItemsIndentsAllOfThemForItsWidestMarker() {
    let markdown = (1...11).map { "\($0). item \($0)" }.joined(separator: "\n")
    let body = layout(markdown, width: 300)
    let items = texts(body).filter { $0.text.text.hasPrefix("item") }
    let markers = texts(body).filter { $0.text.text.hasSuffix(".") }
    #expect(items.count == 11 && markers.count == 11)
    // "10." is 24 wide, and the gap after it 5.6: wider than the theme's 22.
    #expect(Set(items.map(\.origin.x)) == [30])
    for (marker, item) in zip(markers.sorted { $0.origin.y < $1.origin.y }, items.sorted { $0.origin.y < $1.origin.y })
    {
      #expect(marker.origin.x >= 0 && marker.frame.maxX + 5 < item.origin.x, "\(marker.text.text)")
    }
  }

  @Test func headingsAreBoldAndLarger() {
    let body = layout("# Big\n## Less\ntext")
    let all = texts(body)
    #expect(all[0].text.font.bold && all[0].text.font.size == 16 * RichBodyStyle.headingScales[0])
    #expect(all[1].text.font.size == 16 * RichBodyStyle.headingScales[1])
    #expect(!all[2].text.font.bold)
  }

  @Test func aTableIsAGridWithColumnsAsWideAsTheirCells() {
    let body = layout("| Item | Qty |\n|:--|--:|\n| tea | 12 |\n| milk |  |")
    let cells = texts(body)
    #expect(cells.map(\.text.text) == ["Item", "Qty", "tea", "12", "milk", ""])
    #expect(cells[0].text.runs == [TextRun(range: 0..<4, style: .bold)])
    // Columns 4 and 3 characters wide; the right-aligned column ends at the same x.
    let padding = Self.style.cellPaddingForTests
    #expect(cells[0].origin.x == 1 + padding)
    #expect(cells[1].frame.maxX == cells[3].frame.maxX)
    #expect(cells[2].origin.y == cells[0].origin.y + 20 + 2 * padding + 1)
    let lines = boxes(body).filter { $0.fill == Self.formatting.tableBorder }
    #expect(lines.count == 4 + 3)  // 4 horizontal lines and 3 vertical ones
    #expect(body.size.width == 4 * 8 + 3 * 8 + 4 * padding + 3)
  }

  @Test func wideTablesShrinkTheirWidestColumnsToFit() {
    let widths = RichBodyTable.columnWidths(natural: [40, 400, 300], available: 300, minimum: 20)
    // The narrow column keeps its width; the wide ones share the rest by their text (issue 37).
    #expect(widths[0] == 40)
    #expect(abs(widths[1] - 260 * 4 / 7) < 1e-9 && abs(widths[2] - 260 * 3 / 7) < 1e-9)
    #expect(RichBodyTable.columnWidths(natural: [20, 900, 300], available: 300, minimum: 30) == [20, 210, 70])
    #expect(RichBodyTable.columnWidths(natural: [10, 20], available: 100, minimum: 5) == [10, 20])
  }

  @Test func aRuleIsALineAcrossTheBody() {
    let body = layout("above the line\n\n---\n\nbelow")
    let rule = boxes(body)[0]
    #expect(rule.frame.height == 1 && rule.frame.width == body.size.width)
    #expect(rule.fill == Self.formatting.tableBorder)
  }

  @Test func spansOutsideTheTextAreIgnored() {
    let spans = [
      TextSpan(start: 3, length: 100, style: .bold), TextSpan(start: 50, length: 2, style: .quote),
      TextSpan(start: -1, length: 2, style: .italic), TextSpan(start: 0, length: 5, style: .quote),
      TextSpan(start: 0, length: 5, style: .quote),
    ]
    let body = RichBodyLayout(measurer: FixedAdvanceMeasurer(), style: Self.style)
      .layout(text: "hello", spans: spans, maxWidth: 100)
    #expect(texts(body).map(\.text.text) == ["hello"])
  }

  @Test func rightToLeftParagraphsHugTheRightEdge() {
    let body = layout("```\nwide code line here\n```\n\nمرحبا")
    let arabic = texts(body).last!
    #expect(arabic.frame.maxX == body.size.width)
    #expect(body.isRightToLeft)
  }
}

func encloses(_ outer: Rect, _ inner: Rect) -> Bool {
  inner.minX >= outer.minX && inner.maxX <= outer.maxX && inner.minY >= outer.minY
    && inner.maxY <= outer.maxY
}

extension RichBodyStyle {
  static func quoteIndentForTests(_ style: RichBodyStyle) -> Double { style.quoteIndent }
  var listIndentForTests: Double { listIndent }
  var cellPaddingForTests: Double { cellPadding }
}
