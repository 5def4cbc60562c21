/// Draws laid-out pages on a canvas. It makes no layout decisions.
public struct Renderer {
  public init() {}

  /// Draws `page`: background, then every item in order.
  public func draw(_ page: LaidOutPage, on canvas: some Canvas) {
    canvas.fillBackground(page.background, size: page.size)
    for item in page.items {
      switch item {
      case .bubble(let bubble):
        let path = bubble.shape.path
        if let shadow = bubble.shadow, shadow.color.alpha > 0 { canvas.drawShadow(of: path, style: shadow) }
        canvas.fill(path, color: bubble.fill)
        if let border = bubble.border, border.width > 0, border.color.alpha > 0 {
          canvas.strokeInside(path, border: border)
        }
      case .text(let text):
        canvas.draw(text)
      case .avatar(let avatar):
        let shape = BubbleShape(frame: avatar.frame, radius: avatar.radius)
        canvas.fill(shape.path, color: avatar.fill)
        canvas.draw(avatar.initials)
      }
    }
  }
}
