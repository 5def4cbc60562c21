/// The formats in detection order (FORMATS.md §0.5), the most specific first.
enum FormatRegistry {
  static let all: [any TranscriptFormat] = [
    JSONTranscriptFormat(),
    SlackFormat(),
    // whatsapp-zip
    SMSBackupFormat(),
    TelegramFormat(),
    DiscordFormat(),
    ChatGPTFormat(),
    OpenAIMessagesFormat(),
    // whatsapp
    // irc
    ChatTextFormat(),
    // plain
  ]
}
