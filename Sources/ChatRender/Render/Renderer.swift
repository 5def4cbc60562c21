/// Draws laid-out pages on a canvas. It makes no layout decisions.
public struct Renderer {
  public init() {}

  /// Draws `page` in layers: background, shadows, fills, borders, text, then labels such as
  /// times (see `TextBlock.isAnnotation`).
  ///
  /// Items of a page never overlap, so drawing by layer looks the same as drawing item by
  /// item, and it lets every shape of one colour be filled at once: far fewer drawing
  /// operations, which is most of a PDF's cost.
  public func draw(_ page: LaidOutPage, on canvas: some Canvas) {
    canvas.fillBackground(page.background, size: page.size)
    var fills: [(color: Color, path: Path)] = []
    var roundedRects: [RoundedRectGroup: [Rect]] = [:]
    var roundedOrder: [RoundedRectGroup] = []
    var borders: [(border: BorderStyle, path: Path)] = []
    var texts: [TextBlock] = []
    // Boxes sit inside bubbles: drawn after every bubble, before the text; as outlines, as
    // their colours are often translucent tints.
    var boxes: [(color: Color, path: Path)] = []
    func addFill(_ path: Path, _ color: Color) {
      guard color.alpha > 0 else { return }
      if let index = fills.firstIndex(where: { $0.color == color }) {
        fills[index].path.append(path)
      } else {
        fills.append((color, path))
      }
    }
    for item in page.items {
      switch item {
      case .bubble(let bubble):
        let path = bubble.shape.path
        if let shadow = bubble.shadow, shadow.color.alpha > 0 { canvas.drawShadow(of: path, style: shadow) }
        if bubble.fill.alpha > 0, bubble.fill.isOpaque, let arrow = Self.simpleArrow(of: bubble.shape) {
          // A rounded rectangle and a triangle: drawn the cheap way (see fillRoundedRects).
          let group = RoundedRectGroup(color: bubble.fill, radius: bubble.shape.effectiveRadius)
          if roundedRects[group] == nil { roundedOrder.append(group) }
          roundedRects[group, default: []].append(bubble.shape.body)
          if let arrow { addFill(arrow, bubble.fill) }
        } else {
          addFill(path, bubble.fill)
        }
        if let border = bubble.border, border.width > 0, border.color.alpha > 0 {
          if let index = borders.firstIndex(where: { $0.border == border }) {
            borders[index].path.append(path)
          } else {
            borders.append((border, path))
          }
        }
      case .text(let text):
        texts.append(text)
      case .avatar(let avatar):
        addFill(BubbleShape(frame: avatar.frame, radius: avatar.radius).path, avatar.fill)
        texts.append(avatar.initials)
      case .box(let box):
        guard box.fill.alpha > 0 else { continue }
        let path = BubbleShape(frame: box.frame, radius: box.radius).path
        if let index = boxes.firstIndex(where: { $0.color == box.fill }) {
          boxes[index].path.append(path)
        } else {
          boxes.append((box.fill, path))
        }
      }
    }
    for group in roundedOrder {
      canvas.fillRoundedRects(roundedRects[group] ?? [], radius: group.radius, color: group.color)
    }
    for (color, path) in fills { canvas.fill(path, color: color) }
    for (border, path) in borders { canvas.strokeInside(path, border: border) }
    for (color, path) in boxes { canvas.fill(path, color: color) }
    for text in texts where !text.isAnnotation { canvas.draw(text) }
    // Labels last, one colour after another, each colour in page order.
    var labelColors: [Color] = []
    for text in texts where text.isAnnotation && !labelColors.contains(text.color) {
      labelColors.append(text.color)
    }
    for color in labelColors {
      for text in texts where text.isAnnotation && text.color == color { canvas.draw(text) }
    }
  }

  private struct RoundedRectGroup: Hashable {
    var color: Color
    var radius: Double
  }

  /// For a bubble that is a rounded rectangle with at most a straight triangle: the triangle
  /// (its base pushed 1pt into the body so no seam shows), or `.some(nil)` when it has no
  /// arrow; nil for other shapes, which are drawn from their full outline.
  static func simpleArrow(of shape: BubbleShape) -> Path?? {
    guard let arrow = shape.arrow else { return .some(nil) }
    // Corner tails change the body's corners: those shapes take the full outline.
    let plainAnchors: [BubbleShape.Anchor] = [.start, .end, .center]
    guard plainAnchors.contains(arrow.anchor) else { return nil }
    guard arrow.style == .triangle, let placed = shape.placedArrow else {
      return shape.placedArrow == nil ? .some(nil) : nil
    }
    let body = shape.body
    var path = Path()
    switch arrow.side {
    case .left, .right:
      let x = arrow.side == .left ? body.minX + 1 : body.maxX - 1
      path.move(to: Point(x: x, y: body.minY + placed.baseStart))
      path.line(to: placed.tip)
      path.line(to: Point(x: x, y: body.minY + placed.baseEnd))
    case .top, .bottom:
      let y = arrow.side == .top ? body.minY + 1 : body.maxY - 1
      path.move(to: Point(x: body.minX + placed.baseStart, y: y))
      path.line(to: placed.tip)
      path.line(to: Point(x: body.minX + placed.baseEnd, y: y))
    }
    path.close()
    return .some(path)
  }
}
