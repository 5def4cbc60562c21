import CPango

/// What a glyph run's Pango attributes ask of its drawing: colour, background, lines.
struct RunStyle {
  var color: Color
  var background: Color?
  var underline = false
  var strikethrough = false

  /// The style of a run with `attributes` (an item's extra attributes), in `color` unless
  /// they set one.
  init(_ attributes: UnsafeMutablePointer<GSList>?, color: Color) {
    self.color = color
    var foreground: Color?
    var foregroundAlpha: Double?
    var backgroundAlpha: Double?
    var node = attributes
    while let current = node {
      node = current.pointee.next
      guard let attribute = current.pointee.data?.assumingMemoryBound(to: PangoAttribute.self) else { continue }
      let raw = UnsafeMutableRawPointer(attribute)
      switch attribute.pointee.klass.pointee.type {
      case PANGO_ATTR_FOREGROUND: foreground = Self.color(raw)
      case PANGO_ATTR_BACKGROUND: background = Self.color(raw)
      case PANGO_ATTR_FOREGROUND_ALPHA: foregroundAlpha = Self.fraction(raw)
      case PANGO_ATTR_BACKGROUND_ALPHA: backgroundAlpha = Self.fraction(raw)
      case PANGO_ATTR_UNDERLINE: underline = Self.integer(raw) != Int32(PANGO_UNDERLINE_NONE.rawValue)
      case PANGO_ATTR_STRIKETHROUGH: strikethrough = Self.integer(raw) != 0
      default: break
      }
    }
    if let foreground { self.color = foreground.withAlpha(foregroundAlpha ?? color.alpha) }
    if let backgroundAlpha { background = background?.withAlpha(backgroundAlpha) }
  }

  private static func color(_ attribute: UnsafeMutableRawPointer) -> Color {
    let value = attribute.assumingMemoryBound(to: PangoAttrColor.self).pointee.color
    return Color(red: Double(value.red) / 65535, green: Double(value.green) / 65535, blue: Double(value.blue) / 65535)
  }

  private static func integer(_ attribute: UnsafeMutableRawPointer) -> Int32 {
    attribute.assumingMemoryBound(to: PangoAttrInt.self).pointee.value
  }

  private static func fraction(_ attribute: UnsafeMutableRawPointer) -> Double { Double(integer(attribute)) / 65535 }
}
