import Foundation

extension ImportInput {
  /// Whether the folder at `path` is itself one export (Slack, ChatGPT, WhatsApp, Telegram,
  /// Messenger and Instagram: a conversation's folder or the export's root; signal-export,
  /// Element, Skype, Google Chat) rather than a folder of logs, by the files those exports hold.
  package static func isExportFolder(_ path: String) -> Bool {
    let manager = FileManager.default
    func has(_ name: String) -> Bool { manager.fileExists(atPath: path + "/" + name) }
    return (has("channels.json") && (has("users.json") || has("org_users.json")))
      || has("conversations.json") || has("_chat.txt") || has("result.json")
      || has("message_1.json") || has("messages/inbox") || has("your_instagram_activity/messages")
      || has("your_facebook_activity/messages") || has("your_activity_across_facebook/messages")
      || has("chat.md") || has("export.json") || has("messages.json") || has("Google Chat")
      || has("Takeout/Google Chat")
  }
}
