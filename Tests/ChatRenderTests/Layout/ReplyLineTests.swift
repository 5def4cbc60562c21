import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

/// `replies.style` (issue 37): Discord's spine, a line from above the avatar curving into the
/// quoted name and a faded line of text; iMessage's thread, the original as a faded bubble
/// joined to the reply by a curved line; the box inside the bubble everywhere else.
@Suite struct ReplyLineTests {
  init() { TestEnvironment.prepare() }

  /// Ana writes; Sam answers her (across); Ana follows up on her own message (one side).
  static let chat = """
    {"version": 1, "me": "sam",
     "participants": [{"id": "sam", "name": "Sam"}, {"id": "ana", "name": "Ana"}],
     "messages": [
      {"id": "1", "from": "ana", "time": "2025-03-01T09:30:00Z", "text": "Dinner at eight?"},
      {"id": "2", "from": "sam", "time": "2025-03-01T09:31:00Z", "text": "Yes, see you there", "replyTo": "1"},
      {"id": "3", "from": "ana", "time": "2025-03-01T09:32:00Z", "text": "Bring the map", "replyTo": "1"}
     ]}
    """

  func page(_ themeName: String, measurer: any TextMeasurer = FixedAdvanceMeasurer()) throws -> LaidOutPage {
    let theme = try #require(ThemeLoader.builtin(named: themeName))
    let layout = ConversationLayout(
      theme: theme, measurer: measurer, options: LayoutOptions(timeZone: TimeZone(identifier: "UTC")!))
    return try #require(layout.layout(try TestTranscripts.json(Self.chat)).pages.first)
  }

  func line(of index: Int, on page: LaidOutPage) throws -> LineItem {
    try #require(
      page.items.lazy.compactMap { if case .line(let line) = $0 { line } else { nil } }
        .first { $0.messageIndex == index })
  }

  func bubbles(of index: Int, on page: LaidOutPage) -> [BubbleItem] {
    page.items.compactMap { if case .bubble(let bubble) = $0, bubble.messageIndex == index { bubble } else { nil } }
  }

  func texts(_ page: LaidOutPage) -> [TextBlock] {
    page.items.compactMap { if case .text(let text) = $0 { text } else { nil } }
  }

  @Test("spine: from just above the reply's avatar, up and right into the quoted name, over the message")
  func spineJoinsAvatarToQuote() throws {
    let page = try page("discord")
    let line = try line(of: 1, on: page)
    let points = line.line.points
    try #require(points.count == 3)
    let avatar = try #require(
      page.items.lazy.compactMap { if case .avatar(let avatar) = $0 { avatar.frame } else { nil } }
        .first { abs($0.midX - points[0].x) < 0.01 && $0.minY > points[0].y })
    #expect(avatar.minY - points[0].y <= 5, "the line starts just above the avatar")
    #expect(points[1].x == points[0].x && points[1].y < points[0].y, "it rises")
    #expect(points[2].y == points[1].y && points[2].x > points[1].x, "then turns right")
    let quote = try #require(line.quote)
    let quoted = texts(page).filter { quote.contains(Point(x: $0.frame.midX, y: $0.frame.midY)) }
    #expect(quoted.map(\.text.text) == ["Ana", "Dinner at eight?"])
    #expect(quoted.allSatisfy { $0.metrics.lineCount == 1 && points[2].x < $0.frame.minX })
    #expect(abs(quote.midY - points[2].y) < 0.01, "the line meets the quote's middle")
    let author = try #require(texts(page).first { $0.text.text == "Sam" })
    #expect(quote.maxY <= author.frame.minY, "the quote stands over the reply's name")
    #expect(line.color == ThemeLoader.builtin(named: "discord")?.replies.lineColor)
    // No quote box in the reply: the only boxes near it are the quoted author's small picture.
    let boxes = page.items.compactMap { if case .box(let box) = $0 { box } else { nil } }
    #expect(boxes.allSatisfy { $0.frame.width == ReplyLine.smallAvatar }, "\(boxes)")
  }

  @Test("thread: the original as a faded bubble on its side, the line from under it down into the reply")
  func threadAcross() throws {
    let theme = try #require(ThemeLoader.builtin(named: "imessage"))
    let page = try page("imessage")
    let shapes = bubbles(of: 1, on: page)
    try #require(shapes.count == 2, "the faded original and the reply")
    let (original, reply) = (shapes[0], shapes[1])
    #expect(original.role == .received && reply.role == .sent)
    #expect(original.fill == theme.them.fill.withAlpha(ReplyLine.fade).composited(over: theme.canvas.background))
    #expect(original.fill != theme.them.fill)
    #expect(original.shape.frame.maxY < reply.shape.frame.minY)
    let points = try line(of: 1, on: page).line.points
    let (start, end) = (try #require(points.first), try #require(points.last))
    #expect(start.y == original.shape.frame.maxY && original.shape.frame.minX < start.x)
    #expect(start.x < original.shape.frame.maxX)
    #expect(end.y == reply.shape.body.minY && reply.shape.body.minX < end.x && end.x < reply.shape.body.maxX)
    let quoted = try #require(
      texts(page).first { $0.text.text == "Dinner at eight?" && original.shape.frame.contains($0.frame) })
    #expect(quoted.color.contrastRatio(with: original.fill) >= 4.5)
  }

  @Test("a faded original of mine keeps its text readable on the paler blue", arguments: ["imessage", "imessage-dark"])
  func fadedSentOriginalReads(themeName: String) throws {
    var transcript = try TestTranscripts.json(Self.chat)
    transcript.messages[2].extras.replyTo = "2"
    let theme = try #require(ThemeLoader.builtin(named: themeName))
    let layout = ConversationLayout(
      theme: theme, measurer: FixedAdvanceMeasurer(), options: LayoutOptions(timeZone: TimeZone(identifier: "UTC")!))
    let page = try #require(layout.layout(transcript).pages.first)
    let original = try #require(bubbles(of: 2, on: page).first)
    #expect(original.role == .sent)
    let text = try #require(texts(page).first { original.shape.frame.contains($0.frame) })
    #expect(text.text.text == "Yes, see you there")
    #expect(text.color.contrastRatio(with: original.fill) >= 4.5, "\(text.color.hex) on \(original.fill.hex)")
  }

  @Test("thread on one side: a bracket just outside both bubbles' outer edges")
  func threadOnOneSide() throws {
    let page = try page("imessage")
    let shapes = bubbles(of: 2, on: page)
    try #require(shapes.count == 2)
    let (original, reply) = (shapes[0].shape.body, shapes[1].shape.body)
    let points = try line(of: 2, on: page).line.points
    try #require(points.count == 4)
    #expect(points[0] == Point(x: original.minX, y: original.midY))
    #expect(points[3].x == reply.minX && reply.minY < points[3].y && points[3].y < reply.maxY)
    #expect(points[1].x < min(original.minX, reply.minX), "outside both")
  }

  @Test("a box theme draws no line and keeps the quote in the bubble")
  func boxesHaveNoLine() throws {
    let page = try page("whatsapp")
    #expect(!page.items.contains { if case .line = $0 { true } else { false } })
    #expect(bubbles(of: 1, on: page).count == 1)
  }

  @Test("a reply starts a run in spine and thread themes, so its avatar and name are drawn")
  func replyStartsRun() throws {
    var transcript = try TestTranscripts.json(Self.chat)
    transcript.messages[2].authorID = transcript.messages[1].authorID
    let theme = try #require(ThemeLoader.builtin(named: "discord"))
    let layout = ConversationLayout(
      theme: theme, measurer: FixedAdvanceMeasurer(), options: LayoutOptions(timeZone: TimeZone(identifier: "UTC")!))
    let page = try #require(layout.layout(transcript).pages.first)
    #expect(texts(page).filter { $0.text.text == "Sam" }.count == 2)
  }

  @Test(
    "a tagged PDF reads the text the line leads to as the reply's quote, the name as its author",
    arguments: ["discord", "imessage"])
  func quoteIsReadAsQuote(theme: String) throws {
    let page = try page(theme)
    let quote = try #require(try line(of: 1, on: page).quote)
    let reading = PDFPageReading(page, isFirst: true, labels: nil)
    let quoted = texts(page).filter { quote.contains(Point(x: $0.frame.midX, y: $0.frame.midY)) }
    try #require(!quoted.isEmpty)
    for text in quoted {
      let piece = reading.piece(at: text.frame)
      #expect(piece.owner == .message(1) && piece.role == .quote, "\(text.text.text)")
    }
  }

  @Test("pixels: the line is drawn in its colour at 1x and 2x", arguments: [1.0, 2.0])
  func linePixels(scale: Double) throws {
    let transcript = try TestTranscripts.json(Self.chat)
    let theme = try #require(ThemeLoader.builtin(named: "discord"))
    let renderer = try ChatRenderer(
      theme: theme, options: ExportOptions(format: .png, scale: scale, timeZone: TimeZone(identifier: "UTC")!))
    let image = try PixelBuffer(png: try #require(try renderer.render(transcript).first))
    let page = try page("discord", measurer: TextEngine(keepsLayouts: false))
    let points = try line(of: 1, on: page).line.points
    // The middle of the rising leg and of the leg into the quote.
    let rising = image[(scale * points[0].x, scale * (points[0].y + points[1].y) / 2)]
    let across = image[(scale * (points[1].x + points[2].x + 6) / 2, scale * points[2].y)]
    #expect(rising.matches(theme.replies.lineColor, tolerance: 40), "\(rising)")
    #expect(across.matches(theme.replies.lineColor, tolerance: 40), "\(across)")
  }
}
