import CCairo
import CPango

/// Draws colour emoji sharp in vector output, and keeps them in the text layer.
///
/// Cairo 1.16 writes a colour glyph into a PDF as an image at the size it is drawn on the
/// page (15 × 14 pixels at 72 per inch) and drops its text. Here a line is drawn by Pango with
/// its colour glyphs left out; each is then painted from an image rendered at
/// `pixelsPerPoint` (cached, so a PDF holds one image per emoji), and its text is written as
/// an invisible glyph whose cluster is the emoji's characters (a PDF `ActualText`).
final class ColorGlyphPainter {
  /// Pixels per device point of the images: print resolution, 300 per inch, as pictures
  /// get (over 4 times the 72 cairo would make; Noto Color Emoji's own bitmaps hold about
  /// 136 pixels, so more would only enlarge the PDF and the time spent compressing them).
  static let pixelsPerPoint = 300.0 / 72
  private var images: [ImageKey: CachedImage] = [:]
  private var isColorFont: [UInt: Bool] = [:]

  private struct ImageKey: Hashable {
    var font: UInt
    var glyph: UInt32
    var scale: Double
  }

  private final class CachedImage {
    let surface: OpaquePointer
    let extents: cairo_text_extents_t
    init(surface: OpaquePointer, extents: cairo_text_extents_t) {
      self.surface = surface
      self.extents = extents
    }
    deinit { cairo_surface_destroy(surface) }
  }

  /// Whether `text` may hold an emoji: only then are a layout's fonts looked at.
  static func mayHoldEmoji(_ text: String) -> Bool {
    text.unicodeScalars.contains { scalar in
      let value = scalar.value
      return value >= 0x1F000 || (0x2000..<0x3300).contains(value) || value == 0xFE0F || value == 0xA9 || value == 0xAE
    }
  }

  /// Draws `line` of `layout` with its left end at `x` and its baseline at `baseline`.
  func draw(
    _ line: UnsafeMutablePointer<PangoLayoutLine>, of layout: OpaquePointer, x: Double, baseline: Double,
    on cairo: OpaquePointer, textLayerFamily: String
  ) {
    var colorRuns: [(run: UnsafeMutablePointer<PangoGlyphItem>, x: Double)] = []
    var runX = x
    var node = line.pointee.runs
    while let current = node {
      let run = current.pointee.data.assumingMemoryBound(to: PangoGlyphItem.self)
      if let font = run.pointee.item.pointee.analysis.font, isColor(font), hasGlyphs(run.pointee.glyphs) {
        colorRuns.append((run, runX))
      }
      runX += Double(pango_glyph_string_get_width(run.pointee.glyphs)) / Double(PANGO_SCALE)
      node = current.pointee.next
    }
    guard !colorRuns.isEmpty else {
      cairo_move_to(cairo, x, baseline)
      pango_cairo_show_layout_line(cairo, line)
      return
    }
    // Pango draws the rest (colours, spans) with the colour glyphs emptied; they come back after.
    let saved = colorRuns.map { empty($0.run.pointee.glyphs) }
    cairo_move_to(cairo, x, baseline)
    pango_cairo_show_layout_line(cairo, line)
    for (index, entry) in colorRuns.enumerated() { restore(entry.run.pointee.glyphs, saved[index]) }
    for entry in colorRuns {
      paint(entry.run, x: entry.x, baseline: baseline, on: cairo)
      writeText(of: entry.run, layout: layout, x: entry.x, baseline: baseline, on: cairo, family: textLayerFamily)
    }
  }

  private func isColor(_ font: UnsafeMutablePointer<PangoFont>) -> Bool {
    let key = UInt(bitPattern: font)
    if let known = isColorFont[key] { return known }
    let description = pango_font_describe(font)
    defer { pango_font_description_free(description) }
    let family = pango_font_description_get_family(description).map { String(cString: $0) } ?? ""
    // Colour fonts say so in their names (Noto Color Emoji, Twemoji, Apple Color Emoji).
    let color = family.contains("Emoji") || family.contains("Color")
    isColorFont[key] = color
    return color
  }

  /// Whether any glyph of the run is drawn: a hidden spoiler's runs are empty shapes
  /// (`HiddenGlyphs`), whose text must not reach the text layer.
  private func hasGlyphs(_ glyphs: UnsafeMutablePointer<PangoGlyphString>) -> Bool {
    (0..<Int(glyphs.pointee.num_glyphs)).contains { glyphs.pointee.glyphs[$0].glyph != PangoGlyph(0x0FFF_FFFF) }
  }

  private func empty(_ glyphs: UnsafeMutablePointer<PangoGlyphString>) -> [PangoGlyph] {
    let count = Int(glyphs.pointee.num_glyphs)
    var saved: [PangoGlyph] = []
    for index in 0..<count {
      saved.append(glyphs.pointee.glyphs[index].glyph)
      glyphs.pointee.glyphs[index].glyph = PangoGlyph(0x0FFF_FFFF)  // PANGO_GLYPH_EMPTY
    }
    return saved
  }

  private func restore(_ glyphs: UnsafeMutablePointer<PangoGlyphString>, _ saved: [PangoGlyph]) {
    for (index, glyph) in saved.enumerated() { glyphs.pointee.glyphs[index].glyph = glyph }
  }

  /// Paints each glyph of `run` from its image, where Pango would have drawn it.
  private func paint(_ run: UnsafeMutablePointer<PangoGlyphItem>, x: Double, baseline: Double, on cairo: OpaquePointer)
  {
    guard let font = run.pointee.item.pointee.analysis.font,
      let scaled = pango_cairo_font_get_scaled_font(OpaquePointer(font))
    else { return }
    var matrix = cairo_matrix_t()
    cairo_get_matrix(cairo, &matrix)
    let deviceScale = (abs(matrix.xx * matrix.yy - matrix.xy * matrix.yx)).squareRoot()
    let scale = max(deviceScale, 0.01) * Self.pixelsPerPoint
    let glyphs = run.pointee.glyphs.pointee
    var advance = 0.0
    for index in 0..<Int(glyphs.num_glyphs) {
      let info = glyphs.glyphs[index]
      let glyphX = x + (advance + Double(info.geometry.x_offset)) / Double(PANGO_SCALE)
      let glyphY = baseline + Double(info.geometry.y_offset) / Double(PANGO_SCALE)
      advance += Double(info.geometry.width)
      guard info.glyph & 0x1000_0000 == 0,  // PANGO_GLYPH_UNKNOWN_FLAG, or empty
        let image = image(of: info.glyph, in: scaled, scale: scale)
      else { continue }
      cairo_save(cairo)
      cairo_translate(cairo, glyphX + image.extents.x_bearing, glyphY + image.extents.y_bearing)
      cairo_scale(cairo, 1 / scale, 1 / scale)
      cairo_set_source_surface(cairo, image.surface, 0, 0)
      cairo_paint(cairo)
      cairo_restore(cairo)
    }
  }

  /// The glyph's ink drawn at `scale` pixels per point, cut to its extents.
  private func image(of glyph: PangoGlyph, in scaled: OpaquePointer, scale: Double) -> CachedImage? {
    let key = ImageKey(font: UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(scaled))), glyph: glyph, scale: scale)
    if let cached = images[key] { return cached }
    var shape = cairo_glyph_t(index: UInt(glyph), x: 0, y: 0)
    var extents = cairo_text_extents_t()
    cairo_scaled_font_glyph_extents(scaled, &shape, 1, &extents)
    let width = Int32((extents.width * scale).rounded(.up))
    let height = Int32((extents.height * scale).rounded(.up))
    guard width > 0, height > 0, width < 4096, height < 4096,
      let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height)
    else { return nil }
    if let context = cairo_create(surface) {
      cairo_scale(context, scale, scale)
      cairo_translate(context, -extents.x_bearing, -extents.y_bearing)
      cairo_set_scaled_font(context, scaled)
      cairo_show_glyphs(context, &shape, 1)
      cairo_destroy(context)
    }
    let image = CachedImage(surface: surface, extents: extents)
    images[key] = image
    return image
  }

  /// Writes the run's characters as one glyph of a text font, nearly transparent (1/200):
  /// invisible, but a PDF's text layer (search, copy) has the emoji.
  private func writeText(
    of run: UnsafeMutablePointer<PangoGlyphItem>, layout: OpaquePointer, x: Double, baseline: Double,
    on cairo: OpaquePointer, family: String
  ) {
    guard let text = pango_layout_get_text(layout) else { return }
    let item = run.pointee.item.pointee
    let start = text + Int(item.offset)
    let length = Int(item.length)
    guard length > 0 else { return }
    // A toy font face loads a font.
    FontLoading.run {
      cairo_save(cairo)
      cairo_select_font_face(cairo, family, CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
      let size =
        item.analysis.font.flatMap { font -> Double? in
          let description = pango_font_describe(font)
          defer { pango_font_description_free(description) }
          return Double(pango_font_description_get_size(description)) / Double(PANGO_SCALE)
        } ?? 12
      cairo_set_font_size(cairo, max(size, 1))
      var glyphs: UnsafeMutablePointer<cairo_glyph_t>?
      var count: Int32 = 0
      if let scaledFont = cairo_get_scaled_font(cairo),
        cairo_scaled_font_text_to_glyphs(scaledFont, x, baseline, "o", 1, &glyphs, &count, nil, nil, nil)
          == CAIRO_STATUS_SUCCESS, let glyphs, count == 1
      {
        var cluster = cairo_text_cluster_t(num_bytes: Int32(length), num_glyphs: 1)
        // Cairo skips anything at or under 1/256 alpha as clear.
        cairo_set_source_rgba(cairo, 0, 0, 0, 1.0 / 200)
        cairo_show_text_glyphs(cairo, start, Int32(length), glyphs, 1, &cluster, 1, cairo_text_cluster_flags_t(0))
      }
      if let glyphs { cairo_glyph_free(glyphs) }
      cairo_restore(cairo)
    }
  }
}
