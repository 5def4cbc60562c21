import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

/// Code blocks and tables may use the conversation's whole width, not the bubble's usual
/// fraction of it (issue 22, point 9).
@Suite struct WideBlockTests {
  /// The frame of the bubble of the chat's one message, whose body is `markdown`.
  func bubbleFrame(_ markdown: String, theme: Theme) throws -> Rect {
    var transcript = try TestTranscripts.chat("me: Sam\n\n[2025-03-01 09:30] Ana: x\n")
    let (text, spans) = MarkdownReader.read(markdown)
    transcript.messages[0].text = text
    transcript.messages[0].extras.spans = spans
    let laid = ConversationLayout(
      theme: theme, measurer: FixedAdvanceMeasurer(), options: LayoutOptions(timeZone: TimeZone(identifier: "UTC")!)
    ).layout(transcript)
    let bubbles = laid.pages[0].items.compactMap { item -> BubbleItem? in
      if case .bubble(let bubble) = item, bubble.messageIndex == 0 { bubble } else { nil }
    }
    return try #require(bubbles.first).shape.frame
  }

  static let line = String(repeating: "x", count: 100)

  @Test("a 100-character code line's bubble is wider than the theme's bubbles", arguments: ["default", "whatsapp"])
  func codeIsWide(theme name: String) throws {
    let theme = try #require(ThemeLoader.builtin(named: name))
    let maxWidth = theme.canvas.width * theme.bubble(for: .received).maxWidth
    let code = try bubbleFrame("```\n\(Self.line)\n```", theme: theme)
    let table = try bubbleFrame("| A | B |\n|---|---|\n| \(Self.line) | \(Self.line) |", theme: theme)
    let prose = try bubbleFrame(Self.line.map(String.init).joined(separator: " "), theme: theme)
    #expect(code.width > maxWidth)
    #expect(table.width > maxWidth)
    #expect(prose.width <= maxWidth)
    #expect(code.maxX <= theme.canvas.width - theme.canvas.padding.right)
  }
}
