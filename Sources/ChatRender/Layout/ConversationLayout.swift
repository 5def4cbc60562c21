import Foundation

/// Places every message of a transcript: bubbles, text, names, times, day separators and
/// page breaks. Pure: it measures text through a `TextMeasurer` and draws nothing.
@_spi(Pages) public struct ConversationLayout {
  /// The theme laid out with (on paper, its column-width copy).
  public let theme: Theme
  /// What wraps and measures text (a `TextEngine`, or a fixed-advance fake in tests).
  public let measurer: any TextMeasurer
  /// How pages are cut and times shown.
  public let options: LayoutOptions
  /// Where picture sizes come from (and where pictures that cannot be drawn are reported).
  public let pictures: PictureCatalog

  /// On paper, the canvas is as wide as the paper's column (see `PaperLayout`).
  package init(
    theme: Theme, measurer: any TextMeasurer, options: LayoutOptions = LayoutOptions(),
    pictures: PictureCatalog = PictureCatalog()
  ) {
    self.theme = options.pagination == .paper ? PaperLayout(theme: theme).columnTheme(theme) : theme
    self.measurer = measurer
    self.options = options
    self.pictures = pictures
  }

  /// Lays out the whole transcript at once.
  public func layout(_ transcript: Transcript) -> LaidOutConversation {
    var iterator = pages(of: transcript)
    var pages: [LaidOutPage] = []
    while let page = iterator.next() { pages.append(page) }
    return LaidOutConversation(pages: pages)
  }

  /// Lays out one page at a time, so a long chat never needs all its pages in memory.
  public func pages(of transcript: Transcript) -> PageIterator {
    PageIterator(layout: self, transcript: transcript)
  }
}

/// Produces the pages of a conversation one after another: messages, and the furniture
/// that makes pages read on their own (a page that begins mid-day repeats that day's label;
/// a document's pages get headers and footers).
///
/// A copy carries on from where the original was on its own (`NumberedPages` resumes from one),
/// so its state must stay values: what it shares (the measurer, caches) changes no result.
@_spi(Pages) public struct PageIterator: IteratorProtocol {
  private let layout: ConversationLayout
  private let transcript: Transcript
  private var blocks: BlockBuilder
  private var prefetcher: BlockPrefetcher?
  private var nextMessage = 0
  private var pending: [Block] = []
  /// The message whose blocks are pending.
  private var pendingMessage = 0
  private var finished = false
  private var pageNumber = 0
  private let paper: PaperLayout?
  private let decorator: PageDecorator?
  /// The last day label placed, repeated atop a page that begins mid-day.
  private var dayLabel: DayLabel?
  /// The day of the last message placed.
  private var currentDay: LocalDate?
  /// The number of pages, for "Page N of M"; nil until a first pass has counted them.
  public var pageCount: Int?
  /// Whether `next()` leaves the footer off, for whoever numbers the pages once they are
  /// counted (`NumberedPages`) to add with `addFooter`.
  public var defersFooters = false

  init(layout: ConversationLayout, transcript: Transcript) {
    self.layout = layout
    let paper =
      layout.options.pagination == .paper
      ? PaperLayout(theme: layout.theme, footerLines: layout.options.document?.evidence == nil ? 1 : 2)
      : nil
    self.paper = paper
    if let paper, let summary = layout.options.document {
      decorator = PageDecorator(theme: layout.theme, measurer: layout.measurer, paper: paper, summary: summary)
    } else {
      decorator = nil
    }
    self.transcript = transcript
    self.blocks = BlockBuilder(layout: layout, transcript: transcript)
  }

  /// The next page, or nil after the last.
  public mutating func next() -> LaidOutPage? {
    guard !finished else { return nil }
    let theme = layout.theme
    let padding = theme.canvas.padding
    let height: Double?
    switch layout.options.pagination {
    case .continuous(let maxHeight): height = maxHeight
    case .pages(let pageHeight): height = pageHeight
    case .paper: height = paper?.pageHeight
    }
    var page = LaidOutPage(
      size: Size(width: theme.canvas.width, height: 0), background: theme.canvas.background)
    pageNumber += 1
    var y = padding.top
    var limit = height.map { $0 - padding.bottom }
    if let decorator, let paper {
      y = paper.headerBand + padding.top
      limit = limit.map { $0 - paper.footerBand }
      if pageNumber == 1 {
        let header = decorator.firstPageHeader(top: y)
        page.items += header.items
        y += header.height + theme.spacing.newAuthor
      }
    }
    let firstDay = fill(&page, from: y, limit: limit)
    if page.items.isEmpty && pageNumber > 1 { return nil }
    switch layout.options.pagination {
    case .continuous: page.size.height = (lastY + padding.bottom).rounded(.up)
    case .pages(let pageHeight): page.size.height = pageHeight
    case .paper:
      page.size.height = paper?.pageHeight ?? 0
      page.sheet = paper?.sheet
    }
    if let decorator {
      page.items += decorator.runningHeader(day: firstDay)
    }
    if !defersFooters { addFooter(to: &page, number: pageNumber, of: pageCount) }
    return page
  }

  /// Forgets the last text measured, which a copy of this iterator may have measured for
  /// its sizes only: the next pieces are then measured (and shaped) anew.
  /// Builds the blocks of later messages on a second thread that measures with `measurer`,
  /// an engine of its own, while this lays out the earlier ones (`BlockPrefetcher`). Their
  /// shaped text may be drawn once the last page is laid out (or `stopBuildingAhead()`).
  mutating func buildsAhead(with measurer: any TextMeasurer) {
    let builder = BlockBuilder(layout: layout, transcript: transcript, measurer: measurer)
    prefetcher = BlockPrefetcher(builder: builder, count: transcript.messages.count)
  }

  /// Stops the second thread and builds every block here from now on.
  mutating func stopBuildingAhead() {
    prefetcher?.finish()
    prefetcher = nil
  }

  mutating func forgetLastMeasuredText() {
    blocks.lastMeasured = LastMeasured()
    blocks.lastRichBody = LastMeasured()
    blocks.lastLinked = LastMeasured()
  }

  /// Whether a document's pages get a footer ("Page N of M").
  public var hasFooters: Bool { decorator != nil }

  /// Adds a document page's footer: "Page `number` of `total`" (or "Page `number`" while the
  /// count is unknown), and the evidence line.
  public func addFooter(to page: inout LaidOutPage, number: Int, of total: Int?) {
    guard let decorator else { return }
    page.items += decorator.footer(page: number, of: total, pageHeight: page.size.height)
  }

  /// The bottom of the last block placed by `fill`.
  private var lastY = 0.0

  /// Places blocks from `top` until the next does not fit above `limit` (nil: no limit).
  /// Returns the day of the page's first message.
  private mutating func fill(_ page: inout LaidOutPage, from top: Double, limit: Double?) -> LocalDate? {
    var y = top
    var placedAny = false
    var repeatedLabel = false
    var firstDay: LocalDate?
    var pageTop = top
    defer { lastY = y }
    while true {
      if pending.isEmpty {
        guard nextMessage < transcript.messages.count else {
          finished = true
          stopBuildingAhead()
          break
        }
        pending = prefetcher?.take(nextMessage) ?? blocks.blocks(forMessageAt: nextMessage)
        pendingMessage = nextMessage
        nextMessage += 1
        continue
      }
      var block = pending[0]
      if !placedAny && pageNumber > 1 && !repeatedLabel, let label = dayLabel, !block.startsWithDayLabel {
        // The page begins mid-day: say which day.
        for item in label.items { page.items.append(item.offsetBy(dy: y)) }
        y += label.height
        pageTop = y
        repeatedLabel = true
      }
      if let build = block.build, limit.map({ block.height <= $0 - pageTop }) ?? true {
        block = build()
        pending[0] = block
      }
      let gap = placedAny || repeatedLabel ? block.gapBefore : 0
      if let limit {
        let room = limit - y - gap
        if block.height > room {
          let pageRoom = limit - pageTop
          // On paper a tall block fills the room left; images keep whole messages together.
          let fillsRest = paper != nil && placedAny && block.fillsRest(room: room, pageRoom: pageRoom)
          let mayCut = block.height > pageRoom || fillsRest
          let mayCutTable = paper != nil && placedAny && block.holdsTableRows
          if (mayCut || mayCutTable) && block.isBorrowed {
            pending = blocks.blocks(forMessageAt: pendingMessage)
            block = pending[0]
          }
          if mayCut || mayCutTable,
            let (head, tail) = block.split(fitting: placedAny ? room : pageRoom, pageRoom: pageRoom),
            mayCut || head.holdsTableRows
          {
            // Taller than a page, tall with room left, or a table with rows in it: cut.
            block = head
            pending[0] = tail
            place(block, at: y + gap, on: &page, firstDay: &firstDay)
            y += gap + block.height
            placedAny = true
            break
          }
          if placedAny { break }
        }
      }
      if let build = block.build { block = build() }
      place(block, at: y + gap, on: &page, firstDay: &firstDay)
      y += gap + block.height
      placedAny = true
      pending.removeFirst()
    }
    return firstDay ?? currentDay
  }

  /// Places `block` of the pending message with its top at `y`; notes its day and label.
  private mutating func place(_ block: Block, at y: Double, on page: inout LaidOutPage, firstDay: inout LocalDate?) {
    for item in block.items { page.items.append(item.offsetBy(dy: y)) }
    let day = transcript.messages[pendingMessage].time?.local(in: layout.options.timeZone).date
    if let day { currentDay = day }
    if firstDay == nil { firstDay = day ?? currentDay }
    if let label = block.dayLabel {
      dayLabel = block.pageTopLabel ?? label
      if let day { page.outlineEntries.append(OutlineEntry(day: day, y: y)) }
    }
  }
}

/// A day separator's items (its pill and text, from y 0) and height.
struct DayLabel {
  var items: [LayoutItem]
  var height: Double
}

extension Block {
  /// Whether the block opens with a day separator.
  var startsWithDayLabel: Bool {
    if case .bubble(let bubble) = items.first, bubble.role == .day { return true }
    return false
  }

  /// The day separator the block opens with: its pill and the text after it.
  var dayLabel: DayLabel? {
    guard startsWithDayLabel, case .bubble(let pill) = items[0] else { return nil }
    guard let text = items.dropFirst().first(where: { if case .text = $0 { true } else { false } })
    else { return nil }
    return DayLabel(items: [items[0], text], height: pill.shape.frame.maxY)
  }
}

/// A message's items, positioned relative to the block's top, kept together on one page.
struct Block {
  var items: [LayoutItem]
  var height: Double
  var gapBefore: Double
  /// How to cut the block between text lines when it does not fit a page (see `fillsRest`):
  /// given the room, and what a whole page holds (a table row is cut only when taller).
  var splitter: ((Double, Double) -> (Block, Block)?)?
  /// Made by another thread's builder (`BlockPrefetcher`): cut only once built again here.
  var isBorrowed = false
  /// The label a later page that begins mid-day repeats, when not the block's own: the
  /// plain day under a heading with a time (imessage), whose time is not the page's.
  var pageTopLabel: DayLabel?
  /// For the later pieces of a cut text: builds the block (its items are empty until then,
  /// its height an estimate), done once it may fit a page.
  var build: (() -> Block)?
  /// Whether the block shows a table's header and at least one of its rows: it is cut to
  /// fill whatever room a page has left when its first piece shows some too (a table starts
  /// where it is: issue 22, point 9), not only when a third of a page tall.
  var holdsTableRows = false

  /// The block cut in two, the first part at most `height` tall, on pages that hold
  /// `pageRoom` (`height` when not said).
  func split(fitting height: Double, pageRoom: Double? = nil) -> (Block, Block)? {
    splitter?(height, pageRoom ?? height)
  }

  /// The block with `room` more at its foot (for a note), kept by its last piece when cut.
  func keepingRoom(_ room: Double) -> Block {
    var kept = self
    kept.height += room
    if let build { kept.build = { build().keepingRoom(room) } }
    if let splitter {
      kept.splitter = { fitting, pageRoom in
        guard let (head, tail) = splitter(fitting, pageRoom) else { return nil }
        return (head, tail.keepingRoom(room))
      }
    }
    return kept
  }

  /// Whether the block, though it fits a page, is tall enough (a third of one) to fill the
  /// `room` left on this page and go on on the next rather than leave the room blank, when
  /// at least `minimumRoom` is left; a shorter block moves whole (unless it `holdsTableRows`).
  func fillsRest(room: Double, pageRoom: Double) -> Bool {
    splitter != nil && height > pageRoom / 3 && room >= Self.minimumRoom
  }

  /// About four lines of text.
  static let minimumRoom = 80.0
}

extension LayoutItem {
  func offsetBy(dy: Double) -> LayoutItem { offsetBy(dx: 0, dy: dy) }

  func offsetBy(dx: Double, dy: Double) -> LayoutItem {
    switch self {
    case .bubble(var bubble):
      bubble.shape.frame = bubble.shape.frame.offsetBy(dx: dx, dy: dy)
      return .bubble(bubble)
    case .text(var text):
      text.origin.x += dx
      text.origin.y += dy
      return .text(text)
    case .avatar(var avatar):
      avatar.shape.frame = avatar.shape.frame.offsetBy(dx: dx, dy: dy)
      avatar.initials.origin.x += dx
      avatar.initials.origin.y += dy
      return .avatar(avatar)
    case .box(var box):
      box.frame = box.frame.offsetBy(dx: dx, dy: dy)
      return .box(box)
    case .link(var link):
      link.frame = link.frame.offsetBy(dx: dx, dy: dy)
      return .link(link)
    case .picture(var picture):
      picture.frame = picture.frame.offsetBy(dx: dx, dy: dy)
      return .picture(picture)
    case .badge(var badge):
      badge.shape.frame = badge.shape.frame.offsetBy(dx: dx, dy: dy)
      badge.label.origin.x += dx
      badge.label.origin.y += dy
      return .badge(badge)
    case .dim(var dim):
      dim.area = dim.area.offsetBy(dx: dx, dy: dy)
      dim.cutouts = dim.cutouts.offsetBy(dx: dx, dy: dy)
      return .dim(dim)
    }
  }
}
