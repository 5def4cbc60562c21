/// A message's attachments, one row each: a photo drawn, a voice note, or a file chip.
struct AttachmentRows: BubbleElement {
  static let place = BubbleElementPlace.aboveText
  let builder: BlockBuilder

  func rows(_ plan: BubblePlan) -> [BubbleRow] {
    plan.message.extras.attachments.map { attachment in
      pictureRow(attachment, plan: plan) ?? VoiceNoteRow(builder: builder).row(attachment, plan: plan)
        ?? FileChipRow(builder: builder).row(attachment, plan: plan)
    }
  }

  /// A photo as wide as the bubble allows (at most `maxPictureWidth`), its aspect ratio kept,
  /// at most `maxPictureHeight` tall, clipped to the bubble's corners.
  func pictureRow(_ attachment: Attachment, plan: BubblePlan) -> BubbleRow? {
    guard let (source, info) = builder.pictureInfo(attachment) else { return nil }
    let inset = BubbleRow.pictureInset
    let widest = min(plan.wrap + plan.style.padding.horizontal - 2 * inset, Self.maxPictureWidth)
    let size = BlockBuilder.fitted(info.size, width: widest, height: widest * Self.pictureHeightRatio)
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
}
