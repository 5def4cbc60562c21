import CCairo
import CPango
import Foundation

/// Turns transcripts into PNG, PDF or SVG files.
///
/// Keeps its fonts and Pango context between files, so font set-up is paid once. Not
/// thread-safe: give each thread its own exporter.
public final class Exporter {
  public let theme: Theme
  public let options: ExportOptions
  private let measurer: PangoTextMeasurer
  private let background: BackgroundPainter?

  /// - Throws: `InputError` when the theme's background image cannot be read.
  public init(theme: Theme = .default, options: ExportOptions = ExportOptions()) throws {
    self.theme = theme
    self.options = options
    let drawingScale: Double
    switch options.format {
    case .pdf: drawingScale = Self.pdfScale(theme)
    case .png: drawingScale = Self.pngScale(options)
    case .svg: drawingScale = 1
    }
    measurer = PangoTextMeasurer(drawingScale: drawingScale)
    background = try theme.canvas.backgroundImage.map(BackgroundPainter.init)
  }

  /// PDF points per layout point: canvas points are CSS pixels on paper (96 per inch, as
  /// browsers print), shrunk only when the column is wider than the paper.
  private static func pdfScale(_ theme: Theme) -> Double {
    min(0.75, (theme.page.width - theme.page.margin.horizontal) / theme.canvas.width)
  }

  private static func pngScale(_ options: ExportOptions) -> Double { max(options.scale, 0.01) }

  /// Renders `transcript` into `path`. A PNG or SVG too tall for one image becomes numbered
  /// files (`chat-001.png`, …). Nothing is left behind on failure.
  ///
  /// - Returns: the paths written.
  @discardableResult
  public func write(_ transcript: Transcript, to path: String) throws -> [String] {
    var sinks: [OutputSink] = []
    do {
      try render(transcript) { index, isLast in
        let name = index == 0 && isLast ? path : Self.numbered(path, index + 1)
        let sink = try OutputSink(path: name)
        sinks.append(sink)
        return sink
      }
      for sink in sinks { try sink.commit() }
      return sinks.map(\.displayPath)
    } catch {
      for sink in sinks { sink.abort() }
      throw error
    }
  }

  /// Renders `transcript` to standard output (one image or one PDF).
  public func writeToStandardOutput(_ transcript: Transcript) throws {
    let sink = OutputSink(standardOutput: ())
    try render(transcript) { index, isLast in
      guard index == 0, isLast else {
        throw OutputError(
          path: "<stdout>",
          reason: "the chat is taller than one image (\(options.maxImageHeight) px); write to a file to get numbered images")
      }
      return sink
    }
    try sink.commit()
  }

  /// Renders `transcript` in memory: one byte array per image (PNG, SVG) or one PDF.
  public func render(_ transcript: Transcript) throws -> [[UInt8]] {
    var sinks: [OutputSink] = []
    try render(transcript) { _, _ in
      let sink = OutputSink(memory: ())
      sinks.append(sink)
      return sink
    }
    return sinks.compactMap(\.buffer)
  }

  /// Deletes the temporary files of every write still in progress, in any exporter, so that
  /// a process ended by a signal leaves nothing half-written. Async-signal-safe: call it
  /// from a signal handler just before `_exit`.
  public static func deleteUnfinishedFiles() { UnfinishedFiles.deleteAll() }

  /// `chat.png`, 3 → `chat-003.png`.
  static func numbered(_ path: String, _ number: Int) -> String {
    let suffix = String(format: "-%03d", number)
    guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return path + suffix }
    return path[..<dot] + suffix + path[dot...]
  }

  // MARK: - Drawing

  /// Lays out and draws page by page; `sink(index, isLast)` gives where each file goes
  /// (PDF asks once for all its pages).
  private func render(_ transcript: Transcript, sink: (Int, Bool) throws -> OutputSink) throws {
    switch options.format {
    case .pdf: try renderPDF(transcript, sink: try sink(0, true))
    case .png, .svg: try renderImages(transcript, sink: sink)
    }
  }

  private func layout(_ pagination: LayoutOptions.Pagination) -> ConversationLayout {
    ConversationLayout(
      theme: theme, measurer: measurer,
      options: LayoutOptions(pagination: pagination, timeZone: options.timeZone, dateText: options.dateText))
  }

  private func renderImages(_ transcript: Transcript, sink makeSink: (Int, Bool) throws -> OutputSink) throws {
    let scale = Self.pngScale(options)
    let maxHeight: Double? =
      options.format == .png ? Double(min(options.maxImageHeight, 32767)) / scale : nil
    var pages = layout(.continuous(maxPageHeight: maxHeight)).pages(of: transcript)
    var current = pages.next()
    var index = 0
    while let page = current {
      let following = pages.next()
      let sink = try makeSink(index, following == nil)
      switch options.format {
      case .png: try drawPNG(page, scale: scale, to: sink)
      default: try drawSVG(page, to: sink)
      }
      current = following
      index += 1
    }
  }

  private func draw(_ page: LaidOutPage, on cairo: OpaquePointer, backgroundIsPainted: Bool = false) {
    let canvas = CairoCanvas(
      cairo: cairo, measurer: measurer, backgroundImage: background,
      backgroundIsPainted: backgroundIsPainted, isVector: options.format != .png)
    Renderer().draw(page, on: canvas)
  }

  private func drawPNG(_ page: LaidOutPage, scale: Double, to sink: OutputSink) throws {
    // Saturated: an oversized page becomes ImageSurface's clear size error, not a trap.
    let width = (page.size.width * scale).rounded(.up).saturatingInt32
    let height = (page.size.height * scale).rounded(.up).saturatingInt32
    let opaque = page.background.isOpaque
    let surface = try ImageSurface(
      format: opaque ? CAIRO_FORMAT_RGB24 : CAIRO_FORMAT_ARGB32, width: width, height: height)
    try surface.withContext { cairo in
      cairo_scale(cairo, scale, scale)
      draw(page, on: cairo)
    }
    try surface.writePNG(to: sink, opaque: opaque)
  }

  private func drawSVG(_ page: LaidOutPage, to sink: OutputSink) throws {
    let closure = Unmanaged.passUnretained(sink).toOpaque()
    guard let surface = cairo_svg_surface_create_for_stream(
      OutputSink.cairoWriter, closure, page.size.width, page.size.height)
    else { throw CairoError(message: "out of memory", context: "cannot create SVG") }
    defer { cairo_surface_destroy(surface) }
    try CairoError.check(cairo_surface_status(surface), "cannot create SVG")
    cairo_svg_surface_set_document_unit(surface, CAIRO_SVG_UNIT_PX)
    try withContext(surface) { cairo in draw(page, on: cairo) }
    cairo_surface_finish(surface)
    if let failure = sink.failure { throw failure }
    try CairoError.check(cairo_surface_status(surface), "\(sink.displayPath): cannot write SVG")
  }

  private func renderPDF(_ transcript: Transcript, sink: OutputSink) throws {
    let paper = theme.page
    let contentWidth = paper.width - paper.margin.horizontal
    let scale = Self.pdfScale(theme)  // the column is centred
    let left = paper.margin.left + (contentWidth - theme.canvas.width * scale) / 2
    let pageHeight = (paper.height - paper.margin.vertical) / scale
    let closure = Unmanaged.passUnretained(sink).toOpaque()
    guard let surface = cairo_pdf_surface_create_for_stream(
      OutputSink.cairoWriter, closure, paper.width, paper.height)
    else { throw CairoError(message: "out of memory", context: "cannot create PDF") }
    defer { cairo_surface_destroy(surface) }
    try CairoError.check(cairo_surface_status(surface), "cannot create PDF")
    cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, "chatrender")
    if let title = options.title ?? transcript.title {
      cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, title)
    }
    cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATE_DATE, Self.creationDate())
    var pages = layout(.pages(height: pageHeight)).pages(of: transcript)
    // The page's background covers the whole sheet (a white sheet needs nothing); the chat
    // sits inside the margins.
    func drawSheet(_ page: LaidOutPage, on cairo: OpaquePointer) {
      cairo_save(cairo)
      if page.background != .white {
        cairo_set_source_rgba(
          cairo, page.background.red, page.background.green, page.background.blue,
          page.background.alpha)
        cairo_paint(cairo)
      }
      cairo_translate(cairo, left, paper.margin.top)
      cairo_scale(cairo, scale, scale)
      draw(page, on: cairo, backgroundIsPainted: true)
      cairo_restore(cairo)
    }
    if options.writesPDFPagesConcurrently {
      // Laid out and recorded here, written to the PDF by the writer's thread.
      let writer = PDFPageWriter(surface: surface)
      var sheet = cairo_rectangle_t(x: 0, y: 0, width: paper.width, height: paper.height)
      do {
        while let page = pages.next() {
          guard let recording = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, &sheet)
          else { throw CairoError(message: "out of memory", context: "cannot record a page") }
          do {
            try withContext(recording) { drawSheet(page, on: $0) }
          } catch {
            cairo_surface_destroy(recording)
            throw error
          }
          guard writer.write(recording) else { break }
        }
      } catch {
        _ = writer.finish()
        throw error
      }
      let status = writer.finish()
      if let failure = sink.failure { throw failure }
      try CairoError.check(status, "\(sink.displayPath): cannot write PDF")
    } else {
      try withContext(surface) { cairo in
        while let page = pages.next() {
          drawSheet(page, on: cairo)
          cairo_show_page(cairo)
          if let failure = sink.failure { throw failure }
        }
      }
      cairo_surface_finish(surface)
    }
    if let failure = sink.failure { throw failure }
    try CairoError.check(cairo_surface_status(surface), "\(sink.displayPath): cannot write PDF")
  }

  private func withContext(_ surface: OpaquePointer, _ body: (OpaquePointer) throws -> Void) throws {
    guard let cairo = cairo_create(surface) else {
      throw CairoError(message: "out of memory", context: "cannot create drawing context")
    }
    defer { cairo_destroy(cairo) }
    try CairoError.check(cairo_status(cairo), "cannot create drawing context")
    try body(cairo)
    try CairoError.check(cairo_status(cairo), "drawing failed")
  }

  /// `SOURCE_DATE_EPOCH`: whole seconds since 1970 (its specification allows nothing else),
  /// set when output must be reproducible.
  @usableFromInline static var sourceDateEpoch: Int? {
    ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"].flatMap { Int($0) }
  }

  /// `SOURCE_DATE_EPOCH` when set (reproducible output), else now, as ISO 8601.
  static func creationDate() -> String {
    let seconds = sourceDateEpoch.map(Double.init) ?? Date().timeIntervalSince1970
    return ISO8601.format(.instant(Date(timeIntervalSince1970: seconds.rounded(.down))))
  }
}
