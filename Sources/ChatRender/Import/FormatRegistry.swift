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
    ViberFormat(),
    SignalFormat(),
    WhatsAppFormat(),
    IRCFormat(),
    ChatTextFormat(),
    PlainTranscriptFormat(),
  ]

  /// The formats as people look for them (`chatrender formats`, docs/FORMATS.md): by family,
  /// the most used apps first, then AI assistants, then our own formats; detection keeps
  /// `all`'s order.
  static let listed: [any TranscriptFormat] = {
    let order = [
      "whatsapp", "whatsapp-zip", "messenger", "telegram", "telegram-html", "imessage", "sms", "signal", "viber",
      "snapchat",
      "x", "discord", "dce-html", "dce-text", "dce-csv", "discord-package", "slack", "skype", "line", "kakaotalk",
      "threema", "googlechat", "hangouts", "googlevoice", "googletakeout", "linkedin", "matrix", "irc", "chatgpt",
      "claude", "openai", "chat", "json", "plain",
    ]
    let rank = { (format: any TranscriptFormat) in order.firstIndex(of: format.name) ?? order.count }
    return all.enumerated().sorted { (rank($0.element), $0.offset) < (rank($1.element), $1.offset) }.map(\.element)
  }()

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
