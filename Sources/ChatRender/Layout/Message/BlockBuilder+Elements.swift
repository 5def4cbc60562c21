/// The rows of a bubble around its text, from the layout's table of elements
/// (`BubbleElements`), and what several elements and blocks share.
extension BlockBuilder {
  /// Rows above the text, on the first piece of a message only.
  func headerRows(_ plan: BubblePlan) -> [BubbleRow] { rows(plan, place: .aboveText) }

  /// Rows below the text, on the last piece of a message only: link preview cards.
  func trailingRows(_ plan: BubblePlan) -> [BubbleRow] { rows(plan, place: .belowText) }

  /// The rows of each element at `place`, in the table's order.
  private func rows(_ plan: BubblePlan, place: BubbleElementPlace) -> [BubbleRow] {
    elements.filter { $0.place == place }.flatMap { $0.init(builder: self).rows(plan) }
  }

  // MARK: - Shared

  /// Whether `authorID` is a bot's (a BOT badge follows its name).
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

  /// The picture of `attachment` when it is a photo whose file can be drawn.
  func pictureInfo(_ attachment: Attachment) -> (AttachmentSource, PictureInfo)? {
    guard attachment.kind == .image || attachment.kind == .sticker, !attachment.isOmitted,
      let source = attachment.source,
      let info = pictures.info(of: source, name: attachment.fileName)
    else { return nil }
    return (source, info)
  }

  /// `pixels` scaled to fit `width` × `height` points, its aspect ratio kept.
  static func fitted(_ pixels: PixelSize, width: Double, height: Double) -> Size {
    let scale = min(width / Double(pixels.width), height / Double(pixels.height))
    return Size(width: Double(pixels.width) * scale, height: Double(pixels.height) * scale)
  }

  /// `83.4` → "1:23", `5517` → "1:31:57" (hours as the apps write them); a length that is no
  /// number of seconds a recording has (negative, not finite, or past `longestClock`: a library
  /// user's or a stranger's file's 1e300) is unknown,
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
}
