import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

/// Reactions take their own room: never over the text or time of any message, wrapped into
/// rows that stay on the page, in every theme, on PNG and PDF pages.
@Suite struct ReactionRoomTests {
  init() { TestEnvironment.prepare() }

  static let themes: [Theme] = [.default, .whatsapp, .telegram, .imessage, .whatsappDark, .wechat, .print, .note]

  static let emoji = ["👍", "❤️", "😂", "😮", "😢", "🙏", "🎉", "🔥", "👏", "💯"]

  /// Short messages whose time shares the last line, one with thirty reactions.
  static var chat: String {
    func reactions(_ count: Int) -> String {
      (0..<count).map { #"{"emoji": "\#(emoji[$0 % emoji.count])", "count": \#($0 + 1)}"# }.joined(separator: ", ")
    }
    return """
      {"version": 1, "me": "sam",
       "participants": [{"id": "sam", "name": "Sam"}, {"id": "ana", "name": "Ana"}],
       "messages": [
        {"from": "ana", "time": "2025-05-02T09:02:00Z", "text": "yep, gg", "reactions": [\(reactions(2))]},
        {"from": "sam", "time": "2025-05-02T09:03:00Z", "text": "pyjamas", "reactions": [\(reactions(3))]},
        {"from": "ana", "time": "2025-05-02T09:04:00Z", "text": "ok", "reactions": [\(reactions(30))]},
        {"from": "sam", "time": "2025-05-02T09:05:00Z", "text": "quite a lot of people liked this one", "reactions": [\(reactions(30))]},
        {"from": "ana", "time": "2025-05-02T09:06:00Z", "text": "🎉", "reactions": [\(reactions(4))]},
        {"from": "sam", "time": "2025-05-02T09:07:00Z", "text": "next"}
       ]}
      """
  }

  func pages(_ format: OutputFormat, theme: Theme) throws -> [LaidOutPage] {
    let options = ExportOptions(format: format, timeZone: TimeZone(identifier: "UTC")!)
    var iterator = try ChatRenderer(theme: theme, options: options).pages(of: try TestTranscripts.json(Self.chat))
    var pages: [LaidOutPage] = []
    while let page = iterator.next() { pages.append(page) }
    return pages
  }

  @Test(
    "no reaction covers text; every pill stays on its page", arguments: [OutputFormat.png, .pdf], Self.themes.indices)
  func ownRoom(format: OutputFormat, theme: Int) throws {
    let name = Self.themes[theme].name
    var pills = 0
    for page in try pages(format, theme: Self.themes[theme]) {
      let texts = page.items.compactMap { item -> TextBlock? in if case .text(let text) = item { text } else { nil } }
      for item in page.items {
        guard case .badge(let badge) = item, badge.messageIndex != nil else { continue }
        pills += 1
        let frame = badge.shape.frame
        #expect(frame.minX >= 0 && frame.maxX <= page.size.width, "a pill leaves the page in \(name)")
        for text in texts where SpotlightCutouts.overlap(frame, text.frame) {
          Issue.record("a pill covers \"\(text.text.text)\" in \(name) \(format)")
        }
      }
    }
    // iMessage gathers a bubble's reactions into one tapback (large emoji keep their pills),
    // WhatsApp into one pill.
    let expected: [ReactionStyle.Placement: Int] = [.corner: 4 + 4, .combined: 5]
    #expect(pills == expected[Self.themes[theme].reactions.placement, default: 2 + 3 + 30 + 30 + 4])
  }

  @Test("a pill as light as the page has an outline")
  func outlined() throws {
    let badges = try pages(.png, theme: .default).flatMap(\.items).compactMap { item -> BadgeItem? in
      if case .badge(let badge) = item, badge.messageIndex != nil { badge } else { nil }
    }
    #expect(!badges.isEmpty)
    for badge in badges {
      let border = try #require(badge.border)
      #expect(border.color.contrastRatio(with: Theme.default.canvas.background) > 1.3)
    }
  }

  @Test(
    "a reaction is drawn with emoji presentation: a lone text-default symbol gets U+FE0F",
    arguments: [("\u{2764}", "\u{2764}\u{FE0F}"), ("\u{2764}\u{FE0F}", "\u{2764}\u{FE0F}"), ("👍", "👍"), ("+1", "+1")])
  func emojiPresentation(_ emoji: String, _ drawn: String) {
    #expect(ReactionPills.emojiPresentation(emoji) == drawn)
  }
}
