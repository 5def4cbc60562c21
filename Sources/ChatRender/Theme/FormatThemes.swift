/// The look each export format is drawn in when no theme is asked for: its app's own
/// (docs/THEMES.md, "The look follows the export"). Keyed by the format's `name` as
/// `chatrender formats` lists it; a format not listed keeps `default`.
package enum FormatThemes {
  /// Format name → built-in theme name. A family whose theme is not built in yet stays out
  /// of the table (and keeps `default`) until it is.
  static let themeByFormat: [String: String] = [
    "whatsapp": "whatsapp",
    "whatsapp-zip": "whatsapp",
    "telegram": "telegram",
    "telegram-html": "telegram",
    "imessage": "imessage",
    "sms": "imessage",
    "kakaotalk": "kakaotalk",
    "line": "line",
    "messenger": "messenger",
    "instagram": "instagram",
    "signal": "signal",
    "discord": "discord",
    "dce-html": "discord",
    "dce-text": "discord",
    "dce-csv": "discord",
    "discord-package": "discord",
    "slack": "slack",
    "chatgpt": "chatgpt",
    "openai": "chatgpt",
    "claude": "claude",
    "googlechat": "googlechat",
    "matrix": "element",
    "skype": "skype",
    "teams": "teams",
    "x": "x",
    "snapchat": "snapchat",
    "linkedin": "linkedin",
    "hangouts": "hangouts",
    "googlevoice": "googlevoice",
    "threema": "threema",
    "viber": "viber",
  ]

  /// The built-in theme name for `format`, its `-dark` twin when `dark` and one is built in.
  package static func themeName(forFormat format: String, dark: Bool) -> String {
    let light = themeByFormat[format.lowercased()] ?? "default"
    let names = BuiltinThemes.files.map(\.name)
    let name = names.contains(light) ? light : "default"
    return dark && names.contains(name + "-dark") ? name + "-dark" : name
  }
}

extension ThemeLoader {
  /// The built-in theme an export of `format` is drawn in by default: its app's look
  /// (`kakaotalk` for a KakaoTalk export), `default` for formats of no app (`chat`, `json`,
  /// `plain`).
  ///
  /// - Parameters:
  ///   - format: the format's `name` (`Importer.detect(input)?.name`).
  ///   - dark: the theme's dark variant when the family has one (`whatsapp-dark`).
  public static func builtin(forFormat format: String, dark: Bool = false) -> Theme {
    BuiltinThemes.named(FormatThemes.themeName(forFormat: format, dark: dark))
  }
}
