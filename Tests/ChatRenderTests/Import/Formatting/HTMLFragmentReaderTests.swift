import Testing

@_spi(Pages) @testable import ChatRender

@Suite struct HTMLFragmentReaderTests {
  let reader = HTMLFragmentReader()

  @Test func inlineStylesBecomeSpansAndEntitiesText() {
    let (text, spans) = reader.read("a <b>bold</b> and <em>it</em> &lt;b&gt; &amp; <a href=\"https://x.org\">link</a>")
    #expect(text == "a bold and it <b> & link")
    #expect(
      spans == [
        TextSpan(start: 2, length: 4, style: .bold),
        TextSpan(start: 11, length: 2, style: .italic),
        TextSpan(start: 20, length: 4, style: .link("https://x.org")),
      ])
  }

  @Test func blocksBreakLines() {
    let (text, spans) = reader.read(
      "<p>one</p>\n<blockquote>said</blockquote><ol start=\"3\"><li>x</li><li>y</li></ol><pre><code>a  b\n</code></pre>"
    )
    #expect(text == "one\nsaid\n3. x\n4. y\na  b")
    #expect(
      spans == [
        TextSpan(start: 4, length: 4, style: .quote),
        TextSpan(start: 9, length: 4, style: .listItem(depth: 1, marker: "3.")),
        TextSpan(start: 14, length: 4, style: .listItem(depth: 1, marker: "4.")),
        TextSpan(start: 19, length: 4, style: .codeBlock(language: nil)),
      ])
  }

  @Test func strayMarkupIsText() {
    #expect(reader.read("1 < 2 and </b> x").text == "1 < 2 and x")
    #expect(reader.read("<b>never closed").spans == [TextSpan(start: 0, length: 12, style: .bold)])
    #expect(reader.read("<!-- note -->hi&unknown;").text == "hi&unknown;")
  }

  @Test func lineBreaksAreSpacesUnlessKept() {
    #expect(reader.read("a\nb<br>c").text == "a b\nc")
    #expect(HTMLFragmentReader(keepsLineBreaks: true).read("a\nb").text == "a\nb")
  }

  @Test func deepNestingStaysBounded() {
    let html = String(repeating: "<b>", count: 10_000) + "x"
    let (text, spans) = reader.read(html)
    #expect(text == "x")
    #expect(spans.count == HTMLFragmentReader.maximumDepth)
  }
}
