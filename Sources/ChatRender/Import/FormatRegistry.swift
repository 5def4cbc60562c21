/// The formats in detection order (docs/FORMATS.md, "Detection order"), the most specific
/// first.
enum FormatRegistry {
  static let all: [any TranscriptFormat] = [
    MessengerFormat(),
    JSONTranscriptFormat(),
    SlackFormat(),
    WhatsAppZipFormat(),
    SMSBackupFormat(),
    TelegramFormat(),
    DiscordFormat(),
    ChatGPTFormat(),
    ClaudeFormat(),
    OpenAIMessagesFormat(),
    KakaoTalkFormat(),
    LINEFormat(),
    WhatsAppFormat(),
    IRCFormat(),
    ChatTextFormat(),
    PlainTranscriptFormat(),
  ]
}
