import Foundation

@_spi(Pages) @testable import ChatRender

extension LaidOutConversation {
  /// A stable, readable text form of the layout (numbers rounded to 0.01), for golden tests.
  var dump: String {
    pages.map(\.dump).joined()
  }
}

extension LaidOutPage {
  /// The page as stable, readable text: its size and background, then each item.
  var dump: String {
    var out = "Page \(Self.number(size.width))×\(Self.number(size.height)) bg \(background.hex)\n"
    for item in items {
      switch item {
      case .bubble(let bubble):
        let frame = bubble.shape.frame
        var line = "  bubble"
        if let index = bubble.messageIndex { line += " m\(index)" }
        line += " \(bubble.role.rawValue) \(Self.rect(frame)) fill \(bubble.fill.hex)"
        if let arrow = bubble.shape.arrow, let tip = bubble.shape.placedArrow?.tip {
          line += " arrow \(arrow.side.rawValue) tip (\(Self.number(tip.x)), \(Self.number(tip.y)))"
        }
        if let border = bubble.border { line += " border \(Self.number(border.width)) \(border.color.hex)" }
        if let shadow = bubble.shadow { line += " shadow blur \(Self.number(shadow.blur))" }
        out += line + "\n"
      case .text(let text):
        out += "    " + Self.describe(text) + "\n"
      case .avatar(let avatar):
        out += "  avatar \(Self.rect(avatar.frame)) fill \(avatar.fill.hex) \"\(avatar.initials.text.text)\""
        out += avatar.picture.map { " picture \($0.pixelSize)\n" } ?? "\n"
      case .box(let box):
        out += "    box \(Self.rect(box.frame)) radius \(Self.number(box.radius)) fill \(box.fill.hex)\n"
      case .link(let link):
        out += "  link \(Self.rect(link.frame)) \(link.url)\n"
      case .picture(let picture):
        out += "  picture \(Self.rect(picture.frame)) \(picture.pixelSize) \(picture.name ?? "")\n"
      case .badge(let badge):
        out += "  badge \(Self.rect(badge.shape.frame)) fill \(badge.fill.hex) \"\(badge.label.text.text)\"\n"
      case .dim(let dim):
        let holes = dim.cutouts.elements.filter { if case .move = $0 { true } else { false } }.count
        out += "  dim \(Self.rect(dim.area)) fill \(dim.color.hex) cutouts \(holes)\n"
      case .line(let line):
        out += "  line \(Self.rect(line.frame)) \(line.color.hex) corners \(line.line.points.count - 2)\n"
      }
    }
    return out
  }

  private static func describe(_ text: TextBlock) -> String {
    var excerpt = text.text.text.replacingOccurrences(of: "\n", with: "⏎")
    if excerpt.count > 24 { excerpt = String(excerpt.prefix(23)) + "…" }
    var line =
      "text \(rect(text.frame)) lines=\(text.lines.map { "\($0.lowerBound)..<\($0.upperBound)" } ?? String(text.metrics.lineCount))"
    line += " \(text.color.hex) \"\(excerpt)\""
    return line
  }

  private static func rect(_ rect: Rect) -> String {
    "(\(number(rect.minX)), \(number(rect.minY)), \(number(rect.width))×\(number(rect.height)))"
  }

  private static func number(_ value: Double) -> String {
    let rounded = (value * 100).rounded() / 100
    if rounded == rounded.rounded() { return String(Int(rounded)) }
    return String(format: "%.2f", rounded).replacingOccurrences(of: #"0+$"#, with: "", options: .regularExpression)
  }
}
