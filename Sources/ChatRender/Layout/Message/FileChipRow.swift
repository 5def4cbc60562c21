/// A file, voice note, contact or location, or media the export left out, as a chip.
struct FileChipRow: BlockPart {
  let builder: BlockBuilder

  /// A file, voice note, contact or location, or media the export left out: an icon, the
  /// name and what it is.
  func row(_ attachment: Attachment, plan: BubblePlan) -> BubbleRow {
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

  /// A chip's title and detail: the file's name (or "Photo omitted") and what it is, with
  /// its length or size when known.
  func chipLabels(_ attachment: Attachment) -> (title: String, detail: String) {
    let noun = labels.word(AttachmentLabel.noun(for: attachment.kind))
    let fileName = attachment.fileName.map { String($0.split(separator: "/").last ?? Substring($0)) }
    if attachment.isRedacted, attachment.source == nil, let redacted = AttachmentLabel.redacted(attachment.kind) {
      return (labels.word(redacted), noun)
    }
    if attachment.isOmitted || (fileName == nil && attachment.title == nil) {
      return (labels.word(AttachmentLabel.omitted(attachment.kind)), labels.word(.notInExport))
    }
    var details: [String] = []
    if let duration = attachment.duration { details.append(labels.localDigits(BlockBuilder.clock(duration))) }
    if let bytes = attachment.byteCount { details.append(labels.byteSize(bytes)) }
    details.append(attachment.detail ?? noun)
    return (attachment.title ?? fileName ?? noun, details.joined(separator: " · "))
  }

}
