import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

/// The theme keys the apps' looks need (issue 37, point 2): times beside the bubble, grouped
/// corners, avatars and names for others in every chat, laid out with the fake measurer.
@Suite struct AppLookVocabularyTests {
  static let twoPeople = """
    title: Jeju
    me: Sam

    [09:15] Ana: the ferry leaves at ten
    [09:15] Ana: are you packed?
    [09:16] Sam: almost
    [09:16] Sam: see you at the port
    """

  func page(_ source: String, theme: Theme) throws -> LaidOutPage {
    try TestTranscripts.firstPage(of: try TestTranscripts.chat(source), theme: theme)
  }

  func bubbles(_ page: LaidOutPage) -> [BubbleItem] {
    page.items.compactMap { if case .bubble(let bubble) = $0 { return bubble } else { return nil } }
  }

  func texts(_ page: LaidOutPage, _ string: String) -> [TextBlock] {
    page.items.compactMap { item in
      guard case .text(let text) = item, text.text.text == string else { return nil }
      return text
    }
  }

  func avatars(_ page: LaidOutPage) -> [AvatarItem] {
    page.items.compactMap { if case .avatar(let avatar) = $0 { return avatar } else { return nil } }
  }

  @Test("timestamps.placement beside: the time stands outside the bubble by its lower inner corner")
  func timeBeside() throws {
    var theme = Theme.default
    theme.timestamps.placement = .beside
    let laid = try page(Self.twoPeople, theme: theme)
    let found = bubbles(laid)
    let received = try #require(texts(laid, "09:15").last)
    #expect(received.frame.minX >= found[1].shape.frame.maxX)
    #expect(received.frame.maxY == found[1].shape.frame.maxY)
    let sent = try #require(texts(laid, "09:16").last)
    #expect(sent.frame.maxX <= found[3].shape.frame.minX)
    #expect(sent.frame.maxY == found[3].shape.frame.maxY)
    // Nothing inside: the bubbles hold only their text.
    #expect(found[1].shape.frame.width < Theme.default.canvas.width / 2)
  }

  @Test("groupedRadius: the corners between bubbles of a run are tighter, on the author's side")
  func groupedCorners() throws {
    var theme = Theme.default
    theme.them.groupedRadius = 4
    theme.me.groupedRadius = 4
    theme.them.arrow.style = .none
    theme.me.arrow.style = .none
    let found = bubbles(try page("< a\n< b\n< c\n> d\n> e\n", theme: theme))
    #expect(
      found.map(\.shape.groupedCorners) == [
        [.bottomLeft], [.topLeft, .bottomLeft], [.topLeft], [.bottomRight], [.topRight],
      ])
    #expect(found.allSatisfy { $0.shape.groupedRadius == 4 })
    // Only the outline draws such corners.
    #expect(found[1].shape.fillParts == nil)
    let plain = bubbles(try page("< a\n< b\n", theme: .default))
    #expect(plain.allSatisfy { $0.shape.groupedCorners.isEmpty })
  }

  @Test("a grouped corner is drawn with its own radius")
  func groupedCornerOutline() {
    var shape = BubbleShape(frame: Rect(x: 0, y: 0, width: 100, height: 40), radius: 18)
    let round = shape.path
    shape.groupedCorners = [.topLeft]
    shape.groupedRadius = 4
    #expect(shape.path != round)
    #expect(shape.path.bounds == round.bounds)
  }

  @Test("avatars.show and names.show others: beside and over others' runs in a chat of two, level")
  func othersInEveryChat() throws {
    var theme = Theme.default
    theme.avatars.show = .others
    theme.avatars.carrier = .first
    theme.names.show = .others
    theme.names.placement = .above
    let laid = try page(Self.twoPeople, theme: theme)
    let pictures = avatars(laid)
    #expect(pictures.count == 1)
    let name = try #require(texts(laid, "Ana").first)
    #expect(texts(laid, "Sam").isEmpty)
    // Level with the name over the run, the name beside it.
    #expect(pictures[0].frame.minY == name.frame.minY)
    #expect(name.frame.minX >= pictures[0].frame.maxX)
    // `auto` shows neither in a chat of two.
    let plain = try page(Self.twoPeople, theme: .default)
    #expect(avatars(plain).isEmpty && texts(plain, "Ana").isEmpty)
  }

  @Test("canvas.layout rows: every message on the left, avatar, name and time over each run")
  func rows() throws {
    var theme = Theme.default
    theme.canvas.layout = .rows
    theme.avatars.show = .always
    theme.names.placement = .above
    let laid = try page(Self.twoPeople, theme: theme)
    let found = bubbles(laid)
    #expect(found.count == 4)
    // Sam's messages stand on the left as Ana's do, one column.
    #expect(Set(found.map(\.shape.body.minX)).count == 1)
    #expect(found.allSatisfy { $0.role == .received })
    let pictures = avatars(laid)
    #expect(pictures.count == 2)
    #expect(pictures.allSatisfy { $0.frame.minX == Theme.default.canvas.padding.left })
    // Each run's name, with its first message's time beside it and none under the bubbles.
    for (name, time) in [("Ana", "09:15"), ("Sam", "09:16")] {
      let label = try #require(texts(laid, name).first)
      let stamps = texts(laid, time)
      #expect(stamps.count == 1)
      let stamp = try #require(stamps.first)
      #expect(stamp.frame.minX > label.frame.maxX)
      #expect(abs(stamp.frame.maxY - label.frame.maxY) < 0.001)
    }
  }

  @Test("timestamps.oncePerMinute: a run's messages of one minute show the time once, on the last")
  func oncePerMinute() throws {
    var theme = Theme.default
    #expect(texts(try page(Self.twoPeople, theme: theme), "09:15").count == 2)
    theme.timestamps.oncePerMinute = true
    let laid = try page(Self.twoPeople, theme: theme)
    let found = bubbles(laid)
    let times = texts(laid, "09:15")
    #expect(times.count == 1)
    // On the second bubble, the last of the minute.
    #expect(try #require(times.first).frame.maxY <= found[1].shape.frame.maxY)
    #expect(try #require(times.first).frame.minY >= found[1].shape.frame.minY)
    #expect(texts(laid, "09:16").count == 1)
  }

  @Test("names.meColor, uppercase and bar: Snapchat's red and blue capitals and one bar down each run")
  func snapchatNamesAndBars() throws {
    var theme = Theme.default
    theme.canvas.layout = .rows
    theme.names.show = .always
    theme.names.color = Color(rgb: 0x0a78bf)
    theme.names.meColor = Color(rgb: 0xd81e3c)
    theme.names.uppercase = true
    theme.names.bar = 2
    theme.them.padding = EdgeInsets(top: 1, left: 10, bottom: 1, right: 0)
    let laid = try page(Self.twoPeople, theme: theme)
    #expect(texts(laid, "Ana").isEmpty)
    #expect(try #require(texts(laid, "ANA").first).color == Color(rgb: 0x0a78bf))
    #expect(try #require(texts(laid, "SAM").first).color == Color(rgb: 0xd81e3c))
    let bars = laid.items.compactMap { item -> BoxItem? in
      guard case .box(let box) = item, box.frame.width == 2 else { return nil }
      return box
    }
    let found = bubbles(laid)
    #expect(bars.count == 4)
    #expect(bars.map(\.fill) == [0x0a78bf, 0x0a78bf, 0xd81e3c, 0xd81e3c].map { Color(rgb: $0) })
    // Left of the text, and one bar per run: the first reaches the second.
    #expect(bars.allSatisfy { $0.frame.maxX <= found[0].shape.body.minX + 10 })
    #expect(abs(bars[0].frame.maxY - bars[1].frame.minY) < 0.001)
    // Without the keys, names are as written and no bar is drawn.
    var plain = theme
    plain.names.bar = 0
    plain.names.uppercase = false
    let plainPage = try page(Self.twoPeople, theme: plain)
    #expect(!texts(plainPage, "Ana").isEmpty)
    #expect(!plainPage.items.contains { if case .box(let box) = $0 { box.frame.width == 2 } else { false } })
  }

  @Test("a 75-character name stays on one line, cut with an ellipsis, above or inside the bubble")
  func longNameOnOneLine() throws {
    let long = String(repeating: "Maximiliana ", count: 7).prefix(75)
    let source = "title: Long\nme: Sam\nthem: \(long)\n\n[09:15] < hello\n[09:17] > hey\n"
    for placement in [LabelStyle.Placement.above, .inside] {
      var theme = Theme.default
      theme.names.show = .always
      theme.names.placement = placement
      let label = try #require(texts(try page(source, theme: theme), String(long)).first)
      // The text engine keeps one line and ends it in "…" (`StyledText.maxLines`).
      #expect(label.text.maxLines == 1)
    }
  }

  @Test("reactions.placement combined: one pill over the bottom edge, three emoji and the total")
  func combinedReactions() throws {
    let source = """
      {"version": 1, "me": "sam",
       "participants": [{"id": "sam", "name": "Sam"}, {"id": "ana", "name": "Ana"}],
       "messages": [{"from": "ana", "time": "2025-05-02T09:02:00Z", "text": "gg", "reactions": [
         {"emoji": "👍", "count": 2}, {"emoji": "😂", "count": 1}, {"emoji": "🎉", "count": 1},
         {"emoji": "🔥", "count": 1}]}]}
      """
    var theme = Theme.default
    theme.reactions.placement = .combined
    let laid = try TestTranscripts.firstPage(of: try TestTranscripts.json(source), theme: theme)
    let pills = laid.items.compactMap { item -> BadgeItem? in
      if case .badge(let badge) = item, badge.messageIndex != nil { badge } else { nil }
    }
    #expect(pills.map(\.label.text.text) == ["👍😂🎉 5"])
    let bubble = try #require(bubbles(laid).first { $0.role == .received })
    #expect(pills[0].shape.frame.minY < bubble.shape.frame.maxY)
    #expect(pills[0].shape.frame.maxY > bubble.shape.frame.maxY)
  }
}
