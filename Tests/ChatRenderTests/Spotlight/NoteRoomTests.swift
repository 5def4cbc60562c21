import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

/// A note is part of the conversation: the layout keeps room for it under its message, so it
/// covers nothing, in every output format and theme.
@Suite struct NoteRoomTests {
  init() { TestEnvironment.prepare() }

  static let themes: [Theme] = [.default, .whatsapp, .telegram, .imessage]

  /// Sixteen entries; the fourth has reactions (drawn over its bubble's foot in most themes).
  static let chat = """
    {"version": 1, "me": "sam",
     "participants": [{"id": "sam", "name": "Sam"}, {"id": "ana", "name": "Ana"}, {"id": "bo", "name": "Bo"}],
     "messages": [
      {"from": "ana", "time": "2025-05-02T08:36:00Z", "text": "Booked the flights ✈️"},
      {"from": "sam", "time": "2025-05-02T08:41:00Z", "text": "Dinner reservation is at 20:30"},
      {"from": "bo", "time": "2025-05-02T08:45:00Z", "text": "What time do we land?"},
      {"from": "ana", "time": "2025-05-02T09:13:00Z", "text": "Arriving 3 May at 14:20, Terminal 1",
       "reactions": [{"emoji": "👍", "count": 2}, {"emoji": "❤️", "count": 1}]},
      {"from": "sam", "time": "2025-05-02T09:41:00Z", "text": "Yes!! So excited 🎉"},
      {"from": "bo", "time": "2025-05-02T10:07:00Z", "text": "東京からの便は少し遅れています"},
      {"from": "ana", "time": "2025-05-02T10:16:00Z", "text": "ㅋㅋㅋ 진짜 재밌다"},
      {"from": "sam", "time": "2025-05-02T10:53:00Z", "text": "سنلتقي في المطار"},
      {"from": "bo", "time": "2025-05-02T11:34:00Z", "text": "Weather says 24°C and sunny ☀️"},
      {"from": "ana", "time": "2025-05-02T11:39:00Z", "text": "Running late, start without me"},
      {"from": "sam", "time": "2025-05-02T12:29:00Z", "text": "Can someone send me the hotel address?"},
      {"from": "bo", "time": "2025-05-02T12:41:00Z", "text": "Dinner reservation is at 20:30"},
      {"from": "ana", "time": "2025-05-02T13:01:00Z", "text": "Let's take lots of photos 📸"},
      {"from": "sam", "time": "2025-05-02T13:06:00Z", "text": "I'll join on Friday evening"},
      {"from": "bo", "time": "2025-05-03T09:33:00Z", "text": "Shared the packing list with everyone"},
      {"from": "ana", "time": "2025-05-03T10:10:00Z", "text": "See you all there"}
     ]}
    """

  static let highlights: [(ClosedRange<Int>, String)] = [
    (4...4, "Look at this one"),
    (1...1, "The first message"),
    (2...3, "A note three lines long, about the two messages above it, which tells the reader a good deal more"),
    (16...16, "The last word"),
  ]

  func pages(_ format: OutputFormat, theme: Theme, highlight: (ClosedRange<Int>, String)) throws -> [LaidOutPage] {
    var options = ExportOptions(format: format, timeZone: TimeZone(identifier: "UTC")!)
    options.highlights = Highlights(highlights: [.init(selector: .entries(highlight.0), note: highlight.1)])
    var iterator = try ChatRenderer(theme: theme, options: options).pages(of: try TestTranscripts.json(Self.chat))
    var pages: [LaidOutPage] = []
    while let page = iterator.next() { pages.append(page) }
    return pages
  }

  @Test(
    "a note's frame intersects no other item's frame", arguments: [OutputFormat.png, .pdf, .svg], Self.themes.indices)
  func noteCoversNothing(format: OutputFormat, theme: Int) throws {
    for highlight in Self.highlights {
      let pages = try pages(format, theme: Self.themes[theme], highlight: highlight)
      var notes = 0
      for page in pages {
        for (position, item) in page.items.enumerated() {
          guard case .bubble(let note) = item, note.role == .note else { continue }
          notes += 1
          let frame = note.shape.frame
          #expect(frame.minY >= 0 && frame.maxY <= page.size.height)
          for (other, covered) in page.items.enumerated() where other != position && other != position + 1 {
            guard let otherFrame = covered.frame else { continue }
            #expect(
              !SpotlightCutouts.overlap(frame, otherFrame),
              "\(highlight.1) covers \(covered) in \(Self.themes[theme].name) \(format)")
          }
        }
      }
      #expect(notes == 1, "\(highlight.1) in \(format)")
    }
  }
}
