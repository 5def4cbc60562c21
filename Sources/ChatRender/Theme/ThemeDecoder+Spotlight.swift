/// The `spotlight` and `note` objects of theme JSON, read.
extension ThemeDecoder {
  func spotlight(
    _ value: JSONValue, path: String, base: SpotlightStyle, log: inout Log
  ) -> SpotlightStyle {
    var style = base
    for member in members(of: value, path: path, keys: .spotlight, log: &log) {
      let key = path + "." + member.key
      let value = member.value
      switch member.key {
      case "color": log.record { style.color = try color(value, key) }
      case "alpha": log.record { style.alpha = try number(value, key, .fraction) }
      case "margin": log.record { style.margin = try number(value, key, NumberRule(0...200)) }
      case "ring":
        style.ring =
          value.isNull ? nil : border(value, path: key, base: style.ring ?? Self.newBorder, log: &log)
      default: break
      }
    }
    return style
  }

  func note(_ value: JSONValue, path: String, base: NoteStyle, log: inout Log) -> NoteStyle {
    var style = base
    for member in members(of: value, path: path, keys: .note, log: &log) {
      let key = path + "." + member.key
      let value = member.value
      switch member.key {
      case "fill": log.record { style.fill = try color(value, key) }
      case "text": log.record { style.textColor = try color(value, key) }
      case "fontSize": log.record { style.fontSize = try number(value, key, .textSize) }
      case "padding": log.record { style.padding = try insets(value, key) }
      case "radius": log.record { style.radius = try number(value, key, .nonNegative) }
      case "arrowWidth": log.record { style.arrowWidth = try number(value, key, NumberRule(0...200)) }
      case "arrowHeight": log.record { style.arrowHeight = try number(value, key, NumberRule(0...200)) }
      case "maxWidth": log.record { style.maxWidth = try number(value, key, .positiveFraction) }
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
}
