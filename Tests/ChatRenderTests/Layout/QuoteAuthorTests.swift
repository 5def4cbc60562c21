import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

/// A quote of my own message is by "You", in the document's language, as the apps write it
/// (issue "Everyday content", point 13).
@Suite("quote authors")
struct QuoteAuthorTests {
  init() { TestEnvironment.prepare() }

  func quoteTexts(locale: String) throws -> [String] {
    var chat = try TestTranscripts.chat(
      "me: Sam\n\n[2025-03-01 09:30] > Shall we meet at noon?\n[2025-03-01 09:31] Ana: Yes!\n"
        + "[2025-03-01 09:32] Ana: And Bo?\n[2025-03-01 09:33] > He is in\n", path: "quote.chat")
    chat.messages[0].id = "mine"
    chat.messages[1].extras.replyTo = "mine"
    chat.messages[2].id = "hers"
    chat.messages[3].extras.replyTo = "hers"
    var options = ExportOptions(format: .png, timeZone: TimeZone(identifier: "UTC")!)
    options.dateText.locale = try #require(TextLocale.named(locale))
    var pages = try ChatRenderer(theme: .default, options: options).pages(of: chat)
    let first = pages.next()
    let page = try #require(first)
    return page.items.compactMap { item -> String? in if case .text(let text) = item { text.text.text } else { nil } }
  }

  @Test("my quoted message is by 'You'; hers keeps her name", arguments: [("en_GB", "You"), ("de_DE", "Du")])
  func you(_ locale: String, _ word: String) throws {
    let texts = try quoteTexts(locale: locale)
    #expect(texts.contains(word))
    #expect(!texts.contains("Sam"))
    #expect(texts.contains("Ana"))
  }
}
