/// The formats in detection order (docs/FORMATS.md, "Detection order"), the most specific
/// first.
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
    KakaoTalkFormat(),
    LINEFormat(),
    WhatsAppFormat(),
    IRCFormat(),
    ChatTextFormat(),
    PlainTranscriptFormat(),
  ]
}
