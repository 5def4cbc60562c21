/// A call (issue 36): a chip in the caller's bubble with a round icon (a handset or a camera,
/// drawn as boxes so no emoji font is needed), the kind and the length or how it ended.
struct CallChipRow: BubbleElement {
  static let place = BubbleElementPlace.aboveText
  let builder: BlockBuilder

  func rows(_ plan: BubblePlan) -> [BubbleRow] {
    guard let call = plan.message.extras.call else { return [] }
    let inset = EdgeInsets(top: 7, left: 8, bottom: 7, right: 12)
    let side = Self.iconSide
    let textLeft = inset.left + side + 9
    let wrap = max(1, plan.wrap - textLeft - inset.right)
    let (titleWord, detailText) = callLabels(call)
    let title = StyledText(labels.word(titleWord), font: font(size: theme.font.size * 0.95, bold: true), maxLines: 1)
    let titleMetrics = measurer.measure(title, maxWidth: wrap)
    var lines = [(title, titleMetrics, onBubble(plan.style.textColor, plan))]
    if let detailText {
      let detail = StyledText(detailText, font: font(size: theme.timestamps.size + 1), maxLines: 1)
      lines.append((detail, measurer.measure(detail, maxWidth: wrap), onBubble(secondaryColor(plan), plan)))
    }
    let textHeight = lines.reduce(0) { $0 + $1.1.size.height } + Double(lines.count - 1)
    let height = max(side, textHeight) + inset.vertical
    var items: [LayoutItem] = []
    items += callIcon(call, at: Point(x: inset.left, y: (height - side) / 2), plan: plan)
    var y = (height - textHeight) / 2
    for (text, metrics, color) in lines {
      items.append(
        .text(
          TextBlock(
            origin: Point(x: textLeft, y: y), size: metrics.size, text: text, color: color, wrapWidth: wrap,
            metrics: metrics)))
      y += metrics.size.height + 1
    }
    let fill = onBubble(plan.style.textColor.withAlpha(0.07), plan)
    func chip(width: Double) -> [LayoutItem] {
      [.box(BoxItem(frame: Rect(x: 0, y: 0, width: width, height: height), radius: 8, fill: fill))] + items
    }
    let width = min(plan.wrap, max(150, textLeft + (lines.map(\.1.size.width).max() ?? 0) + inset.right))
    var row = BubbleRow(items: chip(width: width), size: Size(width: width, height: height), gapBelow: 5)
    row.stretched = chip(width:)
    return [row]
  }

  static let iconSide = 32.0

  /// The chip's title and the line under it: the length of an answered call, "No answer".
  private func callLabels(_ call: Call) -> (title: Word, detail: String?) {
    switch call.outcome {
    case .answered:
      return (
        call.medium == .video ? .videoCall : .voiceCall,
        call.duration.map { labels.localDigits(BlockBuilder.clock($0)) }
      )
    case .missed: return (.missedCall, nil)
    case .cancelled: return (.cancelledCall, nil)
    case .unanswered: return (call.medium == .video ? .videoCall : .voiceCall, labels.word(.callNoAnswer))
    }
  }

  /// A filled circle, the theme's `calls.failed` (red) for a call that did not go through, with a handset or a camera
  /// cut out of it in the bubble's colour.
  private func callIcon(_ call: Call, at origin: Point, plan: BubblePlan) -> [LayoutItem] {
    let side = Self.iconSide
    let circleColor =
      call.outcome == .answered ? onBubble(plan.style.textColor.withAlpha(0.72), plan) : theme.calls.failedColor
    let glyphColor = plan.style.fill.isOpaque ? plan.style.fill : Color.white
    // Just under half the side: a box of exactly half is drawn as nothing (`Canvas.fillRoundedRects`).
    var items: [LayoutItem] = [
      .box(
        BoxItem(
          frame: Rect(x: origin.x, y: origin.y, width: side, height: side), radius: side / 2 - 0.25, fill: circleColor))
    ]
    let center = Point(x: origin.x + side / 2, y: origin.y + side / 2)
    for (frame, radius) in call.medium == .video ? Self.cameraShape : Self.handsetShape {
      let placed = Rect(x: center.x + frame.minX, y: center.y + frame.minY, width: frame.width, height: frame.height)
      items.append(.box(BoxItem(frame: placed, radius: radius, fill: glyphColor)))
    }
    return items
  }

  /// An old handset seen from the side, around the circle's centre: the grip and the two
  /// cups under its ends, wider than it, as a telephone sign draws it.
  static let handsetShape: [(Rect, Double)] = [
    (Rect(x: -6.5, y: -4, width: 13, height: 3.5), 1.6),
    (Rect(x: -9.5, y: -2.5, width: 6.5, height: 6), 2.4),
    (Rect(x: 3, y: -2.5, width: 6.5, height: 6), 2.4),
  ]

  /// A video camera: its body and the lens hood at its right.
  static let cameraShape: [(Rect, Double)] = [
    (Rect(x: -8.5, y: -5, width: 12, height: 10), 2.5),
    (Rect(x: 4.5, y: -3.5, width: 4.5, height: 7), 1.2),
  ]
}
