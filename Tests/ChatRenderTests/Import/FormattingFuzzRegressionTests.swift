import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

/// Inputs the fuzz targets found crashing, kept so they never crash again.
@Suite struct FormattingFuzzRegressionTests {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fixtures/fuzz")

  @Test("a zip archive read as message text goes through every formatting reader")
  func zipBytesAsText() throws {
    let bytes = try Data(contentsOf: Self.fixtures.appendingPathComponent("markdown-crash-zip-bytes"))
    let text = String(decoding: bytes, as: UTF8.self)
    _ = WhatsAppFormatting.read(text)
    _ = DiscordMarkdown.readQuotesAndMarkdown(text)
    _ = MarkdownReader.read(text)
  }
}
