import CCairo
import Dispatch
import Foundation
import Synchronization

/// Writes recorded pages into a PDF on a thread of its own, while the caller lays out and
/// records the next ones.
///
/// Laying out a page (Pango) and writing it (cairo's PDF output: analysis, numbers,
/// compression) each take about half of a long chat's time; on two cores they overlap. The
/// caller records every page on a cairo recording surface with its own Pango objects, and
/// this thread only replays finished recordings, so no Pango object is ever used by two
/// threads (docs/ARCHITECTURE.md, "Threads"). Cairo's fonts are shared by the recordings: a
/// page that drew a font for the first time is replayed inside `FontLoading`, as the PDF
/// makes its copy of that font then.
final class PDFPageWriter: @unchecked Sendable {
  private let surface: OpaquePointer
  private let slots: DispatchSemaphore
  private let ready = DispatchSemaphore(value: 0)
  private let finished = DispatchSemaphore(value: 0)
  /// Recordings waiting to be written, as addresses (pointers are not Sendable), with their
  /// pages' links (cairo's attributes) and whether they load fonts; address 0 marks the end.
  private let waiting = Mutex<[Page]>([])
  private struct Page {
    var address: UInt
    var links: [String] = []
    var loadsFonts = false
  }
  private let stopped = Atomic<Bool>(false)
  /// Set by the writer thread before it signals `finished`.
  private var status = CAIRO_STATUS_SUCCESS
  /// Set by `finish` before the end mark is queued; read by the writer thread after it.
  private var outline: PDFOutline?

  /// Starts the writer thread. `surface` (a PDF surface) must not be used by anyone else
  /// until `finish()` returns.
  init(surface: OpaquePointer, pagesAhead: Int = 3) {
    self.surface = surface
    slots = DispatchSemaphore(value: pagesAhead)
    let thread = Thread { [self] in run() }
    thread.name = "chatrender PDF writer"
    thread.start()
  }

  /// Hands a page's recording surface over (the writer destroys it); `loadsFonts`: the page
  /// drew a font for the first time. False once writing has failed: the caller should stop
  /// and call `finish()` for the error.
  func write(_ recording: OpaquePointer, links: [String] = [], loadsFonts: Bool = true) -> Bool {
    guard !stopped.load(ordering: .acquiring) else {
      FontLoading.run { cairo_surface_destroy(recording) }
      return false
    }
    enqueue(Page(address: Self.address(of: recording), links: links, loadsFonts: loadsFonts))
    return true
  }

  /// Waits until every handed page is written, `outline` added and the PDF finished (fonts,
  /// cross-reference table); cairo's status of the writing.
  func finish(outline: PDFOutline?) -> cairo_status_t {
    self.outline = outline
    enqueue(Page(address: 0))
    finished.wait()
    return status
  }

  private static func address(of recording: OpaquePointer) -> UInt {
    UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(recording)))
  }

  private func enqueue(_ page: Page) {
    slots.wait()
    waiting.withLock { $0.append(page) }
    ready.signal()
  }

  private func run() {
    let cairo = cairo_create(surface)
    status = cairo.map(cairo_status) ?? CAIRO_STATUS_NO_MEMORY
    if status != CAIRO_STATUS_SUCCESS { stopped.store(true, ordering: .releasing) }
    while true {
      ready.wait()
      let page = waiting.withLock { $0.removeFirst() }
      slots.signal()
      guard let recording = OpaquePointer(bitPattern: page.address) else { break }
      if status == CAIRO_STATUS_SUCCESS, let cairo {
        if page.loadsFonts {
          FontLoading.run { replay(recording, links: page.links, on: cairo) }
        } else {
          replay(recording, links: page.links, on: cairo)
        }
      }
      FontLoading.run { cairo_surface_destroy(recording) }
    }
    if let cairo { cairo_destroy(cairo) }
    outline?.write(to: surface)
    // Here too: this thread's heap holds what the pages freed, which the fonts then reuse.
    FontLoading.run { cairo_surface_finish(surface) }
    if status == CAIRO_STATUS_SUCCESS { status = cairo_surface_status(surface) }
    finished.signal()
  }

  private func replay(_ recording: OpaquePointer, links: [String], on cairo: OpaquePointer) {
    cairo_set_source_surface(cairo, recording, 0, 0)
    cairo_paint(cairo)
    for attributes in links {
      cairo_tag_begin(cairo, CAIRO_TAG_LINK, attributes)
      cairo_tag_end(cairo, CAIRO_TAG_LINK)
    }
    cairo_show_page(cairo)
    status = cairo_status(cairo)
    if status == CAIRO_STATUS_SUCCESS { status = cairo_surface_status(surface) }
    if status != CAIRO_STATUS_SUCCESS { stopped.store(true, ordering: .releasing) }
  }
}
