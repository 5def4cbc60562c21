/// A message's block: the name over its bubble, the bubble with its rows (forwarded line,
/// name, quoted reply, attachments, text, link cards), the time, reactions and the avatar.
extension BlockBuilder {
  /// The message's text as a row, with what page breaks need: the text is made of parts
  /// (lines of plain text; lines, rows and blocks of a formatted body) and a piece of the
  /// message shows `shown` of them.
  struct TextRow {
    var row: BubbleRow
    var shown: Range<Int>
    var isLastPiece: Bool
    /// The height of a piece showing these parts (with what it repeats over them: a
    /// table's header row).
    var height: (Range<Int>) -> Double
    /// Whether the parts shown hold a table's header and a row (see `Block.holdsTableRows`).
    var holdsTableRows = false
    /// For a cut inside a table row after a part: the height of the row whole as a piece's
    /// text (see `RichBodyCut.wholeRowHeight`).
    var wholeRowHeight: (Int) -> Double? = { _ in nil }
  }

  func messageBlock(
    _ message: Message, index: Int, side: MessageSide, separatedAbove: Bool, lines: Range<Int>?
  ) -> Block {
    var plan = bubblePlan(message, index: index, side: side, separatedAbove: separatedAbove, lines: lines)
    if lines == nil, let block = standaloneBlock(plan) { return block }
    // Made for every piece, so each wraps the text alike: a caption is as wide as its picture.
    let header = headerRows(plan)
    if let picture = header.filter(\.bleeds).map(\.size.width).max() {
      plan.wrap = max(1, picture - plan.style.padding.horizontal + 2 * BubbleRow.pictureInset)
    }
    var items: [LayoutItem] = []
    var top = 0.0
    let name = nameAbove(plan)
    if let label = name {
      items.append(.text(label))
      var end = label.frame
      if isBot(message.authorID) {
        let badge = botBadge(after: label.frame, color: label.color)
        items.append(.badge(badge))
        end = badge.shape.frame
      }
      top = label.size.height + 2
      if let time = rowTime(plan, after: end, nameHeight: label.size.height) { items.append(.text(time)) }
    }
    let text = textRow(plan)
    let isLastPiece = text?.isLastPiece ?? true
    var rows = plan.isFirstPiece ? header : []
    if let text { rows.append(text.row) }
    if isLastPiece { rows += trailingRows(plan) }
    let time = isLastPiece ? timeLabel(plan) : nil
    let placed = bubble(plan, rows: rows, time: time, top: top)
    let nameItems = items.count
    if let bar = runBar(plan, beside: placed.frame) { items.append(bar) }
    items += placed.items
    var height = placed.bottom
    var bubbleFrame = placed.frame
    if theme.reactions.placement == .corner {
      if plan.isFirstPiece {
        let pills = ReactionPills(builder: self).tapback(plan, on: placed.body)
        items += pills
        // Room above the bubble for its tapback, so it covers nothing before; under the
        // name when the two would meet.
        let pillTop = pills.compactMap(\.frame?.minY).min() ?? 0
        let clashing = name.flatMap { name in
          pills.compactMap(\.frame).contains { SpotlightCutouts.overlap($0, name.frame) } ? name.frame : nil
        }
        let drop = clashing.map { max(0, $0.maxY + 1 - pillTop) } ?? max(0, -pillTop)
        let moved = clashing == nil ? 0 : nameItems
        items = items.enumerated().map { $0.offset >= moved ? $0.element.offsetBy(dy: drop) : $0.element }
        height += drop
        bubbleFrame = bubbleFrame.offsetBy(dx: 0, dy: drop)
      }
    } else if isLastPiece, theme.reactions.placement != .inside {
      // Everything drawn in the bubble: its text, time and pictures, not the bubble itself;
      // in a theme without times, not the "Edited" under it, which makes way for the pills.
      let editedOnly = theme.timestamps.placement == .none
      let contents = placed.items.filter { item in
        if case .bubble = item { return false }
        return !(editedOnly && (item.frame?.minY ?? 0) >= placed.frame.maxY)
      }
      let contentBottom = contents.compactMap(\.frame?.maxY).max() ?? placed.body.minY
      let reactions = ReactionPills(builder: self).pills(plan, under: placed.body, contentBottom: contentBottom)
      if editedOnly { height = makeWay(for: reactions, in: &items, below: placed.frame.maxY, height: height) }
      items += reactions.items
      height = max(height, reactions.bottom)
    }
    var block = Block(
      items: items, height: height,
      gapBefore: plan.startsRun || separatedAbove ? theme.spacing.newAuthor : theme.spacing.sameAuthor)
    addAvatar(to: &block, plan: plan, bubbleFrame: bubbleFrame, isLastPiece: isLastPiece)
    ReplyLine(builder: self).add(to: &block, plan: plan)
    if let text, text.shown.count > 1 {
      block.splitter = splitter(plan, shown: text.shown, text: text, fixedHeight: block.height - text.row.size.height)
    }
    block.holdsTableRows = text?.holdsTableRows ?? false
    return block
  }

  /// Moves the labels under the bubble (below `bubbleBottom`) that a pill would cover down
  /// under the pills; the block's new height.
  private func makeWay(
    for reactions: ReactionPills.PlacedReactions, in items: inout [LayoutItem], below bubbleBottom: Double,
    height: Double
  ) -> Double {
    let pills = reactions.items.compactMap(\.frame)
    var height = height
    for (index, item) in items.enumerated() {
      guard case .text = item, let frame = item.frame, frame.minY >= bubbleBottom,
        pills.contains(where: { SpotlightCutouts.overlap($0, frame) })
      else { continue }
      items[index] = item.offsetBy(dy: reactions.bottom + 2 - frame.minY)
      height = max(height, reactions.bottom + 2 + frame.height)
    }
    return height
  }

  // MARK: - Plan

  func bubblePlan(
    _ message: Message, index: Int, side: MessageSide, separatedAbove: Bool, lines: Range<Int>?
  ) -> BubblePlan {
    let style = theme.bubble(for: side).sent(by: message.extras.service)
    let startsRun = !sameRun(self.message(at: index - 1), message) || separatedAbove
    let endsRun = !sameRun(message, self.message(at: index + 1)) || hasTimeHeading(at: index + 1)
    let arrowSide = arrowSide(style.arrow, for: side)
    var carriesArrow: Bool
    switch style.arrow.carrier {
    case .first: carriesArrow = startsRun
    case .last: carriesArrow = endsRun
    case .every: carriesArrow = true
    }
    if lines != nil, style.arrow.carrier != .every {
      carriesArrow = carriesArrow && lines?.lowerBound == 0
    }
    let arrowRoom = arrowSide == .left || arrowSide == .right ? style.arrow.height : 0
    let leftEdge = theme.canvas.padding.left + (avatarOnLeft ? avatarReserve : 0)
    let rightEdge = theme.canvas.width - theme.canvas.padding.right - (avatarOnRight ? avatarReserve : 0)
    // Code and tables wrap beside empty canvas at the bubble's usual width: they may take
    // the conversation's whole width (issue 22, point 9).
    // A time beside the bubble keeps its room on the other side.
    let besideRoom = theme.timestamps.placement == .beside ? theme.timestamps.size * 5 + Self.besideGap : 0
    let maxBubble =
      Self.hasWideBlocks(message)
      ? max(1, rightEdge - leftEdge - besideRoom)
      : min(contentWidth * min(max(style.maxWidth, 0.05), 1), max(1, contentWidth - besideRoom))
    let showsName: Bool
    switch theme.names.show {
    case .never: showsName = false
    case .always: showsName = true
    case .auto: showsName = theme.canvas.layout == .rows || sidesNamingAuthors.contains(side)
    case .others: showsName = side == .received
    }
    return BubblePlan(
      message: message, index: index, side: side, style: style, startsRun: startsRun,
      endsRun: endsRun, separatedAbove: separatedAbove, lines: lines, arrowSide: arrowSide,
      carriesArrow: carriesArrow, arrowRoom: arrowRoom,
      wrap: max(1, maxBubble - style.padding.horizontal - arrowRoom),
      leftEdge: leftEdge, rightEdge: rightEdge,
      authorName: message.authorID.map(drawnName),
      showsName: showsName)
  }

  /// Whether `message` holds a code block or a table, which may use the full width.
  static func hasWideBlocks(_ message: Message) -> Bool {
    message.extras.spans.contains { span in
      switch span.style {
      case .codeBlock, .table: true
      default: false
      }
    }
  }

  /// The arrow's side for a bubble on `side`, or nil for none.
  private func arrowSide(_ style: ArrowStyle, for side: MessageSide) -> BubbleShape.Side? {
    guard style.style != .none, style.height > 0, style.width > 0 else { return nil }
    switch style.side {
    case .auto: return side == .sent ? .right : .left
    case .top: return .top
    case .left: return .left
    case .bottom: return .bottom
    case .right: return .right
    }
  }

  /// Whether the author's name goes on this piece (the first bubble of a run).
  func namesThisPiece(_ plan: BubblePlan) -> Bool {
    plan.showsName && plan.startsRun && plan.isFirstPiece && plan.authorName != nil
  }

  /// The name over the bubble, when names go above.
  private func nameAbove(_ plan: BubblePlan) -> TextBlock? {
    guard namesThisPiece(plan), theme.names.placement == .above, let name = plan.authorName else {
      return nil
    }
    // One line, cut with "…": a 75-character name does not push the bubble down (issue 37).
    let label = StyledText(shownName(name), font: font(size: theme.names.size, bold: theme.names.bold), maxLines: 1)
    let metrics = measurer.measure(label, maxWidth: contentWidth)
    let x =
      plan.side == .sent
      ? plan.rightEdge - plan.arrowRoom - plan.style.padding.right - metrics.size.width
      : plan.leftEdge + plan.arrowRoom + plan.style.padding.left
    return TextBlock(
      origin: Point(x: x, y: 0), size: metrics.size, text: label,
      color: nameColor(for: plan.message.authorID), wrapWidth: contentWidth, metrics: metrics)
  }

  /// A name as the theme writes it: in capitals for Snapchat.
  func shownName(_ name: String) -> String {
    theme.names.uppercase ? name.uppercased() : name
  }

  /// In rows, a bar in the author's name colour down the left of the message, reaching the
  /// next message of the run so that the run has one bar (Snapchat); nil without one.
  private func runBar(_ plan: BubblePlan, beside bubble: Rect) -> LayoutItem? {
    let width = theme.names.bar
    guard theme.canvas.layout == .rows, width > 0 else { return nil }
    let reach = plan.endsRun ? 0 : theme.spacing.sameAuthor
    let frame = Rect(x: bubble.minX, y: bubble.minY, width: width, height: bubble.height + reach)
    return .box(BoxItem(frame: frame, radius: 0, fill: nameColor(for: plan.message.authorID)))
  }

  // MARK: - Text

  /// The message's text (or "deleted"), cut to the piece's lines; nil when it has none.
  private func textRow(_ plan: BubblePlan) -> TextRow? {
    let message = plan.message
    let size = plan.style.fontSize ?? theme.font.size
    var text = StyledText(message.text, font: font(size: size))
    var color = plan.style.textColor
    if message.extras.isDeleted {
      text = StyledText("🚫 " + labels.word(.deleted), font: font(size: size, italic: true))
      color = secondaryColor(plan)
    } else if message.text.isEmpty {
      return nil
    } else {
      let spans = spans(of: plan)
      if !spans.isEmpty { return formattedRow(plan, spans: spans) }
    }
    let key = LastMeasured<ChunkedText>.Key(message: plan.index, width: plan.wrap, text: text)
    let measured = lastMeasured.value(for: key) { ChunkedText(text, maxWidth: plan.wrap, measurer: measurer) }
    let shown = plan.lines ?? 0..<measured.lineCount
    let blocks = measured.blocks(lines: plan.lines, color: onBubble(color, plan), wrapWidth: plan.wrap)
    let height = blocks.map(\.frame.maxY).max() ?? measured.height
    var row = BubbleRow(items: blocks.map { .text($0) }, size: Size(width: measured.width, height: height))
    row.hugsEnd = measured.isRightToLeft
    row.lastLine = (measured.lastLineWidth, measured.isRightToLeft)
    return TextRow(
      row: row, shown: shown, isLastPiece: plan.lines == nil || shown.upperBound >= measured.lineCount,
      height: { measured.lineBottoms[$0.upperBound - 1] - measured.lineTop($0.lowerBound) })
  }

  /// Formatted text (bold, code, lists, tables…) as one row: the parts of its body this
  /// piece shows.
  private func formattedRow(_ plan: BubblePlan, spans: [TextSpan]) -> TextRow {
    let key = LastMeasured<RichBody>.Key(
      message: plan.index, width: plan.wrap, text: StyledText(plan.message.text, font: font(size: theme.font.size)))
    let whole = lastRichBody.value(for: key) {
      RichBodyLayout(measurer: measurer, style: RichBodyStyle(theme: theme, side: plan.side))
        .layout(text: plan.message.text, spans: spans, maxWidth: plan.wrap)
    }
    let shown = plan.lines ?? 0..<whole.partCount
    let body = whole.parts(shown)
    let items = body.items.map { item -> LayoutItem in
      guard case .text(var text) = item else { return item }
      text.color = onBubble(text.color, plan)
      return .text(text)
    }
    var row = BubbleRow(items: items + body.links.map { .link($0) }, size: body.size)
    row.hugsEnd = body.isRightToLeft
    row.lastLine = body.endsInText ? (body.lastLineWidth, body.isRightToLeft) : nil
    return TextRow(
      row: row, shown: shown, isLastPiece: shown.upperBound >= whole.partCount,
      height: whole.height(of:), holdsTableRows: whole.holdsTableRows(shown),
      wholeRowHeight: whole.wholeRowHeight(after:))
  }

  /// The message's spans and a link over each address it writes out bare (issue 22, point
  /// 11: a URL in a WhatsApp or SMS chat is as clickable as Telegram's), found once per
  /// message however many pieces it is cut into.
  private func spans(of plan: BubblePlan) -> [TextSpan] {
    let message = plan.message
    let key = LastMeasured<[TextSpan]>.Key(
      message: plan.index, width: 0, text: StyledText(message.text, font: font(size: theme.font.size)))
    return lastLinked.value(for: key) {
      let found = ContactDataFinder.linkSpans(in: message.text, besides: message.extras.spans)
      return found.isEmpty ? message.extras.spans : message.extras.spans + found
    }
  }

  // MARK: - Words the layout writes (one place, for translations)

  /// Times, "edited", "forwarded": the theme's time colour on this side.
  /// The theme's time colour on this side.
  func timeColor(_ plan: BubblePlan) -> Color {
    plan.side == .sent ? theme.timestamps.meColor : theme.timestamps.themColor
  }

  /// Labels such as "Forwarded" and a chip's kind: the time colour, or the bubble's text
  /// dimmed where that would not stand on the bubble (iMessage's grey on its blue).
  func secondaryColor(_ plan: BubblePlan) -> Color {
    let time = timeColor(plan)
    guard plan.style.fill.isOpaque else { return time }
    if onBubble(time, plan).contrastRatio(with: plan.style.fill) >= 2.5 { return time }
    return plan.style.textColor.withAlpha(0.7)
  }

  /// Text inside an opaque bubble gets the opaque colour it shows there: the same look, and
  /// a PDF without a transparency state switched on and off for every label.
  func onBubble(_ color: Color, _ plan: BubblePlan) -> Color {
    plan.style.fill.isOpaque && !color.isOpaque ? color.composited(over: plan.style.fill) : color
  }

  // MARK: - Time

  /// In rows, the run's time beside its author's name, bottoms level (Discord, Slack); nil
  /// in bubbles or without times.
  private func rowTime(_ plan: BubblePlan, after name: Rect, nameHeight: Double) -> TextBlock? {
    guard theme.canvas.layout == .rows, theme.timestamps.placement != .none, let time = plan.message.time else {
      return nil
    }
    let text = StyledText(timeText(time), font: font(size: theme.timestamps.size))
    let metrics = measurer.measure(text, maxWidth: contentWidth)
    return TextBlock(
      origin: Point(x: name.maxX + 8, y: max(0, nameHeight - metrics.size.height)), size: metrics.size, text: text,
      color: theme.timestamps.themColor, wrapWidth: contentWidth, metrics: metrics, isAnnotation: true)
  }

  /// The time label ("edited 09:30"), when the theme shows times; "Edited" alone (under the
  /// bubble, as Apple Messages writes it) when it does not.
  func timeLabel(_ plan: BubblePlan) -> (text: StyledText, metrics: TextMetrics)? {
    // Rows show the time beside the name (`rowTime`), and "edited" after the text.
    if theme.canvas.layout == .rows {
      guard plan.message.extras.isEdited else { return nil }
      let text = StyledText("(" + labels.word(.edited) + ")", font: font(size: theme.timestamps.size))
      return (text, measurer.measure(text, maxWidth: plan.wrap))
    }
    if theme.timestamps.placement == .none {
      guard plan.message.extras.isEdited else { return nil }
      let text = StyledText(labels.capitalized(labels.word(.edited)), font: font(size: theme.timestamps.size))
      return (text, measurer.measure(text, maxWidth: plan.wrap))
    }
    guard let time = plan.message.time else { return nil }
    var label = timeText(time)
    if theme.timestamps.oncePerMinute, !plan.endsRun, !plan.message.extras.isEdited,
      let next = message(at: plan.index + 1)?.time, timeText(next) == label
    {
      return nil
    }
    if plan.message.extras.isEdited { label = labels.word(.edited) + " " + label }
    let text = StyledText(label, font: font(size: theme.timestamps.size))
    return (text, measurer.measure(text, maxWidth: plan.wrap))
  }

  /// A message's time as the locale and the export's clock show it ("09:30", "9:30 AM").
  func timeText(_ time: MessageTime) -> String {
    labels.time(time.local(in: options.timeZone), sourceClock: transcript.clock)
  }

  // MARK: - Page breaks

  /// Cuts a long text between its parts (lines, or a formatted body's rows): the most
  /// parts whose bubble fits the room. The rest is built only once it may fit a page
  /// (`Block.build`), so cutting a text of many pages costs time linear in its length.
  private func splitter(
    _ plan: BubblePlan, shown remaining: Range<Int>, text: TextRow, fixedHeight: Double
  ) -> (Double, Double) -> (Block, Block)? {
    return { room, pageRoom in
      var count = 0
      for part in remaining where part < remaining.upperBound - 1 {
        if fixedHeight + text.height(remaining.lowerBound..<(part + 1)) > room { break }
        // Inside a table row only when the row never fits a page.
        if let row = text.wholeRowHeight(part), fixedHeight + row <= pageRoom { continue }
        count = part - remaining.lowerBound + 1
      }
      guard count > 0 else { return nil }
      let cut = remaining.lowerBound + count
      let head = messageBlock(
        plan.message, index: plan.index, side: plan.side, separatedAbove: plan.separatedAbove,
        lines: remaining.lowerBound..<cut)
      return (head, laterPieces(plan, shown: cut..<remaining.upperBound, text: text))
    }
  }

  /// The pieces of a cut text from its part `shown.lowerBound` on, as a block that is built
  /// when it may fit a page and cut (as a middle piece) until then.
  private func laterPieces(_ plan: BubblePlan, shown: Range<Int>, text: TextRow) -> Block {
    let build = {
      var tail = messageBlock(
        plan.message, index: plan.index, side: plan.side, separatedAbove: true, lines: shown)
      tail.gapBefore = 0
      return tail
    }
    guard shown.count > 2 else { return build() }
    // A middle piece of one part, built to learn what a middle piece adds to its text.
    let sample = messageBlock(
      plan.message, index: plan.index, side: plan.side, separatedAbove: true,
      lines: shown.lowerBound..<(shown.lowerBound + 1))
    let fixedHeight = sample.height - text.height(shown.lowerBound..<(shown.lowerBound + 1))
    var tail = Block(items: [], height: fixedHeight + text.height(shown), gapBefore: 0)
    tail.splitter = splitter(plan, shown: shown, text: text, fixedHeight: fixedHeight)
    tail.holdsTableRows = text.holdsTableRows
    tail.build = build
    return tail
  }

  // MARK: - Avatar

  /// The avatar beside the first bubble of a run (level with its top), the last (level with
  /// its bottom) or every bubble.
  private func addAvatar(to block: inout Block, plan: BubblePlan, bubbleFrame: Rect, isLastPiece: Bool) {
    let avatarHere = (plan.side == .received && avatarOnLeft) || (plan.side == .sent && avatarOnRight)
    let carries: Bool
    switch theme.avatars.carrier {
    case .first: carries = plan.startsRun && plan.isFirstPiece
    case .last: carries = plan.endsRun && isLastPiece
    case .every: carries = plan.isFirstPiece
    }
    guard avatarHere, carries, let authorID = plan.message.authorID else { return }
    let size = theme.avatars.size
    // Beside the first bubble, level with the name over it when there is one (KakaoTalk).
    let nameAbove = namesThisPiece(plan) && theme.names.placement == .above
    let top =
      theme.avatars.carrier == .last
      ? bubbleFrame.maxY - size : theme.avatars.carrier == .first && nameAbove ? 0 : bubbleFrame.minY
    var picture = avatar(for: authorID, name: plan.authorName ?? authorID, side: plan.side, top: top)
    // The message's own: a spotlight on it cuts the avatar out with its bubble (issue 37).
    picture.initials.messageIndex = plan.index
    block.items.append(.avatar(picture))
    block.height = max(block.height, top + size)
    if top < 0 {
      // Taller than its bubble: the block grows upwards, so the avatar stays in the block.
      block.items = block.items.map { $0.offsetBy(dy: -top) }
      block.height -= top
    }
  }
}
