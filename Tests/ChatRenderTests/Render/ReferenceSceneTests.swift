import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

/// Small scenes drawn as PNG and compared with checked-in pictures (`Golden/Scenes/`), within
/// a tolerance: a regression that no probe looks for (a tail on the wrong side, a shadow gone,
/// text over a reaction) moves whole shapes and fails. Re-record with `RECORD_GOLDENS=1` after
/// a change meant to be seen, and look at every picture before committing it.
@Suite("reference scenes")
struct ReferenceSceneTests {
  init() { TestEnvironment.prepare() }

  /// A scene: its chat, what it adds to the messages, and how it is drawn.
  struct Scene: CustomTestStringConvertible, Sendable {
    var name: String
    var chat: String
    var theme = Theme.default
    var scale = 1.0
    var highlights: Highlights?
    /// Changes the parsed messages: replies, reactions, pictures.
    var dress: @Sendable (inout [Message]) -> Void = { _ in }
    var testDescription: String { name }
  }

  static let twoSides = """
    me: Sam

    [2025-03-01 09:30] Ana: Morning! Did you see the draft? 👋
    [2025-03-01 09:31] > Yes, clause 4 looks odd.
    [2025-03-01 09:32] Ana: Odd how?
    """

  static let scenes: [Scene] = [
    Scene(name: "bubbles", chat: twoSides),
    Scene(name: "bubbles-whatsapp-2x", chat: twoSides, theme: ThemeLoader.builtin(named: "whatsapp")!, scale: 2),
    Scene(
      name: "photo", chat: "me: Sam\n\n[2025-03-01 09:30] Ana: The view from here\n",
      dress: { messages in
        messages[0].extras.attachments = [
          Attachment(kind: .image, fileName: "view.png", source: .file(path: PictureFixtures.path("quadrants.png")))
        ]
      }),
    Scene(
      name: "reply-and-reactions", chat: twoSides,
      dress: { messages in
        messages[0].id = "m1"
        messages[1].extras.replyTo = "m1"
        messages[1].extras.reactions = [Reaction(emoji: "👍", count: 2), Reaction(emoji: "❤️", count: 1)]
      }),
    Scene(
      name: "spotlight-note", chat: twoSides,
      highlights: Highlights(highlights: [.init(selector: .entries(2...2), note: "This is the clause")])),
    Scene(
      name: "scripts",
      chat: """
        me: Sam

        [2025-03-01 09:30] Ana: مرحبا، كيف حالك اليوم؟
        [2025-03-01 09:31] > 很好，谢谢！明天见。
        [2025-03-01 09:32] Ana: 오늘 날씨가 정말 좋네요 ㅋㅋㅋ
        """),
  ]

  @Test("each scene looks as its reference", arguments: scenes)
  func scene(_ scene: Scene) throws {
    var chat = try TestTranscripts.chat(scene.chat, path: "\(scene.name).chat")
    scene.dress(&chat.messages)
    var options = ExportOptions(format: .png, scale: scene.scale, timeZone: TimeZone(identifier: "UTC")!)
    options.highlights = scene.highlights
    var theme = scene.theme
    theme.canvas.width = 360
    let images = try ChatRenderer(theme: theme, options: options).render(chat)
    let png = try #require(images.first)
    #expect(images.count == 1)
    try Golden.assertPicture(png, named: "Scenes/\(scene.name).png")
  }

  @Test("the tolerance sees a change of colour of one bubble")
  func toleranceSeesChanges() throws {
    let chat = try TestTranscripts.chat(Self.twoSides, path: "bubbles.chat")
    var theme = Theme.default
    theme.canvas.width = 360
    let options = ExportOptions(format: .png, timeZone: TimeZone(identifier: "UTC")!)
    let plain = try #require(try ChatRenderer(theme: theme, options: options).render(chat).first)
    theme.me.fill = Color(rgb: 0x2E7D32)
    let changed = try #require(try ChatRenderer(theme: theme, options: options).render(chat).first)
    let tolerance = Golden.PictureTolerance()
    #expect(
      Golden.differingShare(try PixelBuffer(png: plain), try PixelBuffer(png: plain), channel: tolerance.channel) == 0)
    #expect(
      Golden.differingShare(try PixelBuffer(png: plain), try PixelBuffer(png: changed), channel: tolerance.channel)
        > tolerance.share)
  }
}
