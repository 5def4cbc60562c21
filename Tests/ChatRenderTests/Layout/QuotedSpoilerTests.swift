import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

/// A reply's quote hides what the quoted message hides: its spoilers are bars there too, in
/// the picture and out of the PDF's text (issue 22, point 13).
@Suite struct QuotedSpoilerTests {
  init() { TestEnvironment.prepare() }

  /// "Bruce was a ghost 👻" under a spoiler, then a reply quoting it.
  func chat() throws -> Transcript {
    var chat = try TestTranscripts.chat(
      "[2025-03-01 09:30] Ana: The ending: Bruce was a ghost 👻 all along\n"
        + "[2025-03-01 09:31] > what?\n", path: "spoiler.chat")
    chat.messages[0].id = "ending"
    chat.messages[0].extras.spans = [TextSpan(start: 12, length: 19, style: .spoiler)]
    chat.messages[1].extras.replyTo = "ending"
    return chat
  }

  @Test("the quote's spoiler is hidden like the message's")
  func quoteHidesTheSpoiler() throws {
    let options = ExportOptions(format: .png, timeZone: TimeZone(identifier: "UTC")!)
    var pages = try ChatRenderer(theme: .telegram, options: options).pages(of: try chat())
    let first = pages.next()
    let page = try #require(first)
    let texts = page.items.compactMap { item -> TextBlock? in if case .text(let text) = item { text } else { nil } }
    let showing = texts.filter { $0.text.text.hasPrefix("The ending: ") }
    #expect(showing.count == 2, "the message and its quote")
    let secret = "Bruce was a ghost 👻"
    let start = "The ending: ".utf8.count
    for text in showing {
      #expect(text.text.runs.contains(TextRun(range: start..<(start + secret.utf8.count), style: .hidden)))
    }
  }

  @Test("neither the message's nor the quote's spoiler is in the PDF's text (pdftotext)")
  func pdfHasNoSpoiler() throws {
    let options = ExportOptions(format: .pdf, timeZone: TimeZone(identifier: "UTC")!)
    let pdf = try #require(try ChatRenderer(theme: .whatsapp, options: options).render(try chat()).first)
    let path = NSTemporaryDirectory() + "quoted-spoiler-\(ProcessInfo.processInfo.processIdentifier).pdf"
    try Data(pdf).write(to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let text = try PopplerTools.run("/usr/bin/pdftotext", [path, "-"])
    #expect(text.contains("The ending:") && text.contains("all along"), "\(text)")
    #expect(!text.contains("Bruce") && !text.contains("ghost") && !text.contains("👻"), "\(text)")
  }
}
