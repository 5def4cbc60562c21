import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

/// Replies, reactions, attachments, edits, deletions, forwards, bots and large emoji, laid out
/// with the fake measurer (every character 8 wide, every line 20 tall).
@Suite struct MessageContentLayoutTests {
  static let chat = """
    {"version": 1, "me": "sam",
     "participants": [{"id": "sam", "name": "Sam"}, {"id": "ana", "name": "Ana"},
                      {"id": "bo", "name": "Bo"}, {"id": "bot", "name": "Helper", "bot": true}],
     "messages": [
      {"id": "1", "from": "ana", "time": "2025-03-01T09:30:00Z", "text": "Lunch at noon?"},
      {"id": "2", "from": "sam", "time": "2025-03-01T09:31:00Z", "text": "Yes", "replyTo": "1",
       "reactions": [{"emoji": "👍", "count": 2}], "edited": true},
      {"id": "3", "from": "bo", "time": "2025-03-01T09:32:00Z", "text": "😂"},
      {"id": "4", "from": "ana", "time": "2025-03-01T09:33:00Z", "text": "", "deleted": true},
      {"id": "5", "from": "bot", "time": "2025-03-01T09:34:00Z", "text": "Noted", "forwardedFrom": "Desk"},
      {"id": "6", "from": "bo", "time": "2025-03-01T09:35:00Z", "text": "", "attachments": [{"kind": "image"}]},
      {"id": "7", "from": "sam", "time": "2025-03-01T09:36:00Z", "text": "ok", "replyTo": "404"},
      {"id": "8", "from": "ana", "time": "2025-03-01T09:37:00Z", "text": "see https://example.org/a",
       "linkPreviews": [{"url": "https://example.org/a", "title": "A page", "description": "About it"}]}
     ]}
    """

  func page(theme: Theme = .default) throws -> LaidOutPage {
    try TestTranscripts.firstPage(of: try TestTranscripts.json(Self.chat), theme: theme)
  }

  func texts(_ page: LaidOutPage) -> [TextBlock] {
    page.items.compactMap { if case .text(let text) = $0 { text } else { nil } }
  }

  func bubble(_ page: LaidOutPage, message index: Int) throws -> BubbleItem {
    try #require(
      page.items.lazy.compactMap { if case .bubble(let bubble) = $0 { bubble } else { nil } }
        .first { $0.messageIndex == index })
  }

  func badges(_ page: LaidOutPage) -> [BadgeItem] {
    page.items.compactMap { if case .badge(let badge) = $0 { badge } else { nil } }
  }

  @Test("a reply opens with the quoted author and text inside its bubble, over a tinted box with a bar")
  func replyQuote() throws {
    let laid = try page()
    let body = try bubble(laid, message: 1).shape.body
    let quoted = texts(laid).filter { $0.text.text == "Lunch at noon?" }
    #expect(quoted.count == 2, "the original and its quote")
    let quote = try #require(quoted.last)
    #expect(body.contains(quote.frame))
    #expect(quote.text.maxLines == 2)
    let reply = try #require(texts(laid).first { $0.text.text == "Yes" })
    #expect(reply.origin.y > quote.frame.maxY)
    let boxes = laid.items.compactMap { if case .box(let box) = $0 { box } else { nil } }
    #expect(boxes.filter { body.contains($0.frame) }.count == 2, "the quote's box and its bar")
  }

  @Test("a reply to a message outside the file says so")
  func missingReply() throws {
    #expect(texts(try page()).contains { $0.text.text == "Original message not in this file" })
  }

  @Test("reaction pills overlap the bubble's bottom edge, or sit below it")
  func reactionPills() throws {
    let laid = try page()
    let body = try bubble(laid, message: 1).shape.body
    let pill = try #require(badges(laid).first { $0.label.text.text == "👍 2" })
    #expect(pill.shape.frame.minY < body.maxY && pill.shape.frame.maxY > body.maxY)
    var theme = Theme.default
    theme.reactions.placement = .below
    let below = try page(theme: theme)
    let belowPill = try #require(badges(below).first { $0.label.text.text == "👍 2" })
    #expect(belowPill.shape.frame.minY > (try bubble(below, message: 1)).shape.frame.maxY)
  }

  @Test("edited, deleted, forwarded and bot messages are labelled")
  func labels() throws {
    let laid = try page()
    let all = texts(laid).map(\.text.text)
    #expect(all.contains("edited 09:31"))
    #expect(all.contains("🚫 This message was deleted"))
    #expect(all.contains("Forwarded from Desk"))
    #expect(badges(laid).contains { $0.label.text.text == "BOT" })
    let deleted = try #require(texts(laid).first { $0.text.text.contains("deleted") })
    #expect(deleted.text.font.italic)
  }

  @Test("one to three emoji alone are drawn large without a bubble")
  func largeEmoji() throws {
    let laid = try page()
    #expect(!laid.items.contains { if case .bubble(let b) = $0 { b.messageIndex == 2 } else { false } })
    let emoji = try #require(texts(laid).first { $0.text.text == "😂" })
    #expect(emoji.text.font.size == Theme.default.font.size * BlockBuilder.largeEmojiScale)
  }

  @Test("media the export left out is a placeholder chip, never an empty bubble")
  func omittedMedia() throws {
    let laid = try page()
    let body = try bubble(laid, message: 5).shape.body
    let title = try #require(texts(laid).first { $0.text.text == "Photo omitted" })
    #expect(body.contains(title.frame))
  }

  @Test("a link preview is a card inside the bubble, under the text, clickable")
  func linkCard() throws {
    let laid = try page()
    let body = try bubble(laid, message: 7).shape.body
    let title = try #require(texts(laid).first { $0.text.text == "A page" })
    let text = try #require(texts(laid).first { $0.text.text == "see https://example.org/a" })
    #expect(body.contains(title.frame) && title.origin.y > text.frame.maxY)
    #expect(texts(laid).contains { $0.text.text == "example.org" })
    let links = laid.items.compactMap { if case .link(let link) = $0 { link } else { nil } }
    #expect(links.contains { $0.url == "https://example.org/a" && body.contains($0.frame) })
  }

  @Test("a card's short fields stand two to a row, a long one across, the footer under them, the bar in its colour")
  func cardFields() throws {
    let chat = """
      {"version": 1, "participants": [{"id": "ci", "name": "CI", "bot": true}],
       "messages": [{"id": "1", "from": "ci", "time": "2025-03-01T09:30:00Z", "text": "Deployed",
        "linkPreviews": [{"title": "Build 42", "fields": [{"title": "Branch", "value": "main", "short": true},
          {"title": "Took", "value": "3 min", "short": true}, {"title": "Commit", "value": "fix the build"}],
          "footer": "ci.example", "color": "#a30200"}]}]}
      """
    let laid = try TestTranscripts.firstPage(of: try TestTranscripts.json(chat))
    let body = try bubble(laid, message: 0).shape.body
    func block(_ text: String) throws -> TextBlock { try #require(texts(laid).first { $0.text.text == text }) }
    let (branch, main, took, minutes) = (try block("Branch"), try block("main"), try block("Took"), try block("3 min"))
    let (commit, fix, footer) = (try block("Commit"), try block("fix the build"), try block("ci.example"))
    #expect(branch.origin.y == took.origin.y && took.origin.x > branch.frame.maxX)
    #expect(main.origin.y >= branch.frame.maxY && minutes.origin.x == took.origin.x)
    #expect(commit.origin.x == branch.origin.x && commit.origin.y >= main.frame.maxY)
    #expect(footer.origin.y >= fix.frame.maxY && body.contains(footer.frame))
    let boxes = laid.items.compactMap { if case .box(let box) = $0 { box } else { nil } }
    #expect(boxes.contains { $0.fill == Color(rgb: 0xA30200) && body.contains($0.frame) })
  }

  @Test("emoji detection: pictographs, keycaps and flags yes; digits and letters no")
  func emojiDetection() {
    for yes: Character in ["😂", "👍🏽", "❤️", "🇵🇹", "1️⃣"] { #expect(BlockBuilder.isEmoji(yes), "\(yes)") }
    for no: Character in ["1", "a", "#", "—"] { #expect(!BlockBuilder.isEmoji(no), "\(no)") }
  }
}
