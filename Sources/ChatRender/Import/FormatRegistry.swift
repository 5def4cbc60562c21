/// The formats in detection order (FORMATS.md §0.5), the most specific first.
enum FormatRegistry {
  static let all: [any TranscriptFormat] = [
    JSONTranscriptFormat(),
    SlackFormat(),
    WhatsAppZipFormat(),
    SMSBackupFormat(),
    TelegramFormat(),
    DiscordFormat(),
    ChatGPTFormat(),
    OpenAIMessagesFormat(),
    WhatsAppFormat(),
    IRCFormat(),
    ChatTextFormat(),
    PlainTranscriptFormat(),
  ]
}
