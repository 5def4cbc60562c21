import Foundation

/// Choices the user makes about an import.
public struct ImportOptions: Sendable {
  /// Names, ids or phone numbers of "me"; matched case-insensitively. Always wins.
  public var me: [String]
  /// Which chat, channel or conversation to take from an export holding several.
  public var chat: String?

  public init(me: [String] = [], chat: String? = nil) {
    self.me = me
    self.chat = chat
  }
}
