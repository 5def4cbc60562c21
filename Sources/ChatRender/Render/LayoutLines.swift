import CPango

/// The lines of a Pango layout as drawn: each with its left end and baseline.
enum LayoutLines {
  /// Calls `body(line, x, baseline)` for `lines` (all when nil) of `layout`, whose text's
  /// left is `x`; a part of a text is moved up so the first of its lines starts at `top`.
  static func forEach(
    _ lines: Range<Int>?, of layout: OpaquePointer, x: Double, top: Double,
    _ body: (UnsafeMutablePointer<PangoLayoutLine>, Double, Double) -> Void
  ) {
    guard let iterator = pango_layout_get_iter(layout) else { return }
    defer { pango_layout_iter_free(iterator) }
    let scale = Double(PANGO_SCALE)
    let shown = lines ?? 0..<Int.max
    var index = 0
    var shift: Double? = lines == nil ? 0 : nil
    repeat {
      if shown.contains(index), let line = pango_layout_iter_get_line_readonly(iterator) {
        var extents = PangoRectangle()
        pango_layout_iter_get_line_extents(iterator, nil, &extents)
        if shift == nil { shift = Double(extents.y) / scale }
        let baseline = Double(pango_layout_iter_get_baseline(iterator)) / scale
        body(line, x + Double(extents.x) / scale, top + baseline - (shift ?? 0))
      }
      index += 1
    } while index < shown.upperBound && pango_layout_iter_next_line(iterator) != 0
  }
}
