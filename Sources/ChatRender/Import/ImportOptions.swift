import Foundation

/// Choices the user makes about an import.
public struct ImportOptions: Sendable {
  /// Names, ids or phone numbers of "me"; matched case-insensitively. Always wins.
  public var me: [String]
  /// Which chat, channel or conversation to take from an export holding several.
  public var chat: String?
  /// Names that are "me" when one of them is in the chat (one's names across chats, from a
  /// configuration); unlike `me`, matching none is no error.
  public var likelyMe: [String] = []
  /// The folder an iMessage database's attachments are under (`--attachments`); nil: beside
  /// the database. Counts as part of the export (`ExportBoundary`).
  package var attachmentsFolder: String?
  /// A vCard file naming the handles of a chat that names nobody (`--names`, iMessage).
  package var namesFile: String?
  /// Where the format notes that it chose a chat by `chat`; a new one for each read.
  package var chatChoice = ChatChoice()

  /// Options naming "me" (nobody by default) and the chat to take (nil by default).
  public init(me: [String] = [], chat: String? = nil) {
    self.me = me
    self.chat = chat
  }
}
