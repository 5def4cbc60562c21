import CCairo
import Foundation

/// Writes laid-out pages, each with its sheet, as one PDF document.
@_spi(Pages) public struct PDFWriter: PaperWriter, Sendable {
  /// What the document's metadata and outline say; none when nil.
  public var document: DocumentSummary?
  /// Whether pages are written on a second thread while the next are laid out: faster on
  /// an idle second core, but more processor time in all. Pages written that way are form
  /// objects, so the bytes differ from a PDF written on one thread.
  public var writesConcurrently: Bool
  /// The creation date the metadata states (`SOURCE_DATE_EPOCH` for reproducible files, as the
  /// command line passes it); now when nil.
  public var creationDate: Date?

  /// The paper's content scale (`PaperLayout.contentScale`): a phone-wide column is drawn
  /// smaller to fit the paper.
  public let drawingScale: Double

  /// A writer of a plain PDF on `paper`, on one thread unless told otherwise.
  public init(
    paper: PaperLayout, document: DocumentSummary? = nil, writesConcurrently: Bool = false,
    creationDate: Date? = nil
  ) {
    drawingScale = paper.contentScale
    self.document = document
    self.writesConcurrently = writesConcurrently
    self.creationDate = creationDate
  }

  /// Draws every page `pages` gives with `painter` into `sink`. Pages are taken one at a
  /// time, so a long chat never needs all its pages in memory.
  public func write(
    _ pages: inout some IteratorProtocol<LaidOutPage>, with painter: CairoPainter,
    to sink: OutputSink
  ) throws {
    guard var page = pages.next() else { return }
    let closure = Unmanaged.passUnretained(sink).toOpaque()
    let first = page.outputSize
    guard
      let surface = cairo_pdf_surface_create_for_stream(
        OutputSink.cairoWriter, closure, first.width, first.height)
    else { throw CairoError(message: "out of memory", context: "cannot create PDF") }
    defer { FontLoading.run { cairo_surface_destroy(surface) } }
    try CairoError.check(cairo_surface_status(surface), "cannot create PDF")
    painter.engine.drawn.forget()
    setMetadata(on: surface)
    var outline = PDFOutline(dayCount: document?.dayCount ?? 0, locale: document?.locale ?? .standard)
    if writesConcurrently {
      try writeOnSecondThread(
        first: page, rest: &pages, painter: painter, surface: surface, sink: sink, outline: &outline)
    } else {
      var number = 1
      try CairoPainter.withContext(surface) { cairo in
        while true {
          let size = page.outputSize
          cairo_pdf_surface_set_size(surface, size.width, size.height)
          painter.draw(page, on: cairo, isVector: true)
          cairo_show_page(cairo)
          outline.add(page, number: number)
          if let failure = sink.failure { throw failure }
          guard let next = pages.next() else { break }
          page = next
          number += 1
        }
      }
      outline.write(to: surface)
      // Finishing writes the fonts: it reads, and may open, their files (see `FontLoading`).
      FontLoading.run { cairo_surface_finish(surface) }
    }
    if let failure = sink.failure { throw failure }
    try CairoError.check(cairo_surface_status(surface), "\(sink.displayPath): cannot write PDF")
  }

  private func setMetadata(on surface: OpaquePointer) {
    for (key, value) in metadata {
      cairo_pdf_surface_set_metadata(surface, key, value)
    }
  }

  /// Title, author (the participants), subject (the dates and count, or the evidence line),
  /// keywords, creator with its version, creation date.
  var metadata: [(cairo_pdf_metadata_t, String)] {
    Self.metadata(of: document, creationDate: creationDate)
  }

  /// The metadata of `document`, created at `creationDate` (now when nil); both engines' own.
  static func metadata(of document: DocumentSummary?, creationDate: Date?) -> [(cairo_pdf_metadata_t, String)] {
    var fields = [(CAIRO_PDF_METADATA_CREATOR, document?.creator ?? "chatrender")]
    if let document {
      fields.append((CAIRO_PDF_METADATA_TITLE, document.title))
      fields.append((CAIRO_PDF_METADATA_AUTHOR, document.participants.joined(separator: ", ")))
      let labels = LocalizedLabels(document.locale)
      let subject = labels.word(.pdfSubject, ["facts": document.facts])
      fields.append((CAIRO_PDF_METADATA_SUBJECT, document.evidenceLine ?? subject))
      var keywords = [labels.word(.chat)] + document.participants
      if let evidence = document.evidence { keywords.append("sha256:\(evidence.sourceSHA256)") }
      fields.append((CAIRO_PDF_METADATA_KEYWORDS, keywords.joined(separator: ", ")))
    }
    let created = Date(timeIntervalSince1970: (creationDate ?? Date()).timeIntervalSince1970.rounded(.down))
    fields.append((CAIRO_PDF_METADATA_CREATE_DATE, ISO8601.format(.instant(created))))
    return fields
  }

  /// Each page is recorded here with the painter's Pango objects and replayed into the PDF
  /// by the writer's thread, so no Pango object is used by two threads.
  private func writeOnSecondThread(
    first: LaidOutPage, rest pages: inout some IteratorProtocol<LaidOutPage>,
    painter: CairoPainter, surface: OpaquePointer, sink: OutputSink, outline: inout PDFOutline
  ) throws {
    let writer = PDFPageWriter(surface: surface)
    var next: LaidOutPage? = first
    var number = 0
    do {
      while let page = next {
        number += 1
        outline.add(page, number: number)
        let size = page.outputSize
        var sheet = cairo_rectangle_t(x: 0, y: 0, width: size.width, height: size.height)
        guard let recording = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, &sheet)
        else { throw CairoError(message: "out of memory", context: "cannot record a page") }
        // Cairo 1.16 crashes replaying a recorded link tag: the writer adds links itself.
        var drawn = page
        drawn.items.removeAll { if case .link = $0 { true } else { false } }
        do {
          try CairoPainter.withContext(recording) { painter.draw(drawn, on: $0, isVector: true) }
        } catch {
          FontLoading.run { cairo_surface_destroy(recording) }
          throw error
        }
        let loadsFonts = painter.engine.drawn.takeLoaded()
        guard writer.write(recording, links: Self.linkAttributes(of: page), loadsFonts: loadsFonts) else { break }
        next = pages.next()
      }
    } catch {
      _ = writer.finish(outline: nil)
      throw error
    }
    let status = writer.finish(outline: outline)
    if let failure = sink.failure { throw failure }
    try CairoError.check(status, "\(sink.displayPath): cannot write PDF")
  }

  /// Cairo's attributes for each link of `page`, placed on its sheet.
  static func linkAttributes(of page: LaidOutPage) -> [String] {
    let sheet = page.sheet ?? Sheet(size: page.size, contentOrigin: .zero, contentScale: 1)
    return page.items.compactMap { item in
      guard case .link(let link) = item else { return nil }
      let frame = link.frame
      let onSheet = Rect(
        x: sheet.contentOrigin.x + frame.minX * sheet.contentScale,
        y: sheet.contentOrigin.y + frame.minY * sheet.contentScale,
        width: frame.width * sheet.contentScale, height: frame.height * sheet.contentScale)
      return CairoCanvas.linkAttributes(url: link.url, deviceRect: onSheet)
    }
  }
}
