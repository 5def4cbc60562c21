/// The `names`, `timestamps`, `daySeparators` and `encryptionNotice` objects of theme JSON, read:
/// the text around messages.
extension ThemeDecoder {
  func names(_ value: JSONValue, path: String, base: LabelStyle, log: inout Log) -> LabelStyle {
    var style = base
    for member in members(of: value, path: path, keys: .names, log: &log) {
      let key = path + "." + member.key
      let value = member.value
      switch member.key {
      case "show":
        log.record { style.show = try choice(value, key, of: LabelStyle.Visibility.self) }
      case "placement":
        log.record { style.placement = try choice(value, key, of: LabelStyle.Placement.self) }
      case "size": log.record { style.size = try number(value, key, .textSize) }
      case "color": log.record { style.color = try color(value, key) }
      case "colors": log.record { style.colors = try colors(value, key) }
      case "bold": log.record { style.bold = try bool(value, key) }
      default: break
      }
    }
    return style
  }

  func timestamps(
    _ value: JSONValue, path: String, base: TimestampStyle, log: inout Log
  ) -> TimestampStyle {
    var style = base
    for member in members(of: value, path: path, keys: .timestamps, log: &log) {
      let key = path + "." + member.key
      let value = member.value
      switch member.key {
      case "placement":
        log.record { style.placement = try choice(value, key, of: TimestampStyle.Placement.self) }
      case "size": log.record { style.size = try number(value, key, .textSize) }
      case "meColor": log.record { style.meColor = try color(value, key) }
      case "themColor": log.record { style.themColor = try color(value, key) }
      default: break
      }
    }
    return style
  }

  func daySeparators(
    _ value: JSONValue, path: String, base: DaySeparatorStyle, log: inout Log
  ) -> DaySeparatorStyle {
    var style = base
    for member in members(of: value, path: path, keys: .daySeparators, log: &log) {
      let key = path + "." + member.key
      let value = member.value
      switch member.key {
      case "show": log.record { style.show = try bool(value, key) }
      case "size": log.record { style.size = try number(value, key, .textSize) }
      case "text": log.record { style.textColor = try color(value, key) }
      case "fill": log.record { style.fill = try color(value, key) }
      case "radius": log.record { style.radius = try number(value, key, .nonNegative) }
      case "padding": log.record { style.padding = try insets(value, key) }
      case "timeAfterMinutes":
        log.record { style.timeAfterMinutes = try number(value, key, NumberRule(0...100_000)) }
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

  func encryptionNotice(
    _ value: JSONValue, path: String, base: NoticeCardStyle, log: inout Log
  ) -> NoticeCardStyle {
    var style = base
    for member in members(of: value, path: path, keys: .encryptionNotice, log: &log) {
      let key = path + "." + member.key
      let value = member.value
      switch member.key {
      case "fill": log.record { style.fill = try color(value, key) }
      case "text": log.record { style.textColor = try color(value, key) }
      case "maxWidth": log.record { style.maxWidth = try number(value, key, .positiveFraction) }
      default: break
      }
    }
    return style
  }
}
