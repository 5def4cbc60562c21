extension LayoutItem {
  func offsetBy(dy: Double) -> LayoutItem { offsetBy(dx: 0, dy: dy) }

  func offsetBy(dx: Double, dy: Double) -> LayoutItem {
    switch self {
    case .bubble(var bubble):
      bubble.shape.frame = bubble.shape.frame.offsetBy(dx: dx, dy: dy)
      return .bubble(bubble)
    case .text(var text):
      text.origin.x += dx
      text.origin.y += dy
      return .text(text)
    case .avatar(var avatar):
      avatar.shape.frame = avatar.shape.frame.offsetBy(dx: dx, dy: dy)
      avatar.initials.origin.x += dx
      avatar.initials.origin.y += dy
      if let frame = avatar.picture?.frame { avatar.picture?.frame = frame.offsetBy(dx: dx, dy: dy) }
      return .avatar(avatar)
    case .box(var box):
      box.frame = box.frame.offsetBy(dx: dx, dy: dy)
      return .box(box)
    case .link(var link):
      link.frame = link.frame.offsetBy(dx: dx, dy: dy)
      return .link(link)
    case .picture(var picture):
      picture.frame = picture.frame.offsetBy(dx: dx, dy: dy)
      return .picture(picture)
    case .badge(var badge):
      badge.shape.frame = badge.shape.frame.offsetBy(dx: dx, dy: dy)
      badge.label.origin.x += dx
      badge.label.origin.y += dy
      return .badge(badge)
    case .dim(var dim):
      dim.area = dim.area.offsetBy(dx: dx, dy: dy)
      dim.cutouts = dim.cutouts.offsetBy(dx: dx, dy: dy)
      return .dim(dim)
    case .line(let line):
      return .line(line.offsetBy(dx: dx, dy: dy))
    }
  }
}
