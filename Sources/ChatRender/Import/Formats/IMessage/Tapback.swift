/// Messages' tapbacks: a message whose `associated_message_type` is 2000–2007 puts a reaction
/// on the message `associated_message_guid` names; 3000–3007 takes the same one back.
enum Tapback {
  /// What an associated message does.
  enum Action: Equatable {
    case add(String)
    case remove
  }

  /// The emoji of each classic tapback, by `associated_message_type - 2000`.
  private static let emoji: [Int64: String] = [
    0: "❤️", 1: "👍", 2: "👎", 3: "😂", 4: "‼️", 5: "❓",
  ]
  /// An emoji tapback (iOS 17) whose emoji is missing, and a sticker put on a message.
  private static let emojiTapback: Int64 = 6
  private static let sticker: Int64 = 7

  /// The action of a message of `type`; nil for a message that is no tapback.
  static func action(type: Int64?, emoji custom: String?) -> Action? {
    guard let type else { return nil }
    switch type {
    case 2000...2007:
      let kind = type - 2000
      if let known = emoji[kind] { return .add(known) }
      if kind == emojiTapback, let custom, !custom.isEmpty { return .add(custom) }
      return .add(kind == sticker ? "🏷️" : "❔")
    case 3000...3007: return .remove
    default: return nil
    }
  }

  /// The guid of the message a tapback points at: `p:0/GUID` (part 0 of it) or `bp:GUID`.
  static func targetGUID(_ associated: String) -> String {
    if associated.hasPrefix("bp:") { return String(associated.dropFirst(3)) }
    if associated.hasPrefix("p:"), let slash = associated.firstIndex(of: "/") {
      return String(associated[associated.index(after: slash)...])
    }
    return associated
  }
}
