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
  static func node(for formatting: FormattingStyle) -> Node {
    .object([
      ("codeFont", .array(formatting.codeFamilies.map(Node.string))),
      ("codeBackground", color(formatting.codeBackground)),
      ("link", color(formatting.link)),
      ("mention", color(formatting.mention)),
      ("quoteBar", color(formatting.quoteBar)),
      ("tableBorder", color(formatting.tableBorder)),
      ("spoilers", .string(formatting.spoilers.rawValue)),
      ("spoilerFill", color(formatting.spoilerFill)),
    ])
  }
}
