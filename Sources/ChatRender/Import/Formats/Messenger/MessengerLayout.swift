/// Which of Meta's two JSON shapes a file has.
enum MessengerLayout {
  /// "Download your information": `participants[{name}]`, `messages[{sender_name,
  /// timestamp_ms, content…}]` newest first, `title`, `thread_path`.
  case information
  /// messenger.com's export of an end-to-end encrypted chat: `participants` (names),
  /// `threadName`, `messages[{senderName, timestamp, text, type…}]`.
  case encrypted

  /// The shape of `file`, judged by the outline of its start; nil when it is neither.
  init?(of file: SourceFile) {
    let outline = JSONOutline(file)
    guard outline.rootKind == .object, outline.topLevelCount == 1 else { return nil }
    if outline.has("messages/*/sender_name", .string) && outline.has("messages/*/timestamp_ms", .number)
      || outline.has("thread_path", .string) && outline.has("participants/*/name", .string)
    {
      self = .information
    } else if outline.has("messages/*/senderName", .string) && outline.has("messages/*/timestamp", .number)
      || outline.has("threadName", .string) && outline.has("participants/*", .string)
    {
      self = .encrypted
    } else {
      return nil
    }
  }
}
