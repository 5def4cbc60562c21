import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

/// Messages drawn without a bubble (a sticker, large emoji) are highlighted like any other:
/// cut out of the dim layer, with their note.
@Suite struct StandaloneHighlightTests {
  init() { TestEnvironment.prepare() }

  static let chat = """
    {"version": 1, "me": "sam",
     "participants": [{"id": "sam", "name": "Sam"}, {"id": "ana", "name": "Ana"}],
     "messages": [
      {"from": "ana", "time": "2025-03-01T09:30:00Z", "text": "Look what I found"},
      {"from": "ana", "time": "2025-03-01T09:31:00Z", "text": "",
       "attachments": [{"kind": "sticker", "path": "quadrants.png"}]},
      {"from": "sam", "time": "2025-03-01T09:32:00Z", "text": "😂😂😂"},
      {"from": "ana", "time": "2025-03-01T09:33:00Z", "text": "Right?"}
     ]}
    """

  func page(highlighting entry: Int, format: OutputFormat) throws -> LaidOutPage {
    var transcript = try TestTranscripts.json(Self.chat)
    transcript.messages[1].extras.attachments[0].source = .file(path: PictureFixtures.path("quadrants.png"))
    var options = ExportOptions(format: format, timeZone: TimeZone(identifier: "UTC")!)
    options.highlights = Highlights(highlights: [.init(selector: .entries(entry...entry), note: "This one")])
    var pages = try ChatRenderer(theme: .default, options: options).pages(of: transcript)
    let first = pages.next()
    return try #require(first)
  }

  @Test(
    "a sticker and large emoji are cut out of the dim layer and get their note",
    arguments: [2, 3], [OutputFormat.png, .pdf, .svg])
  func cutOut(entry: Int, format: OutputFormat) throws {
    let page = try page(highlighting: entry, format: format)
    let frames = page.items.compactMap { item -> Rect? in
      switch item {
      case .picture(let picture) where picture.messageIndex == entry - 1: picture.frame
      case .text(let text) where text.messageIndex == entry - 1: text.frame
      default: nil
      }
    }
    #expect(!frames.isEmpty)
    let dim = try #require(
      page.items.lazy.compactMap { item -> DimItem? in if case .dim(let dim) = item { dim } else { nil } }.first)
    let holes = dim.cutouts.elements.filter { if case .move = $0 { true } else { false } }.count
    #expect(holes == 1)
    let hole = dim.cutouts.bounds
    for frame in frames {
      #expect(hole.minX <= frame.minX && hole.maxX >= frame.maxX && hole.minY <= frame.minY && hole.maxY >= frame.maxY)
    }
    let notes = page.items.filter { if case .bubble(let bubble) = $0 { bubble.role == .note } else { false } }
    #expect(notes.count == 1)
  }

  @Test("a highlighted message's avatar is cut out with its bubble, not dimmed")
  func avatarInTheHole() throws {
    var theme = Theme.default
    theme.avatars.show = .others
    theme.avatars.carrier = .every
    var transcript = try TestTranscripts.json(Self.chat)
    transcript.messages[1].extras.attachments[0].source = .file(path: PictureFixtures.path("quadrants.png"))
    var options = ExportOptions(format: .png, timeZone: TimeZone(identifier: "UTC")!)
    options.highlights = Highlights(highlights: [.init(selector: .entries(4...4), note: "This one")])
    var pages = try ChatRenderer(theme: theme, options: options).pages(of: transcript)
    let first = pages.next()
    let page = try #require(first)
    let avatars = page.items.compactMap { item -> AvatarItem? in if case .avatar(let a) = item { a } else { nil } }
    let chosen = try #require(avatars.first { $0.initials.messageIndex == 3 })
    let dim = try #require(
      page.items.lazy.compactMap { item -> DimItem? in if case .dim(let dim) = item { dim } else { nil } }.first)
    let hole = dim.cutouts.bounds
    #expect(hole.minX <= chosen.frame.minX && hole.maxX >= chosen.frame.maxX)
    #expect(hole.minY <= chosen.frame.minY && hole.maxY >= chosen.frame.maxY)
    // The others' avatars stay under the layer.
    for other in avatars where other.initials.messageIndex != 3 {
      #expect(!SpotlightCutouts.overlap(hole, other.frame))
    }
  }
}
