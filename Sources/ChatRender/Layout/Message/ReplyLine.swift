/// A reply's quote drawn over the message instead of in its bubble (`replies.style`): Discord's
/// spine (a line from above the avatar curving into the quoted name and one faded line of
/// text) or iMessage's thread (the original as a faded bubble, a curved line down to the
/// reply). The block is moved down to make room.
struct ReplyLine: BlockPart {
  let builder: BlockBuilder

  /// Between the quote and the message.
  static let gap = 4.0
  /// Between a thread's faded original and the reply, where the line runs.
  static let threadGap = 14.0
  /// How much of the original's bubble colour a thread's faded original keeps.
  static let fade = 0.45
  /// The quoted author's small round picture in a spine.
  static let smallAvatar = 16.0
  /// The turn of either line.
  static let turnRadius = 6.0

  /// Puts the quote of `plan`'s reply over `block`, for a first piece in a theme whose
  /// replies are not boxes.
  func add(to block: inout Block, plan: BubblePlan) {
    guard plan.isFirstPiece, let replyTo = plan.message.extras.replyTo,
      let bubble = Self.body(of: plan.index, in: block.items)
    else { return }
    let quoted = builder.quotedMessage(id: replyTo)
    switch theme.replies.style {
    case .box: return
    case .spine: addSpine(to: &block, plan: plan, quoted: quoted, bubble: bubble)
    case .thread: addThread(to: &block, plan: plan, quoted: quoted, reply: bubble)
    }
  }

  // MARK: - Spine

  /// One line over the message: the quoted author's small picture and name and a faded line
  /// of what they said, starting where the message's text starts; the line rises from above
  /// the avatar and turns right into it.
  private func addSpine(to block: inout Block, plan: BubblePlan, quoted: Message?, bubble: Rect) {
    let style = theme.replies
    let textX = bubble.minX + plan.style.padding.left
    let side = Self.smallAvatar
    var parts: [(StyledText, Color)] = []
    if let quoted {
      parts.append(
        (
          StyledText(quotedName(quoted), font: font(size: style.textSize, bold: true), maxLines: 1),
          builder.nameColor(for: quoted.authorID)
        ))
      var excerpt = ReplyQuoteRow(builder: builder).quotedExcerpt(
        quoted, hasThumbnail: false, font: font(size: style.textSize))
      excerpt.maxLines = 1
      parts.append((excerpt, theme.timestamps.themColor))
    } else {
      parts.append(
        (
          StyledText(labels.word(.replyMissing), font: font(size: style.textSize, italic: true), maxLines: 1),
          theme.timestamps.themColor
        ))
    }
    var x = quoted == nil ? textX : textX + side + 4
    var texts: [TextBlock] = []
    for (text, color) in parts {
      let room = max(1, plan.rightEdge - x)
      let metrics = measurer.measure(text, maxWidth: room)
      // The message's own, drawn outside its bubble: a spotlight on it shows them.
      texts.append(
        TextBlock(
          origin: Point(x: x, y: 0), size: metrics.size, text: text, color: color, wrapWidth: room,
          metrics: metrics, messageIndex: plan.index))
      x += metrics.size.width + 4
    }
    let height = max(quoted == nil ? 0 : side, texts.map(\.size.height).max() ?? 0)
    var items = texts.map { text -> LayoutItem in
      var centred = text
      centred.origin.y = (height - text.size.height) / 2
      return .text(centred)
    }
    if let author = quoted?.authorID {
      let frame = Rect(x: textX, y: (height - side) / 2, width: side, height: side)
      // Just under half the side: a box of exactly half is drawn as nothing (see
      // `Canvas.fillRoundedRects`).
      let dot = BoxItem(frame: frame, radius: side / 2 - 0.25, fill: builder.avatarColor(for: author))
      items.insert(.box(dot), at: 0)
    }
    let drop = height + Self.gap
    let avatar = block.items.lazy.compactMap { item -> Rect? in
      if case .avatar(let avatar) = item { avatar.frame } else { nil }
    }.first
    let riseX = avatar?.midX ?? max(theme.canvas.padding.left / 2, textX - 20)
    let riseY = (avatar.map { $0.minY - 4 } ?? 0) + drop
    let line = ConnectorLine(
      points: [
        Point(x: riseX, y: max(riseY, height / 2 + Self.turnRadius)), Point(x: riseX, y: height / 2),
        Point(x: textX - 4, y: height / 2),
      ], radius: Self.turnRadius)
    let quote = Rect(x: textX, y: 0, width: max(0, x - 4 - textX), height: height)
    items.insert(.line(lineItem(line, plan: plan, quote: quote)), at: 0)
    place(items, over: &block, drop: drop)
  }

  // MARK: - Thread

  /// The original as a faded bubble on its author's side over the reply, a curved line from
  /// it down to the reply's bubble.
  private func addThread(to block: inout Block, plan: BubblePlan, quoted: Message?, reply: Rect) {
    var side = quoted.map { builder.transcript.side(of: $0) } ?? .received
    if side == .center { side = .received }
    let style = theme.bubble(for: side)
    let fill = style.fill.withAlpha(style.fill.alpha * Self.fade).composited(over: theme.canvas.background)
    // Its own text colour where that still reads on the paler fill, else the clearer of
    // near-black and white (white on a faded blue would not).
    let clearer = [Color(rgb: 0x111111), .white].max { $0.contrastRatio(with: fill) < $1.contrastRatio(with: fill) }
    let textColor = style.textColor.contrastRatio(with: fill) >= 4.5 ? style.textColor : clearer ?? style.textColor
    let quotes = ReplyQuoteRow(builder: builder)
    let text: StyledText
    if let quoted {
      text = quotes.quotedExcerpt(quoted, hasThumbnail: false, font: font(size: theme.replies.textSize))
    } else {
      text = StyledText(labels.word(.replyMissing), font: font(size: theme.replies.textSize, italic: true), maxLines: 1)
    }
    let picture = quoted.flatMap { quotes.quotedPicture($0) }
    let thumbnail = picture == nil ? 0.0 : ReplyQuoteRow.thumbnailSide
    let metrics = measurer.measure(text, maxWidth: max(1, plan.wrap - (thumbnail > 0 ? thumbnail + 6 : 0)))
    let padding = style.padding
    let size = Size(
      width: metrics.size.width + (thumbnail > 0 ? thumbnail + 6 : 0) + padding.horizontal,
      height: max(metrics.size.height, thumbnail) + padding.vertical)
    let x = side == .sent ? plan.rightEdge - plan.arrowRoom - size.width : plan.leftEdge + plan.arrowRoom
    let original = Rect(x: x, y: 0, width: size.width, height: size.height)
    var items: [LayoutItem] = [
      .bubble(
        BubbleItem(
          shape: BubbleShape(frame: original, radius: style.radius), fill: fill, border: nil, shadow: nil,
          messageIndex: plan.index, role: BubbleRole(side))),
      .text(
        TextBlock(
          origin: Point(x: original.minX + padding.left, y: (size.height - metrics.size.height) / 2),
          size: metrics.size, text: text, color: textColor, wrapWidth: metrics.size.width + 1, metrics: metrics)),
    ]
    if let (source, info, attachment) = picture {
      let frame = Rect(
        x: original.maxX - padding.right - thumbnail, y: (size.height - thumbnail) / 2, width: thumbnail,
        height: thumbnail)
      items.append(
        .picture(
          PictureItem(
            frame: frame, radius: 4, source: source, pixelSize: info.size, name: attachment.fileName, covers: true,
            isBlurred: attachment.isRedacted)))
    }
    let drop = size.height + Self.threadGap
    let line = Self.thread(from: original, fromSide: side, to: reply.offsetBy(dx: 0, dy: drop), toSide: plan.side)
    items.insert(.line(lineItem(line, plan: plan, quote: original)), at: 0)
    place(items, over: &block, drop: drop)
  }

  /// The line from a faded original to its reply: on one side, a bracket just outside both
  /// bubbles' outer edges; across, from under the original's inner half, over and down into
  /// the reply's inner half.
  static func thread(from original: Rect, fromSide: MessageSide, to reply: Rect, toSide: MessageSide)
    -> ConnectorLine
  {
    let sent = { (side: MessageSide) in side == .sent }
    if sent(fromSide) == sent(toSide) {
      let outside = sent(toSide) ? max(original.maxX, reply.maxX) + 5 : min(original.minX, reply.minX) - 5
      let fromEdge = sent(toSide) ? original.maxX : original.minX
      let toEdge = sent(toSide) ? reply.maxX : reply.minX
      let replyY = min(reply.midY, reply.minY + 16)
      return ConnectorLine(
        points: [
          Point(x: fromEdge, y: original.midY), Point(x: outside, y: original.midY), Point(x: outside, y: replyY),
          Point(x: toEdge, y: replyY),
        ], radius: turnRadius)
    }
    let startX = sent(fromSide) ? original.minX + 16 : original.maxX - 16
    let endX = sent(toSide) ? reply.minX + 16 : reply.maxX - 16
    let middle = (original.maxY + reply.minY) / 2
    return ConnectorLine(
      points: [
        Point(x: startX, y: original.maxY), Point(x: startX, y: middle), Point(x: endX, y: middle),
        Point(x: endX, y: reply.minY),
      ], radius: turnRadius)
  }

  // MARK: - Parts

  /// The quoted author as the apps write them: "You" for my own message.
  private func quotedName(_ quoted: Message) -> String {
    let mine = quoted.authorID != nil && quoted.authorID == builder.transcript.meID
    return mine ? labels.word(.you) : quoted.authorID.map(builder.drawnName) ?? ""
  }

  private func lineItem(_ line: ConnectorLine, plan: BubblePlan, quote: Rect) -> LineItem {
    LineItem(
      line: line, width: theme.replies.lineWidth, color: theme.replies.lineColor, messageIndex: plan.index,
      quote: quote)
  }

  /// `items` over the block, whose own items move down by `drop`.
  private func place(_ items: [LayoutItem], over block: inout Block, drop: Double) {
    block.items = items + block.items.map { $0.offsetBy(dy: drop) }
    block.height += drop
  }

  /// The body (without its arrow) of the bubble of message `index` among `items`.
  private static func body(of index: Int, in items: [LayoutItem]) -> Rect? {
    items.lazy.compactMap { item -> Rect? in
      guard case .bubble(let bubble) = item, bubble.messageIndex == index else { return nil }
      return bubble.shape.body
    }.first
  }
}
