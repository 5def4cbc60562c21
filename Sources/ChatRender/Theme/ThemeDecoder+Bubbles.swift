/// The bubble objects of theme JSON (`me`, `them`, `system`), read with their arrow, border and
/// shadow.
extension ThemeDecoder {
  func bubble(_ value: JSONValue, path: String, base: BubbleStyle, log: inout Log) -> BubbleStyle {
    var style = base
    for member in members(of: value, path: path, keys: .bubble, log: &log) {
      let key = path + "." + member.key
      let value = member.value
      switch member.key {
      case "fill": log.record { style.fill = try color(value, key) }
      case "text": log.record { style.textColor = try color(value, key) }
      case "radius": log.record { style.radius = try number(value, key, .nonNegative) }
      case "padding": log.record { style.padding = try insets(value, key) }
      case "maxWidth": log.record { style.maxWidth = try number(value, key, .positiveFraction) }
      case "fontSize":
        log.record { style.fontSize = value.isNull ? nil : try number(value, key, .textSize) }
      case "smsFill": log.record { style.smsFill = value.isNull ? nil : try color(value, key) }
      case "arrow": style.arrow = arrow(value, path: key, base: style.arrow, log: &log)
      case "border":
        style.border =
          value.isNull
          ? nil : border(value, path: key, base: style.border ?? Self.newBorder, log: &log)
      case "shadow":
        style.shadow =
          value.isNull
          ? nil : shadow(value, path: key, base: style.shadow ?? Self.newShadow, log: &log)
      default: break
      }
    }
    return style
  }

  /// What a `border` object adds to when the parent has no border.
  static let newBorder = BorderStyle(width: 1, color: Color(rgb: 0x000000, alpha: 0.15))
  /// What a `shadow` object adds to when the parent has no shadow.
  static let newShadow = ShadowStyle(dx: 0, dy: 1, blur: 2, color: Color(rgb: 0x000000, alpha: 0.2))

  func arrow(_ value: JSONValue, path: String, base: ArrowStyle, log: inout Log) -> ArrowStyle {
    var style = base
    for member in members(of: value, path: path, keys: .arrow, log: &log) {
      let key = path + "." + member.key
      let value = member.value
      switch member.key {
      case "side": log.record { style.side = try choice(value, key, of: ArrowStyle.Side.self) }
      case "style": log.record { style.style = try choice(value, key, of: ArrowStyle.Style.self) }
      case "width": log.record { style.width = try number(value, key, .nonNegative) }
      case "height": log.record { style.height = try number(value, key, .nonNegative) }
      case "offset": log.record { style.offset = try number(value, key) }
      case "anchor":
        log.record { style.anchor = try choice(value, key, of: BubbleShape.Anchor.self) }
      case "carrier":
        log.record { style.carrier = try choice(value, key, of: ArrowStyle.Carrier.self) }
      default: break
      }
    }
    return style
  }

  func border(_ value: JSONValue, path: String, base: BorderStyle, log: inout Log) -> BorderStyle {
    var style = base
    for member in members(of: value, path: path, keys: .border, log: &log) {
      let key = path + "." + member.key
      let value = member.value
      switch member.key {
      case "width": log.record { style.width = try number(value, key, .nonNegative) }
      case "color": log.record { style.color = try color(value, key) }
      default: break
      }
    }
    return style
  }

  func shadow(_ value: JSONValue, path: String, base: ShadowStyle, log: inout Log) -> ShadowStyle {
    var style = base
    for member in members(of: value, path: path, keys: .shadow, log: &log) {
      let key = path + "." + member.key
      let value = member.value
      switch member.key {
      case "dx": log.record { style.dx = try number(value, key) }
      case "dy": log.record { style.dy = try number(value, key) }
      case "blur": log.record { style.blur = try number(value, key, .nonNegative) }
      case "color": log.record { style.color = try color(value, key) }
      default: break
      }
    }
    return style
  }
}
