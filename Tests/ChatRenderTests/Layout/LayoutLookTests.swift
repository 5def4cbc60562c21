import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

/// Corner tails, avatar carriers, names inside bubbles and day-separator decorations, laid out
/// with the fake measurer (every character 8 wide, every line 20 tall).
@Suite struct LayoutLookTests {
  func transcript(_ source: String) throws -> Transcript { try TestTranscripts.chat(source) }

  func page(_ source: String, theme: Theme) throws -> LaidOutPage {
    let laid = ConversationLayout(
      theme: theme, measurer: FixedAdvanceMeasurer(),
      options: LayoutOptions(timeZone: try #require(TimeZone(identifier: "UTC")))
    ).layout(try transcript(source))
    return try #require(laid.pages.first)
  }

  func bubbles(_ page: LaidOutPage, role: BubbleRole? = nil) -> [BubbleItem] {
    page.items.compactMap { item in
      guard case .bubble(let bubble) = item, role == nil || bubble.role == role else { return nil }
      return bubble
    }
  }

  func texts(_ page: LaidOutPage) -> [TextBlock] {
    page.items.compactMap { if case .text(let text) = $0 { return text } else { return nil } }
  }

  func avatars(_ page: LaidOutPage) -> [AvatarItem] {
    page.items.compactMap { if case .avatar(let avatar) = $0 { return avatar } else { return nil } }
  }

  // MARK: - Corner tails

  /// Expects the tail's tip on `corner` of the bubble's frame, and that corner drawn square.
  func expectTail(
    of shape: BubbleShape, at corner: BubbleShape.Corner, sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) {
    let frame = shape.frame
    let x = corner == .topLeft || corner == .bottomLeft ? frame.minX : frame.maxX
    let y = corner == .topLeft || corner == .topRight ? frame.minY : frame.maxY
    #expect(shape.placedArrow?.tip == Point(x: x, y: y), sourceLocation: sourceLocation)
    #expect(shape.squareCorner == corner, sourceLocation: sourceLocation)
  }

  @Test("whatsapp: the first bubble of a run has its tip on the top outer corner")
  func whatsappTails() throws {
    let found = bubbles(try page("< a\n< b\n> c\n> d\n", theme: .whatsapp))
    #expect(found.map { $0.shape.arrow != nil } == [true, false, true, false])
    expectTail(of: found[0].shape, at: .topLeft)
    expectTail(of: found[2].shape, at: .topRight)
    // A run's bubbles line up although only the first has the tail.
    #expect(found[0].shape.body.minX == found[1].shape.body.minX)
    #expect(found[2].shape.body.maxX == found[3].shape.body.maxX)
  }

  @Test(
    "imessage and telegram: the last bubble of a run has a tail at the bottom outer corner",
    arguments: [Theme.imessage, Theme.telegram])
  func bottomTails(theme: Theme) throws {
    let found = bubbles(try page("< a\n< b\n> c\n> d\n", theme: theme))
    #expect(found.map { $0.shape.arrow != nil } == [false, true, false, true], "\(theme.name)")
    expectTail(of: found[1].shape, at: .bottomLeft)
    expectTail(of: found[3].shape, at: .bottomRight)
  }

  // MARK: - Avatars

  func avatarTheme(_ carrier: AvatarStyle.Carrier, size: Double = 32) -> Theme {
    var theme = Theme.default
    theme.avatars.show = .always
    theme.avatars.carrier = carrier
    theme.avatars.size = size
    return theme
  }

  @Test("avatars.carrier first: beside the first bubble of a run, level with its top")
  func avatarFirst() throws {
    let laid = try page("< a\n< b\n< c\n> d\n", theme: avatarTheme(.first))
    let found = bubbles(laid)
    let pictures = avatars(laid)
    #expect(pictures.count == 2)
    #expect(pictures[0].frame.minY == found[0].shape.frame.minY)
    #expect(pictures[0].frame.minX == Theme.default.canvas.padding.left)
    #expect(pictures[1].frame.minY == found[3].shape.frame.minY)
  }

  @Test("avatars.carrier last: beside the last bubble of a run, level with its bottom")
  func avatarLast() throws {
    let laid = try page("< a\n< b\n< c\n> d\n", theme: avatarTheme(.last, size: 30))
    let found = bubbles(laid)
    let pictures = avatars(laid)
    #expect(pictures.count == 2)
    #expect(pictures[0].frame.maxY == found[2].shape.frame.maxY)
    #expect(pictures[1].frame.maxY == found[3].shape.frame.maxY)
    #expect(pictures[1].frame.minX > found[3].shape.frame.maxX)
  }

  @Test("avatars.carrier every: beside each bubble, level with its top")
  func avatarEvery() throws {
    let laid = try page("< a\n< b\n< c\n> d\n", theme: avatarTheme(.every))
    let found = bubbles(laid)
    let pictures = avatars(laid)
    #expect(pictures.map(\.frame.minY) == found.map(\.shape.frame.minY))
  }

  @Test("a bottom-aligned avatar taller than its bubble pushes the bubble down, not over the top")
  func tallAvatarAtTheBottom() throws {
    // A one-line bubble is 20 + 16 = 36 tall; the avatar 50.
    let laid = try page("< a\n> b\n< c\n", theme: avatarTheme(.last, size: 50))
    let found = bubbles(laid)
    let pictures = avatars(laid)
    let top = Theme.default.canvas.padding.top
    #expect(pictures[0].frame.minY == top)
    #expect(found[0].shape.frame.maxY == top + 50)
    #expect(pictures[0].frame.maxY == found[0].shape.frame.maxY)
    // The next block starts after the whole avatar.
    #expect(found[1].shape.frame.minY - pictures[0].frame.maxY >= Theme.default.spacing.newAuthor)
    #expect(pictures[2].frame.minY - pictures[0].frame.maxY >= Theme.default.spacing.newAuthor)
  }

  // MARK: - Names

  static let group = "me: Sam\n\nAna: hi\nBo: yo\nAna: hello there\nAnastasia: ok\nSam: x\n"

  func insideTheme(colors: [Color]) -> Theme {
    var theme = Theme.default
    theme.names.placement = .inside
    theme.names.colors = colors
    return theme
  }

  @Test("names inside: the first line of the bubble, which grows to hold it")
  func namesInside() throws {
    let theme = insideTheme(colors: [])
    let laid = try page(Self.group, theme: theme)
    let received = bubbles(laid, role: .received)
    let all = texts(laid)
    let padding = theme.them.padding
    let expected = [("Ana", "hi"), ("Bo", "yo"), ("Ana", "hello there"), ("Anastasia", "ok")]
    #expect(received.count == expected.count)
    for (bubble, (author, message)) in zip(received, expected) {
      let body = bubble.shape.body
      let name = try #require(all.first { $0.text.text == author && body.contains($0.origin) })
      let text = try #require(all.first { $0.text.text == message })
      #expect(name.origin == Point(x: body.minX + padding.left, y: body.minY + padding.top))
      #expect(name.text.font.bold && name.text.font.size == theme.names.size)
      #expect(name.color == theme.names.color)
      #expect(text.origin.y == name.frame.maxY + 2)
      #expect(body.height == 20 + 2 + 20 + padding.vertical)
      let widest = Double(max(author.count, message.count)) * 8
      #expect(body.width == widest + padding.horizontal, "\(author)")
    }
    // Nothing above the bubbles, and no name on "me".
    #expect(!all.contains { $0.text.text == "Sam" })
    #expect(all.filter { $0.text.text == "Ana" }.count == 2)
  }

  @Test("names.colors: authors take the list's colours in order of first appearance")
  func nameColors() throws {
    let colors = [Color(rgb: 0xAA0000), Color(rgb: 0x00AA00), Color(rgb: 0x0000AA)]
    var theme = insideTheme(colors: colors)
    theme.avatars.show = .always
    let laid = try page(Self.group, theme: theme)
    let names = texts(laid).filter { ["Ana", "Bo", "Anastasia"].contains($0.text.text) }
    #expect(names.count == 4)
    let expected = ["Ana": colors[0], "Bo": colors[1], "Anastasia": colors[2]]
    for name in names { #expect(name.color == expected[name.text.text], "\(name.text.text)") }
    // Avatars share their author's colour.
    let avatars = laid.items.compactMap { item -> AvatarItem? in
      if case .avatar(let avatar) = item { return avatar } else { return nil }
    }
    #expect(avatars.map(\.fill) == [colors[0], colors[1], colors[0], colors[2], colors[0]])
  }

  @Test("six authors on an eight-colour palette get six colours")
  func noCollisionWhileThePaletteLasts() throws {
    let chat = "me: Sam\n\nAna: a\nBo: b\nCy: c\nDee: d\nEd: e\nSam: f\n"
    var theme = Theme.default
    theme.avatars.show = .always
    let laid = try page(chat, theme: theme)
    let fills = laid.items.compactMap { item -> Color? in
      if case .avatar(let avatar) = item { return avatar.fill } else { return nil }
    }
    #expect(fills.count == 6)
    #expect(Set(fills).count == 6)
  }

  @Test("names.colors also colour names above the bubbles")
  func nameColorsAbove() throws {
    var theme = insideTheme(colors: [Color(rgb: 0x123456)])
    theme.names.placement = .above
    let laid = try page(Self.group, theme: theme)
    let name = try #require(texts(laid).first { $0.text.text == "Bo" })
    #expect(name.color == Color(rgb: 0x123456))
    let bubble = bubbles(laid, role: .received)[1]
    #expect(name.frame.maxY <= bubble.shape.frame.minY)
  }

  // MARK: - Day separators

  @Test("day separators carry the theme's border and shadow")
  func daySeparatorDecorations() throws {
    var theme = Theme.default
    let shadow = ShadowStyle(dx: 0, dy: 1, blur: 0.5, color: Color(rgb: 0x000000, alpha: 0.2))
    let border = BorderStyle(width: 1, color: Color(rgb: 0xCCCCCC))
    #expect(
      try #require(bubbles(try page("[2025-03-01 09:00] < a\n", theme: theme), role: .day).first)
        .shadow == nil)
    theme.daySeparators.shadow = shadow
    theme.daySeparators.border = border
    let day = try #require(
      bubbles(try page("[2025-03-01 09:00] < a\n", theme: theme), role: .day).first)
    #expect(day.shadow == shadow)
    #expect(day.border == border)
  }
}
