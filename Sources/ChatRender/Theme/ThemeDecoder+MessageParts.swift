/// The `avatars`, `replies` and `reactions` objects of theme JSON, read: what stands beside, inside
/// and on a bubble.
extension ThemeDecoder {
  func avatars(_ value: JSONValue, path: String, base: AvatarStyle, log: inout Log) -> AvatarStyle {
    var style = base
    for member in members(of: value, path: path, keys: .avatars, log: &log) {
      let key = path + "." + member.key
      let value = member.value
      switch member.key {
      case "show":
        log.record { style.show = try choice(value, key, of: AvatarStyle.Visibility.self) }
      case "size": log.record { style.size = try number(value, key, .textSize) }
      case "roundness":
        log.record { style.roundness = try number(value, key, NumberRule(0...0.5)) }
      case "carrier":
        log.record { style.carrier = try choice(value, key, of: AvatarStyle.Carrier.self) }
      default: break
      }
    }
    return style
  }

  func replies(_ value: JSONValue, path: String, base: ReplyStyle, log: inout Log) -> ReplyStyle {
    var style = base
    for member in members(of: value, path: path, keys: .replies, log: &log) {
      let key = path + "." + member.key
      let value = member.value
      switch member.key {
      case "barColor": log.record { style.barColor = try color(value, key) }
      case "textSize": log.record { style.textSize = try number(value, key, .textSize) }
      default: break
      }
    }
    return style
  }

  func reactions(
    _ value: JSONValue, path: String, base: ReactionStyle, log: inout Log
  ) -> ReactionStyle {
    var style = base
    for member in members(of: value, path: path, keys: .reactions, log: &log) {
      let key = path + "." + member.key
      let value = member.value
      switch member.key {
      case "fill": log.record { style.fill = try color(value, key) }
      case "text": log.record { style.textColor = try color(value, key) }
      case "size": log.record { style.size = try number(value, key, .textSize) }
      case "placement":
        log.record { style.placement = try choice(value, key, of: ReactionStyle.Placement.self) }
      default: break
      }
    }
    return style
  }
}
