/// The quoted message over a reply.
struct ReplyQuoteRow: BubbleElement {
  static let place = BubbleElementPlace.aboveText
  let builder: BlockBuilder

  /// A box in the bubble; other styles draw the quote over the message (`ReplyLine`).
  func rows(_ plan: BubblePlan) -> [BubbleRow] {
    guard theme.replies.style == .box else { return [] }
    return replyRow(plan).map { [$0] } ?? []
  }

  /// The quoted message above a reply: a tinted box with a bar in the quoted author's
  /// colour, their name and two lines of what they said; a quoted photo's thumbnail at the
  /// right, as WhatsApp and Telegram show it.
  func replyRow(_ plan: BubblePlan) -> BubbleRow? {
    guard let replyTo = plan.message.extras.replyTo else { return nil }
    let quoted = builder.quotedMessage(id: replyTo)
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
      let mine = quoted.authorID != nil && quoted.authorID == builder.transcript.meID
      let name = mine ? labels.word(.you) : quoted.authorID.map(builder.drawnName) ?? ""
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
      var items = BarredCard.items(
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

  /// The colour of a quote's bar and name: the quoted author's name colour when the theme
  /// colours names, else the theme's bar colour; the bubble's text colour, which is made to
  /// stand on it, when that colour would not (a grey name on a blue bubble).
  func quoteColor(of quoted: Message?, plan: BubblePlan) -> Color {
    let colors = theme.names.colors
    let wanted =
      quoted.map { colors.isEmpty ? theme.replies.barColor : builder.nameColor(for: $0.authorID) }
      ?? theme.replies.barColor
    let fill = plan.style.fill.isOpaque ? plan.style.fill : theme.canvas.background
    return wanted.contrastRatio(with: fill) >= 2.5 ? wanted : plan.style.textColor
  }

  /// What a quote shows of a message, in two lines at most: its text, its spoilers as the
  /// message shows them, else what it carried ("Photo" beside its thumbnail, with an icon
  /// without one).
  func quotedExcerpt(_ message: Message, hasThumbnail: Bool, font: FontSpec) -> StyledText {
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
  func quotedPicture(_ message: Message) -> (AttachmentSource, PictureInfo, Attachment)? {
    guard !message.extras.isDeleted else { return nil }
    for attachment in message.extras.attachments {
      if let (source, info) = builder.pictureInfo(attachment) { return (source, info, attachment) }
    }
    return nil
  }

  /// A quoted picture's thumbnail: a rounded square this wide, at least this far inside the
  /// quote (a quote of two lines is taller: the thumbnail sits in its middle).
  static let thumbnailSide = 36.0
  static let thumbnailInset = 4.0
}
