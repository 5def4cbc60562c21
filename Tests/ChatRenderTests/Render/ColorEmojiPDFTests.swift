import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

/// Colour emoji in a PDF: images at print resolution, not cairo's 72 per inch.
@Suite struct ColorEmojiPDFTests {
  @Test("an emoji in a PDF is an image of 300 pixels per inch, once however often it is drawn")
  func emojiAtPrintResolution() throws {
    let renderer = try ChatRenderer(
      theme: .default, options: ExportOptions(format: .pdf, timeZone: TimeZone(identifier: "UTC")!))
    let chat = try TestTranscripts.chat("me: Sam\n\n> Hello 👋\n< 👋 back, 👋\n")
    let pdf = try #require(try renderer.render(chat).first)
    let (listing, rows) = try PopplerTools.images(inPDF: pdf)
    let images = rows.filter { $0[2] == "image" }
    #expect(images.count == 3, "\(listing)")
    #expect(Set(images.map { $0[10] }).count == 1, "one image object for the three waves: \(listing)")
    for image in images {
      let ppi = try #require(Int(image[12]), "\(listing)")
      #expect((290...310).contains(ppi), "\(listing)")
    }
  }

  @Test(
    "a text may hold an emoji when it has a character of an emoji's ranges",
    arguments: [
      ("hello", false), ("café ok", false), ("漢字", false), ("© 2025", true), ("ok 👋", true),
      ("wait…", true),
    ])
  func mayHoldEmoji(text: String, expected: Bool) {
    #expect(ColorGlyphPainter.mayHoldEmoji(text) == expected)
  }
}
