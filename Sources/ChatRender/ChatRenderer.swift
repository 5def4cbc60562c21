import Foundation

/// Reads nothing and knows no command line: turns a `Transcript` into PNG, PDF or SVG files
/// by composing the stages, layout (`ConversationLayout` with a `TextEngine`), drawing
/// (`CairoPainter`) and writing (a `PageWriter`: `PNGWriter`, `PDFWriter`, `SVGWriter`). Each stage is
/// usable on its own; this is the common case in one call.
///
/// ```swift
/// let renderer = try ChatRenderer(theme: .default, options: ExportOptions(format: .pdf))
/// try renderer.write(transcript, to: "chat.pdf")
/// ```
///
/// Keeps its fonts and Pango context between files, so font set-up is paid once. Not
/// thread-safe: give each thread its own renderer.
public final class ChatRenderer {
  /// The look of every page: colours, fonts, bubbles, paper.
  public let theme: Theme
  /// `format` and `scale` are fixed when the renderer is made (its fonts are made for them);
  /// the rest (title, evidence, …) may change from one file to the next.
  public var options: ExportOptions
  private let painter: CairoPainter
  /// Device units per point where text is drawn (see `TextEngine.init`).
  private let drawingScale: Double
  /// The second thread's text engine (`PageIterator.buildsAhead`), made when first needed.
  private lazy var helperEngine = TextEngine(drawingScale: drawingScale)
  /// Called as pages are made, for a progress line while one big file renders: with a page's
  /// number and the page count as each is handed to the writer (the count is nil for PNG and
  /// SVG, whose pages are written as they are laid out), and with `isLayingOut` while a PDF's
  /// pages are all laid out before the first is written ("Page N of M").
  public var onPage: ((_ progress: PageProgress) -> Void)?

  /// - Throws: `FileError` when the theme's background image cannot be read.
  public init(theme: Theme = .default, options: ExportOptions = ExportOptions()) throws {
    self.theme = theme
    self.options = options
    let writer = Self.writer(for: options, theme: theme)
    drawingScale = writer.drawingScale
    let decodesAhead = writer.isRaster && options.pictureDecoders > 0
    let background = try theme.canvas.backgroundImage.map { ($0, try BackgroundPicture.pixels(at: $0.path)) }
    painter = try CairoPainter(
      engine: TextEngine(drawingScale: drawingScale), background: background,
      pictures: PictureCatalog(
        decodeAheadAt: decodesAhead ? drawingScale : nil, decoders: options.pictureDecoders))
  }

  /// The warnings of the renders since the last call: pictures drawn as placeholders, titles
  /// and names drawn cut.
  public func takeWarnings() -> [Diagnostic] {
    defer { warnings = [] }
    return warnings + painter.pictures.takeWarnings()
  }

  /// What the layouts since the last `takeWarnings()` cut short.
  private var warnings: [Diagnostic] = []

  /// One warning for a title and one for all names longer than a line, which the layout
  /// draws cut (`LineCut`); the title only where it is drawn, in a document.
  private func warnAboutLongNames(in transcript: Transcript) {
    let limit = Limit.nameLength.exceededMessage()
    if pagination == .paper, let title = options.title ?? transcript.title, LineCut.isLong(title) {
      warnings.append(.warning("the chat's title is drawn cut: \(limit)"))
    }
    // An author with no participant is drawn by its id.
    let known = Set(transcript.participants.map(\.id))
    let authors = Set(transcript.messages.compactMap(\.authorID)).subtracting(known)
    let long = (transcript.participants.map(\.name) + authors).filter { LineCut.isLong($0) }.count
    if long > 0 {
      warnings.append(.warning("\(long == 1 ? "a name is" : "\(long) names are") drawn cut: \(limit)"))
    }
  }

  /// The most text a PDF's pages may hold while they are kept until the last is laid out
  /// ("Page N of M"), in UTF-8 bytes (see `NumberedPages`).
  var keptTextBudget = NumberedPages.defaultBudget

  /// The pages of `transcript`, laid out one at a time as the output format cuts them, with
  /// the options' highlights spotlit (and the transcript cropped to them when asked). A
  /// PDF's pages are all laid out before the first is handed out, to be numbered "Page N of
  /// M"; a long chat's are counted by a layout that measures sizes only (`NumberedPages`).
  ///
  /// - Throws: `HighlightError` when a highlight names no message.
  @_spi(Pages) public func pages(of transcript: Transcript) throws(HighlightError) -> SpotlightPages<NumberedPages> {
    let transcript = worded(transcript)
    warnAboutLongNames(in: transcript)
    guard let highlights = options.highlights else {
      return SpotlightPages(counted(transcript), spotlight: nil)
    }
    let (shown, selection) = try highlights.resolve(in: transcript)
    let spotlight = Spotlight(
      theme: theme, measurer: painter.engine, selection: selection, pagination: pagination)
    return SpotlightPages(
      counted(shown, notes: selection.notesByLastMessage, leftOut: selection.leftOut), spotlight: spotlight)
  }

  /// What a document made from `transcript` says about it.
  @_spi(Pages) public func summary(of transcript: Transcript) -> DocumentSummary {
    var summary = DocumentSummary(
      worded(transcript), title: options.title, timeZone: options.timeZone, creator: options.creator,
      evidence: options.evidence, locale: options.dateText.locale)
    summary.part = part
    return summary
  }

  /// `transcript` with the sentences its importer made (`Phrase`: Telegram's joins, calls,
  /// "Them") in the options' language, written here so layout draws them as any text; a
  /// transcript worded already has no phrase left and comes back as it is.
  private func worded(_ transcript: Transcript) -> Transcript {
    guard transcript.hasPhrases else { return transcript }
    let labels = LocalizedLabels(options.dateText)
    return transcript.withPhrasesWritten { labels.locale.translation.text($0, digits: labels.localDigits) }
  }

  /// The part of a chat cut into files being written (`write(_:to:)` with `splitBy`).
  private var part: DocumentPart?

  /// A chat whose messages' text alone is past the budget keeps no pages but the first: kept
  /// pages would only add their memory to the chat's own, at its peak.
  private func counted(_ transcript: Transcript, notes: [Int: String] = [:], leftOut: [Int: Int] = [:]) -> NumberedPages
  {
    let engine = painter.engine
    let keeps = engine.keepsLayouts
    let text = transcript.messages.reduce(0) { $0 + $1.text.utf8.count }
    let budget = text > keptTextBudget ? 0 : keptTextBudget
    var pages = layout(of: transcript, notes: notes, leftOut: leftOut).pages(of: transcript)
    // Kept pages are drawn only once all are laid out, so a second thread may shape them.
    if pagination == .paper, options.laysOutPDFConcurrently, budget > 0, text >= Self.textWorthASecondThread {
      pages.buildsAhead(with: helperEngine)
    }
    return NumberedPages(pages, budget: budget) { engine.keepsLayouts = keeps && $0 }
  }

  /// The least text (UTF-8 bytes) whose layout gains from a second thread: below it, the
  /// second engine's first fonts cost more than the thread saves.
  static let textWorthASecondThread = 16 << 10

  /// How the output format's writer cuts pages.
  private var pagination: LayoutOptions.Pagination {
    Self.writer(for: options, theme: theme).pagination(pageHeight: options.pageHeight)
  }

  /// The writer of `options.format`, the one place a format becomes its writer; `document`
  /// (what the file says about its chat) is asked for only by a writer that writes it: a
  /// PDF's metadata and outline, a PNG's evidence chunks.
  static func writer(
    for options: ExportOptions, theme: Theme, document: @autoclosure () -> DocumentSummary? = nil,
    transcript: Transcript? = nil
  ) -> any PageWriter {
    switch options.format {
    case .png:
      let texts = options.evidence == nil ? [] : document()?.evidenceTexts ?? []
      return PNGWriter(raster: options.raster, texts: texts)
    case .svg:
      return SVGWriter()
    case .webp:
      return WebPWriter(raster: options.raster)
    case .pdf where options.pdfEngine == .own:
      var writer = PDFDocumentWriter(
        paper: PaperLayout(theme: theme), document: document(), creationDate: options.creationDate)
      writer.messages = transcript.map { ($0, options.timeZone, options.dateText) }
      writer.standard = options.pdfStandard ?? (options.evidence == nil ? .a2u : .a3u)
      writer.source = options.embedsSource && options.evidence != nil ? options.source : nil
      return writer
    case .pdf:
      return PDFWriter(
        paper: PaperLayout(theme: theme), document: document(), writesConcurrently: options.writesPDFPagesConcurrently,
        creationDate: options.creationDate)
    }
  }

  private func layout(of transcript: Transcript, notes: [Int: String], leftOut: [Int: Int]) -> ConversationLayout {
    let pagination = pagination
    let document = pagination == .paper ? summary(of: transcript) : nil
    var layoutOptions = LayoutOptions(
      pagination: pagination, timeZone: options.timeZone, dateText: options.dateText, document: document)
    layoutOptions.notes = notes
    layoutOptions.leftOut = leftOut
    return ConversationLayout(
      theme: theme, measurer: painter.engine, options: layoutOptions, pictures: painter.pictures)
  }

  /// Renders `transcript` into `path`. A PNG or SVG too tall for one image becomes numbered
  /// files (`chat-001.png`, …); with `splitBy`, each part is a file of its own
  /// (`chat-2025-03.pdf`, `chat-part-03.pdf`) whose first page, in a PDF, says which part it
  /// is and links to the parts before and after. Nothing is left behind on failure.
  ///
  /// - Returns: the paths written.
  @discardableResult
  public func write(_ transcript: Transcript, to path: String) throws -> [String] {
    var sinks: [OutputSink] = []
    defer { part = nil }
    do {
      let parts =
        options.splitBy.map { $0.parts(of: transcript, timeZone: options.timeZone) }
        ?? [TranscriptSplit.Part(name: "", transcript: transcript, firstMessage: 1, lastMessage: 0)]
      let paths = parts.map { $0.name.isEmpty ? path : Self.suffixed(path, "-" + $0.name) }
      for (number, part) in parts.enumerated() {
        let partPath = paths[number]
        self.part = parts.count > 1 ? Self.documentPart(number, of: parts, paths: paths) : nil
        try render(part.transcript) { index, isLast in
          let name = index == 0 && isLast ? partPath : Self.numbered(partPath, index + 1)
          let sink = try OutputSink(path: name)
          sinks.append(sink)
          return sink
        }
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
        throw FileError(
          path: "<stdout>",
          reason:
            "the chat is taller than one image (\(options.maxImageHeight) px); write to a file to get numbered images")
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
  package static func deleteUnfinishedFiles() { UnfinishedFiles.deleteAll() }

  /// Part `index` (from 0) of `parts`, linking its neighbours' files by name: they lie in
  /// the same folder.
  private static func documentPart(_ index: Int, of parts: [TranscriptSplit.Part], paths: [String]) -> DocumentPart {
    let name = { (path: String) in (path as NSString).lastPathComponent }
    return DocumentPart(
      number: index + 1, count: parts.count, firstMessage: parts[index].firstMessage,
      lastMessage: parts[index].lastMessage, previousFile: index > 0 ? name(paths[index - 1]) : nil,
      nextFile: index + 1 < parts.count ? name(paths[index + 1]) : nil)
  }

  /// `chat.png`, 3 → `chat-003.png`.
  static func numbered(_ path: String, _ number: Int) -> String {
    suffixed(path, String(format: "-%03d", number))
  }

  /// `chat.png`, "-x" → `chat-x.png`.
  static func suffixed(_ path: String, _ suffix: String) -> String {
    guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return path + suffix }
    return path[..<dot] + suffix + path[dot...]
  }

  // MARK: - Writing

  /// Lays out and writes page by page; `sink(index, isLast)` gives where each file goes
  /// (see `PageWriter.write(_:with:sinks:)`).
  private func render(_ transcript: Transcript, sink makeSink: (Int, Bool) throws -> OutputSink) throws {
    defer { painter.pictures.finishRender() }
    // Worded once here: the pages, the summary and the writer's labels read the same words.
    let transcript = worded(transcript)
    var pages = ReportedPages(try pages(of: transcript), report: onPage, deadline: options.deadline)
    let writer = Self.writer(
      for: options, theme: theme, document: summary(of: transcript), transcript: transcript)
    do {
      try writer.write(&pages, with: painter, sinks: makeSink)
    } catch  where pages.isPastDeadline {
      throw RenderTimeout()
    }
    // The pages stopped early: what was written is not the chat.
    if pages.isPastDeadline { throw RenderTimeout() }
  }
}

/// How far the pages of one file have come.
public struct PageProgress: Sendable, Hashable {
  /// Pages laid out (while `isLayingOut`) or handed to the writer.
  public var pages: Int
  /// The number of pages when known (a PDF's, once laid out).
  public var count: Int?
  /// Whether a PDF's pages are being laid out, before any is written.
  public var isLayingOut: Bool
}

/// A render that was still making pages at its deadline (`ExportOptions.deadline`).
package struct RenderTimeout: Error, CustomStringConvertible {
  package var description: String { "the render took longer than its time allows" }
}

/// Pages reported as they are laid out and as each is handed out; none past the deadline.
private struct ReportedPages: IteratorProtocol {
  private var base: SpotlightPages<NumberedPages>
  private let report: ((PageProgress) -> Void)?
  private let deadline: ContinuousClock.Instant?
  private var number = 0
  /// Whether the deadline passed before the pages ran out.
  private(set) var isPastDeadline = false

  init(_ base: SpotlightPages<NumberedPages>, report: ((PageProgress) -> Void)?, deadline: ContinuousClock.Instant?) {
    self.base = base
    self.report = report
    self.deadline = deadline
    self.base.onLaidOut = report.map { report in { report(PageProgress(pages: $0, isLayingOut: true)) } }
  }

  mutating func next() -> LaidOutPage? {
    if let deadline, ContinuousClock.now >= deadline { isPastDeadline = true }
    guard !isPastDeadline, let page = base.next() else { return nil }
    number += 1
    report?(PageProgress(pages: number, count: base.pageCount, isLayingOut: false))
    return page
  }
}
