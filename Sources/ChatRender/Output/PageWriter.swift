/// Turns laid-out pages into files of one output format. Layout asks it how to lay out
/// (`drawingScale`, `pagination(pageHeight:)`); then it draws the pages with a `CairoPainter`
/// and sends the bytes to the sinks it asks for. A new output format is one new conformer.
@_spi(Pages) public protocol PageWriter {
  /// Device units per layout point on the writer's surface (2 for a PNG at "retina" scale, the
  /// paper's content scale for PDF): text is shaped for it (`TextEngine(drawingScale:)`).
  var drawingScale: Double { get }
  /// Whether pages become pixels: their pictures are then decoded to pixels ahead of drawing,
  /// while a vector writer embeds a JPEG's own bytes.
  var isRaster: Bool { get }
  /// How layout cuts the pages, given the height each should have in device units
  /// (`ExportOptions.pageHeight`; nil for as tall as the format allows).
  func pagination(pageHeight: Int?) -> LayoutOptions.Pagination
  /// Draws every page `pages` gives with `painter`. `sinks(index, isLast)` gives where the
  /// file numbered `index` (from 0) goes, `isLast` when no page follows it: an image writer
  /// asks once a page, a document writer once for all its pages. Pages are taken one at a
  /// time, so a long chat never needs all its pages in memory.
  func write(
    _ pages: inout some IteratorProtocol<LaidOutPage>, with painter: CairoPainter,
    sinks: (_ index: Int, _ isLast: Bool) throws -> OutputSink
  ) throws
}

/// A writer of one image file per page (PNG, SVG).
@_spi(Pages) public protocol ImageWriter: PageWriter {
  /// The tallest image in device pixels before the chat is cut into several; nil for no limit.
  var maxImageHeight: Int? { get }
  /// Draws `page` with `painter` into `sink`.
  func write(_ page: LaidOutPage, with painter: CairoPainter, to sink: OutputSink) throws
}

@_spi(Pages) extension ImageWriter {
  /// Pages of `pageHeight` device pixels when given, else one tall page cut at `maxImageHeight`.
  public func pagination(pageHeight: Int?) -> LayoutOptions.Pagination {
    if let pageHeight { return .pages(height: Double(pageHeight) / drawingScale) }
    return .continuous(maxPageHeight: maxImageHeight.map { Double($0) / drawingScale })
  }

  /// Each page into a sink of its own, asked for once the next page is laid out (so the last
  /// one knows it is the last).
  public func write(
    _ pages: inout some IteratorProtocol<LaidOutPage>, with painter: CairoPainter,
    sinks: (_ index: Int, _ isLast: Bool) throws -> OutputSink
  ) throws {
    var current = pages.next()
    var index = 0
    while let page = current {
      let following = pages.next()
      try write(page, with: painter, to: try sinks(index, following == nil))
      current = following
      index += 1
    }
  }
}
