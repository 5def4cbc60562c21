/// The rows of a bubble around its text: the forwarded line, the name inside, the quoted
/// reply, attachment chips and a call above it; link cards below.
extension BlockBuilder {
  /// Rows above the text, on the first piece of a message only.
  func headerRows(_ plan: BubblePlan) -> [BubbleRow] {
    var rows: [BubbleRow] = []
    if namesThisPiece(plan), theme.names.placement == .inside, let name = plan.authorName {
      rows.append(insideNameRow(name, plan: plan))
    }
    if let forwarded = plan.message.extras.forwardedFrom {
      let label = forwarded.isEmpty ? labels.word(.forwarded) : labels.word(.forwardedFrom, ["name": forwarded])
      rows.append(smallRow(label, italic: true, color: secondaryColor(plan), plan: plan))
    }
    if let reply = replyRow(plan) { rows.append(reply) }
    for attachment in plan.message.extras.attachments {
      rows.append(
        pictureRow(attachment, plan: plan) ?? voiceNoteRow(attachment, plan: plan) ?? chipRow(attachment, plan: plan))
    }
    if let call = callRow(plan) { rows.append(call) }
    return rows
  }

  /// Rows below the text, on the last piece of a message only: link preview cards.
  func trailingRows(_ plan: BubblePlan) -> [BubbleRow] {
    plan.message.extras.linkPreviews.filter { !$0.isEmpty }.map { linkCardRow($0, plan: plan) }
  }

  /// A link preview as the apps draw it: a tinted card with a bar (in the card's own colour
  /// when it has one), the site, the title and a few lines of the description, then its
  /// fields (short ones two to a row, as Slack draws them) and footer; clickable in PDF and SVG.
  private func linkCardRow(_ preview: LinkPreview, plan: BubblePlan) -> BubbleRow {
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
      var items = Self.barredCard(
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
  private func cardFields(_ fields: [LinkPreview.Field], top: Double, left: Double, wrap: Double, color: Color)
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
  private func placedText(_ text: StyledText, at origin: Point, wrap: Double, color: Color) -> TextBlock {
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

  /// A line of small text, such as "Forwarded from Ana".
  private func smallRow(_ label: String, italic: Bool, color: Color, plan: BubblePlan) -> BubbleRow {
    let text = StyledText(label, font: font(size: theme.timestamps.size + 1, italic: italic), maxLines: 1)
    let metrics = measurer.measure(text, maxWidth: plan.wrap)
    return BubbleRow(text: text, metrics: metrics, color: onBubble(color, plan), wrapWidth: plan.wrap, gapBelow: 2)
  }

  /// The author's name as the bubble's first line, with a BOT badge for bots.
  private func insideNameRow(_ name: String, plan: BubblePlan) -> BubbleRow {
    let text = StyledText(shownName(name), font: font(size: theme.names.size, bold: theme.names.bold), maxLines: 1)
    let metrics = measurer.measure(text, maxWidth: plan.wrap)
    let color = onBubble(nameColor(for: plan.message.authorID), plan)
    var row = BubbleRow(text: text, metrics: metrics, color: color, wrapWidth: plan.wrap, gapBelow: 2)
    row.lastLine = nil
    if isBot(plan.message.authorID) {
      let badge = botBadge(
        after: Rect(x: 0, y: 0, width: metrics.size.width, height: metrics.size.height), color: color)
      row.items.append(.badge(badge))
      row.size.width = badge.shape.frame.maxX
    }
    return row
  }

  func isBot(_ authorID: String?) -> Bool {
    authorID.flatMap { participantByID[$0] }?.isBot == true
  }

  /// A "BOT" pill right of `name`, level with it.
  func botBadge(after name: Rect, color: Color) -> BadgeItem {
    let text = StyledText(labels.word(.bot), font: font(size: max(7, theme.names.size * 0.7), bold: true))
    let metrics = measurer.measure(text, maxWidth: 100)
    let height = metrics.size.height + 2
    let frame = Rect(
      x: name.maxX + 5, y: name.midY - height / 2, width: metrics.size.width + 8, height: height)
    let label = TextBlock(
      origin: Point(x: frame.minX + 4, y: frame.minY + 1), size: metrics.size, text: text,
      color: Self.labelColor(on: color), wrapWidth: 100, metrics: metrics)
    return BadgeItem(shape: BubbleShape(frame: frame, radius: 3), fill: color, label: label)
  }

  /// White on a dark pill, near-black on a light one (a light name colour in a dark theme).
  static func labelColor(on fill: Color) -> Color {
    fill.contrastRatio(with: .white) >= 3 ? .white : Color(rgb: 0x111111)
  }

  // MARK: - Reply

  /// The quoted message above a reply: a tinted box with a bar in the quoted author's
  /// colour, their name and two lines of what they said; a quoted photo's thumbnail at the
  /// right, as WhatsApp and Telegram show it.
  private func replyRow(_ plan: BubblePlan) -> BubbleRow? {
    guard let replyTo = plan.message.extras.replyTo else { return nil }
    let quoted = indexByMessageID[replyTo].flatMap { self.message(at: $0) }
    let style = theme.replies
    let bar = Rect(x: 5, y: 5, width: 3, height: 0)
    let picture = quoted.flatMap { quotedPicture($0) }
    let thumbnailRoom = picture == nil ? 0 : Self.thumbnailSide + Self.thumbnailInset + 4
    let inset = EdgeInsets(top: 4, left: bar.maxX + 7, bottom: 5, right: 8 + thumbnailRoom)
    let wrap = max(1, plan.wrap - inset.horizontal)
    let authorColor = quoteColor(of: quoted, plan: plan)
    var parts: [(StyledText, TextMetrics, Color)] = []
    if let quoted {
      // As the apps write it: a quote of my own message is by "You".
      let mine = quoted.authorID != nil && quoted.authorID == transcript.meID
      let name = mine ? labels.word(.you) : quoted.authorID.map(drawnName) ?? ""
      let nameText = StyledText(name, font: font(size: style.textSize, bold: true), maxLines: 1)
      parts.append((nameText, measurer.measure(nameText, maxWidth: wrap), onBubble(authorColor, plan)))
      let excerpt = quotedExcerpt(quoted, hasThumbnail: picture != nil, font: font(size: style.textSize))
      parts.append((excerpt, measurer.measure(excerpt, maxWidth: wrap), onBubble(plan.style.textColor, plan)))
    } else {
      let missing = StyledText(
        labels.word(.replyMissing), font: font(size: style.textSize, italic: true), maxLines: 1)
      parts.append((missing, measurer.measure(missing, maxWidth: wrap), onBubble(secondaryColor(plan), plan)))
    }
    let textWidth = parts.map(\.1.size.width).max() ?? 0
    let textHeight = parts.reduce(inset.vertical) { $0 + $1.1.size.height }
    let height = picture == nil ? textHeight : max(textHeight, Self.thumbnailSide + 2 * Self.thumbnailInset)
    let fill = onBubble(authorColor.withAlpha(0.1), plan)
    let barColor = onBubble(authorColor, plan)
    func items(width: Double) -> [LayoutItem] {
      var items = Self.barredCard(
        Rect(x: 0, y: 0, width: width, height: height), fill: fill, bar: bar, barColor: barColor, lines: parts,
        at: inset, wrap: wrap, lineGap: 0)
      if let (source, info, attachment) = picture {
        let side = Self.thumbnailSide
        let frame = Rect(x: width - Self.thumbnailInset - side, y: (height - side) / 2, width: side, height: side)
        items.append(
          .picture(
            PictureItem(
              frame: frame, radius: 4, source: source, pixelSize: info.size, name: attachment.fileName, covers: true,
              isBlurred: attachment.isRedacted))
        )
      }
      return items
    }
    let width = textWidth + inset.horizontal
    var row = BubbleRow(items: items(width: width), size: Size(width: width, height: height), gapBelow: 5)
    row.stretched = items(width:)
    return row
  }

  /// A tinted card with a rounded bar down its left and `lines` stacked from `inset`: a reply's
  /// quote and a link preview.
  static func barredCard(
    _ card: Rect, fill: Color, bar: Rect, barColor: Color, lines: [(StyledText, TextMetrics, Color)],
    at inset: EdgeInsets, wrap: Double, lineGap: Double
  ) -> [LayoutItem] {
    var items: [LayoutItem] = [
      .box(BoxItem(frame: card, radius: 6, fill: fill)),
      .box(
        BoxItem(
          frame: Rect(x: bar.minX, y: bar.minY, width: bar.width, height: card.height - 2 * bar.minY),
          radius: bar.width / 2, fill: barColor)),
    ]
    var y = inset.top
    for (text, metrics, color) in lines {
      items.append(
        .text(
          TextBlock(
            origin: Point(x: inset.left, y: y), size: metrics.size, text: text, color: color, wrapWidth: wrap,
            metrics: metrics)))
      y += metrics.size.height + lineGap
    }
    return items
  }

  /// The colour of a quote's bar and name: the quoted author's name colour when the theme
  /// colours names, else the theme's bar colour; the bubble's text colour, which is made to
  /// stand on it, when that colour would not (a grey name on a blue bubble).
  private func quoteColor(of quoted: Message?, plan: BubblePlan) -> Color {
    let colors = theme.names.colors
    let wanted =
      quoted.map { colors.isEmpty ? theme.replies.barColor : nameColor(for: $0.authorID) }
      ?? theme.replies.barColor
    let fill = plan.style.fill.isOpaque ? plan.style.fill : theme.canvas.background
    return wanted.contrastRatio(with: fill) >= 2.5 ? wanted : plan.style.textColor
  }

  /// What a quote shows of a message, in two lines at most: its text, its spoilers as the
  /// message shows them, else what it carried ("Photo" beside its thumbnail, with an icon
  /// without one).
  private func quotedExcerpt(_ message: Message, hasThumbnail: Bool, font: FontSpec) -> StyledText {
    func plain(_ text: String) -> StyledText { StyledText(text, font: font, maxLines: 2) }
    if message.extras.isDeleted { return plain(labels.word(.deleted)) }
    let excerpt = QuoteExcerpt(message, lineCount: 2)
    if !excerpt.text.isEmpty {
      let styles = InlineRuns.spoilerStyles(theme.formatting)
      let runs = excerpt.spoilers.flatMap { range in styles.map { TextRun(range: range, style: $0) } }
      return StyledText(excerpt.text, font: font, runs: runs, maxLines: 2)
    }
    guard let attachment = message.extras.attachments.first else { return plain("…") }
    let noun = labels.word(AttachmentLabel.noun(for: attachment.kind))
    return plain(hasThumbnail ? noun : AttachmentLabel.icon(for: attachment.kind) + " " + noun)
  }

  /// The first picture of a quoted message that can be drawn, for the quote's thumbnail.
  private func quotedPicture(_ message: Message) -> (AttachmentSource, PictureInfo, Attachment)? {
    guard !message.extras.isDeleted else { return nil }
    for attachment in message.extras.attachments {
      if let (source, info) = pictureInfo(attachment) { return (source, info, attachment) }
    }
    return nil
  }

  /// A quoted picture's thumbnail: a rounded square this wide, at least this far inside the
  /// quote (a quote of two lines is taller: the thumbnail sits in its middle).
  static let thumbnailSide = 36.0
  static let thumbnailInset = 4.0

  // MARK: - Attachments

  /// The picture of `attachment` when it is a photo whose file can be drawn.
  func pictureInfo(_ attachment: Attachment) -> (AttachmentSource, PictureInfo)? {
    guard attachment.kind == .image || attachment.kind == .sticker, !attachment.isOmitted,
      let source = attachment.source,
      let info = pictures.info(of: source, name: attachment.fileName)
    else { return nil }
    return (source, info)
  }

  /// A photo as wide as the bubble allows (at most `maxPictureWidth`), its aspect ratio kept,
  /// at most `maxPictureHeight` tall, clipped to the bubble's corners.
  private func pictureRow(_ attachment: Attachment, plan: BubblePlan) -> BubbleRow? {
    guard let (source, info) = pictureInfo(attachment) else { return nil }
    let inset = BubbleRow.pictureInset
    let widest = min(plan.wrap + plan.style.padding.horizontal - 2 * inset, Self.maxPictureWidth)
    let size = Self.fitted(info.size, width: widest, height: widest * Self.pictureHeightRatio)
    let picture = PictureItem(
      frame: Rect(x: 0, y: 0, width: size.width, height: size.height),
      radius: max(0, plan.style.radius - inset), source: source, pixelSize: info.size,
      name: attachment.fileName, isBlurred: attachment.isRedacted)
    var row = BubbleRow(items: [.picture(picture)], size: size, gapBelow: 6)
    row.bleeds = true
    return row
  }

  static let maxPictureWidth = 280.0
  /// A picture is at most this many times as tall as the widest it may be.
  static let pictureHeightRatio = 1.3

  /// `pixels` scaled to fit `width` × `height` points, its aspect ratio kept.
  static func fitted(_ pixels: PixelSize, width: Double, height: Double) -> Size {
    let scale = min(width / Double(pixels.width), height / Double(pixels.height))
    return Size(width: Double(pixels.width) * scale, height: Double(pixels.height) * scale)
  }

  /// A chip's title and detail: the file's name (or "Photo omitted") and what it is, with
  /// its length or size when known.
  private func chipLabels(_ attachment: Attachment) -> (title: String, detail: String) {
    let noun = labels.word(AttachmentLabel.noun(for: attachment.kind))
    let fileName = attachment.fileName.map { String($0.split(separator: "/").last ?? Substring($0)) }
    if attachment.isRedacted, attachment.source == nil, let redacted = AttachmentLabel.redacted(attachment.kind) {
      return (labels.word(redacted), noun)
    }
    if attachment.isOmitted || (fileName == nil && attachment.title == nil) {
      return (labels.word(AttachmentLabel.omitted(attachment.kind)), labels.word(.notInExport))
    }
    var details: [String] = []
    if let duration = attachment.duration { details.append(labels.localDigits(Self.clock(duration))) }
    if let bytes = attachment.byteCount { details.append(labels.byteSize(bytes)) }
    details.append(attachment.detail ?? noun)
    return (attachment.title ?? fileName ?? noun, details.joined(separator: " · "))
  }

  /// `83.4` → "1:23", `5517` → "1:31:57" (hours as the apps write them); a length that is no number of seconds a recording has (negative, not
  /// finite, or past `longestClock`: a library user's or a stranger's file's 1e300) is unknown,
  /// "–:––", never converted to an integer it does not fit.
  static func clock(_ seconds: Double) -> String {
    guard seconds.isFinite, seconds >= 0, seconds <= longestClock else { return "–:––" }
    let whole = Int(seconds.rounded())
    func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    let (hours, minutes, rest) = (whole / 3600, whole / 60 % 60, whole % 60)
    return hours > 0 ? "\(hours):\(twoDigits(minutes)):\(twoDigits(rest))" : "\(minutes):\(twoDigits(rest))"
  }

  /// The longest length shown, in seconds: a year.
  static let longestClock = 366.0 * 24 * 3600

  /// A file, voice note, contact or location, or media the export left out: an icon, the
  /// name and what it is.
  func chipRow(_ attachment: Attachment, plan: BubblePlan) -> BubbleRow {
    let (titleText, detailText) = chipLabels(attachment)
    let inset = EdgeInsets(top: 7, left: 8, bottom: 7, right: 10)
    let icon = StyledText(AttachmentLabel.icon(for: attachment.kind), font: font(size: 20))
    let iconMetrics = measurer.measure(icon, maxWidth: 60)
    let textLeft = inset.left + iconMetrics.size.width + 8
    let wrap = max(1, plan.wrap - textLeft - inset.right)
    let title = StyledText(titleText, font: font(size: theme.font.size * 0.95, bold: true), maxLines: 1)
    let titleMetrics = measurer.measure(title, maxWidth: wrap)
    let detail = StyledText(detailText, font: font(size: theme.timestamps.size + 1), maxLines: 1)
    let detailMetrics = measurer.measure(detail, maxWidth: wrap)
    let textHeight = titleMetrics.size.height + 1 + detailMetrics.size.height
    let height = max(iconMetrics.size.height, textHeight) + inset.vertical
    let fill = onBubble(plan.style.textColor.withAlpha(0.07), plan)
    let textTop = (height - textHeight) / 2
    let blocks = [
      TextBlock(
        origin: Point(x: inset.left, y: (height - iconMetrics.size.height) / 2), size: iconMetrics.size,
        text: icon, color: plan.style.textColor, wrapWidth: 60, metrics: iconMetrics),
      TextBlock(
        origin: Point(x: textLeft, y: textTop), size: titleMetrics.size, text: title,
        color: onBubble(plan.style.textColor, plan), wrapWidth: wrap, metrics: titleMetrics),
      TextBlock(
        origin: Point(x: textLeft, y: textTop + titleMetrics.size.height + 1), size: detailMetrics.size,
        text: detail, color: onBubble(secondaryColor(plan), plan), wrapWidth: wrap, metrics: detailMetrics),
    ]
    func items(width: Double) -> [LayoutItem] {
      [.box(BoxItem(frame: Rect(x: 0, y: 0, width: width, height: height), radius: 8, fill: fill))]
        + blocks.map { .text($0) }
    }
    let width = min(
      plan.wrap, max(180, textLeft + max(titleMetrics.size.width, detailMetrics.size.width) + inset.right))
    var row = BubbleRow(items: items(width: width), size: Size(width: width, height: height), gapBelow: 5)
    row.stretched = items(width:)
    return row
  }
}
