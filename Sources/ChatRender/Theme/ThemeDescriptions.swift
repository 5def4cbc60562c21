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
    "googlechat": "Google Chat: light blue and grey bubbles, names over runs",
    "googlechat-dark": "Google Chat's dark mode",
    "element": "Element: rows without bubbles, colored names, round avatars",
    "element-dark": "Element's dark mode",
    "skype": "Skype: light blue and grey bubbles, times under them",
    "skype-dark": "Skype's dark mode",
    "teams": "Microsoft Teams: lavender and white bubbles on a grey wall",
    "teams-dark": "Microsoft Teams' dark mode",
    "x": "X (Twitter) messages: blue and light grey round bubbles, times under them",
    "x-dark": "X's dark mode",
    "snapchat": "Snapchat: no bubbles, red and blue names with a bar down each run",
    "snapchat-dark": "Snapchat's dark mode",
    "linkedin": "LinkedIn messaging: rows with round photos, bold names",
    "linkedin-dark": "LinkedIn's dark mode",
    "hangouts": "Hangouts: white cards with tails on a grey wall, round avatars",
    "googlevoice": "Google Voice as Google Messages: light blue and grey bubbles",
    "googlevoice-dark": "Google Voice's dark mode",
    "threema": "Threema: green-tinted sent bubbles on a grey wall",
    "threema-dark": "Threema's dark mode",
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
