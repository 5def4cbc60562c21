import CCairo

/// Writes each laid-out page as a PNG image.
@_spi(Pages) public struct PNGWriter: ImageWriter, Sendable {
  /// How many pixels a point, and how tall one image may be.
  public var raster: RasterOptions
  /// Text chunks (`tEXt`: keyword, Latin-1 text) the file carries, such as the evidence.
  public var texts: [(keyword: String, text: String)]

  /// A writer at `raster`'s scale and height, with `texts` as text chunks.
  public init(raster: RasterOptions, texts: [(keyword: String, text: String)] = []) {
    self.raster = raster
    self.texts = texts
  }

  /// Device pixels per layout point: the raster's scale, at least 0.01.
  public var drawingScale: Double { max(raster.scale, 0.01) }

  /// True: pages become pixels.
  public var isRaster: Bool { true }

  /// The raster's, within cairo's limit.
  public var maxImageHeight: Int? { min(raster.maxImageHeight, Limit.imageSide) }

  /// Draws `page` with `painter` and encodes it into `sink`.
  public func write(_ page: LaidOutPage, with painter: CairoPainter, to sink: OutputSink) throws {
    // Saturated: an oversized page becomes ImageSurface's clear size error, not a trap.
    let scale = drawingScale
    let width = (page.size.width * scale).rounded(.up).saturatingInt32
    let height = (page.size.height * scale).rounded(.up).saturatingInt32
    let opaque = page.background.isOpaque
    let surface = try ImageSurface(
      format: opaque ? CAIRO_FORMAT_RGB24 : CAIRO_FORMAT_ARGB32, width: width, height: height)
    try CairoPainter.withContext(surface.raw) { cairo in
      cairo_scale(cairo, scale, scale)
      painter.draw(page, on: cairo, isVector: false)
    }
    try surface.withPixels { pixels, stride in
      // Our encoder is tuned for flat-coloured pictures: cairo's own spends most of a
      // render in zlib.
      try PNGEncoder(threads: raster.encoders).encode(
        pixels: pixels, width: Int(width), height: Int(height), stride: stride, opaque: opaque,
        texts: texts
      ) { bytes in
        sink.write(bytes)
        if let failure = sink.failure { throw failure }
      }
    }
  }
}
