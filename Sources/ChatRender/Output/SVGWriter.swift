import CCairo

/// Writes a laid-out page as an SVG document.
public struct SVGWriter: Sendable {
  public init() {}

  /// Draws `page` with `renderer` into `sink`.
  public func write(_ page: LaidOutPage, with renderer: PageRenderer, to sink: OutputSink) throws {
    let closure = Unmanaged.passUnretained(sink).toOpaque()
    guard
      let surface = cairo_svg_surface_create_for_stream(
        OutputSink.cairoWriter, closure, page.size.width, page.size.height)
    else { throw CairoError(message: "out of memory", context: "cannot create SVG") }
    defer { cairo_surface_destroy(surface) }
    try CairoError.check(cairo_surface_status(surface), "cannot create SVG")
    cairo_svg_surface_set_document_unit(surface, CAIRO_SVG_UNIT_PX)
    try PageRenderer.withContext(surface) { renderer.draw(page, on: $0, isVector: true) }
    cairo_surface_finish(surface)
    if let failure = sink.failure { throw failure }
    try CairoError.check(cairo_surface_status(surface), "\(sink.displayPath): cannot write SVG")
  }
}
