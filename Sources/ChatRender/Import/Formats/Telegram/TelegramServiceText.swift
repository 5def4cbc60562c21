import Foundation

/// The sentence shown for a Telegram service message ("Ana joined the group"), built from its
/// `action` and the keys that go with it (docs/FORMATS.md, "Service messages"), as a `Phrase`
/// drawn in the reader's language.
///
/// Reads leniently: a key of an unexpected type is left out of the sentence rather than
/// failing the import, because the notice is ours, not the user's text.
enum TelegramServiceText {
  /// The sentence of `action` by `actor` (a name, or the deleted account's word); nil for a
  /// bot's custom action, which carries its own text (`information_text`).
  static func phrase(action: String?, actor: Phrase.Value, entry: JSONValue) -> Phrase? {
    let title = entry["title"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 }
    let members: [Phrase.Value] =
      entry["members"]?.arrayValue?.map {
        $0.stringValue.map { .text($0) } ?? .phrase(Phrase(.deletedAccount))
      } ?? []
    func said(_ word: Word, _ values: [String: Phrase.Value] = [:]) -> Phrase {
      Phrase(word, values.merging(["actor": actor]) { first, _ in first })
    }
    func titled(_ word: Word, or untitled: Word) -> Phrase {
      title.map { said(word, ["title": .text($0)]) } ?? said(untitled)
    }
    guard let action else {
      return entry["information_text"]?.stringValue == nil ? said(.noticeAction, ["action": .text("?")]) : nil
    }
    switch action {
    case "create_group": return titled(.noticeCreatedGroup, or: .noticeCreated)
    case "create_channel": return titled(.noticeCreatedChannel, or: .noticeCreated)
    case "edit_group_title": return titled(.noticeRenamed, or: .noticeNameChanged)
    case "edit_group_photo": return said(.noticePhotoChanged)
    case "delete_group_photo": return said(.noticePhotoRemoved)
    case "invite_members":
      if members == [actor] { return said(.noticeJoined) }
      return members.isEmpty ? said(.noticeAddedMembers) : said(.noticeAdded, ["names": .list(members)])
    case "remove_members":
      if members == [actor] { return said(.noticeLeft) }
      return members.isEmpty ? said(.noticeRemovedMembers) : said(.noticeRemoved, ["names": .list(members)])
    case "join_group_by_link": return said(.noticeJoinedByLink)
    case "join_group_by_request": return said(.noticeJoined)
    case "migrate_to_supergroup": return said(.noticeConverted)
    case "migrate_from_group": return Phrase(.noticeGroupConverted)
    case "pin_message": return said(.noticePinned)
    case "clear_history": return Phrase(.noticeHistoryCleared)
    case "phone_call": return callPhrase(actor: actor, entry: entry)
    case "group_call":
      guard let seconds = entry["duration"]?.numberValue, seconds > 0 else { return said(.noticeCallStarted) }
      return said(.noticeCallStartedLength, ["length": .length(seconds.saturatingInt)])
    case "invite_to_group_call": return said(.noticeCallInvited, ["names": .list(members)])
    case "group_call_scheduled": return said(.noticeCallScheduled)
    case "take_screenshot": return said(.noticeScreenshot)
    case "joined_telegram": return said(.noticeJoinedApp, ["app": .text("Telegram")])
    case "set_messages_ttl":
      guard let period = entry["period"]?.numberValue, period > 0 else { return said(.noticeAutoDeleteOff) }
      return said(.noticeAutoDelete, ["period": .length(period.saturatingInt)])
    case "edit_chat_theme":
      guard let emoticon = entry["emoticon"]?.stringValue, !emoticon.isEmpty else { return said(.noticeThemeOff) }
      return said(.noticeTheme, ["emoji": .text(emoticon)])
    case "topic_created": return titled(.noticeTopicCreated, or: .noticeTopicEdited)
    case "topic_edit": return titled(.noticeTopicRenamed, or: .noticeTopicEdited)
    case "score_in_game":
      return said(.noticeGameScore, ["score": entry["score"]?.idText.map { .text($0) } ?? .text("?")])
    case "send_payment": return said(.noticePayment)
    case "allow_sending_messages": return said(.noticeBotAllowed)
    case "proximity_reached":
      let from = entry["from"]?.stringValue.map { Phrase.Value.text($0) } ?? actor
      let to = entry["to"]?.stringValue.map { Phrase.Value.text($0) } ?? .phrase(Phrase(.you))
      let distance = entry["distance"]?.idText.map { Phrase.Value.text($0) } ?? .text("?")
      return Phrase(.noticeProximity, ["actor": from, "other": to, "distance": distance])
    case "requested_phone_number": return said(.noticePhoneRequested)
    case "set_chat_wallpaper", "set_same_chat_wallpaper": return said(.noticeWallpaper)
    case "suggest_profile_photo": return said(.noticePhotoSuggested)
    case "boost_apply": return said(.noticeBoosted)
    case "send_premium_gift", "send_star_gift", "send_stars_gift", "gift_code_prize": return said(.noticeGift)
    default: return said(.noticeAction, ["action": .text(action)])
    }
  }

  /// The call a `phone_call` action records, placed by its actor (issue 36): `discard_reason`
  /// `missed` a missed call, `busy` a declined one, else answered for `duration_seconds`.
  static func call(action: String?, entry: JSONValue) -> Call? {
    guard action == "phone_call" else { return nil }
    switch entry["discard_reason"]?.stringValue {
    case "missed": return Call(outcome: .missed)
    case "busy": return Call(outcome: .cancelled)
    default:
      // A length no call has (not finite, past the limit) is left out.
      let seconds = entry["duration_seconds"]?.numberValue.flatMap {
        $0 > 0 && $0 <= Double(Limit.recordingLength.value) ? $0 : nil
      }
      return Call(outcome: .answered, duration: seconds)
    }
  }

  /// "Call from Ana (5:12)", "Missed call from Ana": a call whose caller is no participant.
  private static func callPhrase(actor: Phrase.Value, entry: JSONValue) -> Phrase {
    switch entry["discard_reason"]?.stringValue {
    case "missed": return Phrase(.noticeMissedCallFrom, ["actor": actor])
    case "busy": return Phrase(.noticeDeclinedCallFrom, ["actor": actor])
    default:
      guard let seconds = entry["duration_seconds"]?.numberValue, seconds > 0 else {
        return Phrase(.noticeCallFrom, ["actor": actor])
      }
      return Phrase(.noticeCallFromLength, ["actor": actor, "length": .length(seconds.saturatingInt)])
    }
  }
}
