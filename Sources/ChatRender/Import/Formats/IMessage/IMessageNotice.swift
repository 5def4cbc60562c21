/// The text of a Messages notice: a message whose `item_type` is not 0 says what happened to
/// the group rather than what someone wrote (`group_action_type` and `other_handle` say more).
enum IMessageNotice {
  /// The call an `item_type` 6 row records (issue 36), a message of whoever placed it:
  /// FaceTime, drawn as a video call; the row says neither its length nor how it ended.
  static func call(for row: IMessageDatabase.MessageRow) -> Call? {
    row.itemType == 6 ? Call(medium: .video) : nil
  }

  /// The notice for `row`, with `actor` and `other` as they are shown, drawn in the reader's
  /// language; nil for a kind of notice that is not drawn (a kept audio message, a location
  /// share ended).
  static func phrase(for row: IMessageDatabase.MessageRow, actor: String, other: String?) -> Phrase? {
    let by: [String: Phrase.Value] = ["actor": .text(actor)]
    switch row.itemType {
    case 1:
      // A member added (0) or removed (1): someone removing themselves has left.
      guard let other else { return nil }
      if row.groupActionType == 1 {
        return other == actor
          ? Phrase(.noticeLeft, by) : Phrase(.noticeRemoved, by.merging(["names": .text(other)]) { $1 })
      }
      return Phrase(.noticeAdded, by.merging(["names": .text(other)]) { $1 })
    case 2:
      guard let title = row.groupTitle, !title.isEmpty else { return Phrase(.noticeNameRemoved, by) }
      return Phrase(.noticeRenamed, by.merging(["title": .text(title)]) { $1 })
    case 3:
      switch row.groupActionType {
      case 0: return Phrase(.noticeLeft, by)
      case 1: return Phrase(.noticePhotoChanged, by)
      case 2: return Phrase(.noticePhotoRemoved, by)
      default: return nil
      }
    case 6: return Phrase(.videoCall)  // A FaceTime call no one placed: drawn as a notice.
    default: return nil
    }
  }
}
