import Foundation
import Testing

@testable import ChatRender

/// Colour emoji in a PDF: images at print resolution, not cairo's 72 per inch.
@Suite struct ColorEmojiPDFTests {
  @Test("an emoji in a PDF is an image of 300 pixels per inch, once however often it is drawn")
  func emojiAtPrintResolution() throws {
    let renderer = try ChatRenderer(
      theme: .default, options: ExportOptions(format: .pdf, timeZone: TimeZone(identifier: "UTC")!))
    let chat = try TestTranscripts.chat("me: Sam\n\n> Hello 👋\n< 👋 back, 👋\n")
    let pdf = try #require(try renderer.render(chat).first)
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "chatrender-emoji-\(UUID().uuidString).pdf")
    try Data(pdf).write(to: path)
    defer { try? FileManager.default.removeItem(at: path) }
    let listing = try RichBodyPictureTests.run("/usr/bin/pdfimages", ["-list", path.path])
    // page num type width height color comp bpc enc interp object ID x-ppi y-ppi size ratio
    let images = listing.split(separator: "\n").dropFirst(2).map { $0.split(separator: " ") }
      .filter { $0[2] == "image" }
    #expect(images.count == 3, "\(listing)")
    #expect(Set(images.map { $0[10] }).count == 1, "one image object for the three waves: \(listing)")
    for image in images {
      let ppi = try #require(Int(image[12]), "\(listing)")
      #expect((290...310).contains(ppi), "\(listing)")
    }
  }
}
