import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

/// A stranger's links open only web, mail and telephone addresses; the rest are drawn as text.
@Suite struct HostileLinkTests {
  @Test(arguments: [
    ("https://example.org/a", true), ("HTTP://example.org", true), ("mailto:ana@example.org", true),
    ("tel:+15550100", true), ("javascript:alert(1)", false), ("JavaScript:alert(1)", false),
    (" java\tscript:alert(1)", false), ("file:///etc/passwd", false), ("data:text/html,x", false),
    ("example.org", false), ("", false),
  ])
  func onlyWebMailAndTelephoneOpen(url: String, opens: Bool) {
    #expect(LinkTarget.isClickable(url) == opens)
  }

  static let chat = """
    {"version": 1, "participants": [{"id": "a", "name": "A"}],
     "messages": [
      {"from": "a", "text": "ok bad file",
       "spans": [{"start": 0, "length": 2, "style": "link", "value": "https://ok.example/"},
                 {"start": 3, "length": 3, "style": "link", "value": "javascript:alert(1)"},
                 {"start": 7, "length": 4, "style": "link", "value": "file:///etc/passwd"}],
       "linkPreviews": [{"url": "javascript:alert(2)", "title": "Preview"}]}]}
    """

  @Test("an import keeps only the links that may open; the words stay")
  func importDisarmsLinks() throws {
    let chat = try ImportFixtures.read(ImportFixtures.input(text: Self.chat, path: "chat.json")).0
    let message = try #require(chat.messages.first)
    #expect(message.text == "ok bad file")
    #expect(message.extras.spans.map(\.style) == [.link("https://ok.example/")])
    #expect(message.extras.linkPreviews.map(\.url) == [nil])
    #expect(message.extras.linkPreviews.map(\.title) == ["Preview"])
  }

  @Test("a Markdown link to javascript: in an assistant's answer is no link in the PDF")
  func markdownLinksAreDisarmedInTheLayout() throws {
    let json = """
      [{"title": "T", "current_node": "b", "mapping": {
       "a": {"id": "a", "parent": null, "children": ["b"], "message": {"author": {"role": "user"},
             "content": {"content_type": "text", "parts": ["links?"]}}},
       "b": {"id": "b", "parent": "a", "children": [], "message": {"author": {"role": "assistant"},
             "content": {"content_type": "text",
               "parts": ["[safe](https://ok.example/) and [bad](javascript:alert(1)) and [f](file:///etc/passwd)"]}}}}}]
      """
    let chat = try ImportFixtures.read(ImportFixtures.input(text: json, path: "conversations.json")).0
    let pdf = try #require(try ChatRenderer(options: ExportOptions(format: .pdf)).render(chat).first)
    let text = String(decoding: pdf, as: UTF8.self)
    #expect(text.contains("https://ok.example/"))
    #expect(!text.contains("javascript"))
    #expect(!text.contains("file:///etc/passwd"))
  }
}

/// A NUL inside a message hides nothing after it: it is drawn as ␀.
@Suite struct HostileNULTests {
  @Test("a NUL in a Telegram or OpenAI text is shown as ␀ and the rest of the text stays")
  func nulIsAVisibleMark() throws {
    let inputs: [(String, String)] = [
      (
        "result.json",
        "{\"name\": \"Bo\", \"type\": \"personal_chat\", \"id\": 2, \"messages\": [{\"id\": 1, \"type\": \"message\","
          + " \"date\": \"2024-01-01T10:00:00\", \"from\": \"Bo\", \"from_id\": \"user2\", \"text\": \"before\\u0000after\"}]}"
      ),
      ("messages.json", "{\"messages\": [{\"role\": \"user\", \"content\": \"before\\u0000after\"}]}"),
    ]
    for (name, text) in inputs {
      let chat = try ImportFixtures.read(ImportFixtures.input(text: text, path: name)).0
      #expect(chat.messages.map(\.text) == ["before\u{2400}after"], "\(name)")
    }
  }

  @Test("the text after a NUL reaches the PDF")
  func textAfterANULIsDrawn() throws {
    let json = "{\"messages\": [{\"role\": \"user\", \"content\": \"before\\u0000afterwards\"}]}"
    let chat = try ImportFixtures.read(ImportFixtures.input(text: json, path: "messages.json")).0
    let pdf = try #require(try ChatRenderer(options: ExportOptions(format: .pdf)).render(chat).first)
    let text = try PopplerTools.text(ofPDF: pdf)
    #expect(text.contains("afterwards"), "\(text)")
  }

}
