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

  /// One bookmark as written: its title, the index of the entry it sits under (a month's),
  /// its page (1-based) and its destination in points from the sheet's top-left.
  struct Entry: Sendable {
    var title: String
    var parent: Int?
    var page: Int
    var position: Point
  }

  /// The bookmarks in order, each month's before its days when grouped by month.
  var entries: [Entry] {
    let labels = LocalizedLabels(locale)
    var entries: [Entry] = []
    var month: (year: Int, month: Int, index: Int)?
    for bookmark in bookmarks {
      var parent: Int?
      if groupsByMonth {
        let day = bookmark.day
        if month?.year != day.year || month?.month != day.month {
          entries.append(Entry(title: labels.month(day), page: bookmark.page, position: bookmark.position))
          month = (day.year, day.month, entries.count - 1)
        }
        parent = month?.index
      }
      entries.append(
        Entry(title: labels.day(bookmark.day), parent: parent, page: bookmark.page, position: bookmark.position))
    }
    return entries
  }

  /// Adds the bookmarks to `surface`, a PDF surface not yet finished.
  func write(to surface: OpaquePointer) {
    var ids: [Int32] = []
    for entry in entries {
      let parent = entry.parent.map { ids[$0] } ?? Int32(CAIRO_PDF_OUTLINE_ROOT)
      let link = "page=\(entry.page) pos=[\(entry.position.x) \(entry.position.y)]"
      ids.append(cairo_pdf_surface_add_outline(surface, parent, entry.title, link, cairo_pdf_outline_flags_t(0)))
    }
  }
}
