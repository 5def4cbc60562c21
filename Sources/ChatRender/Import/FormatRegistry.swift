/// The formats in detection order (docs/FORMATS.md, "Detection order"), the most specific
/// first.
enum FormatRegistry {
  static let all: [any TranscriptFormat] = [
    IMessageFormat(),
    MessengerFormat(),
    MatrixFormat(),
    SkypeFormat(),
    GoogleTakeoutFormat(),
    GoogleChatFormat(),
    HangoutsFormat(),
    GoogleVoiceFormat(),
    XArchiveFormat(),
    SnapchatFormat(),
    DiscordPackageFormat(),
    LinkedInFormat(),
    JSONTranscriptFormat(),
    SlackFormat(),
    ThreemaFormat(),
    WhatsAppZipFormat(),
    SMSBackupFormat(),
    TelegramFormat(),
    TelegramHTMLFormat(),
    DiscordFormat(),
    DCEHTMLFormat(),
    DCETextFormat(),
    DCECSVFormat(),
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

  /// What each format declares of its files and folders.
  static let recognizing: [any FileRecognizing] = all.compactMap { $0 as? any FileRecognizing }

  /// The extensions of the files some format reads: what a folder of logs is searched for.
  static let fileExtensions: Set<String> = recognizing.reduce(into: []) { $0.formUnion($1.fileExtensions) }

  /// The format whose folder signature the folder at `path` has (`has` says whether a path
  /// inside it exists), or nil for a folder of logs.
  static func exportFolder(has: (String) -> Bool) -> (any FileRecognizing)? {
    recognizing.first { format in format.folderSignatures.contains { $0.allSatisfy(has) } }
  }
}
