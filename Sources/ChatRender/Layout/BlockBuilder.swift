import Foundation

/// Builds the block of each message: name label, bubble, text, time, avatar, and the day
/// separator before it.
struct BlockBuilder {
  let theme: Theme
  let measurer: any TextMeasurer
  let options: LayoutOptions
  let transcript: Transcript
  private let isGroup: Bool
  private let avatarOnLeft: Bool
  private let avatarOnRight: Bool
  private let nameByID: [String: String]
  /// The indexes of messages that start a new day (a separator goes before them).
  private let newDayIndexes: Set<Int>

  init(layout: ConversationLayout, transcript: Transcript) {
    theme = layout.theme
    measurer = layout.measurer
    options = layout.options
    self.transcript = transcript
    let speakers = Set(transcript.messages.lazy.filter { $0.kind == .message }.compactMap(\.authorID))
    isGroup = speakers.count > 2
    switch theme.avatars.show {
    case .never: (avatarOnLeft, avatarOnRight) = (false, false)
    case .always: (avatarOnLeft, avatarOnRight) = (true, true)
    case .auto: (avatarOnLeft, avatarOnRight) = (isGroup, false)
    }
    var names: [String: String] = [:]
    for participant in transcript.participants { names[participant.id] = participant.name }
    nameByID = names
    var newDays = Set<Int>()
    var lastDay: LocalDate?
    for (index, message) in transcript.messages.enumerated() {
      guard let day = message.time?.local(in: layout.options.timeZone).date else { continue }
      if day != lastDay { newDays.insert(index) }
      lastDay = day
    }
    newDayIndexes = newDays
  }

  private var avatarReserve: Double { theme.avatars.size + 8 }

  private var contentWidth: Double {
    theme.canvas.width - theme.canvas.padding.horizontal
      - (avatarOnLeft ? avatarReserve : 0) - (avatarOnRight ? avatarReserve : 0)
  }

  // MARK: - Runs

  private func message(at index: Int) -> Message? {
    index >= 0 && index < transcript.messages.count ? transcript.messages[index] : nil
  }

  private func day(of message: Message) -> LocalDate? {
    message.time?.local(in: options.timeZone).date
  }

  /// Whether messages `a` and `b` belong to one run (same author, same day, no notice between).
  private func sameRun(_ a: Message?, _ b: Message?) -> Bool {
    guard let a, let b, a.kind == .message, b.kind == .message, a.authorID == b.authorID else {
      return false
    }
    let dayA = day(of: a)
    let dayB = day(of: b)
    return dayA == nil || dayB == nil || dayA == dayB || !theme.daySeparators.show
  }

  // MARK: - Blocks

  func blocks(forMessageAt index: Int) -> [Block] {
    guard let message = message(at: index) else { return [] }
    var separator: Block?
    if theme.daySeparators.show, newDayIndexes.contains(index), let today = day(of: message) {
      separator = daySeparator(today)
    }
    let side = transcript.side(of: message)
    let block =
      side == .center
      ? noticeBlock(message, index: index, separatedAbove: separator != nil)
      : messageBlock(message, index: index, side: side, separatedAbove: separator != nil, lines: nil)
    guard let separator else { return [block] }
    return [Self.joining(separator, block)]
  }

  /// `first` then `second` as one block, so a day label never ends a page alone.
  private static func joining(_ first: Block, _ second: Block) -> Block {
    let shift = first.height + second.gapBefore
    var joined = Block(
      items: first.items + second.items.map { $0.offsetBy(dy: shift) },
      height: shift + second.height, gapBefore: first.gapBefore)
    if let splitter = second.splitter {
      joined.splitter = { room in
        guard let (head, tail) = splitter(room - shift) else { return nil }
        return (joining(first, head), tail)
      }
    }
    return joined
  }

  private func font(size: Double, bold: Bool = false) -> FontSpec {
    FontSpec(families: theme.font.families, size: size, bold: bold, lineSpacing: theme.font.lineSpacing)
  }

  private func daySeparator(_ date: LocalDate) -> Block {
    let style = theme.daySeparators
    return centredPill(
      StyledText(DateLabel.text(for: date, locale: options.dateText.locale), font: font(size: style.size)),
      wrap: contentWidth - style.padding.horizontal, padding: style.padding, radius: style.radius,
      fill: style.fill, textColor: style.text, border: style.border, shadow: style.shadow,
      messageIndex: nil, role: "day", gapBefore: theme.spacing.newAuthor)
  }

  private func noticeBlock(_ message: Message, index: Int, separatedAbove: Bool) -> Block {
    let style = theme.system
    let wrap = max(1, theme.canvas.width - theme.canvas.padding.horizontal) * style.maxWidth
      - style.padding.horizontal
    return centredPill(
      StyledText(message.text, font: font(size: style.fontSize ?? theme.font.size)),
      wrap: max(1, wrap), padding: style.padding, radius: style.radius, fill: style.fill,
      textColor: style.text, border: style.border, shadow: style.shadow, messageIndex: index,
      role: "system", gapBefore: separatedAbove ? theme.spacing.sameAuthor : theme.spacing.newAuthor)
  }

  /// A pill centred on the canvas around `text`: day labels and system notices.
  private func centredPill(
    _ text: StyledText, wrap: Double, padding: EdgeInsets, radius: Double, fill: Color,
    textColor: Color, border: BorderStyle?, shadow: ShadowStyle?, messageIndex: Int?, role: String,
    gapBefore: Double
  ) -> Block {
    let metrics = measurer.measure(text, maxWidth: wrap)
    let width = metrics.size.width + padding.horizontal
    let height = metrics.size.height + padding.vertical
    let x = (theme.canvas.width - width) / 2
    let shape = BubbleShape(frame: Rect(x: x, y: 0, width: width, height: height), radius: radius)
    let label = TextBlock(
      origin: Point(x: x + padding.left, y: padding.top), size: metrics.size, text: text,
      color: textColor, wrapWidth: wrap, metrics: metrics)
    let pill = BubbleItem(
      shape: shape, fill: fill, border: border, shadow: shadow, messageIndex: messageIndex, role: role)
    return Block(items: [.bubble(pill), .text(label)], height: height, gapBefore: gapBefore)
  }

  /// The arrow's side for a bubble on `side`, or nil for none.
  private func arrowSide(_ style: ArrowStyle, for side: MessageSide) -> BubbleShape.Side? {
    guard style.style != .none, style.height > 0, style.width > 0 else { return nil }
    switch style.side {
    case .auto: return side == .sent ? .right : .left
    case .top: return .top
    case .left: return .left
    case .bottom: return .bottom
    case .right: return .right
    }
  }

  private func messageBlock(
    _ message: Message, index: Int, side: MessageSide, separatedAbove: Bool, lines: Range<Int>?
  ) -> Block {
    let style = theme.bubble(for: side)
    let previous = self.message(at: index - 1)
    let next = self.message(at: index + 1)
    let startsRun = !sameRun(previous, message) || separatedAbove
    let endsRun = !sameRun(message, next)
    let isFirstPiece = lines == nil || lines?.lowerBound == 0
    let arrowSide = arrowSide(style.arrow, for: side)
    var carriesArrow: Bool
    switch style.arrow.carrier {
    case .first: carriesArrow = startsRun
    case .last: carriesArrow = endsRun
    case .every: carriesArrow = true
    }
    if lines != nil, style.arrow.carrier != .every { carriesArrow = carriesArrow && isFirstPiece }
    let reservesSide = arrowSide == .left || arrowSide == .right
    let arrowRoom = reservesSide ? style.arrow.height : 0

    var items: [LayoutItem] = []
    var y = 0.0

    // Name on the first bubble of a received run: above it or as its first line.
    let showName: Bool
    switch theme.names.show {
    case .never: showName = false
    case .always: showName = true
    case .auto: showName = isGroup && side == .received
    }
    let nameText = message.authorID.flatMap { nameByID[$0] } ?? message.authorID
    let avatarHere = (side == .received && avatarOnLeft) || (side == .sent && avatarOnRight)
    let leftEdge = theme.canvas.padding.left + (avatarOnLeft ? avatarReserve : 0)
    let rightEdge = theme.canvas.width - theme.canvas.padding.right - (avatarOnRight ? avatarReserve : 0)

    // Text.
    let maxBubble = contentWidth * min(max(style.maxWidth, 0.05), 1)
    let wrap = max(1, maxBubble - style.padding.horizontal - arrowRoom)
    let text = StyledText(message.text, font: font(size: style.fontSize ?? theme.font.size))
    let metrics = measurer.measure(text, maxWidth: wrap)
    let shownLines = lines ?? 0..<metrics.lineCount
    let lineTop = shownLines.lowerBound == 0 ? 0 : metrics.lineBottoms[shownLines.lowerBound - 1]
    let lineBottom = shownLines.isEmpty ? metrics.size.height : metrics.lineBottoms[shownLines.upperBound - 1]
    let isLastPiece = lines == nil || shownLines.upperBound >= metrics.lineCount
    var textSize = Size(width: metrics.size.width, height: lineBottom - lineTop)
    if metrics.lineCount == 0 { textSize.height = metrics.size.height }

    // Time in the bottom corner: on the last line when it fits, else on a line of its own.
    var timeBlock: (StyledText, TextMetrics)?
    var timeExtraHeight = 0.0
    let timeGap = 8.0
    if isLastPiece, theme.timestamps.placement != .none, let time = message.time {
      let shown = options.dateText.time(time.local(in: options.timeZone), sourceClock: transcript.clock)
      let label = StyledText(shown, font: font(size: theme.timestamps.size))
      let timeMetrics = measurer.measure(label, maxWidth: wrap)
      timeBlock = (label, timeMetrics)
      if theme.timestamps.placement == .inside {
        let fitsOnLastLine = !metrics.isRightToLeft
          && metrics.lastLineWidth + timeGap + timeMetrics.size.width <= wrap
        if fitsOnLastLine {
          textSize.width = max(textSize.width, metrics.lastLineWidth + timeGap + timeMetrics.size.width)
        } else {
          textSize.width = max(textSize.width, timeMetrics.size.width)
          timeExtraHeight = timeMetrics.size.height
        }
      }
    }

    let nameShown = showName && startsRun && isFirstPiece && nameText != nil
    let nameColor = message.authorID.map { theme.names.color(for: $0) } ?? theme.names.color
    var insideName: (text: StyledText, metrics: TextMetrics)?
    let nameGap = 2.0
    if nameShown, let nameText, theme.names.placement == .inside {
      let label = StyledText(nameText, font: font(size: theme.names.size, bold: theme.names.bold))
      let nameMetrics = measurer.measure(label, maxWidth: wrap)
      insideName = (label, nameMetrics)
      textSize.width = max(textSize.width, nameMetrics.size.width)
    } else if nameShown, let nameText {
      let label = StyledText(nameText, font: font(size: theme.names.size, bold: theme.names.bold))
      let nameMetrics = measurer.measure(label, maxWidth: contentWidth)
      let x: Double
      if side == .sent {
        x = rightEdge - arrowRoom - style.padding.right - nameMetrics.size.width
      } else {
        x = leftEdge + arrowRoom + style.padding.left
      }
      items.append(
        .text(
          TextBlock(
            origin: Point(x: x, y: 0), size: nameMetrics.size, text: label, color: nameColor,
            wrapWidth: contentWidth, metrics: nameMetrics)))
      y += nameMetrics.size.height + 2
    }

    // Bubble.
    let bodyWidth = textSize.width + style.padding.horizontal
    let nameHeight = insideName.map { $0.metrics.size.height + nameGap } ?? 0
    let bodyHeight = textSize.height + timeExtraHeight + nameHeight + style.padding.vertical
    let arrow: BubbleShape.Arrow? = carriesArrow ? arrowSide.map { arrowSide in
      BubbleShape.Arrow(
        side: arrowSide, style: style.arrow.style == .curved ? .curved : .triangle,
        width: style.arrow.width, height: style.arrow.height, offset: style.arrow.offset,
        anchor: style.arrow.anchor)
    } : nil
    let verticalArrow = (arrow?.side == .top || arrow?.side == .bottom) ? style.arrow.height : 0
    let frameWidth = bodyWidth + (arrow != nil && reservesSide ? arrowRoom : 0)
    let frameHeight = bodyHeight + verticalArrow
    let bodyX = side == .sent ? rightEdge - arrowRoom - bodyWidth : leftEdge + arrowRoom
    let frameX = arrow?.side == .left ? bodyX - arrowRoom : bodyX
    let frame = Rect(x: frameX, y: y, width: frameWidth, height: frameHeight)
    let shape = BubbleShape(
      frame: frame, radius: style.radius, arrow: arrow,
      arrowMargin: min(style.padding.top, style.padding.left) / 2)
    let body = shape.body
    // Text inside an opaque bubble gets the opaque colour it shows there: the same look, and
    // a PDF without a transparency state switched on and off for every label.
    func onBubble(_ color: Color) -> Color {
      style.fill.isOpaque && !color.isOpaque ? color.composited(over: style.fill) : color
    }
    items.append(
      .bubble(
        BubbleItem(
          shape: shape, fill: style.fill, border: style.border, shadow: style.shadow,
          messageIndex: index, role: side.rawValue)))

    // Text inside the body, under the name when it is inside too.
    if let (label, nameMetrics) = insideName {
      items.append(
        .text(
          TextBlock(
            origin: Point(x: body.minX + style.padding.left, y: body.minY + style.padding.top),
            size: nameMetrics.size, text: label, color: onBubble(nameColor), wrapWidth: wrap,
            metrics: nameMetrics)))
    }
    // Right-to-left text hugs the right edge when a name or time makes the bubble wider.
    let rightToLeftShift = metrics.isRightToLeft ? textSize.width - metrics.size.width : 0
    items.append(
      .text(
        TextBlock(
          origin: Point(
            x: body.minX + style.padding.left + rightToLeftShift,
            y: body.minY + style.padding.top + nameHeight),
          size: Size(width: textSize.width - rightToLeftShift, height: textSize.height), text: text,
          color: onBubble(style.text), wrapWidth: wrap, metrics: metrics, lines: lines)))
    if let (label, timeMetrics) = timeBlock {
      var color = side == .sent ? theme.timestamps.meColor : theme.timestamps.themColor
      let origin: Point
      if theme.timestamps.placement == .inside {
        color = onBubble(color)
        origin = Point(
          x: body.maxX - style.padding.right - timeMetrics.size.width,
          y: body.maxY - style.padding.bottom - timeMetrics.size.height + 1)
      } else {
        let x = side == .sent ? body.maxX - timeMetrics.size.width : body.minX
        origin = Point(x: x, y: frame.maxY + 2)
      }
      items.append(
        .text(
          TextBlock(
            origin: origin, size: timeMetrics.size, text: label, color: color, wrapWidth: wrap,
            metrics: timeMetrics, isAnnotation: true)))
    }
    var height = frame.maxY
    if theme.timestamps.placement == .below, let (_, timeMetrics) = timeBlock {
      height += 2 + timeMetrics.size.height
    }

    // Avatar beside the first bubble of a run (level with its top), the last (level with its
    // bottom) or every bubble.
    let carriesAvatar: Bool
    switch theme.avatars.carrier {
    case .first: carriesAvatar = startsRun && isFirstPiece
    case .last: carriesAvatar = endsRun && isLastPiece
    case .every: carriesAvatar = isFirstPiece
    }
    if avatarHere, carriesAvatar, let authorID = message.authorID {
      let size = theme.avatars.size
      let top = theme.avatars.carrier == .last ? frame.maxY - size : frame.minY
      items.append(.avatar(avatar(for: authorID, name: nameText ?? authorID, side: side, top: top)))
      height = max(height, top + size)
      if top < 0 {
        // Taller than its bubble: the block grows upwards, so the avatar stays in the block.
        items = items.map { $0.offsetBy(dy: -top) }
        height -= top
      }
    }

    var block = Block(
      items: items, height: height,
      gapBefore: startsRun || separatedAbove ? theme.spacing.newAuthor : theme.spacing.sameAuthor)
    if metrics.lineCount > 1 {
      let remaining = shownLines
      block.splitter = { room in
        // The most lines of `remaining` whose bubble fits in `room`.
        let fixed = height - textSize.height
        var count = 0
        for line in remaining where line < remaining.upperBound - 1 {
          if fixed + metrics.lineBottoms[line] - lineTop > room { break }
          count = line - remaining.lowerBound + 1
        }
        guard count > 0 else { return nil }
        let cut = remaining.lowerBound + count
        let head = messageBlock(message, index: index, side: side, separatedAbove: separatedAbove, lines: remaining.lowerBound..<cut)
        var tail = messageBlock(message, index: index, side: side, separatedAbove: true, lines: cut..<remaining.upperBound)
        tail.gapBefore = 0
        return (head, tail)
      }
    }
    return block
  }

  private func avatar(for authorID: String, name: String, side: MessageSide, top: Double) -> AvatarItem {
    let size = theme.avatars.size
    let x = side == .sent
      ? theme.canvas.width - theme.canvas.padding.right - size
      : theme.canvas.padding.left
    let frame = Rect(x: x, y: top, width: size, height: size)
    let initials = Self.initials(of: name)
    let label = StyledText(initials, font: font(size: size * 0.4, bold: true))
    let metrics = measurer.measure(label, maxWidth: size * 2)
    let text = TextBlock(
      origin: Point(x: frame.midX - metrics.size.width / 2, y: frame.midY - metrics.size.height / 2),
      size: metrics.size, text: label, color: .white, wrapWidth: size * 2, metrics: metrics)
    return AvatarItem(
      frame: frame, radius: size * min(max(theme.avatars.roundness, 0), 0.5),
      fill: Self.avatarColor(for: authorID), initials: text)
  }

  /// Up to two initials ("Ana Lima" → "AL").
  static func initials(of name: String) -> String {
    let words = name.split(whereSeparator: { $0.isWhitespace }).filter { $0.first?.isLetter == true }
    let letters = words.prefix(2).compactMap(\.first).map { String($0).uppercased() }
    return letters.isEmpty ? String(name.prefix(1)) : letters.joined()
  }

  /// A stable colour per participant.
  static func avatarColor(for id: String) -> Color {
    let palette: [UInt32] = [0xE57373, 0x64B5F6, 0x81C784, 0xFFB74D, 0xBA68C8, 0x4DB6AC, 0xF06292, 0x7986CB]
    return Color(rgb: palette[Int(StableHash.of(id) % UInt32(palette.count))])
  }
}
