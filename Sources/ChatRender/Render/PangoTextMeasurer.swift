import CCairo
import CPango

/// Measures text with Pango and keeps each laid-out text until it is drawn, so no text is
/// laid out twice.
///
/// Owns its font map and context: one per thread, never shared (ARCHITECTURE §2.5).
public final class PangoTextMeasurer: TextMeasurer {
  private let fontMap: UnsafeMutablePointer<PangoFontMap>
  private let context: OpaquePointer
  private var fonts: [FontSpec: OpaquePointer] = [:]
  private var kept: [Int: OpaquePointer] = [:]
  private var nextHandle = 1
  /// Short texts that recur (times, dates, "ok") are laid out once and drawn many times.
  private var shared: [SharedKey: TextMetrics] = [:]
  private var sharedLayouts: [Int: OpaquePointer] = [:]
  private static let sharedLimit = 4096
  private static let sharedMaxBytes = 24

  private struct SharedKey: Hashable {
    var text: StyledText
    var width: Double
  }
  /// Whether measured layouts are kept for drawing (off when only sizes are wanted).
  public var keepsLayouts: Bool

  /// - Parameter drawingScale: device units per point where the text will be drawn (0.75
  ///   on a PDF page, the scale of a PNG). Fonts are then made for that scale, so drawing
  ///   reuses the glyphs measuring loaded instead of loading (and, for colour emoji,
  ///   decoding) every glyph again. Sizes are in points whatever the scale.
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
    for layout in kept.values { g_object_unref(UnsafeMutableRawPointer(layout)) }
    for layout in sharedLayouts.values { g_object_unref(UnsafeMutableRawPointer(layout)) }
    for description in fonts.values { pango_font_description_free(description) }
    g_object_unref(UnsafeMutableRawPointer(context))
    g_object_unref(UnsafeMutableRawPointer(fontMap))
  }

  private func fontDescription(_ spec: FontSpec) -> OpaquePointer {
    if let cached = fonts[spec] { return cached }
    let description = pango_font_description_new()
    pango_font_description_set_family(description, spec.families.joined(separator: ","))
    pango_font_description_set_absolute_size(description, spec.size * Double(PANGO_SCALE))
    pango_font_description_set_weight(description, spec.bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL)
    guard let description else { fatalError("pango_font_description_new returned NULL (out of memory)") }
    fonts[spec] = description
    return description
  }

  /// A new layout of `text` wrapped at `width` points.
  func makeLayout(_ text: StyledText, width: Double) -> OpaquePointer {
    guard let layout = pango_layout_new(context) else {
      fatalError("pango_layout_new returned NULL (out of memory)")
    }
    var utf8 = text.text
    utf8.withUTF8 { buffer in
      buffer.withMemoryRebound(to: CChar.self) { chars in
        pango_layout_set_text(layout, chars.baseAddress, Int32(clamping: chars.count))
      }
    }
    pango_layout_set_font_description(layout, fontDescription(text.font))
    PangoAttributes.apply(text, to: layout)
    pango_layout_set_width(layout, (width * Double(PANGO_SCALE)).rounded(.down).saturatingInt32)
    pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
    if text.font.lineSpacing != 1 {
      // Extra space between lines rather than pango_layout_set_line_spacing, whose factor
      // mis-measures lines made only of fallback glyphs (an emoji alone on a line).
      let extra = (text.font.lineSpacing - 1) * text.font.size * 1.2
      pango_layout_set_spacing(layout, (extra * Double(PANGO_SCALE)).saturatingInt32)
    }
    return layout
  }

  public func measure(_ text: StyledText, maxWidth: Double) -> TextMetrics {
    let isShort = keepsLayouts && text.text.utf8.count <= Self.sharedMaxBytes
    let key = SharedKey(text: text, width: maxWidth)
    if isShort, let metrics = shared[key] { return metrics }
    let layout = makeLayout(text, width: maxWidth)
    var metrics = Self.metrics(of: layout)
    if isShort, shared.count < Self.sharedLimit {
      metrics.handle = -nextHandle  // negative: shared, never handed over
      sharedLayouts[-nextHandle] = layout
      shared[key] = metrics
      nextHandle += 1
    } else if keepsLayouts {
      metrics.handle = nextHandle
      kept[nextHandle] = layout
      nextHandle += 1
    } else {
      g_object_unref(UnsafeMutableRawPointer(layout))
    }
    return metrics
  }

  /// The layout measured under `handle`, and whether the caller now owns it (and unrefs it
  /// after drawing) or only borrows a shared one; nil when none was kept.
  func layout(for handle: Int?) -> (layout: OpaquePointer, owned: Bool)? {
    guard let handle else { return nil }
    if let layout = sharedLayouts[handle] { return (layout, false) }
    return kept.removeValue(forKey: handle).map { ($0, true) }
  }

  /// Gives a layout back so another piece of the same text (a page break) can draw it.
  func keepLayout(_ layout: OpaquePointer, handle: Int) { kept[handle] = layout }

  static func metrics(of layout: OpaquePointer) -> TextMetrics {
    let scale = Double(PANGO_SCALE)
    var logical = PangoRectangle()
    pango_layout_get_extents(layout, nil, &logical)
    var bottoms: [Double] = []
    var lastWidth = 0.0
    var lastStart: Int32 = 0
    if let iterator = pango_layout_get_iter(layout) {
      repeat {
        var line = PangoRectangle()
        pango_layout_iter_get_line_extents(iterator, nil, &line)
        // Added as doubles: Pango's own Int32 sum overflows on very tall text.
        bottoms.append((Double(line.y) + Double(line.height)) / scale)
        lastWidth = Double(line.width) / scale
        lastStart = pango_layout_iter_get_index(iterator)
      } while pango_layout_iter_next_line(iterator) != 0
      pango_layout_iter_free(iterator)
    }
    let direction = pango_layout_get_direction(layout, lastStart)
    return TextMetrics(
      size: Size(width: Double(logical.width) / scale, height: Double(logical.height) / scale),
      offsetX: Double(logical.x) / scale, lineBottoms: bottoms, lastLineWidth: lastWidth,
      isRightToLeft: direction == PANGO_DIRECTION_RTL)
  }
}
