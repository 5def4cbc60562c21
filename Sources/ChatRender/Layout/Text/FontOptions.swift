import CCairo

/// The one set of font options used to measure and to draw, so that image and PDF surfaces
/// lay text out identically (hint metrics differ by surface otherwise).
enum FontOptions {
  /// A new options object: hint metrics off, hint style none, grey antialiasing.
  /// The caller destroys it with `cairo_font_options_destroy`.
  static func makePinned() -> OpaquePointer? {
    let options = cairo_font_options_create()
    cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
    cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
    cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
    return options
  }
}
