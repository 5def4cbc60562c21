/// The `formatting` object of theme JSON, read and written.
extension ThemeDecoder {
  func formatting(
    _ value: JSONValue, path: String, base: FormattingStyle, log: inout Log
  ) -> FormattingStyle {
    var style = base
    for member in members(of: value, path: path, keys: .formatting, log: &log) {
      let key = path + "." + member.key
      let value = member.value
      switch member.key {
      case "codeFont": log.record { style.codeFamilies = try families(value, key) }
      case "codeBackground": log.record { style.codeBackground = try color(value, key) }
      case "link": log.record { style.link = try color(value, key) }
      case "mention": log.record { style.mention = try color(value, key) }
      case "quoteBar": log.record { style.quoteBar = try color(value, key) }
      case "tableBorder": log.record { style.tableBorder = try color(value, key) }
      case "spoilers":
        log.record { style.spoilers = try choice(value, key, of: FormattingStyle.Spoilers.self) }
      case "spoilerFill": log.record { style.spoilerFill = try color(value, key) }
      default: break
      }
    }
    return style
  }
}

extension ThemeEncoder {
  static func node(for formatting: FormattingStyle) -> JSONNode {
    .object([
      .init("codeFont", .array(formatting.codeFamilies.map(JSONNode.string))),
      .init("codeBackground", color(formatting.codeBackground)),
      .init("link", color(formatting.link)),
      .init("mention", color(formatting.mention)),
      .init("quoteBar", color(formatting.quoteBar)),
      .init("tableBorder", color(formatting.tableBorder)),
      .init("spoilers", .string(formatting.spoilers.rawValue)),
      .init("spoilerFill", color(formatting.spoilerFill)),
    ])
  }
}
