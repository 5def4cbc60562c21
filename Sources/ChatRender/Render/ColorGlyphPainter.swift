import CCairo
import CPango

/// Draws colour emoji sharp in vector output, and keeps them in the text layer.
///
/// Cairo 1.16 writes a colour glyph into a PDF as an image at the size it is drawn on the
/// page (15 × 14 pixels at 72 per inch) and drops its text. Here a line is drawn by Pango with
/// its colour glyphs left out; each is then painted from an image rendered at
/// `pixelsPerPoint` (cached, so a PDF holds one image per emoji and size), and its text is
/// written as an invisible glyph whose cluster is the emoji's characters (a PDF `ActualText`).
/// A font of bitmaps (Noto Color Emoji) has its glyph read from FreeType at the bitmap's own
/// size and resampled here: cairo decoded each bitmap several times, scaled it with its
/// costliest filter and kept every result in its glyph cache, half the work of an emoji-rich
/// PDF.
final class ColorGlyphPainter {
  /// Pixels per device point of the images: print resolution, 300 per inch, as pictures
  /// get (over 4 times the 72 cairo would make; Noto Color Emoji's own bitmaps hold about
  /// 136 pixels, so more would only enlarge the PDF and the time spent compressing them).
  static let pixelsPerPoint = 300.0 / 72
  private var images: [ImageKey: CachedImage] = [:]
  private var isColorFont: [UInt: Bool] = [:]

  /// A glyph as its font's bitmap holds it (`CachedImage` at one pixel a point), and that
  /// bitmap's size in pixels per em.
  struct GlyphStrike {
    var image: CachedImage
    var pixelsPerEm: Double
  }

  private struct ImageKey: Hashable {
    var font: UInt
    var glyph: UInt32
    var scale: Double
  }

  /// A glyph's ink as an image, and the glyph's extents in points at the size it was made for.
  final class CachedImage {
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
      if let font = run.pointee.item.pointee.analysis.font, isColor(font) { colorRuns.append((run, runX)) }
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
  func image(of glyph: PangoGlyph, in scaled: OpaquePointer, scale: Double) -> CachedImage? {
    let key = ImageKey(font: UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(scaled))), glyph: glyph, scale: scale)
    if let cached = images[key] { return cached }
    let image =
      strike(of: glyph, in: scaled).flatMap { resample($0, for: glyph, in: scaled, scale: scale) }
      ?? Self.render(glyph, in: scaled, scale: scale)
    images[key] = image
    return image
  }

  /// The glyph's ink drawn by cairo at `scale` pixels per point.
  static func render(_ glyph: PangoGlyph, in scaled: OpaquePointer, scale: Double) -> CachedImage? {
    var shape = cairo_glyph_t(index: UInt(glyph), x: 0, y: 0)
    var extents = cairo_text_extents_t()
    cairo_scaled_font_glyph_extents(scaled, &shape, 1, &extents)
    guard let (surface, context) = canvas(for: extents, scale: scale) else { return nil }
    cairo_set_scaled_font(context, scaled)
    cairo_show_glyphs(context, &shape, 1)
    cairo_destroy(context)
    return CachedImage(surface: surface, extents: extents)
  }

  /// An image for ink of `extents` at `scale` pixels per point, and a context on it whose
  /// origin is the glyph's.
  private static func canvas(
    for extents: cairo_text_extents_t, scale: Double
  ) -> (surface: OpaquePointer, context: OpaquePointer)? {
    let width = Int32((extents.width * scale).rounded(.up))
    let height = Int32((extents.height * scale).rounded(.up))
    guard width > 0, height > 0, width < 4096, height < 4096,
      let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height)
    else { return nil }
    guard let context = cairo_create(surface) else {
      cairo_surface_destroy(surface)
      return nil
    }
    cairo_scale(context, scale, scale)
    cairo_translate(context, -extents.x_bearing, -extents.y_bearing)
    return (surface, context)
  }

  /// The glyph as its font's bitmap holds it, with that bitmap's size in pixels per em; nil
  /// for a font of outlines, which cairo draws sharp at any size. Read from FreeType, which
  /// cairo has set to the bitmap's own size: decoded once, and kept in no cache.
  func strike(of glyph: PangoGlyph, in scaled: OpaquePointer) -> GlyphStrike? {
    guard cairo_scaled_font_get_type(scaled) == CAIRO_FONT_TYPE_FT,
      let face = cairo_ft_scaled_font_lock_face(scaled)
    else { return nil }
    defer { cairo_ft_scaled_font_unlock_face(scaled) }
    let isScalable = face.pointee.face_flags & 1 != 0  // FT_FACE_FLAG_SCALABLE
    guard !isScalable, let size = face.pointee.size, size.pointee.metrics.y_ppem > 0,
      FT_Load_Glyph(face, glyph, 1 << 20) == 0,  // FT_LOAD_COLOR
      let slot = face.pointee.glyph, let image = Self.image(of: slot.pointee)
    else { return nil }
    return GlyphStrike(image: image, pixelsPerEm: Double(size.pointee.metrics.y_ppem))
  }

  /// A colour bitmap FreeType has loaded, as an image of one pixel a point, with its ink box.
  private static func image(of slot: FT_GlyphSlotRec) -> CachedImage? {
    #if _endian(big)
      return nil  // the bytes below are cairo's words only on a little-endian machine
    #endif
    let bitmap = slot.bitmap
    let width = Int(bitmap.width)
    let height = Int(bitmap.rows)
    guard bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_BGRA.rawValue), width > 0, height > 0,
      let pixels = bitmap.buffer,
      let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
    else { return nil }
    guard let data = cairo_image_surface_get_data(surface) else {
      cairo_surface_destroy(surface)
      return nil
    }
    // Premultiplied BGRA bytes are cairo's premultiplied ARGB32 words.
    let stride = Int(cairo_image_surface_get_stride(surface))
    let pitch = Int(bitmap.pitch)
    for row in 0..<height {
      let source = pitch >= 0 ? pixels + row * pitch : pixels + (height - 1 - row) * -pitch
      (data + row * stride).update(from: source, count: width * 4)
    }
    cairo_surface_mark_dirty(surface)
    var extents = cairo_text_extents_t()
    extents.x_bearing = Double(slot.bitmap_left)
    extents.y_bearing = -Double(slot.bitmap_top)
    extents.width = Double(width)
    extents.height = Double(height)
    return CachedImage(surface: surface, extents: extents)
  }

  /// The glyph's ink at `scale` pixels per point, resampled from its strike.
  private func resample(
    _ strike: GlyphStrike, for glyph: PangoGlyph, in scaled: OpaquePointer, scale: Double
  ) -> CachedImage? {
    var shape = cairo_glyph_t(index: UInt(glyph), x: 0, y: 0)
    var extents = cairo_text_extents_t()
    cairo_scaled_font_glyph_extents(scaled, &shape, 1, &extents)
    var fontMatrix = cairo_matrix_t()
    cairo_scaled_font_get_font_matrix(scaled, &fontMatrix)
    // Points per pixel of the strike: the font's size over the strike's.
    let pointsPerPixel =
      (fontMatrix.yx * fontMatrix.yx + fontMatrix.yy * fontMatrix.yy).squareRoot() / strike.pixelsPerEm
    guard pointsPerPixel > 0, let (surface, context) = Self.canvas(for: extents, scale: scale) else { return nil }
    cairo_scale(context, pointsPerPixel, pointsPerPixel)
    cairo_translate(context, strike.image.extents.x_bearing, strike.image.extents.y_bearing)
    cairo_set_source_surface(context, strike.image.surface, 0, 0)
    // Bilinear is exact enough down to half size, and many times cheaper than cairo's default.
    let filter = pointsPerPixel * scale >= 0.5 ? CAIRO_FILTER_BILINEAR : CAIRO_FILTER_GOOD
    cairo_pattern_set_filter(cairo_get_source(context), filter)
    cairo_paint(context)
    cairo_destroy(context)
    return CachedImage(surface: surface, extents: extents)
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
    // A toy font face loads a font (see `TextEngine.fontLoading`).
    TextEngine.fontLoading.lock()
    defer { TextEngine.fontLoading.unlock() }
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
