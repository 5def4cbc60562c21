import CCairo

/// A PDF's bookmarks: one per day, under one per month when there are more than 60 days.
/// Collected as pages are written (a few bytes a day) and added just before the PDF is
/// finished, on the thread that finishes it.
struct PDFOutline: Sendable {
  /// More days than this are grouped by month.
  static let daysBeforeGrouping = 60

  private struct Bookmark: Sendable {
    var day: LocalDate
    /// 1-based.
    var page: Int
    /// The destination on the sheet, in PDF points from its top-left.
    var position: Point
  }

  private var bookmarks: [Bookmark] = []
  private let groupsByMonth: Bool
  /// The locale of the days' and months' titles.
  private let locale: TextLocale

  init(dayCount: Int, locale: TextLocale) {
    groupsByMonth = dayCount > Self.daysBeforeGrouping
    self.locale = locale
  }

  /// Notes the days that begin on `page` (1-based), placed as its sheet says.
  mutating func add(_ page: LaidOutPage, number: Int) {
    for entry in page.outlineEntries {
      let sheet = page.sheet ?? Sheet(size: page.size, contentOrigin: .zero, contentScale: 1)
      let position = Point(
        x: sheet.contentOrigin.x, y: sheet.contentOrigin.y + entry.y * sheet.contentScale)
      bookmarks.append(Bookmark(day: entry.day, page: number, position: position))
    }
  }

  /// Adds the bookmarks to `surface`, a PDF surface not yet finished.
  func write(to surface: OpaquePointer) {
    let labels = LocalizedLabels(locale)
    var month: (year: Int, month: Int, id: Int32)?
    for bookmark in bookmarks {
      var parent = Int32(CAIRO_PDF_OUTLINE_ROOT)
      if groupsByMonth {
        let day = bookmark.day
        if month?.year != day.year || month?.month != day.month {
          let id = cairo_pdf_surface_add_outline(
            surface, parent, labels.month(day), link(to: bookmark), cairo_pdf_outline_flags_t(0))
          month = (day.year, day.month, id)
        }
        parent = month?.id ?? parent
      }
      _ = cairo_pdf_surface_add_outline(
        surface, parent, labels.day(bookmark.day), link(to: bookmark), cairo_pdf_outline_flags_t(0))
    }
  }

  /// Cairo's link attributes: the page and the point at its top-left, in points from the
  /// sheet's top-left.
  private func link(to bookmark: Bookmark) -> String {
    "page=\(bookmark.page) pos=[\(bookmark.position.x) \(bookmark.position.y)]"
  }
}
