import CCairo
import Testing

@_spi(Pages) @testable import ChatRender

/// A shadow is drawn whatever the shape's size: a bubble taller than the old 8192-pixel mask
/// cap (a very long message) keeps its shadow, from a coarser mask (issue 24).
@Suite struct ShadowPainterTests {
  /// The alpha cairo drew at (`x`, `y`) of a transparent ARGB image.
  private func alpha(_ surface: ImageSurface, x: Int, y: Int) throws -> UInt8 {
    cairo_surface_flush(surface.raw)
    let data = try #require(cairo_image_surface_get_data(surface.raw))
    let stride = Int(cairo_image_surface_get_stride(surface.raw))
    return data[y * stride + x * 4 + 3]  // little-endian ARGB: alpha is the fourth byte
  }

  @Test(arguments: [600.0, 20_000.0, 40_000.0])
  func tallShapesKeepTheirShadow(height: Double) throws {
    let target = try ImageSurface(format: CAIRO_FORMAT_ARGB32, width: 200, height: 700)
    let style = ShadowStyle(dx: 0, dy: 0, blur: 10, color: Color(red: 0, green: 0, blue: 0, alpha: 0.5))
    try CairoPainter.withContext(target.raw) { cairo in
      // A shape from y = 50 on; only its top 650 points lie on the image.
      ShadowPainter.draw(
        path: BubbleShape(frame: Rect(x: 50, y: 50, width: 100, height: height), radius: 8).path,
        style: style, on: cairo)
    }
    #expect(try alpha(target, x: 100, y: 300) > 100, "under the shape")
    #expect(try alpha(target, x: 44, y: 300) > 0, "the blur just outside its edge")
    #expect(try alpha(target, x: 5, y: 300) == 0, "far outside")
  }

  @Test("a blur of any width is made on a mask of bounded size: 20,000 points once took a gigabyte and minutes")
  func wideBlursUseACoarseMask() throws {
    let bubble = Rect(x: 20, y: 20, width: 300, height: 100)
    for blur in [100.0, 4_000, 20_000, 1e9] {
      let mask = try #require(ShadowMask(bounds: bubble, blur: blur, deviceScale: 2))
      #expect(Double(mask.radius) <= ShadowMask.largestRadius, "blur \(blur)")
      #expect(mask.width * mask.height <= 400 * 400, "blur \(blur): \(mask.width)×\(mask.height)")
    }
    // A theme's usual blur keeps the device's full resolution.
    let usual = try #require(ShadowMask(bounds: bubble, blur: 10, deviceScale: 2))
    #expect(usual.scale == 2 && usual.radius == 10 && usual.width == 660)
  }
}
