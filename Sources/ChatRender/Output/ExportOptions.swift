import Foundation

/// How a transcript becomes files.
public struct ExportOptions: Sendable {
  /// PNG, PDF or SVG; `.png` by default.
  public var format: OutputFormat
  /// A PNG's settings, which `scale` and `maxImageHeight` spell out; PDF and SVG are vector.
  @_spi(Pages) public var raster: RasterOptions
  /// Device pixels per point for PNG (2 for "retina"); PDF and SVG are vector.
  public var scale: Double {
    get { raster.scale }
    set { raster.scale = newValue }
  }
  /// The tallest PNG image in pixels before the chat is split into numbered images; cairo
  /// cannot make images taller than 32767 pixels.
  public var maxImageHeight: Int {
    get { raster.maxImageHeight }
    set { raster.maxImageHeight = newValue }
  }
  /// The zone in which absolute times are shown.
  public var timeZone: TimeZone
  /// The language of day labels and the clock of times.
  @_spi(Pages) public var dateText = DateTextStyle()
  /// The PDF's title; defaults to the transcript's.
  public var title: String?
  /// Whether a PDF's pages are written on a second thread while the next are laid out:
  /// faster on an idle second core, but about a sixth more processor time in all, so turn it
  /// off when other work already keeps the cores busy. Pages written that way are form
  /// objects in the file, so the bytes differ from a PDF written on one thread: on by
  /// default.
  package var writesPDFPagesConcurrently: Bool
  /// Whether a PDF's later messages are laid out on a second thread while the earlier ones
  /// are laid out on this one: faster on an idle second core, with the same bytes; on by
  /// default.
  package var laysOutPDFConcurrently: Bool
  /// Threads that decode a PNG's pictures while it is laid out and drawn (the drawing
  /// thread decodes those they have not reached); 0 decodes each page's pictures as it is
  /// drawn. 1 by default: a caller that knows its cores gives one fewer than it may use.
  package var pictureDecoders = 1
  /// Messages to spotlight, with their notes and an optional crop around them.
  public var highlights: Highlights?
  /// The height of each PNG or SVG image in pixels, cut between messages (phone screens);
  /// nil for one tall image (split at `maxImageHeight`).
  public var pageHeight: Int?
  /// The PDF's creator and the evidence line's version, e.g. "chatrender 0.1.0".
  public var creator: String
  /// Set for `--evidence`: the source file's hash, shown in the PDF's footer and metadata
  /// and in a PNG's text chunks.
  @_spi(Pages) public var evidence: DocumentSummary.Evidence?
  /// The creation date a PDF's metadata states; now when nil. The command line passes
  /// `SOURCE_DATE_EPOCH` here, for reproducible files.
  public var creationDate: Date?
  /// The writer of PDFs (`--pdf-engine`); cairo's by default.
  @_spi(Pages) public var pdfEngine = PDFEngine.cairo
  /// The archival standard of our own writer's PDFs (`--pdf-standard`); nil: PDF/A-3u with
  /// evidence, else PDF/A-2u.
  @_spi(Pages) public var pdfStandard: PDFStandard?
  /// Whether a PDF/A-3u with evidence carries its source (`--no-embed-source` clears it).
  package var embedsSource = true
  /// The source export a PDF/A-3u carries, set by the caller for each input.
  package var source: PDFSourceAttachment?
  /// Set for `--split-by`, `--split-every` and `--split-size`: one file per part, named after
  /// it (`chat-2025-03.pdf`, `chat-part-03.pdf`).
  package var splitBy: TranscriptSplit?
  /// When a render must have handed out its last page (a server's `--request-timeout`);
  /// checked as each page is made, past it the render stops with `RenderTimeout`.
  package var deadline: ContinuousClock.Instant?

  /// Options for `format`; no highlights and no split unless set afterwards. The library
  /// reads nothing of its host: a caller that knows its cores says whether to use a second
  /// one (the command line does, from the cores it may use and `SOURCE_DATE_EPOCH`). By
  /// default a PDF is laid out on two threads (same bytes) and written on one (reproducible).
  public init(
    format: OutputFormat = .png, scale: Double = 1, maxImageHeight: Int = 32767,
    timeZone: TimeZone = .current, title: String? = nil,
    writesPDFPagesConcurrently: Bool = false, laysOutPDFConcurrently: Bool = true,
    pageHeight: Int? = nil, creator: String = "chatrender"
  ) {
    self.format = format
    self.raster = RasterOptions(scale: scale, maxImageHeight: maxImageHeight)
    self.timeZone = timeZone
    self.title = title
    self.writesPDFPagesConcurrently = writesPDFPagesConcurrently
    self.laysOutPDFConcurrently = laysOutPDFConcurrently
    self.highlights = nil
    self.pageHeight = pageHeight
    self.creator = creator
    self.evidence = nil
    self.creationDate = nil
  }
}
