import CCairo
import CPango
import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

@Suite struct PixelProbeTests {
  init() { TestEnvironment.prepare() }

  let source = """
    me: Sam

    Ana: Hello there, how are you today? 👋
    > 很好，谢谢！ Fine, thanks
    Ana: مرحبا بك
    """

  func transcript(_ text: String? = nil) throws -> Transcript {
    try TestTranscripts.chat(text ?? source, path: "probe.chat")
  }

  /// Renders to PNG and lays out again to know where things are.
  func render(_ theme: Theme = .default, scale: Double = 1, text: String? = nil) throws
    -> (PixelBuffer, LaidOutPage)
  {
    let chat = try transcript(text)
    let exporter = try ChatRenderer(
      theme: theme, options: ExportOptions(format: .png, scale: scale, timeZone: TimeZone(identifier: "UTC")!))
    let images = try exporter.render(chat)
    let page = try #require(
      ConversationLayout(theme: theme, measurer: TextEngine(keepsLayouts: false)).layout(chat).pages.first)
    return (try PixelBuffer(png: try #require(images.first)), page)
  }

  func bubbles(_ page: LaidOutPage) -> [BubbleItem] {
    page.items.compactMap { if case .bubble(let bubble) = $0 { return bubble } else { return nil } }
  }

  @Test("bubble centres have their fill; the canvas has its background")
  func fills() throws {
    let (pixels, page) = try render()
    let found = bubbles(page)
    #expect(found.map(\.role) == [.received, .sent, .received])
    for bubble in found {
      let body = bubble.shape.body
      // Between the padding and the text: the left padding strip at mid-height.
      let probe = pixels[(body.minX + 4, body.midY)]
      #expect(probe.matches(bubble.fill), "\(bubble.role) fill \(probe) ≠ \(bubble.fill)")
    }
    #expect(pixels[(2, 2)].matches(Theme.default.canvas.background))
    #expect(pixels[(Double(pixels.width) / 2, Double(pixels.height) - 3)].matches(Theme.default.canvas.background))
  }

  @Test("the arrow tip is on the author's side")
  func arrowTips() throws {
    let (pixels, page) = try render()
    let found = bubbles(page)
    let received = try #require(found[0].shape.placedArrow?.tip)
    let sent = try #require(found[1].shape.placedArrow?.tip)
    #expect(received.x < found[0].shape.body.minX)
    #expect(sent.x > found[1].shape.body.maxX)
    // Just inside each tip: the bubble's colour; just beyond: background.
    #expect(pixels[(received.x + 2, received.y)].matches(found[0].fill, tolerance: 40))
    #expect(pixels[(sent.x - 2.5, sent.y)].matches(found[1].fill, tolerance: 40))
    #expect(pixels[(received.x - 2, received.y)].matches(Theme.default.canvas.background))
    #expect(pixels[(sent.x + 2, sent.y)].matches(Theme.default.canvas.background))
    // Beside the body away from the arrow there is no arrow.
    #expect(
      pixels[(found[1].shape.body.maxX + 2, found[1].shape.body.maxY - 2)].matches(Theme.default.canvas.background))
  }

  @Test("just outside a rounded corner is background")
  func roundedCorners() throws {
    let (pixels, page) = try render()
    for bubble in bubbles(page) {
      let body = bubble.shape.body
      #expect(pixels[(body.maxX - 1.5, body.maxY - 1.5)].matches(Theme.default.canvas.background))
      #expect(pixels[(body.minX + 1.5, body.maxY - 1.5)].matches(Theme.default.canvas.background))
    }
  }

  @Test("text pixels inside the bubbles: dark on light, light on blue")
  func textInside() throws {
    let (pixels, page) = try render()
    for case .text(let text) in page.items {
      let x = Int(text.frame.minX)..<Int(text.frame.maxX)
      let y = Int(text.frame.minY)..<Int(text.frame.maxY)
      if text.color.luminance < 0.5 {
        #expect(pixels.hasDarkPixel(x: x, y: y), "no text drawn for \(text.text.text)")
      } else {
        #expect(pixels.share(notMatching: Theme.default.me.fill, x: x, y: y) > 0.05)
      }
    }
  }

  @Test("an RTL message is right-aligned inside its bubble")
  func rightToLeft() throws {
    let (_, page) = try render(text: "< short line\n< مرحبا بك في بيتنا الجديد، تفضل بالدخول\n  نعم\n")
    let rtl = try #require(
      page.items.compactMap { item -> TextBlock? in
        if case .text(let text) = item, text.text.text.hasPrefix("مرحبا") { return text }
        return nil
      }.first)
    #expect(rtl.metrics.isRightToLeft)
  }

  @Test("image size is the page size times the scale", arguments: [1.0, 2.0, 3.0])
  func imageSize(scale: Double) throws {
    let (pixels, page) = try render(scale: scale)
    #expect(pixels.width == Int((page.size.width * scale).rounded(.up)))
    #expect(pixels.height == Int((page.size.height * scale).rounded(.up)))
  }

  @Test("at 2x the same probes hold")
  func retina() throws {
    let (pixels, page) = try render(scale: 2)
    let bubble = bubbles(page)[1]
    let body = bubble.shape.body
    #expect(pixels[((body.minX + 4) * 2, body.midY * 2)].matches(bubble.fill))
    #expect(pixels[((body.maxX - 1) * 2, (body.maxY - 1) * 2)].matches(Theme.default.canvas.background))
  }

  @Test("a border is fully visible inside the outline, and the fill meets it")
  func border() throws {
    var theme = Theme.default
    let red = ChatRender.Color(rgb: 0xFF0000)
    theme.them.border = BorderStyle(width: 3, color: red)
    let (pixels, page) = try render(theme)
    let body = bubbles(page)[0].shape.body
    #expect(pixels[(body.maxX - 1.5, body.midY)].matches(red, tolerance: 3))
    #expect(pixels[(body.midX, body.maxY - 1.5)].matches(red, tolerance: 3))
    #expect(pixels[(body.maxX - 5, body.midY)].matches(theme.them.fill))
    #expect(pixels[(body.minX - 1, body.midY + 12)].matches(theme.canvas.background))
  }

  @Test("a shadow is blurred: it fades away from the bubble")
  func shadow() throws {
    var theme = Theme.default
    theme.them.shadow = ShadowStyle(dx: 0, dy: 4, blur: 8, color: ChatRender.Color(rgb: 0x000000, alpha: 0.6))
    theme.spacing = SpacingStyle(sameAuthor: 30, newAuthor: 30)
    let (pixels, page) = try render(theme)
    let body = bubbles(page)[0].shape.body
    let near = pixels[(body.midX, body.maxY + 2)]
    let far = pixels[(body.midX, body.maxY + 10)]
    #expect(near.r < 240, "no shadow under the bubble: \(near)")
    #expect(far.r > near.r, "shadow does not fade: \(near) then \(far)")
    #expect(pixels[(body.midX, body.maxY + 20)].matches(theme.canvas.background))
  }

  @Test("text measures the same on image and PDF surfaces as in layout (pinned font options)")
  func measurementsAgree() throws {
    let measurer = TextEngine(keepsLayouts: false)
    let text = StyledText(
      "Hello 👋 مرحبا 你好 wrapping text that runs onto a second line",
      font: FontSpec(families: Theme.defaultFamilies, size: 15))
    let measured = measurer.measure(text, maxWidth: 200)
    for makeSurface in [
      { cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 10, 10) },
      { cairo_pdf_surface_create(nil, 100, 100) },
    ] {
      let surface = try #require(makeSurface())
      defer { cairo_surface_destroy(surface) }
      let cairo = try #require(cairo_create(surface))
      defer { cairo_destroy(cairo) }
      // The renderer draws the measured layout itself; a layout made fresh on this surface
      // with the same pinned options must agree.
      let layout = try #require(pango_cairo_create_layout(cairo))
      defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
      let options = FontOptions.makePinned()
      pango_cairo_context_set_font_options(pango_layout_get_context(layout), options)
      cairo_font_options_destroy(options)
      pango_cairo_context_set_resolution(pango_layout_get_context(layout), 72)
      pango_context_set_round_glyph_positions(pango_layout_get_context(layout), 0)
      pango_layout_context_changed(layout)
      pango_layout_set_text(layout, text.text, -1)
      let description = pango_font_description_from_string(Theme.defaultFamilies.joined(separator: ","))
      pango_font_description_set_absolute_size(description, 15 * Double(PANGO_SCALE))
      pango_layout_set_font_description(layout, description)
      pango_font_description_free(description)
      pango_layout_set_width(layout, 200 * PANGO_SCALE)
      pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
      let engineLayout = measurer.makeLayout(text, width: 200)
      defer { g_object_unref(UnsafeMutableRawPointer(engineLayout)) }
      pango_layout_set_attributes(layout, pango_layout_get_attributes(engineLayout))  // line pitch
      let drawn = TextEngine.metrics(of: layout)
      #expect(abs(drawn.size.height - measured.size.height) < 0.01)
      #expect(abs(drawn.size.width - measured.size.width) < 0.01)
      #expect(drawn.lineCount == measured.lineCount)
    }
  }
}
