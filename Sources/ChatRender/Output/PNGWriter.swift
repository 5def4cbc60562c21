import CCairo

/// Writes a laid-out page as a PNG image.
@_spi(Pages) public struct PNGWriter: Sendable {
  /// Device pixels per layout point (2 for "retina").
  public var scale: Double
  /// Text chunks (`tEXt`: keyword, Latin-1 text) the file carries, such as the evidence.
  public var texts: [(keyword: String, text: String)]

  /// A writer at `scale` device pixels per point (at least 0.01; 1 by default), with `texts` as
  /// text chunks.
  public init(scale: Double = 1, texts: [(keyword: String, text: String)] = []) {
    self.scale = max(scale, 0.01)
    self.texts = texts
  }

  /// Draws `page` with `renderer` and encodes it into `sink`.
  public func write(_ page: LaidOutPage, with renderer: PageRenderer, to sink: OutputSink) throws {
    // Saturated: an oversized page becomes ImageSurface's clear size error, not a trap.
    let width = (page.size.width * scale).rounded(.up).saturatingInt32
    let height = (page.size.height * scale).rounded(.up).saturatingInt32
    let opaque = page.background.isOpaque
    let surface = try ImageSurface(
      format: opaque ? CAIRO_FORMAT_RGB24 : CAIRO_FORMAT_ARGB32, width: width, height: height)
    try PageRenderer.withContext(surface.raw) { cairo in
      cairo_scale(cairo, scale, scale)
      renderer.draw(page, on: cairo, isVector: false)
    }
    try surface.withPixels { pixels, stride in
      // Our encoder is tuned for flat-coloured pictures: cairo's own spends most of a
      // render in zlib.
      try PNGEncoder().encode(
        pixels: pixels, width: Int(width), height: Int(height), stride: stride, opaque: opaque,
        texts: texts
      ) { bytes in
        sink.write(bytes)
        if let failure = sink.failure { throw failure }
      }
    }
  }
}
