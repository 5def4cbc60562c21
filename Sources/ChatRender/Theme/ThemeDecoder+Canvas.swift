/// The `canvas`, `font`, `spacing` and `page` objects of theme JSON, read: the picture and the
/// paper as a whole.
extension ThemeDecoder {
  func canvas(_ value: JSONValue, path: String, base: CanvasStyle, log: inout Log) -> CanvasStyle {
    var style = base
    for member in members(of: value, path: path, keys: .canvas, log: &log) {
      let key = path + "." + member.key
      let value = member.value
      switch member.key {
      case "width": log.record { style.width = try number(value, key, .canvasWidth) }
      case "background": log.record { style.background = try color(value, key) }
      case "padding": log.record { style.padding = try insets(value, key) }
      case "backgroundImage":
        style.backgroundImage =
          value.isNull
          ? nil : backgroundImage(value, path: key, base: style.backgroundImage, log: &log)
      default: break
      }
    }
    return style
  }

  func backgroundImage(
    _ value: JSONValue, path: String, base: BackgroundImage?, log: inout Log
  ) -> BackgroundImage? {
    let members = members(of: value, path: path, keys: .backgroundImage, log: &log)
    var image = base ?? BackgroundImage(path: "", mode: .tile)
    for member in members {
      let key = path + "." + member.key
      let value = member.value
      switch member.key {
      case "path": log.record { image.path = try existingFile(value, key) }
      case "mode": log.record { image.mode = try choice(value, key, of: BackgroundImage.Mode.self) }
      case "opacity": log.record { image.opacity = try number(value, key, .fraction) }
      default: break
      }
    }
    if image.path.isEmpty {
      if value.members != nil, value["path"] == nil {
        log.errors.append(
          .error("missing key 'path' in '\(path)'", at: file.location(ofOffset: value.offset)))
      }
      return base
    }
    return image
  }

  func font(_ value: JSONValue, path: String, base: FontStyle, log: inout Log) -> FontStyle {
    var style = base
    for member in members(of: value, path: path, keys: .font, log: &log) {
      let key = path + "." + member.key
      let value = member.value
      switch member.key {
      case "families": log.record { style.families = try families(value, key) }
      case "size": log.record { style.size = try number(value, key, .textSize) }
      case "lineSpacing":
        log.record { style.lineSpacing = try number(value, key, .lineSpacing) }
      case "color": log.record { style.color = try color(value, key) }
      default: break
      }
    }
    return style
  }

  func spacing(_ value: JSONValue, path: String, base: SpacingStyle, log: inout Log) -> SpacingStyle {
    var style = base
    for member in members(of: value, path: path, keys: .spacing, log: &log) {
      let key = path + "." + member.key
      let value = member.value
      switch member.key {
      case "sameAuthor": log.record { style.sameAuthor = try number(value, key, .nonNegative) }
      case "newAuthor": log.record { style.newAuthor = try number(value, key, .nonNegative) }
      default: break
      }
    }
    return style
  }

  func page(_ value: JSONValue, path: String, base: PageStyle, log: inout Log) -> PageStyle {
    var style = base
    for member in members(of: value, path: path, keys: .page, log: &log) {
      let key = path + "." + member.key
      let value = member.value
      switch member.key {
      case "size": log.record { (style.width, style.height) = try paperSize(value, key) }
      case "margin": log.record { style.margin = try insets(value, key) }
      case "column": log.record { style.column = try choice(value, key, of: PageStyle.Column.self) }
      default: break
      }
    }
    return style
  }
}
