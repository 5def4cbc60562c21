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

  /// Options naming "me" (nobody by default) and the chat to take (nil by default).
  public init(me: [String] = [], chat: String? = nil) {
    self.me = me
    self.chat = chat
  }
}
