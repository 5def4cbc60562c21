/// Draws laid-out pages on a canvas. It makes no layout decisions.
@_spi(Pages) public struct PagePainter {
  /// A renderer; it keeps no state between pages.
  public init() {}

  /// Draws `page` in layers: background, shadows, fills, borders, text, then labels such as
  /// times (see `TextBlock.isAnnotation`); then, for each dim item, the dim layer, the ring
  /// around its holes and the same layers again for what follows it.
  ///
  /// Items of a page never overlap, so drawing by layer looks the same as drawing item by
  /// item, and it lets every shape of one colour be filled at once: far fewer drawing
  /// operations, which is most of a PDF's cost.
  public func draw(_ page: LaidOutPage, on canvas: some Canvas) {
    if let sheet = page.sheet {
      // The page's background covers the whole sheet; the chat sits inside the margins.
      canvas.fillSheet(page.background, size: sheet.size)
      canvas.placeContent(at: sheet.contentOrigin, scale: sheet.contentScale)
      canvas.drawBackgroundImage(size: page.size)
    } else {
      canvas.fillBackground(page.background, size: page.size)
      canvas.drawBackgroundImage(size: page.size)
    }
    // A dim layer covers everything before it; what follows it (notes) is drawn on top.
    var layers = Layers()
    for item in page.items {
      if case .dim(let dim) = item {
        layers.draw(on: canvas)
        canvas.fillEvenOdd(dim.path, color: dim.color)
        if let ring = dim.ring, ring.width > 0, ring.color.alpha > 0, !dim.cutouts.elements.isEmpty {
          canvas.strokeAround(dim.cutouts, in: dim.path, border: ring)
        }
        layers = Layers()
      } else {
        layers.add(item, on: canvas)
      }
    }
    layers.draw(on: canvas)
  }
}

/// A page's items sorted into what is drawn together: bubbles (shapes of one colour filled
/// at once), the lines between them, the boxes inside them, text, badges over them, then labels.
private struct Layers {
  private var bubbles = FillLayer()
  /// Boxes may lie on boxes (a quote's bar on its card): drawn in page order, neighbours of
  /// one colour and radius together.
  private var boxes: [(fill: Color, radius: Double, frames: [Rect])] = []
  private var pictures: [PictureItem] = []
  /// Avatars with a picture of their own (those with initials are fills and texts).
  private var avatars: [AvatarItem] = []
  private var texts: [TextBlock] = []
  private var badges: [BadgeItem] = []
  private var links: [LinkItem] = []
  private var lines: [LineItem] = []

  /// Files `item`; shadows are drawn at once, under everything that follows.
  mutating func add(_ item: LayoutItem, on canvas: some Canvas) {
    switch item {
    case .bubble(let bubble):
      let path = bubble.shape.path
      if let shadow = bubble.shadow, shadow.color.alpha > 0 { canvas.drawShadow(of: path, style: shadow) }
      bubbles.add(bubble.shape, fill: bubble.fill, border: bubble.border)
    case .text(let text):
      texts.append(text)
    case .avatar(let avatar) where avatar.picture != nil:
      avatars.append(avatar)
    case .avatar(let avatar):
      bubbles.addFill(avatar.shape.path, avatar.fill)
      texts.append(avatar.initials)
    case .box(let box):
      guard box.fill.alpha > 0 else { return }
      if let last = boxes.last, last.fill == box.fill, last.radius == box.radius {
        boxes[boxes.count - 1].frames.append(box.frame)
      } else {
        boxes.append((box.fill, box.radius, [box.frame]))
      }
    case .link(let link):
      links.append(link)
    case .badge(let badge):
      badges.append(badge)
    case .picture(let picture):
      pictures.append(picture)
    case .line(let line):
      if line.width > 0, line.color.alpha > 0 { lines.append(line) }
    case .dim:
      preconditionFailure("dim layers are drawn between layers, not in one")
    }
  }

  func draw(on canvas: some Canvas) {
    bubbles.draw(on: canvas)
    // Between bubbles, under what is drawn on them.
    for line in lines { canvas.stroke(line.line.path, width: line.width, color: line.color) }
    for (fill, radius, frames) in boxes {
      var layer = FillLayer()
      for frame in frames { layer.add(BubbleShape(frame: frame, radius: radius), fill: fill, border: nil) }
      layer.draw(on: canvas)
    }
    canvas.drawPictures(pictures)
    for avatar in avatars { canvas.drawAvatar(avatar) }
    for text in texts where !text.isAnnotation { canvas.draw(text) }
    // Few and overlapping what is under them: each drawn whole, in page order.
    for badge in badges {
      var layer = FillLayer()
      layer.add(badge.shape, fill: badge.fill, border: badge.border)
      layer.draw(on: canvas)
      canvas.draw(badge.label)
    }
    // Labels last, one colour after another, each colour in page order.
    var labelColors: [Color] = []
    for text in texts where text.isAnnotation && !labelColors.contains(text.color) {
      labelColors.append(text.color)
    }
    for color in labelColors {
      for text in texts where text.isAnnotation && text.color == color { canvas.draw(text) }
    }
    for link in links { canvas.addLink(link) }
  }
}

/// Shapes that do not overlap one another, filled one colour at a time, then their borders.
private struct FillLayer {
  private struct RoundedRectGroup: Hashable {
    var color: Color
    var radius: Double
  }
  private var fills: [(color: Color, path: Path)] = []
  private var roundedRects: [RoundedRectGroup: [Rect]] = [:]
  private var roundedOrder: [RoundedRectGroup] = []
  private var borders: [(border: BorderStyle, path: Path)] = []

  /// A rounded rectangle with at most a triangle is filled the cheap way (see
  /// `Canvas.fillRoundedRects`); other shapes by their outline.
  mutating func add(_ shape: BubbleShape, fill: Color, border: BorderStyle?) {
    if fill.isOpaque, let parts = shape.fillParts {
      addRoundedRect(parts.body, radius: parts.radius, color: fill)
      if let triangle = parts.triangle { addFill(triangle, fill) }
    } else {
      addFill(shape.path, fill)
    }
    if let border, border.width > 0, border.color.alpha > 0 {
      if let index = borders.firstIndex(where: { $0.border == border }) {
        borders[index].path.append(shape.path)
      } else {
        borders.append((border, shape.path))
      }
    }
  }

  mutating func addFill(_ path: Path, _ color: Color) {
    guard color.alpha > 0 else { return }
    if let index = fills.firstIndex(where: { $0.color == color }) {
      fills[index].path.append(path)
    } else {
      fills.append((color, path))
    }
  }

  private mutating func addRoundedRect(_ rect: Rect, radius: Double, color: Color) {
    guard color.alpha > 0 else { return }
    let group = RoundedRectGroup(color: color, radius: max(0, min(radius, rect.width / 2, rect.height / 2)))
    if roundedRects[group] == nil { roundedOrder.append(group) }
    roundedRects[group, default: []].append(rect)
  }

  func draw(on canvas: some Canvas) {
    for group in roundedOrder {
      canvas.fillRoundedRects(roundedRects[group] ?? [], radius: group.radius, color: group.color)
    }
    for (color, path) in fills { canvas.fill(path, color: color) }
    for (border, path) in borders { canvas.strokeInside(path, border: border) }
  }
}
