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
    blocks.readAvatars()
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
