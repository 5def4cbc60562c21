/// What each built-in theme looks like, for `chatrender themes`: one line each.
extension ThemeLoader {
  /// A one-line description of each built-in theme, by theme name.
  package static let builtinDescriptions: [String: String] = [
    "default": "neutral bubbles, blue for me",
    "whatsapp": "WhatsApp: green sent bubbles with tails on a beige wall",
    "whatsapp-dark": "WhatsApp's dark mode",
    "imessage": "iMessage: blue and grey rounded bubbles",
    "imessage-dark": "iMessage's dark mode",
    "telegram": "Telegram: light green sent bubbles, colored names",
    "telegram-dark": "Telegram's night mode",
    "kakaotalk": "KakaoTalk: yellow sent bubbles on a blue-grey wall, rounded-square avatars, times beside",
    "kakaotalk-dark": "KakaoTalk's dark mode",
    "line": "LINE: light green sent bubbles on a blue wall, round avatars, times beside",
    "line-dark": "LINE's dark mode",
    "messenger": "Messenger: blue and grey pills grouped by run, avatar at a run's end",
    "messenger-dark": "Messenger's dark mode",
    "instagram": "Instagram: purple and grey pills grouped by run",
    "instagram-dark": "Instagram's dark mode",
    "signal": "Signal: blue and grey pills, times inside",
    "signal-dark": "Signal's dark mode",
    "discord": "Discord: rows without bubbles, avatar, name and time over each run",
    "discord-dark": "Discord's dark mode (the app's default)",
    "slack": "Slack: rows without bubbles, bold names, rounded-square avatars",
    "slack-dark": "Slack's dark mode",
    "chatgpt": "ChatGPT: your turns in grey bubbles on the right, answers full width without one",
    "chatgpt-dark": "ChatGPT's dark mode",
    "claude": "Claude: warm paper, serif answers full width, your turns in beige bubbles",
    "claude-dark": "Claude's dark mode",
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
