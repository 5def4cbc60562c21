import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

/// A wrapped code line continues past its own indentation behind a wrap mark (issue 22,
/// point 9); the width code may take is `WideBlockTests`'.
@Suite struct CodeWidthTests {
  init() { TestEnvironment.prepare() }

  static let longLine =
    "        return compute_the_total(" + (1...24).map { "item_\($0)" }.joined(separator: ", ") + ")"
  static let code = "```\ndef total(items):\n" + longLine + "\n```"

  func page(theme: Theme, markdown: String, measurer: any TextMeasurer = TextEngine(keepsLayouts: false)) throws
    -> LaidOutPage
  {
    var transcript = try TestTranscripts.chat("me: Sam\n\n[2025-05-02 10:00] Ana: x\n")
    let (text, spans) = MarkdownReader.read(markdown)
    transcript.messages[0].text = text
    transcript.messages[0].extras.spans = spans
    let layout = ConversationLayout(
      theme: theme, measurer: measurer, options: LayoutOptions(timeZone: TimeZone(identifier: "UTC")!))
    return try #require(layout.layout(transcript).pages.first)
  }

  @Test("a wrapped code line goes on past its indentation behind a wrap mark")
  func wrapMark() throws {
    let page = try page(theme: .default, markdown: Self.code, measurer: TextEngine())
    let code = try #require(
      page.items.compactMap { if case .text(let text) = $0, text.text.text.hasPrefix("def") { text } else { nil } }
        .first)
    let lines = code.text.text.split(separator: "\n").map(String.init)
    #expect(lines.count > 2, "the long line must wrap")
    #expect(lines[1].hasPrefix("        return"))
    for continuation in lines.dropFirst(2) { #expect(continuation.hasPrefix("        ↪ "), "'\(continuation)'") }
    #expect(lines.dropFirst(2).map { $0.dropFirst(10) }.joined() == Self.longLine.dropFirst(lines[1].count))
  }
}
