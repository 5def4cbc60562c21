import CCairo
import CPango
import Foundation

/// The one owner of Pango for a render: measures and wraps text, and hands each shaped text
/// to the layout result (`TextMetrics.shaped`), so drawing never shapes it again.
///
/// Owns its font map and context: one per thread, never shared (docs/ARCHITECTURE.md,
/// "Ownership of C objects").
@_spi(Pages) public final class TextEngine: TextMeasurer {
  private let fontMap: UnsafeMutablePointer<PangoFontMap>
  private let context: OpaquePointer
  private var fonts: [FontSpec: OpaquePointer] = [:]
  private var lineHeights: [FontSpec: Double] = [:]
  /// Short texts that recur (times, dates, "ok") are shaped once and drawn many times.
  private var shared: [SharedKey: TextMetrics] = [:]
  private static let sharedLimit = 4096
  private static let sharedMaxBytes = 24

  private struct SharedKey: Hashable {
    var text: StyledText
    var width: Double
  }
  /// Whether measured layouts are kept for drawing (off when only sizes are wanted).
  public var keepsLayouts: Bool

  /// - Parameters:
  ///   - keepsLayouts: whether measured layouts are kept for drawing.
  ///   - drawingScale: device units per point where the text will be drawn (0.75
  ///     on a PDF page, the scale of a PNG). Fonts are then made for that scale, so drawing
  ///     reuses the glyphs measuring loaded instead of loading (and, for colour emoji,
  ///     decoding) every glyph again. Sizes are in points whatever the scale.
  public init(keepsLayouts: Bool = true, drawingScale: Double = 1) {
    self.keepsLayouts = keepsLayouts
    // A font map of our own: the default one is shared by every thread.
    fontMap = pango_cairo_font_map_new()
    context = pango_font_map_create_context(fontMap)
    let options = FontOptions.makePinned()
    pango_cairo_context_set_font_options(context, options)
    cairo_font_options_destroy(options)
    pango_cairo_context_set_resolution(context, 72)
    // Exact font advances, not whole points: the layout is drawn at any scale (PNG at 2x,
    // PDF at 0.75), and rounded positions would force a position adjustment on every glyph
    // of the PDF's text.
    pango_context_set_round_glyph_positions(context, 0)
    if drawingScale != 1 {
      var matrix = PangoMatrix(xx: drawingScale, xy: 0, yx: 0, yy: drawingScale, x0: 0, y0: 0)
      pango_context_set_matrix(context, &matrix)
    }
  }

  deinit {
    // Freeing the font map frees its fonts (see `FontLoading`).
    FontLoading.run {
      shared.removeAll()
      for description in fonts.values { pango_font_description_free(description) }
      g_object_unref(UnsafeMutableRawPointer(context))
      g_object_unref(UnsafeMutableRawPointer(fontMap))
    }
  }

  private func fontDescription(_ spec: FontSpec) -> OpaquePointer {
    if let cached = fonts[spec] { return cached }
    let description = pango_font_description_new()
    pango_font_description_set_family(description, spec.families.joined(separator: ","))
    pango_font_description_set_absolute_size(description, spec.size * Double(PANGO_SCALE))
    pango_font_description_set_weight(description, spec.bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL)
    pango_font_description_set_style(description, spec.italic ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL)
    guard let description else { fatalError("pango_font_description_new returned NULL (out of memory)") }
    fonts[spec] = description
    return description
  }

  /// A new layout of `text` wrapped at `width` points, Korean words kept whole where they
  /// fit: a word wider than `width` is broken between syllables, so no line is wider.
  func makeLayout(_ text: StyledText, width: Double) -> OpaquePointer {
    let words = HangulWords.byteRanges(in: text.text)
    let layout = makeLayout(text, width: width, keepingWhole: words)
    guard !words.isEmpty, Self.overflows(layout, width: width) else { return layout }
    g_object_unref(UnsafeMutableRawPointer(layout))
    let bytes = Array(text.text.utf8)
    let fitting = words.filter { wordWidth(String(decoding: bytes[$0], as: UTF8.self), font: text.font) <= width }
    return makeLayout(text, width: width, keepingWhole: fitting)
  }

  /// Whether a line of `layout` is wider than `width` points.
  private static func overflows(_ layout: OpaquePointer, width: Double) -> Bool {
    var logical = PangoRectangle()
    pango_layout_get_extents(layout, nil, &logical)
    return Double(logical.width) / Double(PANGO_SCALE) > width + 0.01
  }

  /// The width of `word` on one line, in points.
  private func wordWidth(_ word: String, font: FontSpec) -> Double {
    let layout = makeLayout(StyledText(word, font: font), width: -1, keepingWhole: [])
    defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
    var logical = PangoRectangle()
    pango_layout_get_extents(layout, nil, &logical)
    return Double(logical.width) / Double(PANGO_SCALE)
  }

  private func makeLayout(_ text: StyledText, width: Double, keepingWhole words: [Range<Int>]) -> OpaquePointer {
    guard let layout = pango_layout_new(context) else {
      fatalError("pango_layout_new returned NULL (out of memory)")
    }
    if text.text.utf8.count > LongParagraphs.limit {
      LongParagraphs.pangoBytes(text.text).withUnsafeBufferPointer { buffer in
        buffer.withMemoryRebound(to: CChar.self) { chars in
          pango_layout_set_text(layout, chars.baseAddress, Int32(clamping: chars.count))
        }
      }
    } else {
      var utf8 = text.text
      utf8.withUTF8 { buffer in
        buffer.withMemoryRebound(to: CChar.self) { chars in
          pango_layout_set_text(layout, chars.baseAddress, Int32(clamping: chars.count))
        }
      }
    }
    pango_layout_set_font_description(layout, fontDescription(text.font))
    pango_layout_set_width(layout, width < 0 ? -1 : (width * Double(PANGO_SCALE)).rounded(.down).saturatingInt32)
    pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
    if text.isCentered { pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER) }
    if let maxLines = text.maxLines {
      pango_layout_set_height(layout, -Int32(clamping: max(1, maxLines)))
      pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
    }
    setAttributes(of: layout, for: text, keepingWhole: words)
    HiddenGlyphs.blank(text, in: layout)
    return layout
  }

  /// Attributes every text gets: one line pitch, no inserted hyphens, and the Korean `words`
  /// kept whole.
  private func setAttributes(of layout: OpaquePointer, for text: StyledText, keepingWhole words: [Range<Int>]) {
    guard let attributes = pango_attr_list_new() else { return }
    defer { pango_attr_list_unref(attributes) }
    let pitch = naturalLineHeight(text.font) * text.font.lineSpacing
    pango_attr_list_insert(
      attributes, pango_attr_line_height_new_absolute((pitch * Double(PANGO_SCALE)).saturatingInt32))
    // A URL or a word broken where nothing else breaks gets no hyphen: it would read as part
    // of the URL, and a Latin hyphen has no place in Arabic or Thai (issue 22, point 10).
    if let noHyphens = pango_attr_insert_hyphens_new(0) { pango_attr_list_insert(attributes, noHyphens) }
    PangoAttributes.apply(text, to: layout, list: attributes)
    for word in words {
      guard let keep = pango_attr_allow_breaks_new(0) else { continue }
      keep.pointee.start_index = UInt32(word.lowerBound)
      keep.pointee.end_index = UInt32(word.upperBound)
      pango_attr_list_insert(attributes, keep)
    }
    pango_layout_set_attributes(layout, attributes)
  }

  // Every line of a paragraph gets the pitch of the primary font's lines: a fallback font
  // (Arabic, emoji) brings taller metrics of its own, and an empty line's height would
  // otherwise follow the drawing scale.
  /// The height of a line of Latin text in the font's first family, in points.
  private func naturalLineHeight(_ font: FontSpec) -> Double {
    var plain = font
    plain.lineSpacing = 1
    if let cached = lineHeights[plain] { return cached }
    guard let layout = pango_layout_new(context) else { return font.size * 1.2 }
    defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
    pango_layout_set_text(layout, "Ag", -1)
    pango_layout_set_font_description(layout, fontDescription(plain))
    var logical = PangoRectangle()
    pango_layout_get_extents(layout, nil, &logical)
    let height = Double(logical.height) / Double(PANGO_SCALE)
    lineHeights[plain] = height
    return height
  }

  /// Wraps and measures `text` within `maxWidth` points, keeping the shaped text for drawing
  /// unless the engine measures sizes only.
  public func measure(_ text: StyledText, maxWidth: Double) -> TextMetrics {
    measured.run(text) { measureAlone(text, maxWidth: maxWidth) }
  }

  /// What this engine has measured (see `FontLoading`).
  private let measured = FontUse()
  /// What the painter drawing this engine's texts has drawn.
  let drawn = FontUse()

  private func measureAlone(_ text: StyledText, maxWidth: Double) -> TextMetrics {
    let isShort = keepsLayouts && text.text.utf8.count <= Self.sharedMaxBytes
    let key = SharedKey(text: text, width: maxWidth)
    if isShort, let metrics = shared[key] { return metrics }
    let layout = ShapedText(taking: makeLayout(text, width: maxWidth))
    MissingGlyphs.check(layout.layout, text: text.text) { makeLayout(StyledText($0, font: text.font), width: maxWidth) }
    var metrics = Self.metrics(of: layout.layout)
    if keepsLayouts { metrics.shaped = layout }
    if isShort, shared.count < Self.sharedLimit { shared[key] = metrics }
    return metrics
  }

  /// `text` shaped for drawing, for text measured by a fake or for sizes only.
  func shape(_ text: StyledText, width: Double) -> ShapedText {
    FontLoading.run {
      let layout = makeLayout(text, width: width)
      pango_layout_get_extents(layout, nil, nil)  // shapes now, inside the lock
      return ShapedText(taking: layout)
    }
  }

  static func metrics(of layout: OpaquePointer) -> TextMetrics {
    let scale = Double(PANGO_SCALE)
    var logical = PangoRectangle()
    pango_layout_get_extents(layout, nil, &logical)
    var bottoms: [Double] = []
    var lastWidth = 0.0
    var lastStart: Int32 = 0
    var starts: [Int] = []
    if let iterator = pango_layout_get_iter(layout) {
      repeat {
        var line = PangoRectangle()
        pango_layout_iter_get_line_extents(iterator, nil, &line)
        // Added as doubles: Pango's own Int32 sum overflows on very tall text.
        bottoms.append((Double(line.y) + Double(line.height)) / scale)
        lastWidth = Double(line.width) / scale
        lastStart = pango_layout_iter_get_index(iterator)
        starts.append(Int(lastStart))
      } while pango_layout_iter_next_line(iterator) != 0
      pango_layout_iter_free(iterator)
    }
    let direction = pango_layout_get_direction(layout, lastStart)
    return TextMetrics(
      size: Size(width: Double(logical.width) / scale, height: Double(logical.height) / scale),
      offsetX: Double(logical.x) / scale, lineBottoms: bottoms, lastLineWidth: lastWidth,
      isRightToLeft: direction == PANGO_DIRECTION_RTL, lineStarts: starts)
  }
}
