import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

/// Calls (issue 36): a message of the caller carrying a call, kept through our JSON and
/// redaction, drawn as a chip in the caller's bubble: a round icon made of boxes, the kind in
/// the chat's language, and the length or how the call ended.
@Suite struct CallChipTests {
  init() { TestEnvironment.prepare() }

  static let chat = """
    {"version": 1, "me": "sam",
     "participants": [{"id": "sam", "name": "Sam"}, {"id": "ana", "name": "Ana"}],
     "messages": [
      {"from": "ana", "time": "2024-03-14T09:00:00Z", "text": "", "call": {"duration": 83}},
      {"from": "sam", "time": "2024-03-14T09:01:00Z", "text": "", "call": {"medium": "video", "outcome": "missed"}},
      {"from": "ana", "time": "2024-03-14T09:02:00Z", "text": "", "call": {"outcome": "cancelled"}},
      {"from": "sam", "time": "2024-03-14T09:03:00Z", "text": "", "call": {"medium": "video", "outcome": "unanswered"}}
     ]}
    """

  static let calls = [
    Call(duration: 83), Call(medium: .video, outcome: .missed), Call(outcome: .cancelled),
    Call(medium: .video, outcome: .unanswered),
  ]

  @Test("read from our JSON and written back")
  func roundTrip() throws {
    let transcript = try TestTranscripts.json(Self.chat)
    #expect(transcript.messages.map(\.extras.call) == Self.calls)
    #expect(transcript.messages.allSatisfy { $0.kind == .message })
    let written = TranscriptJSONWriter.write(transcript)
    #expect(written.contains(#""call": {"medium": "voice", "outcome": "answered", "duration": 83}"#))
    #expect(try TestTranscripts.json(written).messages.map(\.extras.call) == Self.calls)
  }

  @Test("a call of an unknown outcome is an error at its value")
  func unknownOutcomeIsLocated() throws {
    let source = #"{"version": 1, "messages": [{"from": "ana", "call": {"outcome": "lost"}}]}"#
    let error = try ImportFixtures.error { _ = try TestTranscripts.json(source) }
    #expect(
      error.message.hasPrefix(
        "expected one of \"answered\", \"missed\", \"cancelled\", \"unanswered\" for 'call.outcome'"))
    #expect(error.position == "1:65")
  }

  @Test("redaction keeps each call, a message of its caller's alias")
  func redactionKeepsCalls() throws {
    let result = TranscriptFilter(redact: true).apply(to: try TestTranscripts.json(Self.chat))
    #expect(result.messages.map(\.extras.call) == Self.calls)
    #expect(result.messages.allSatisfy { $0.kind == .message && $0.authorID != nil })
  }

  /// The texts and boxes drawn inside the bubble of message `index`.
  static func chip(_ page: LaidOutPage, index: Int) throws -> (texts: [String], boxes: [BoxItem]) {
    let bubble = try #require(
      page.items.lazy.compactMap { item -> BubbleItem? in
        if case .bubble(let bubble) = item, bubble.messageIndex == index { bubble } else { nil }
      }.first)
    let frame = bubble.shape.frame
    func inside(_ rect: Rect) -> Bool {
      rect.minX >= frame.minX && rect.maxX <= frame.maxX && rect.minY >= frame.minY && rect.maxY <= frame.maxY
    }
    let texts = page.items.compactMap { item -> String? in
      if case .text(let text) = item, inside(text.frame) { text.text.text } else { nil }
    }
    let boxes = page.items.compactMap { item -> BoxItem? in
      if case .box(let box) = item, inside(box.frame) { box } else { nil }
    }
    return (texts, boxes)
  }

  @Test("each call is a chip in its caller's bubble: the kind, then the length or how it ended")
  func chips() throws {
    let page = try TestTranscripts.firstPage(of: try TestTranscripts.json(Self.chat))
    let expected: [[String]] = [
      ["Voice call", "1:23"], ["Missed call"], ["Cancelled call"], ["Video call", "No answer"],
    ]
    for (index, words) in expected.enumerated() {
      let (texts, boxes) = try Self.chip(page, index: index)
      for word in words { #expect(texts.contains(word), "message \(index + 1): \(texts)") }
      let side = CallChipRow.iconSide
      let circles = boxes.filter { $0.frame.width == side && $0.frame.height == side }
      #expect(circles.count == 1, "message \(index + 1)")
      let failed = index > 0
      #expect((circles.first?.fill == CallStyle.standard.failedColor) == failed, "message \(index + 1)")
      // The handset is three boxes, the camera two, inside the circle.
      let glyph = boxes.filter { box in circles.first.map { box != $0 && $0.frame.contains(box.frame) } ?? false }
      #expect(glyph.count == (Self.calls[index].medium == .video ? 2 : 3), "message \(index + 1)")
    }
  }

  @Test("a theme's calls.failed colours the circle of a call that did not go through")
  func failedColorIsTheTheme() throws {
    var warnings: [Diagnostic] = []
    let file = try SourceFile(
      path: "green.json", bytes: Array(##"{"version": 1, "calls": {"failed": "#00aa44"}}"##.utf8))
    let theme = try ThemeLoader.decode(file, warnings: &warnings)
    let page = try TestTranscripts.firstPage(of: try TestTranscripts.json(Self.chat), theme: theme)
    let (_, boxes) = try Self.chip(page, index: 1)
    #expect(boxes.contains { $0.fill == Color(rgb: 0x00AA44) })
    #expect(!boxes.contains { $0.fill == CallStyle.standard.failedColor })
  }

  @Test(
    "the chip's words follow the chat's language",
    arguments: [("ko", "음성통화", "부재중 통화"), ("ar", "مكالمة صوتية", "مكالمة فائتة")])
  func localized(language: String, voice: String, missed: String) throws {
    let chat = try TestTranscripts.json(Self.chat)
    let locale = try #require(TextLocale.named(language))
    let layout = ConversationLayout(
      theme: .default, measurer: FixedAdvanceMeasurer(),
      options: LayoutOptions(timeZone: TimeZone(identifier: "UTC")!, dateText: DateTextStyle(locale: locale)))
    let page = try #require(layout.layout(chat).pages.first)
    #expect(try Self.chip(page, index: 0).texts.contains(voice))
    #expect(try Self.chip(page, index: 1).texts.contains(missed))
  }

  @Test("any length of a call is laid out, an absurd one as unknown")
  func anyLength() throws {
    var chat = try TestTranscripts.json(Self.chat)
    chat.messages[0].extras.call?.duration = 1e300
    let page = try TestTranscripts.firstPage(of: chat)
    #expect(try Self.chip(page, index: 0).texts.contains("–:––"))
  }
}
