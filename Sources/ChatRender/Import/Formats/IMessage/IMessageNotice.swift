/// The text of a Messages notice: a message whose `item_type` is not 0 says what happened to
/// the group rather than what someone wrote (`group_action_type` and `other_handle` say more).
enum IMessageNotice {
  /// The call an `item_type` 6 row records (issue 36), a message of whoever placed it:
  /// FaceTime, drawn as a video call; the row says neither its length nor how it ended.
  static func call(for row: IMessageDatabase.MessageRow) -> Call? {
    row.itemType == 6 ? Call(medium: .video) : nil
  }

  /// The notice for `row`, with `actor` and `other` as they are shown; nil for a kind of
  /// notice that is not drawn (a kept audio message, a location share ended).
  static func text(for row: IMessageDatabase.MessageRow, actor: String, other: String?) -> String? {
    switch row.itemType {
    case 1:
      // A member added (0) or removed (1): someone removing themselves has left.
      guard let other else { return nil }
      if row.groupActionType == 1 {
        return other == actor ? "\(actor) left the conversation" : "\(actor) removed \(other)"
      }
      return "\(actor) added \(other) to the conversation"
    case 2:
      guard let title = row.groupTitle, !title.isEmpty else { return "\(actor) removed the name from the conversation" }
      return "\(actor) named the conversation “\(title)”"
    case 3:
      switch row.groupActionType {
      case 0: return "\(actor) left the conversation"
      case 1: return "\(actor) changed the group photo"
      case 2: return "\(actor) removed the group photo"
      default: return nil
      }
    case 6: return "FaceTime call"  // A call no one placed: drawn as a notice.
    default: return nil
    }
  }
}
