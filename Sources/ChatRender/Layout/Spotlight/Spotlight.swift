/// A layout pass that points a reader at chosen messages: it lays a translucent layer over a
/// laid-out page with a hole around each chosen bubble (`SpotlightCutouts`), and adds each
/// highlight's note, a bubble whose arrow points at the chosen message (`NotePlacement`).
///
/// Items it adds come after the page's own: the dim layer, then the notes (drawn over it).
/// It keeps which notes it has placed, so each note appears once: on the first page showing
/// its message with room for it beside the message. A message cut across pages often leaves
/// none on its first page (it ends there at the foot of the page, or fills it); its note
/// then waits for the page where the message goes on, under the message's end, where a
/// reader finishing the message meets it. Only a message with no room on any of its pages
/// gets its note squeezed onto its last page.
@_spi(Pages) public struct Spotlight {
  /// The theme whose `spotlight` and `note` keys style the layer and the notes.
  public let theme: Theme
  /// What wraps and measures the notes' text.
  public let measurer: any TextMeasurer
  /// The highlighted messages and their notes.
  public let selection: SpotlightSelection
  /// How pages were cut: a continuous page may grow to make room for a note.
  public let pagination: LayoutOptions.Pagination
  private let chosen: Set<Int>
  private var placedNotes = Set<Int>()

  /// Room kept between a note and the top or bottom of the page, in points.
  static let pageEdgeRoom = 8.0

  /// Spotlights `selection` on pages cut as `pagination` says (notes keep off a paper page's
  /// header and footer).
  public init(
    theme: Theme, measurer: any TextMeasurer, selection: SpotlightSelection,
    pagination: LayoutOptions.Pagination
  ) {
    self.theme = theme
    self.measurer = measurer
    self.selection = selection
    self.pagination = pagination
    chosen = selection.messageIndexes
  }

  /// `page` dimmed outside the chosen messages, with the notes of the chosen messages on it.
  /// A note with no room on `page` waits when `following` (the next page) shows its message too.
  public mutating func apply(to page: LaidOutPage, following: LaidOutPage? = nil) -> LaidOutPage {
    var page = page
    let bubbles = chosenBubbles(on: page)
    let goingOn = Set((following.map(chosenBubbles) ?? []).map(\.messageIndex))
    let regions = SpotlightCutouts(margin: theme.spotlight.margin).regions(
      around: bubbles, avoiding: otherBubbleFrames(on: page))
    var notes: [LayoutItem] = []
    for (number, target) in selection.targets.enumerated() where !placedNotes.contains(number) {
      guard let text = target.note, !text.isEmpty else { continue }
      // The first of the target's cut-outs on the page: a note points at the first match.
      let ownRegion = regions.first { !$0.messageIndexes.isDisjoint(with: target.messageIndexes) }
      guard let ownRegion else { continue }
      let shown = bubbles.filter {
        target.messageIndexes.contains($0.messageIndex) && ownRegion.messageIndexes.contains($0.messageIndex)
      }
      let mayWait = !goingOn.isDisjoint(with: target.messageIndexes)
      let obstacles = notes.compactMap(\.frame)
      guard
        let placed = note(
          text, pointingAt: shown, regions: regions, obstacles: obstacles, on: &page, mayWait: mayWait)
      else { continue }
      notes += placed
      placedNotes.insert(number)
    }
    var cutouts = Path()
    for region in regions { cutouts.append(region.shape.path) }
    let spotlight = theme.spotlight
    page.items.append(
      .dim(DimItem(area: dimmedArea(of: page), cutouts: cutouts, color: spotlight.layerColor, ring: spotlight.ring)))
    page.items += notes
    return page
  }

  private func chosenBubbles(on page: LaidOutPage) -> [SpotlightCutouts.Bubble] {
    page.items.compactMap { item in
      guard let part = Self.messagePart(item), chosen.contains(part.messageIndex) else { return nil }
      return part
    }
  }

  /// What `item` draws of a message: its bubble, a reaction, its author's avatar, or a part
  /// drawn without a bubble (a sticker, large emoji and their time); nil for anything else.
  private static func messagePart(_ item: LayoutItem) -> SpotlightCutouts.Bubble? {
    let part: (Int?, Rect, Double)
    switch item {
    case .bubble(let bubble): part = (bubble.messageIndex, bubble.shape.frame, bubble.shape.effectiveRadius)
    case .badge(let badge): part = (badge.messageIndex, badge.shape.frame, badge.shape.effectiveRadius)
    case .picture(let picture): part = (picture.messageIndex, picture.frame, picture.radius)
    case .text(let text): part = (text.messageIndex, text.frame, 0)
    case .avatar(let avatar): part = (avatar.initials.messageIndex, avatar.frame, avatar.shape.effectiveRadius)
    // Drawn around or over messages, never a message's own: no cut-out. (A reply's line
    // joins parts that are cut out themselves: its quote's texts or faded bubble.)
    case .box, .link, .dim, .line: return nil
    }
    guard let index = part.0 else { return nil }
    return SpotlightCutouts.Bubble(messageIndex: index, frame: part.1, radius: part.2)
  }

  /// The frames of the bubbles (and pills) not chosen, and of other messages' parts.
  private func otherBubbleFrames(on page: LaidOutPage) -> [Rect] {
    page.items.compactMap { item in
      if case .bubble(let bubble) = item, bubble.messageIndex == nil { return bubble.shape.frame }
      guard let part = Self.messagePart(item), !chosen.contains(part.messageIndex) else { return nil }
      return part.frame
    }
  }

  /// The page, or for a PDF the whole sheet, in layout points.
  private func dimmedArea(of page: LaidOutPage) -> Rect {
    guard let sheet = page.sheet, sheet.contentScale > 0 else {
      return Rect(x: 0, y: 0, width: page.size.width, height: page.size.height)
    }
    let scale = sheet.contentScale
    return Rect(
      x: -sheet.contentOrigin.x / scale, y: -sheet.contentOrigin.y / scale,
      width: sheet.size.width / scale, height: sheet.size.height / scale)
  }

  // MARK: - Notes

  /// The note's bubble and text, under the lowest of `shown` or over the highest, off every
  /// cut-out, every item of the page and the `obstacles` (notes placed before); a continuous
  /// page grows at the bottom when the note fits neither way. When it still does not fit:
  /// nil if it `mayWait` for the next page, else squeezed onto this one.
  private func note(
    _ text: String, pointingAt shown: [SpotlightCutouts.Bubble], regions: [SpotlightCutouts.Region],
    obstacles: [Rect], on page: inout LaidOutPage, mayWait: Bool
  ) -> [LayoutItem]? {
    let style = theme.note
    let label = NoteLabel(text, theme: theme, measurer: measurer, pageWidth: page.size.width)
    let placement = NotePlacement(
      bodySize: label.bodySize, radius: style.radius, arrowWidth: style.arrowWidth, arrowHeight: style.arrowHeight)
    let lowest = shown.max { $0.frame.maxY < $1.frame.maxY } ?? shown[0]
    let highest = shown.min { $0.frame.minY < $1.frame.minY } ?? shown[0]
    let below = target(lowest, in: regions)
    let above = target(highest, in: regions)

    let avoided = regions.map(\.frame) + page.items.compactMap(\.frame) + obstacles
    var bounds = noteBounds(of: page)
    var shape = placement.place(below: below, above: above, within: bounds, avoiding: avoided)
    if shape == nil, let grown = grownHeight(of: page, toFit: placement.height, under: below.cutout) {
      page.size.height = grown
      bounds = noteBounds(of: page)
      shape = placement.place(below: below, above: above, within: bounds, avoiding: avoided)
    }
    if shape == nil && mayWait { return nil }
    let placed = shape ?? placement.squeezed(below: below, above: above, within: bounds)
    let body = placed.body
    let bubble = BubbleItem(
      shape: placed, fill: style.fill, border: style.border, shadow: style.shadow, messageIndex: nil, role: .note)
    let text = TextBlock(
      origin: Point(x: body.minX + style.padding.left, y: body.minY + style.padding.top), size: label.metrics.size,
      text: label.styled, color: style.textColor, wrapWidth: label.wrapWidth, metrics: label.metrics)
    return [.bubble(bubble), .text(text)]
  }

  /// The cut-out holding `bubble`, and the middle of the bubble.
  private func target(_ bubble: SpotlightCutouts.Bubble, in regions: [SpotlightCutouts.Region]) -> NotePlacement.Target
  {
    let region = regions.first { $0.messageIndexes.contains(bubble.messageIndex) }
    return NotePlacement.Target(cutout: region?.frame ?? bubble.frame, tipX: bubble.frame.midX)
  }

  /// Where notes may lie: the canvas's content width, a little inside the top and bottom;
  /// on paper, off the running header's and footer's bands.
  private func noteBounds(of page: LaidOutPage) -> Rect {
    let padding = theme.canvas.padding
    var top = Self.pageEdgeRoom
    var bottom = page.size.height - Self.pageEdgeRoom
    if pagination == .paper {
      // The taller footer, with the evidence line: a note a little higher is no loss.
      let paper = PaperLayout(theme: theme, footerLines: 2)
      top += paper.headerBand
      bottom -= paper.footerBand
    }
    return Rect(
      x: padding.left, y: top, width: max(0, page.size.width - padding.horizontal),
      height: max(0, bottom - top))
  }

  /// The height a continuous page needs for a note of `height` under `cutout`, if it may
  /// grow that far.
  private func grownHeight(of page: LaidOutPage, toFit height: Double, under cutout: Rect) -> Double? {
    guard case .continuous(let limit) = pagination, page.sheet == nil else { return nil }
    let needed = (cutout.maxY + height + Self.pageEdgeRoom).rounded(.up)
    guard needed > page.size.height, needed <= limit ?? .infinity else { return nil }
    return needed
  }
}
