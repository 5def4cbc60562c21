/// Reaction pills: over the bubble's bottom edge (WhatsApp, Telegram), in a row under it
/// (Discord), or one tapback over its top corner (iMessage). They take their own room: never
/// over the bubble's text or time, and wrapped into rows no wider than the widest bubble.
struct ReactionPills: BlockPart {
  let builder: BlockBuilder

  struct PlacedReactions {
    var items: [LayoutItem]
    /// The lowest point of the pills, from the block's top (0 for none).
    var bottom: Double
  }

  /// Room between pills, and between a pill and the text above it.
  private static let pillGap = 4.0

  /// The pills of `plan`'s message under the bubble `body`, whose contents (text, time,
  /// pictures) end at `contentBottom`.
  func pills(_ plan: BubblePlan, under body: Rect, contentBottom: Double) -> PlacedReactions {
    let reactions = plan.message.extras.reactions
    guard !reactions.isEmpty else { return PlacedReactions(items: [], bottom: 0) }
    let style = theme.reactions
    let texts =
      style.placement == .combined
      ? [combinedLabel(reactions)]
      : reactions.map { reaction -> StyledText in
        let emoji = Self.emojiPresentation(LineCut.cut(reaction.emoji))
        let label = reaction.count > 1 ? "\(emoji) \(reaction.count)" : emoji
        return StyledText(label, font: font(size: style.size), maxLines: 1)
      }
    let labels = texts.map { ($0, measurer.measure($0, maxWidth: builder.contentWidth)) }
    let height = (labels.map(\.1.size.height).max() ?? 0) + 6
    let overlaps = style.placement != .below
    let inset = overlaps ? 10.0 : 0
    let rows = pillRows(labels.map { $0.1.size.width + 14 }, plan: plan, body: body, inset: inset)
    let top = overlaps ? max(body.maxY - height / 2 + 2, contentBottom + 1) : body.maxY + Self.pillGap
    let border = pillBorder(overlaps: overlaps)
    var items: [LayoutItem] = []
    for (line, row) in rows.enumerated() {
      let y = top + Double(line) * (height + Self.pillGap)
      var x = row.x
      for index in row.pills {
        let (text, metrics) = labels[index]
        let frame = Rect(x: x, y: y, width: row.widths[index], height: height)
        let label = TextBlock(
          origin: Point(x: x + 7, y: y + (height - metrics.size.height) / 2), size: metrics.size,
          text: text, color: style.textColor, wrapWidth: builder.contentWidth, metrics: metrics)
        let shape = BubbleShape(frame: frame, radius: height / 2)
        items.append(
          .badge(BadgeItem(shape: shape, fill: style.fill, border: border, label: label, messageIndex: plan.index)))
        x += row.widths[index] + Self.pillGap
      }
    }
    let bottom = top + Double(rows.count) * (height + Self.pillGap) - Self.pillGap
    return PlacedReactions(items: items, bottom: bottom)
  }

  /// Emoji a tapback or a combined pill shows before the total: more would crowd the bubble.
  private static let tapbackEmoji = 3

  /// All of a message's reactions in one label: the first three emoji and, past one, the
  /// total (a tapback, WhatsApp's pill).
  private func combinedLabel(_ reactions: [Reaction]) -> StyledText {
    // Counts a library user or a stranger's file set: summed without overflowing.
    let total = reactions.reduce(0) { sum, reaction in
      let (added, overflow) = sum.addingReportingOverflow(max(0, reaction.count))
      return overflow ? .max : added
    }
    let emoji = reactions.prefix(Self.tapbackEmoji).map { Self.emojiPresentation(LineCut.cut($0.emoji)) }.joined()
    return StyledText(
      total > 1 ? "\(emoji) \(labels.number(total))" : emoji, font: font(size: theme.reactions.size), maxLines: 1)
  }

  /// iMessage's tapback: one pill over the top corner of the bubble `body`, away from the
  /// author's edge (a sent bubble's top left, a received one's top right), holding the first
  /// emoji and the count. It stays above the first line of text; its top may be above the
  /// block's (the caller makes room).
  func tapback(_ plan: BubblePlan, on body: Rect) -> [LayoutItem] {
    let reactions = plan.message.extras.reactions
    guard !reactions.isEmpty else { return [] }
    let style = theme.reactions
    let text = combinedLabel(reactions)
    let metrics = measurer.measure(text, maxWidth: builder.contentWidth)
    let height = metrics.size.height + 8
    let width = max(height, metrics.size.width + 14)
    // Down into the corner as far as the padding above the first line allows, and in over
    // the rounded corner: above the text, it covers none of it.
    let overlap = min(height * 0.4, max(0, plan.style.padding.top - 1))
    let inward = min(max(plan.style.radius, plan.style.padding.left), body.width / 2)
    var frame = Rect(
      x: plan.side == .sent ? body.minX + inward - width : body.maxX - inward,
      y: body.minY + overlap - height, width: width, height: height)
    let rightmost = theme.canvas.width - theme.canvas.padding.right - width
    frame.origin.x = max(theme.canvas.padding.left, min(frame.minX, rightmost))
    let label = TextBlock(
      origin: Point(x: frame.midX - metrics.size.width / 2, y: frame.midY - metrics.size.height / 2),
      size: metrics.size, text: text, color: style.textColor, wrapWidth: builder.contentWidth, metrics: metrics)
    let shape = BubbleShape(frame: frame, radius: height / 2)
    return [
      .badge(
        BadgeItem(
          shape: shape, fill: style.fill, border: pillBorder(overlaps: true), label: label, messageIndex: plan.index))
    ]
  }

  /// One row of pills: which pills, where the row starts, and every pill's width.
  private struct PillRow {
    var pills: [Int]
    var x: Double
    var widths: [Double]
  }

  /// The pills cut into rows no wider than the widest bubble of the column (at least the
  /// bubble's own width), starting at the bubble's leading edge and kept inside the column.
  private func pillRows(_ widths: [Double], plan: BubblePlan, body: Rect, inset: Double) -> [PillRow] {
    let column = plan.rightEdge - plan.leftEdge
    let widest = plan.wrap + plan.style.padding.horizontal - 2 * inset
    let limit = min(max(body.width - 2 * inset, widest), column)
    var rows: [[Int]] = [[]]
    var used = 0.0
    for (index, width) in widths.enumerated() {
      let needed = (rows[rows.count - 1].isEmpty ? 0 : Self.pillGap) + width
      if !rows[rows.count - 1].isEmpty, used + needed > limit {
        rows.append([])
        used = 0
      }
      used += rows[rows.count - 1].isEmpty ? width : needed
      rows[rows.count - 1].append(index)
    }
    return rows.map { pills in
      let total = pills.map { widths[$0] }.reduce(0, +) + Self.pillGap * Double(pills.count - 1)
      // At the bubble's leading edge on both sides (the time keeps its trailing corner);
      // under the bubble (Discord), a sent message's pills end at its trailing edge.
      var x = inset > 0 || plan.side != .sent ? body.minX + inset : body.maxX - total
      x = max(plan.leftEdge, min(x, plan.rightEdge - total))
      return PillRow(pills: pills, x: x, widths: widths)
    }
  }

  /// `emoji` drawn as a colour emoji: a lone symbol whose default is text (Telegram's "❤"
  /// without U+FE0F) gets the variation selector that asks for the emoji glyph.
  static func emojiPresentation(_ emoji: String) -> String {
    let scalars = emoji.unicodeScalars
    guard scalars.count == 1, let scalar = scalars.first, scalar.value >= 0x80, scalar.properties.isEmoji,
      !scalar.properties.isEmojiPresentation
    else { return emoji }
    return emoji + "\u{FE0F}"
  }

  /// A ring in the page's colour parts an overlapping pill from its bubble; a pill as light
  /// as the page gets an outline in its text's colour, faint, so it does not vanish.
  private func pillBorder(overlaps: Bool) -> BorderStyle? {
    let style = theme.reactions
    if style.fill.contrastRatio(with: theme.canvas.background) < 1.15 {
      return BorderStyle(width: 1, color: style.textColor.withAlpha(0.28))
    }
    return overlaps ? BorderStyle(width: 1.5, color: theme.canvas.background) : nil
  }
}
