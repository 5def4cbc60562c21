import Testing

@_spi(Pages) @testable import ChatRender

/// Where a formatted body is cut across pages, with the fixed-advance measurer (8 pt a
/// character, 20 pt a line).
@Suite struct RichBodyCutTests {
  static let style = RichBodyLayoutTests.style

  static let markdown = """
    A paragraph long enough to wrap over a few lines of this narrow body, so that a page may fall inside it.

    ```swift
    let a = 1
    let b = 2
    let c = 3
    let d = 4
    ```

    - one
    - two

    > quoted words

    | Dish | Price |
    |---|---|
    | Soup | 4 |
    | Fish | 14 |
    | Cake | 5 |

    The end.
    """

  func layout(_ markdown: String = Self.markdown, width: Double = 240) -> RichBody {
    let (text, spans) = MarkdownReader.read(markdown)
    return RichBodyLayout(measurer: FixedAdvanceMeasurer(), style: Self.style)
      .layout(text: text, spans: spans, maxWidth: width)
  }

  func texts(_ body: RichBody) -> [TextBlock] {
    body.items.compactMap { if case .text(let text) = $0 { text } else { nil } }
  }

  func boxes(_ body: RichBody) -> [BoxItem] {
    body.items.compactMap { if case .box(let box) = $0 { box } else { nil } }
  }

  /// Each text's lines as (text, line) pairs.
  func lines(_ body: RichBody) -> [String] {
    texts(body).flatMap { text in
      (text.lines ?? 0..<text.metrics.lineCount).map { "\(text.text.text)#\($0)" }
    }
  }

  @Test("cuts fall between paragraph lines, code lines, list items, blocks and table rows")
  func cutsAreEverywhereBetweenLines() {
    let body = layout()
    // Between the 7 blocks and the 2 items, the table's rows, inside the paragraph and the code.
    #expect(body.partCount >= 11)
    for (cut, next) in zip(body.cuts, body.cuts.dropFirst()) { #expect(cut.tailStart < next.headEnd) }
    for text in texts(body) {
      for cut in body.cuts { #expect(text.allowsCut(at: cut.position)) }
    }
  }

  @Test("a paragraph or code block is never cut to leave one of its lines alone")
  func noLoneLines() throws {
    let body = layout()
    for text in texts(body) where text.metrics.lineCount > 1 {
      let bottoms = text.metrics.lineBottoms.map { text.origin.y + $0 }
      let inside = body.cuts.filter { $0.position > text.frame.minY + 0.01 && $0.position < text.frame.maxY - 0.01 }
      for cut in inside {
        let above = bottoms.filter { $0 <= cut.position + 0.01 }.count
        #expect(above >= 2 && bottoms.count - above >= 2, "\(text.text.text)")
      }
    }
  }

  @Test("every line of the body is in exactly one part, inside that part (a table's header again atop its later parts)")
  func partsKeepEveryLineOnce() {
    let body = layout()
    var seen: [String] = []
    var repeated: [String] = []
    for part in 0..<body.partCount {
      let piece = body.parts(part..<(part + 1))
      for text in texts(piece) {
        #expect(text.frame.minY >= -0.01 && text.frame.maxY <= piece.size.height + 0.01)
      }
      #expect(abs(piece.size.height - body.height(of: part..<(part + 1))) < 0.01)
      let band = body.repeatedBand(before: part).map { $0.upperBound - $0.lowerBound } ?? 0
      var head = piece
      head.items = piece.items.filter { $0.textBlock.map { $0.frame.maxY <= band + 0.01 } ?? false }
      var rest = piece
      rest.items = piece.items.filter { $0.textBlock.map { $0.frame.maxY > band + 0.01 } ?? false }
      repeated += lines(head)
      seen += lines(rest)
    }
    #expect(seen.sorted() == lines(body).sorted())
    #expect(Set(repeated) == ["Dish#0", "Price#0"])
    #expect(body.parts(0..<body.partCount) == body)
  }

  @Test("a table cut between rows keeps its grid closed on both parts")
  func tableCutClosesTheGrid() throws {
    let body = layout()
    let line = Self.style.gridLine
    // A table's cuts end the head at the cut, where code keeps a padding below it.
    let tableCuts = body.cuts.enumerated().filter {
      $0.element.tailStart < $0.element.headEnd && $0.element.headEnd == $0.element.position
    }
    #expect(tableCuts.count == 2, "between the table's four rows, not under its header")
    for (index, _) in tableCuts {
      let head = body.parts(0..<(index + 1))
      let tail = body.parts((index + 1)..<body.partCount)
      let border = Self.style.formatting.tableBorder
      let headLines = boxes(head).filter { $0.fill == border && $0.frame.height == line && $0.frame.width > 40 }
      let tailLines = boxes(tail).filter { $0.fill == border && $0.frame.height == line && $0.frame.width > 40 }
      #expect(headLines.contains { abs($0.frame.maxY - head.size.height) < 0.01 }, "closed at the head's bottom")
      #expect(tailLines.contains { abs($0.frame.minY) < 0.01 }, "closed at the tail's top")
    }
  }

  @Test("a code block cut between its lines is two boxes, one on each part, each with its padding")
  func codeCutIsTwoBoxes() throws {
    let body = layout()
    let code = Self.style.formatting.codeBackground
    let codeText = try #require(texts(body).first { $0.text.text.hasPrefix("let a") })
    let cut = try #require(
      body.cuts.firstIndex { $0.position > codeText.frame.minY && $0.position < codeText.frame.maxY })
    let head = body.parts(0..<(cut + 1))
    let tail = body.parts((cut + 1)..<body.partCount)
    let headBox = try #require(boxes(head).last { $0.fill == code && $0.radius > 0 })
    let tailBox = try #require(boxes(tail).first { $0.fill == code && $0.radius > 0 })
    #expect(abs(headBox.frame.maxY - head.size.height) < 0.01)
    #expect(abs(tailBox.frame.minY) < 0.01)
    let whole = try #require(boxes(body).first { $0.fill == code && $0.radius > 0 })
    let padding = Self.style.codePadding
    #expect(abs(headBox.frame.height + tailBox.frame.height - whole.frame.height - 2 * padding) < 0.01)
    // The lines keep the padding from the cut edges.
    let headCode = try #require(texts(head).last { $0.text.text == codeText.text.text })
    let tailCode = try #require(texts(tail).first { $0.text.text == codeText.text.text })
    #expect(abs(head.size.height - headCode.frame.maxY - padding) < 0.01)
    #expect(abs(tailCode.frame.minY - padding) < 0.01)
  }

  @Test("the last part keeps the body's end for the time; the others end in no text")
  func onlyTheLastPartEndsInText() {
    let body = layout()
    #expect(body.endsInText)
    #expect(body.parts(1..<body.partCount).endsInText)
    #expect(body.parts(1..<body.partCount).lastLineWidth == body.lastLineWidth)
    #expect(!body.parts(0..<1).endsInText)
  }
}
