import CCairo
import CPango
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

  @Test("an emoji resampled from its font's bitmap matches cairo's drawing of it, at any size")
  func resampledLikeCairo() throws {
    TestEnvironment.prepare()
    let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1)
    let cairo = try #require(cairo_create(surface))
    defer {
      cairo_destroy(cairo)
      cairo_surface_destroy(surface)
    }
    cairo_select_font_face(cairo, "Noto Color Emoji", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
    let painter = ColorGlyphPainter()
    for size in [8.0, 15, 39] {
      cairo_set_font_size(cairo, size)
      let scaled = try #require(cairo_get_scaled_font(cairo))
      var glyphs: UnsafeMutablePointer<cairo_glyph_t>?
      var count: Int32 = 0
      let status = cairo_scaled_font_text_to_glyphs(scaled, 0, 0, "😀", -1, &glyphs, &count, nil, nil, nil)
      defer { cairo_glyph_free(glyphs) }
      let glyph = try #require(status == CAIRO_STATUS_SUCCESS && count == 1 ? glyphs?[0].index : nil)
      #expect(painter.strike(of: PangoGlyph(glyph), in: scaled) != nil, "Noto Color Emoji holds bitmaps")
      let scale = ColorGlyphPainter.pixelsPerPoint
      // The images are kept while their pixels are read: they own their surfaces.
      let resampledImage = try #require(painter.image(of: PangoGlyph(glyph), in: scaled, scale: scale))
      let drawnImage = try #require(ColorGlyphPainter.render(PangoGlyph(glyph), in: scaled, scale: scale))
      let resampled = try PixelBuffer(surface: resampledImage.surface)
      let drawn = try PixelBuffer(surface: drawnImage.surface)
      #expect(resampled.width == drawn.width && resampled.height == drawn.height)
      #expect(
        drawn.premultiplied.filter { $0 >> 24 == 0xFF }.count > drawn.premultiplied.count / 2, "a face, mostly opaque")
      let mean = Self.meanDifference(resampled, drawn)
      #expect(mean < 3, "size \(size): \(mean) per channel")
    }
  }

  /// The mean difference of two same-sized pictures, per channel (0 to 255).
  private static func meanDifference(_ one: PixelBuffer, _ other: PixelBuffer) -> Double {
    var total = 0
    for (a, b) in zip(one.premultiplied, other.premultiplied) {
      for shift in stride(from: UInt32(0), to: 32, by: 8) {
        total += abs(Int((a >> shift) & 0xFF) - Int((b >> shift) & 0xFF))
      }
    }
    return Double(total) / Double(max(one.premultiplied.count, 1) * 4)
  }
}
