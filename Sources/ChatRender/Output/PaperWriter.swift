/// A writer of one paged document (a PDF, by cairo or by our own writer): pictures embedded,
/// pages that fill the paper, every page into one sink.
@_spi(Pages) public protocol PaperWriter: PageWriter {
  /// Draws every page `pages` gives with `painter` into `sink`, one page in memory at a time.
  func write(
    _ pages: inout some IteratorProtocol<LaidOutPage>, with painter: CairoPainter, to sink: OutputSink) throws
}

extension PaperWriter {
  /// False: pictures are embedded, a JPEG as its own bytes.
  public var isRaster: Bool { false }

  /// Pages that fill the paper, whatever height was asked.
  public func pagination(pageHeight: Int?) -> LayoutOptions.Pagination { .paper }

  /// Every page into the one sink `sinks(0, true)` gives.
  public func write(
    _ pages: inout some IteratorProtocol<LaidOutPage>, with painter: CairoPainter,
    sinks: (_ index: Int, _ isLast: Bool) throws -> OutputSink
  ) throws {
    try write(&pages, with: painter, to: try sinks(0, true))
  }
}
