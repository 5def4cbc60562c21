import Testing

@testable import ChatRender

/// HTML exports are read as a browser reads them: libxml2's HTML parser closes what the page
/// leaves open and decodes entities, and stops a tree at 256 levels.
@Suite struct HTMLDocumentTests {
  func document(_ html: String) throws -> HTMLDocument {
    try HTMLDocument(try SourceFile(path: "messages.html", bytes: Array(html.utf8)))
  }

  @Test func classesTextAndLinesAsABrowserSeesThem() throws {
    let page = try document(
      """
      <!DOCTYPE html>
      <html><body>
      <div class="message default clearfix" id="message7">
       <div class="from_name">Ana &amp; Bo</div>
       <div class="text">one<br>two &lt;b&gt; <a href="https://example.org/?a=1&amp;b=2">link</a>
      </div></body></html>
      """)
    let message = try #require(page.root.first(class: "message"))
    #expect(message.attributes["id"] == "message7")
    #expect(message.hasClass("default") && !message.hasClass("mess"))
    #expect(message.line == 3)
    #expect(message.first(class: "from_name")?.text == "Ana & Bo")
    let text = try #require(message.first(class: "text"))
    #expect(text.text.hasPrefix("one\ntwo <b> link"))
    #expect(text.first { $0.name == "a" }?.attributes["href"] == "https://example.org/?a=1&b=2")
  }

  @Test("a tree deeper than libxml2's 256 levels is cut there; the copy never recurses deeper")
  func deepTreesAreCut() throws {
    let page = try document("<html><body>\n" + String(repeating: "<div>", count: 5000) + "x")
    var depth = 0
    var element: HTMLElement? = page.root
    while let current = element {
      depth += 1
      element = current.elements.last
    }
    #expect(depth > 200 && depth <= 260, "\(depth)")
  }
}
