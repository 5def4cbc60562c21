/// Link preview cards under a message's text.
struct LinkCardRows: BubbleElement {
  static let place = BubbleElementPlace.belowText
  let builder: BlockBuilder

  func rows(_ plan: BubblePlan) -> [BubbleRow] {
    plan.message.extras.linkPreviews.filter { !$0.isEmpty }.map { linkCardRow($0, plan: plan) }
  }

  /// A link preview as the apps draw it: a tinted card with a bar (in the card's own colour
  /// when it has one), the site, the title and a few lines of the description, then its
  /// fields (short ones two to a row, as Slack draws them) and footer; clickable in PDF and SVG.
  func linkCardRow(_ preview: LinkPreview, plan: BubblePlan) -> BubbleRow {
    let bar = Rect(x: 5, y: 5, width: 3, height: 0)
    let inset = EdgeInsets(top: 5, left: bar.maxX + 7, bottom: 6, right: 8)
    let wrap = max(1, plan.wrap - inset.horizontal)
    // The link colour, or the text's where it would not stand on the bubble (Messenger's blue).
    let accent = onBubble(RichBodyStyle(theme: theme, side: plan.side).formatting.link, plan)
    let size = theme.replies.textSize
    let textColor = onBubble(plan.style.textColor, plan)
    var lines: [(StyledText, Color)] = []
    if let site = preview.siteName ?? preview.url.flatMap(Self.host) {
      lines.append((StyledText(site, font: font(size: size - 1), maxLines: 1), accent))
    }
    if let title = preview.title, !title.isEmpty {
      lines.append((StyledText(title, font: font(size: size, bold: true), maxLines: 2), textColor))
    }
    if let description = preview.description, !description.isEmpty {
      lines.append((StyledText(description, font: font(size: size), maxLines: 3), textColor))
    }
    let measured = lines.map { ($0.0, measurer.measure($0.0, maxWidth: wrap), $0.1) }
    var bottom = measured.reduce(inset.top) { $0 + $1.1.size.height + 1 }
    var placed = cardFields(preview.fields, top: bottom, left: inset.left, wrap: wrap, color: textColor)
    if let footer = preview.footer, !footer.isEmpty {
      let text = StyledText(footer, font: font(size: size - 1), maxLines: 1)
      let top = (placed.map { $0.origin.y + $0.size.height }.max() ?? bottom) + 3
      placed.append(
        placedText(text, at: Point(x: inset.left, y: top), wrap: wrap, color: onBubble(secondaryColor(plan), plan)))
    }
    bottom = max(bottom, placed.map { $0.origin.y + $0.size.height + 1 }.max() ?? 0)
    let height = bottom + inset.bottom
    let fill = onBubble(theme.formatting.link.withAlpha(0.08), plan)
    let barColor = preview.color.map { onBubble($0, plan) } ?? accent
    func items(width: Double) -> [LayoutItem] {
      let card = Rect(x: 0, y: 0, width: width, height: height)
      var items = BarredCard.items(
        card, fill: fill, bar: bar, barColor: barColor, lines: measured, at: inset, wrap: wrap, lineGap: 1)
      items += placed.map { .text($0) }
      if let url = preview.url, let link = LinkItem.clickable(frame: card, url: url) { items.append(.link(link)) }
      return items
    }
    let textRight = max(
      measured.map(\.1.size.width).max() ?? 0, placed.map { $0.origin.x - inset.left + $0.size.width }.max() ?? 0)
    let width = textRight + inset.horizontal
    var row = BubbleRow(items: items(width: width), size: Size(width: width, height: height), gapBelow: 5)
    row.stretched = items(width:)
    return row
  }

  /// A card's fields from `top`: each a bold title over its value; a short field beside the
  /// short one after it, in two columns, a long one across the card.
  func cardFields(_ fields: [LinkPreview.Field], top: Double, left: Double, wrap: Double, color: Color)
    -> [TextBlock]
  {
    let size = theme.replies.textSize
    let columnGap = 10.0
    let column = max(1, (wrap - columnGap) / 2)
    var blocks: [TextBlock] = []
    var y = top + (fields.isEmpty ? 0 : 2)
    var index = fields.startIndex
    while index < fields.endIndex {
      let pair = fields[index].isShort && index + 1 < fields.endIndex && fields[index + 1].isShort
      let cells = pair ? [fields[index], fields[index + 1]] : [fields[index]]
      var rowBottom = y
      for (number, field) in cells.enumerated() {
        let x = left + Double(number) * (column + columnGap)
        let width = pair ? column : wrap
        var cellTop = y
        if !field.title.isEmpty {
          let title = placedText(
            StyledText(field.title, font: font(size: size, bold: true), maxLines: 1), at: Point(x: x, y: cellTop),
            wrap: width, color: color)
          blocks.append(title)
          cellTop += title.size.height
        }
        if !field.value.isEmpty {
          let value = placedText(
            StyledText(field.value, font: font(size: size), maxLines: 4), at: Point(x: x, y: cellTop), wrap: width,
            color: color)
          blocks.append(value)
          cellTop += value.size.height
        }
        rowBottom = max(rowBottom, cellTop)
      }
      y = rowBottom + 3
      index += cells.count
    }
    return blocks
  }

  /// `text` measured within `wrap` and placed at `origin`.
  func placedText(_ text: StyledText, at origin: Point, wrap: Double, color: Color) -> TextBlock {
    let metrics = measurer.measure(text, maxWidth: wrap)
    return TextBlock(origin: origin, size: metrics.size, text: text, color: color, wrapWidth: wrap, metrics: metrics)
  }

  /// "https://www.example.org/a" → "example.org".
  static func host(of url: String) -> String? {
    guard let schemeEnd = url.range(of: "://") else { return nil }
    let rest = url[schemeEnd.upperBound...]
    let host = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
    guard !host.isEmpty else { return nil }
    return host.hasPrefix("www.") ? String(host.dropFirst(4)) : String(host)
  }

}
