/// A document's pages with their footers, "Page N of M": M is known only once the last page
/// is laid out, so the pages are laid out and kept, shaped text and all, until the last one,
/// and handed out after that, each with its footer. Nothing is laid out twice.
///
/// A long chat does not fit in memory that way: past `budget` (the kept pages' text, in
/// UTF-8 bytes) the rest is laid out once for its count only, measuring sizes and keeping no
/// shaped text, and again for drawing, from where the kept pages ended.
///
/// Pages without footers (PNG, SVG) pass through as they are laid out.
@_spi(Pages) public struct NumberedPages: IteratorProtocol {
  private var base: PageIterator
  /// Switches the measurer between shaping for drawing (true) and measuring sizes only.
  private let keepsShapes: (Bool) -> Void
  /// The most text the kept pages may hold, in UTF-8 bytes.
  public let budget: Int
  /// Laid-out pages not yet handed out, the next one last.
  private var kept: [LaidOutPage] = []
  /// The number of pages, once the last is laid out (or counted); nil before, and for pages
  /// without footers.
  public private(set) var pageCount: Int?
  /// Told the number of pages laid out so far while they are laid out before the first is
  /// handed out: the long part of a document's work, for a progress line.
  public var onLaidOut: ((Int) -> Void)?
  private var handedOut = 0
  /// Whether the pages past the budget are being laid out again for drawing.
  private var isPastBudget = false

  /// Kept pages take about 60 bytes of memory a byte of their text (Pango's glyphs alone are
  /// 24 bytes a glyph), so this is some 90 MB at most: the 10,000 messages of `make bench`
  /// (1.1 MB of text) fit.
  public static let defaultBudget = 3 << 19

  /// - Parameters:
  ///   - base: the pages, with `defersFooters` set by this.
  ///   - budget: the most text the kept pages may hold, in UTF-8 bytes.
  ///   - keepsShapes: switches `base`'s measurer between shaping for drawing (true) and
  ///     measuring sizes only (false).
  public init(_ base: PageIterator, budget: Int = defaultBudget, keepsShapes: @escaping (Bool) -> Void) {
    self.base = base
    self.base.defersFooters = true
    self.budget = budget
    self.keepsShapes = keepsShapes
  }

  /// Without footers (a PNG's or SVG's pages), `base`'s pages as they come.
  public mutating func next() -> LaidOutPage? {
    guard base.hasFooters else { return base.next() }
    if pageCount == nil { layOutAndCount() }
    guard var page = kept.popLast() ?? (isPastBudget ? base.next() : nil) else { return nil }
    handedOut += 1
    base.addFooter(to: &page, number: handedOut, of: pageCount)
    return page
  }

  /// Lays out and keeps pages until the last, or until the budget is spent: then counts the
  /// rest and rewinds `base` to where the kept pages end.
  private mutating func layOutAndCount() {
    var pages: [LaidOutPage] = []
    var bytes = 0
    while bytes <= budget, let page = base.next() {
      pages.append(page)
      bytes += page.textBytes
      onLaidOut?(pages.count)
    }
    kept = pages.reversed()
    guard bytes > budget else {
      pageCount = pages.count
      return
    }
    base.stopBuildingAhead()
    let rest = base
    keepsShapes(false)
    var more = 0
    while base.next() != nil {
      more += 1
      onLaidOut?(pages.count + more)
    }
    keepsShapes(true)
    base = rest
    base.forgetLastMeasuredText()
    isPastBudget = true
    pageCount = pages.count + more
  }
}

extension LaidOutPage {
  /// The UTF-8 bytes of the page's text: what its shaped text's memory grows with.
  var textBytes: Int {
    items.reduce(0) { total, item in
      guard case .text(let text) = item else { return total }
      return total + text.text.text.utf8.count
    }
  }
}
