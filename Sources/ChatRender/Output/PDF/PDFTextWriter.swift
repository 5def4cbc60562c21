import CCairo
import CPango

/// Writes text from Pango's glyph runs: glyphs of the document's fonts in `TJ` arrays, each
/// glyph's text in its font's ToUnicode map or, where glyphs and text differ (ligatures,
/// Indic clusters, emoji), in an `ActualText` span; colour emoji as images with their text
/// in an invisible glyph; backgrounds, underlines and strikes as rectangles.
final class PDFTextWriter {
  /// Pixels per sheet point of emoji images and pictures: 300 per inch, as print wants.
  static let imagePixelsPerPoint = 300.0 / 72
  private let resources: PDFResources
  private var emoji: [EmojiKey: EmojiImage] = [:]
  /// A font and glyph for the invisible text of emoji, by the layout's font description.
  private var invisibleGlyphs: [String: InvisibleGlyph?] = [:]

  /// A glyph of a text font and that font's size.
  private struct InvisibleGlyph {
    var font: PDFFont
    var glyph: UInt32
    var size: Double
  }

  private struct EmojiKey: Hashable {
    var font: String
    var glyph: UInt32
    var size: Double
    var scale: Double
  }

  private struct EmojiImage {
    var object: Int
    /// Where the image lies from the glyph's origin, in layout points.
    var frame: Rect
  }

  init(resources: PDFResources) { self.resources = resources }

  /// Draws `block`, shaped as `layout`, on `page`.
  func draw(_ block: TextBlock, layout: OpaquePointer, on page: PDFPage) {
    var writing = BlockWriting(page: page, color: block.color, resources: resources)
    let text = pango_layout_get_text(layout)
    LayoutLines.forEach(block.lines, of: layout, x: block.origin.x - block.metrics.offsetX, top: block.origin.y) {
      line, x, baseline in
      var runX = x
      var node = line.pointee.runs
      while let current = node {
        let run = current.pointee.data.assumingMemoryBound(to: PangoGlyphItem.self)
        let width = Double(pango_glyph_string_get_width(run.pointee.glyphs)) / Double(PANGO_SCALE)
        draw(run, text: text, layout: layout, x: runX, baseline: baseline, width: width, into: &writing)
        runX += width
        node = current.pointee.next
      }
    }
    writing.finish(frame: block.frame, text: block.text.text)
  }

  private func draw(
    _ run: UnsafeMutablePointer<PangoGlyphItem>, text: UnsafePointer<CChar>?, layout: OpaquePointer, x: Double,
    baseline: Double, width: Double, into writing: inout BlockWriting
  ) {
    guard let pangoFont = run.pointee.item.pointee.analysis.font else { return }
    let style = RunStyle(run.pointee.item.pointee.analysis.extra_attrs, color: writing.blockColor)
    if let background = style.background {
      var logical = PangoRectangle()
      pango_glyph_string_extents(run.pointee.glyphs, pangoFont, nil, &logical)
      let top = baseline + Double(logical.y) / Double(PANGO_SCALE)
      writing.rectangle(
        Rect(x: x, y: top, width: width, height: Double(logical.height) / Double(PANGO_SCALE)), color: background,
        under: true)
    }
    let size = Self.size(of: pangoFont)
    if let font = resources.fonts.font(for: pangoFont) {
      writing.page.use(font)
      writeGlyphs(run, text: text, font: font, size: size, x: x, baseline: baseline, color: style.color, into: &writing)
    } else if hasGlyphs(run.pointee.glyphs) {
      drawPictureGlyphs(run, font: pangoFont, size: size, x: x, baseline: baseline, into: &writing)
      writeInvisibleText(
        of: run, text: text, layout: layout, size: size, x: x, baseline: baseline, width: width, into: &writing)
    }
    if style.underline || style.strikethrough {
      let metrics = pango_font_get_metrics(pangoFont, nil)
      defer { pango_font_metrics_unref(metrics) }
      let scale = Double(PANGO_SCALE)
      if style.underline {
        let thickness = Double(pango_font_metrics_get_underline_thickness(metrics)) / scale
        let position = Double(pango_font_metrics_get_underline_position(metrics)) / scale
        writing.rectangle(
          Rect(x: x, y: baseline - position, width: width, height: thickness), color: style.color, under: false)
      }
      if style.strikethrough {
        let thickness = Double(pango_font_metrics_get_strikethrough_thickness(metrics)) / scale
        let position = Double(pango_font_metrics_get_strikethrough_position(metrics)) / scale
        writing.rectangle(
          Rect(x: x, y: baseline - position, width: width, height: thickness), color: style.color, under: false)
      }
    }
  }

  /// The font's size in layout points (the text engine's resolution is 72 per inch).
  private static func size(of font: UnsafeMutablePointer<PangoFont>) -> Double {
    let description = pango_font_describe_with_absolute_size(font)
    defer { pango_font_description_free(description) }
    return Double(pango_font_description_get_size(description)) / Double(PANGO_SCALE)
  }

  /// Whether a glyph is drawn: empty glyphs (a hidden spoiler's, `HiddenGlyphs`) and unknown
  /// ones are not.
  private static func isDrawn(_ glyph: PangoGlyph) -> Bool { glyph & 0x1000_0000 == 0 }

  private func hasGlyphs(_ glyphs: UnsafeMutablePointer<PangoGlyphString>) -> Bool {
    (0..<Int(glyphs.pointee.num_glyphs)).contains { Self.isDrawn(glyphs.pointee.glyphs[$0].glyph) }
  }

  /// Writes the run's glyphs cluster by cluster; a cluster whose glyphs do not map to its
  /// text is wrapped in an ActualText span.
  private func writeGlyphs(
    _ run: UnsafeMutablePointer<PangoGlyphItem>, text: UnsafePointer<CChar>?, font: PDFFont, size: Double, x: Double,
    baseline: Double, color: Color, into writing: inout BlockWriting
  ) {
    let glyphs = run.pointee.glyphs.pointee
    let item = run.pointee.item.pointee
    let count = Int(glyphs.num_glyphs)
    guard count > 0 else { return }
    writing.setFont(font, size: size)
    writing.setColor(color)
    let clusters = ClusterBounds(glyphs: glyphs, itemLength: Int(item.length))
    let isRightToLeft = item.analysis.level % 2 == 1
    var advance = 0.0
    var index = 0
    while index < count {
      let start = Int(glyphs.log_clusters[index])
      var end = index + 1
      while end < count && Int(glyphs.log_clusters[end]) == start { end += 1 }
      let clusterText =
        text.map { base in
          let bytes = UnsafeRawPointer(base + Int(item.offset) + start).assumingMemoryBound(to: UInt8.self)
          return String(
            decoding: UnsafeBufferPointer(start: bytes, count: clusters.end(of: start) - start), as: UTF8.self)
        } ?? ""
      let drawn = (index..<end).filter { Self.isDrawn(glyphs.glyphs[$0].glyph) }
      let maps = mapsToText(
        drawn.map { glyphs.glyphs[$0].glyph }, text: clusterText, font: font, reversed: isRightToLeft)
      if !maps && !drawn.isEmpty { writing.beginActualText(clusterText) }
      for glyphIndex in index..<end {
        let info = glyphs.glyphs[glyphIndex]
        let glyphX = x + (advance + Double(info.geometry.x_offset)) / Double(PANGO_SCALE)
        let glyphY = baseline + Double(info.geometry.y_offset) / Double(PANGO_SCALE)
        advance += Double(info.geometry.width)
        guard Self.isDrawn(info.glyph) else { continue }
        writing.show(info.glyph, x: glyphX, y: glyphY, width: font.width(of: info.glyph) * size / 1000)
      }
      if !maps && !drawn.isEmpty { writing.endActualText() }
      index = end
    }
  }

  /// Notes each glyph's text; whether the glyphs, in order, spell `text` by their maps: one
  /// glyph for the whole cluster, or one a character.
  private func mapsToText(_ glyphs: [UInt32], text: String, font: PDFFont, reversed: Bool) -> Bool {
    guard !glyphs.isEmpty else { return true }
    if glyphs.count == 1 { return font.use(glyphs[0], for: text) }
    var scalars = text.unicodeScalars.map { String($0) }
    if reversed { scalars.reverse() }
    guard scalars.count == glyphs.count else {
      // The first glyph maps to the whole cluster, the others to nothing of their own: the
      // span carries the text.
      font.use(glyphs[0], for: text)
      for glyph in glyphs.dropFirst() { font.use(glyph, for: "") }
      return false
    }
    var ok = true
    for (glyph, scalar) in zip(glyphs, scalars) where !font.use(glyph, for: scalar) { ok = false }
    // Right-to-left text is read from the glyphs' reversed order: a span keeps it logical.
    return ok && !reversed
  }

  /// Paints each glyph of a colour font's run from an image at print resolution.
  private func drawPictureGlyphs(
    _ run: UnsafeMutablePointer<PangoGlyphItem>, font: UnsafeMutablePointer<PangoFont>, size: Double, x: Double,
    baseline: Double, into writing: inout BlockWriting
  ) {
    let glyphs = run.pointee.glyphs.pointee
    let scale = writing.page.scale * Self.imagePixelsPerPoint
    let fontKey = PDFFontStore.key(of: font)
    var advance = 0.0
    for index in 0..<Int(glyphs.num_glyphs) {
      let info = glyphs.glyphs[index]
      let glyphX = x + (advance + Double(info.geometry.x_offset)) / Double(PANGO_SCALE)
      let glyphY = baseline + Double(info.geometry.y_offset) / Double(PANGO_SCALE)
      advance += Double(info.geometry.width)
      guard Self.isDrawn(info.glyph) else { continue }
      let key = EmojiKey(font: fontKey, glyph: info.glyph, size: size, scale: scale)
      guard let image = emoji[key] ?? makeEmojiImage(info.glyph, font: font, scale: scale, key: key) else { continue }
      writing.image(image.object, in: image.frame.offsetBy(dx: glyphX, dy: glyphY))
    }
  }

  /// Renders `glyph` with cairo at `scale` pixels per point and writes it as an image.
  private func makeEmojiImage(_ glyph: PangoGlyph, font: UnsafeMutablePointer<PangoFont>, scale: Double, key: EmojiKey)
    -> EmojiImage?
  {
    guard let scaled = pango_cairo_font_get_scaled_font(OpaquePointer(font)) else { return nil }
    var shape = cairo_glyph_t(index: UInt(glyph), x: 0, y: 0)
    var extents = cairo_text_extents_t()
    cairo_scaled_font_glyph_extents(scaled, &shape, 1, &extents)
    let width = Int((extents.width * scale).rounded(.up))
    let height = Int((extents.height * scale).rounded(.up))
    guard width > 0, height > 0, width < 4096, height < 4096,
      let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
    else { return nil }
    defer { FontLoading.run { cairo_surface_destroy(surface) } }
    if let context = cairo_create(surface) {
      cairo_scale(context, scale, scale)
      cairo_translate(context, -extents.x_bearing, -extents.y_bearing)
      cairo_set_scaled_font(context, scaled)
      cairo_show_glyphs(context, &shape, 1)
      cairo_destroy(context)
    }
    cairo_surface_flush(surface)
    guard let data = cairo_image_surface_get_data(surface) else { return nil }
    let stride = Int(cairo_image_surface_get_stride(surface))
    let buffer = UnsafeRawBufferPointer(start: data, count: stride * height)
    guard
      let object = PDFImageStore.writePixels(
        buffer, width: width, height: height, stride: stride, to: resources.file)
    else { return nil }
    let image = EmojiImage(
      object: object,
      frame: Rect(
        x: extents.x_bearing, y: extents.y_bearing, width: Double(width) / scale, height: Double(height) / scale))
    emoji[key] = image
    return image
  }

  /// Writes the run's characters as one invisible glyph of the layout's text font, in an
  /// ActualText span: search and copy find the emoji.
  private func writeInvisibleText(
    of run: UnsafeMutablePointer<PangoGlyphItem>, text: UnsafePointer<CChar>?, layout: OpaquePointer, size: Double,
    x: Double, baseline: Double, width: Double, into writing: inout BlockWriting
  ) {
    let item = run.pointee.item.pointee
    guard let text, item.length > 0, let invisible = invisibleGlyph(for: layout) else { return }
    let bytes = UnsafeRawPointer(text + Int(item.offset)).assumingMemoryBound(to: UInt8.self)
    let characters = String(decoding: UnsafeBufferPointer(start: bytes, count: Int(item.length)), as: UTF8.self)
    writing.page.use(invisible.font)
    // The text font's own size: extraction then reads the emoji on the line of its text.
    writing.setFont(invisible.font, size: invisible.size)
    writing.invisible(true)
    writing.beginActualText(characters)
    writing.show(
      invisible.glyph, x: x, y: baseline, width: invisible.font.width(of: invisible.glyph) * invisible.size / 1000)
    writing.endActualText()
    writing.invisible(false)
  }

  /// A glyph ("o") of the layout's own font, which holds text glyphs.
  private func invisibleGlyph(for layout: OpaquePointer) -> InvisibleGlyph? {
    guard let context = pango_layout_get_context(layout) else { return nil }
    let description = pango_layout_get_font_description(layout) ?? pango_context_get_font_description(context)
    let name =
      pango_font_description_to_string(description).map { pointer in
        defer { g_free(pointer) }
        return String(cString: pointer)
      } ?? ""
    if let known = invisibleGlyphs[name] { return known }
    let found: InvisibleGlyph? = FontLoading.run {
      guard let loaded = pango_context_load_font(context, description) else { return nil }
      defer { g_object_unref(loaded) }
      guard let font = resources.fonts.font(for: loaded), let glyph = font.glyph(for: "o") else { return nil }
      font.use(glyph, for: "o")
      return InvisibleGlyph(font: font, glyph: glyph, size: Self.size(of: loaded))
    }
    invisibleGlyphs[name] = found
    return found
  }
}

/// Where each cluster of a glyph string ends in its item's text: at the next cluster's start.
private struct ClusterBounds {
  private let starts: [Int]
  private let itemLength: Int

  init(glyphs: PangoGlyphString, itemLength: Int) {
    starts = Set((0..<Int(glyphs.num_glyphs)).map { Int(glyphs.log_clusters[$0]) }).sorted()
    self.itemLength = itemLength
  }

  func end(of start: Int) -> Int {
    var low = 0
    var high = starts.count
    while low < high {
      let middle = (low + high) / 2
      if starts[middle] <= start { low = middle + 1 } else { high = middle }
    }
    return low < starts.count ? starts[low] : itemLength
  }
}
