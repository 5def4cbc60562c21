import Foundation

/// Messages drawn without a bubble: one to three emoji alone, drawn large, and stickers.
extension BlockBuilder {
  /// The block of a message that needs no bubble, or nil for a bubble.
  func standaloneBlock(_ plan: BubblePlan) -> Block? {
    if let sticker = stickerBlock(plan) { return sticker }
    guard isEmojiOnly(plan.message) else { return nil }
    var items: [LayoutItem] = []
    var top = 0.0
    if namesThisPiece(plan), let name = plan.authorName {
      let label = StyledText(name, font: font(size: theme.names.size, bold: theme.names.bold))
      let metrics = measurer.measure(label, maxWidth: contentWidth)
      let x = plan.side == .sent ? plan.rightEdge - metrics.size.width : plan.leftEdge
      items.append(
        .text(
          TextBlock(
            origin: Point(x: x, y: 0), size: metrics.size, text: label,
            color: nameColor(for: plan.message.authorID), wrapWidth: contentWidth, metrics: metrics)))
      top = metrics.size.height + 2
    }
    let size = (plan.style.fontSize ?? theme.font.size) * Self.largeEmojiScale
    let text = StyledText(plan.message.text.trimmingCharacters(in: .whitespacesAndNewlines), font: font(size: size))
    let metrics = measurer.measure(text, maxWidth: contentWidth)
    let x = plan.side == .sent ? plan.rightEdge - metrics.size.width : plan.leftEdge
    let frame = Rect(x: x, y: top, width: metrics.size.width, height: metrics.size.height)
    items.append(
      .text(
        TextBlock(
          origin: frame.origin, size: metrics.size, text: text, color: plan.style.textColor,
          wrapWidth: contentWidth, metrics: metrics, messageIndex: plan.index)))
    var height = frame.maxY
    if let (label, timeMetrics) = timeLabel(plan) {
      let timeX = plan.side == .sent ? frame.maxX - timeMetrics.size.width : frame.minX
      items.append(
        .text(
          TextBlock(
            origin: Point(x: timeX, y: frame.maxY + 1), size: timeMetrics.size, text: label,
            color: theme.timestamps.themColor, wrapWidth: contentWidth, metrics: timeMetrics,
            isAnnotation: true, messageIndex: plan.index)))
      height = frame.maxY + 1 + timeMetrics.size.height
    }
    let reactions = ReactionPills(builder: self).pills(
      plan, under: Rect(x: frame.minX, y: frame.minY, width: max(frame.width, 40), height: height - frame.minY + 6),
      contentBottom: height)
    items += reactions.items
    return Block(
      items: items, height: max(height, reactions.bottom),
      gapBefore: plan.startsRun || plan.separatedAbove ? theme.spacing.newAuthor : theme.spacing.sameAuthor)
  }

  /// A sticker alone: at sticker size, no bubble, its time on a pill in its corner.
  private func stickerBlock(_ plan: BubblePlan) -> Block? {
    let extras = plan.message.extras
    guard plan.message.text.isEmpty, extras.replyTo == nil, extras.attachments.count == 1,
      let attachment = extras.attachments.first, attachment.kind == .sticker,
      let (source, info) = pictureInfo(attachment)
    else { return nil }
    let size = Self.fitted(info.size, width: Self.stickerSize, height: Self.stickerSize)
    let x = plan.side == .sent ? plan.rightEdge - size.width : plan.leftEdge
    let frame = Rect(x: x, y: 0, width: size.width, height: size.height)
    var items: [LayoutItem] = [
      .picture(
        PictureItem(
          frame: frame, radius: 0, source: source, pixelSize: info.size, name: attachment.fileName,
          messageIndex: plan.index, isBlurred: attachment.isRedacted))
    ]
    var bottom = frame.maxY
    if theme.timestamps.placement != .none, let time = plan.message.time {
      let label = StyledText(timeText(time), font: font(size: theme.timestamps.size))
      let metrics = measurer.measure(label, maxWidth: contentWidth)
      // Under the artwork, level with its trailing edge: over it, the pill covers the drawing
      // (issue 37). `timeBadge` keeps 4 points from the corner it is given, 8 above it.
      var badge = timeBadge(
        (label, metrics),
        corner: Point(x: frame.maxX + 4, y: frame.maxY + Self.stickerTimeGap + metrics.size.height + 8))
      badge.messageIndex = plan.index
      items.append(.badge(badge))
      bottom = badge.shape.frame.maxY
    }
    let reactions = ReactionPills(builder: self).pills(plan, under: frame, contentBottom: bottom)
    return Block(
      items: items + reactions.items, height: max(bottom, reactions.bottom),
      gapBefore: plan.startsRun || plan.separatedAbove ? theme.spacing.newAuthor : theme.spacing.sameAuthor)
  }

  /// The longest side of a sticker, in points.
  static let stickerSize = 150.0

  /// Between a sticker and the time pill under it.
  static let stickerTimeGap = 3.0

  /// Emoji alone are drawn this many times the text size, as messengers do.
  static let largeEmojiScale = 2.6

  /// The longest text (UTF-8 bytes) that may still be one to three emoji alone.
  static let emojiOnlyMaxBytes = 128

  /// One to three emoji and nothing else: no text, files, quote or forwarding.
  func isEmojiOnly(_ message: Message) -> Bool {
    let extras = message.extras
    guard extras.attachments.isEmpty, extras.replyTo == nil, extras.forwardedFrom == nil,
      !extras.isDeleted, extras.spans.isEmpty
    else { return false }
    // Three emoji, however long their sequences (a family is 25 bytes), and some spaces: a
    // longer text is not looked at character by character.
    guard message.text.utf8.count <= Self.emojiOnlyMaxBytes else { return false }
    let characters = message.text.filter { !$0.isWhitespace }
    guard (1...3).contains(characters.count) else { return false }
    return characters.allSatisfy(Self.isEmoji)
  }

  /// A character drawn as an emoji: a pictographic scalar shown as emoji by default or asked
  /// to be (variation selector 16), keycaps and flags included.
  static func isEmoji(_ character: Character) -> Bool {
    let scalars = character.unicodeScalars
    guard let first = scalars.first else { return false }
    if first.properties.isEmojiPresentation { return true }
    if scalars.contains(where: { $0.value == 0xFE0F }) && first.properties.isEmoji { return true }
    return false
  }
}
