import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

/// Telegram's reactions (issue 37): capsules inside the bubble under the text, the time on
/// their row; and a sticker's time under its artwork, not over it.
@Suite struct InsideReactionsTests {
  init() { TestEnvironment.prepare() }

  static let chat = """
    {"version": 1, "me": "sam",
     "participants": [{"id": "sam", "name": "Sam"}, {"id": "ana", "name": "Ana"}],
     "messages": [
      {"from": "ana", "time": "2025-03-01T09:30:00Z", "text": "Dinner at eight?",
       "reactions": [{"emoji": "👍", "count": 2}, {"emoji": "❤️", "count": 1}]},
      {"from": "ana", "time": "2025-03-01T09:31:00Z", "text": "",
       "attachments": [{"kind": "sticker", "path": "quadrants.png"}]}
     ]}
    """

  static func page(theme: Theme) throws -> LaidOutPage {
    var transcript = try TestTranscripts.json(chat)
    transcript.messages[1].extras.attachments[0].source = .file(path: PictureFixtures.path("quadrants.png"))
    let layout = ConversationLayout(
      theme: theme, measurer: FixedAdvanceMeasurer(), options: LayoutOptions(timeZone: TimeZone(identifier: "UTC")!),
      pictures: PictureCatalog())
    return try #require(layout.layout(transcript).pages.first)
  }

  @Test("in telegram the capsules stand inside the bubble, under its text, the time on their row")
  func capsulesInsideTheBubble() throws {
    let theme = BuiltinThemes.named("telegram")
    #expect(theme.reactions.placement == .inside)
    let page = try Self.page(theme: theme)
    let bubble = try #require(
      page.items.lazy.compactMap { item -> BubbleItem? in
        if case .bubble(let bubble) = item, bubble.messageIndex == 0 { bubble } else { nil }
      }.first)
    let capsules = page.items.compactMap { item -> BadgeItem? in
      if case .badge(let badge) = item, badge.messageIndex == 0 { badge } else { nil }
    }
    #expect(capsules.map(\.label.text.text) == ["👍 2", "❤️"])
    let body = bubble.shape.frame
    let texts = page.items.compactMap { item -> TextBlock? in if case .text(let text) = item { text } else { nil } }
    let line = try #require(texts.first { $0.text.text == "Dinner at eight?" })
    let time = try #require(texts.first { $0.text.text == "09:30" })
    for capsule in capsules.map(\.shape.frame) {
      #expect(body.contains(capsule))
      #expect(capsule.minY >= line.frame.maxY)
      // The time is on the capsules' row, after them.
      #expect(time.frame.minX > capsule.maxX && time.frame.minY < capsule.maxY)
    }
  }

  @Test("a sticker's time pill is under its artwork, at its trailing edge")
  func stickerTimeUnderTheArtwork() throws {
    let page = try Self.page(theme: BuiltinThemes.named("telegram"))
    let sticker = try #require(
      page.items.lazy.compactMap { item -> PictureItem? in if case .picture(let picture) = item { picture } else { nil }
      }
      .first)
    let pill = try #require(
      page.items.lazy.compactMap { item -> BadgeItem? in
        if case .badge(let badge) = item, badge.messageIndex == 1 { badge } else { nil }
      }.first)
    #expect(pill.label.text.text == "09:31")
    #expect(pill.shape.frame.minY >= sticker.frame.maxY)
    #expect(abs(pill.shape.frame.maxX - sticker.frame.maxX) < 0.01)
  }
}
