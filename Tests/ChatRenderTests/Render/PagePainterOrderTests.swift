import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

/// Records what the renderer asks for, in order.
private final class RecordingCanvas: Canvas {
  var texts: [TextBlock] = []
  var fills = 0
  /// What was drawn, in order: "dim" for an even-odd fill, "ring" for its holes' ring, else
  /// the text.
  var events: [String] = []

  func fillBackground(_ color: Color, size: Size) {}
  func drawShadow(of path: Path, style: ShadowStyle) {}
  func fill(_ path: Path, color: Color) { fills += 1 }
  func fillEvenOdd(_ path: Path, color: Color) {
    fills += 1
    events.append("dim")
  }
  func fillRoundedRects(_ rects: [Rect], radius: Double, color: Color) { fills += 1 }
  func strokeInside(_ path: Path, border: BorderStyle) {}
  func strokeAround(_ holes: Path, in layer: Path, border: BorderStyle) { events.append("ring") }
  func stroke(_ path: Path, width: Double, color: Color) { events.append("line") }
  func draw(_ text: TextBlock) {
    #expect(fills > 0, "text is drawn over the bubbles, not under them")
    texts.append(text)
    events.append(text.text.text)
  }
}

@Suite struct PagePainterOrderTests {
  @Test("message text keeps page order; times come after it, one colour after another")
  func timesAfterText() throws {
    let source = """
      me: Sam

      [2025-03-01 09:30] Ana: first
      [2025-03-01 09:31] Sam: second
      [2025-03-01 09:32] Ana: third
      [2025-03-01 09:33] Sam: fourth
      """
    let transcript = try TestTranscripts.chat(source)
    let laid = ConversationLayout(
      theme: .default, measurer: FixedAdvanceMeasurer(),
      options: LayoutOptions(timeZone: TimeZone(identifier: "UTC")!)
    ).layout(transcript)
    let canvas = RecordingCanvas()
    PagePainter().draw(try #require(laid.pages.first), on: canvas)

    let drawn = canvas.texts.map(\.text.text)
    let messages = drawn.filter { !$0.contains(":") && !$0.contains("2025") }
    #expect(messages == ["first", "second", "third", "fourth"])
    let firstTime = try #require(drawn.firstIndex(of: "09:30"))
    #expect(drawn[firstTime...].allSatisfy { $0.contains(":") })
    // Received times (09:30, 09:32) share a colour, sent times another: two runs, not four.
    let times = canvas.texts[firstTime...]
    #expect(times.map(\.text.text) == ["09:30", "09:32", "09:31", "09:33"])
    #expect(Set(times.map(\.color)).count == 2)
    #expect(times.allSatisfy { $0.isAnnotation })
  }

  @Test("a dim layer covers everything before it, times included, its ring over it and under the notes")
  func dimLayerOrder() throws {
    let chat = try SampleChats.parse(SampleChats.contract)
    let layout = ConversationLayout(
      theme: .default, measurer: FixedAdvanceMeasurer(), options: LayoutOptions(timeZone: TimeZone(identifier: "UTC")!))
    let selection = SpotlightSelection(targets: [.init(messageIndexes: [3], note: "agreed on the phone")])
    var spotlight = Spotlight(
      theme: .default, measurer: FixedAdvanceMeasurer(), selection: selection, pagination: layout.options.pagination)
    let page = spotlight.apply(to: try #require(layout.layout(chat).pages.first))
    let canvas = RecordingCanvas()
    PagePainter().draw(page, on: canvas)
    #expect(canvas.events.suffix(3) == ["dim", "ring", "agreed on the phone"])
    #expect(canvas.events.contains("11:06"))
  }
}
