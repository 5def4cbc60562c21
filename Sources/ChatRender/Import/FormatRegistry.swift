/// The formats in detection order (docs/FORMATS.md, "Detection order"), the most specific
/// first.
enum FormatRegistry {
  static let all: [any TranscriptFormat] = [
    IMessageFormat(),
    MessengerFormat(),
    MatrixFormat(),
    SkypeFormat(),
    GoogleChatFormat(),
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
    SignalFormat(),
    WhatsAppFormat(),
    IRCFormat(),
    ChatTextFormat(),
    PlainTranscriptFormat(),
  ]
}
