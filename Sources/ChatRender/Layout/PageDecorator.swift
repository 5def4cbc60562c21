/// A document's page furniture, as layout items: the first page's header (title,
/// participants, dates, message count), the running header (title and the date of the
/// page's first message) and the footer ("Page N of M", and the evidence line), in the
/// summary's locale; mirrored for a language written right to left.
struct PageDecorator {
  let theme: Theme
  let measurer: any TextMeasurer
  let paper: PaperLayout
  let summary: DocumentSummary
  private let labels: LocalizedLabels

  init(theme: Theme, measurer: any TextMeasurer, paper: PaperLayout, summary: DocumentSummary) {
    self.theme = theme
    self.measurer = measurer
    self.paper = paper
    self.summary = summary
    labels = LocalizedLabels(summary.locale)
  }

  /// Whether the header's lines start at the right and the running header's title is there.
  private var mirrored: Bool { summary.locale.isRightToLeft }

  /// Grey text that reads on the page's background, light or dark: the softest grey with a
  /// contrast of 4.5:1 (LINE's and KakaoTalk's blue walls need a darker one than white paper).
  var textColor: Color {
    let background = theme.canvas.background
    let luminance = 0.2126 * background.red + 0.7152 * background.green + 0.0722 * background.blue
    let greys: [UInt32] =
      luminance < 0.5 ? [0xB0B0B0, 0xDADCE0, 0xFFFFFF] : [0x5F6368, 0x3C4043, 0x202124, 0x000000]
    let colors = greys.map { Color(rgb: $0) }
    return colors.first { $0.contrastRatio(with: background) >= 4.5 } ?? colors[colors.count - 1]
  }

  private var left: Double { theme.canvas.padding.left }
  private var right: Double { theme.canvas.width - theme.canvas.padding.right }

  private func label(_ text: String, size: Double, bold: Bool = false, maxWidth: Double) -> TextBlock {
    let styled = StyledText(
      text, font: FontSpec(families: theme.font.families, size: size, bold: bold, lineSpacing: 1))
    let metrics = measurer.measure(styled, maxWidth: maxWidth)
    return TextBlock(
      origin: .zero, size: metrics.size, text: styled, color: textColor, wrapWidth: maxWidth,
      metrics: metrics)
  }

  /// The first page's opening, placed from the top of the conversation's area: its items
  /// and height.
  func firstPageHeader(top: Double) -> (items: [LayoutItem], height: Double) {
    let width = max(1, right - left)
    var lines = [label(summary.title, size: theme.font.size * 1.6, bold: true, maxWidth: width)]
    if !summary.participants.isEmpty {
      lines.append(label(summary.participants.joined(separator: ", "), size: theme.font.size, maxWidth: width))
    }
    lines.append(label(summary.facts, size: theme.font.size * 0.85, maxWidth: width))
    if let part = summary.part { lines.append(label(partText(part), size: theme.font.size * 0.85, maxWidth: width)) }
    var items: [LayoutItem] = []
    var y = top
    for var line in lines {
      line.origin = Point(x: mirrored ? right - line.size.width : left, y: y)
      items.append(.text(line))
      y += line.size.height + theme.font.size * 0.25
    }
    if let part = summary.part, part.previousFile != nil || part.nextFile != nil {
      let (links, height) = partLinks(part, top: y, width: width)
      items += links
      y += height + theme.font.size * 0.25
    }
    y += theme.font.size * 0.5
    items.append(.box(BoxItem(frame: Rect(x: left, y: y, width: width, height: rule), fill: textColor)))
    return (items, y + rule - top)
  }

  /// "Part 3 of 12, messages 2,001–3,000".
  private func partText(_ part: DocumentPart) -> String {
    labels.word(
      .partOf,
      [
        "part": labels.number(part.number), "parts": labels.number(part.count),
        "first": labels.number(part.firstMessage), "last": labels.number(part.lastMessage),
      ])
  }

  /// "Previous part" at the line's start and "Next part" at its end, each a link to that
  /// part's file beside this one: the items and their height.
  private func partLinks(_ part: DocumentPart, top: Double, width: Double) -> (items: [LayoutItem], height: Double) {
    var items: [LayoutItem] = []
    var height = 0.0
    for (word, file, atStart) in [(Word.previousPart, part.previousFile, true), (.nextPart, part.nextFile, false)] {
      guard let file else { continue }
      var text = label(labels.word(word), size: theme.font.size * 0.85, maxWidth: width / 2)
      text.origin = Point(x: atStart != mirrored ? left : right - text.size.width, y: top)
      items.append(.text(text))
      let frame = Rect(x: text.origin.x, y: top, width: text.size.width, height: text.size.height)
      items.append(.link(LinkItem(frame: frame, url: file)))
      height = max(height, text.size.height)
    }
    return (items, height)
  }

  /// A hairline: half a point on paper.
  private var rule: Double { 0.5 / paper.contentScale }

  /// The running header: the title at the start of the line (the left, or the right when
  /// mirrored), the date of the page's first message at its end, and a hairline under them at
  /// the bottom of the header band.
  func runningHeader(day: LocalDate?) -> [LayoutItem] {
    let size = paper.decorationTextSize
    let width = max(1, right - left)
    var items: [LayoutItem] = []
    var dateWidth = 0.0
    var textBottom = 0.0
    if let day {
      var date = label(labels.day(day), size: size, maxWidth: width)
      dateWidth = date.size.width
      textBottom = date.metrics.lineBottoms.first ?? date.size.height
      date.origin = Point(x: mirrored ? left : right - date.size.width, y: 0)
      items.append(.text(date))
    }
    var title = label(summary.title, size: size, maxWidth: max(1, width - dateWidth - size * 2))
    title.lines = 0..<min(1, title.metrics.lineCount)  // one line, never over the date
    title.origin = Point(x: mirrored ? right - title.size.width : left, y: 0)
    title.size.height = title.metrics.lineBottoms.first ?? title.size.height
    items.append(.text(title))
    // Under the descenders of both lines, within the band.
    textBottom = max(textBottom, title.size.height)
    let ruleY = min(paper.headerBand - rule, textBottom + size * 0.15)
    items.append(.box(BoxItem(frame: Rect(x: left, y: ruleY, width: width, height: rule), fill: textColor)))
    return items
  }

  /// The footer at the bottom of a page `pageHeight` high: "Page N of M" (or "Page N" while
  /// the count is unknown), then the evidence line.
  func footer(page: Int, of total: Int?, pageHeight: Double) -> [LayoutItem] {
    let size = paper.decorationTextSize
    let width = max(1, right - left)
    let number = labels.number(page)
    var lines = [
      total.map { labels.word(.pageOf, ["page": number, "total": labels.number($0)]) }
        ?? labels.word(.page, ["page": number])
    ]
    if let evidence = summary.evidenceLine { lines.append(evidence) }
    var y = pageHeight - paper.footerBand + size * 0.6
    var items: [LayoutItem] = []
    for (index, text) in lines.enumerated() {
      var line = label(text, size: index == 0 ? size : size * 0.8, maxWidth: width)
      line.origin = Point(x: left + (width - line.size.width) / 2, y: y)
      items.append(.text(line))
      y += line.size.height
    }
    return items
  }
}
