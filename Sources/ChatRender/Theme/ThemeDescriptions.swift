/// What each built-in theme looks like, for `chatrender themes`: one line each.
extension ThemeLoader {
  /// A one-line description of each built-in theme, by theme name.
  package static let builtinDescriptions: [String: String] = [
    "default": "neutral bubbles, blue for me",
    "whatsapp": "WhatsApp: green sent bubbles with tails on a beige wall",
    "whatsapp-dark": "WhatsApp's dark mode",
    "imessage": "iMessage: blue and grey rounded bubbles",
    "telegram": "Telegram: light green sent bubbles, colored names",
    "wechat": "WeChat: green sent bubbles with avatars",
    "qq-popover": "QQ: popover bubbles",
    "note": "warm paper tones, yellow sent bubbles",
    "print": "black on white with grey and outlined bubbles, for paper",
  ]

  /// "light" or "dark", by the canvas's background.
  package static func tone(of theme: Theme) -> String {
    theme.canvas.background.luminance < 0.5 ? "dark" : "light"
  }
}
