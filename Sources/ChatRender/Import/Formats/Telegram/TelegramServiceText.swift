import Foundation

/// The sentence shown for a Telegram service message ("Ana joined the group"), built from its
/// `action` and the keys that go with it (docs/FORMATS.md, "Service messages").
///
/// Reads leniently: a key of an unexpected type is left out of the sentence rather than
/// failing the import, because the notice is ours, not the user's text.
enum TelegramServiceText {
  static func sentence(action: String?, actor: String, entry: JSONValue) -> String {
    let title = entry["title"]?.stringValue
    let members =
      entry["members"]?.arrayValue?.map {
        $0.stringValue ?? TelegramFormat.deletedAccount
      } ?? []
    guard let action else {
      // A bot's custom action carries its own text.
      return entry["information_text"]?.stringValue ?? "\(actor) performed an action"
    }
    switch action {
    case "create_group":
      return "\(actor) created the group" + quoted(title)
    case "create_channel":
      return "\(actor) created the channel" + quoted(title)
    case "edit_group_title":
      return title.map { "\(actor) changed the group name to “\($0)”" }
        ?? "\(actor) changed the group name"
    case "edit_group_photo":
      return "\(actor) changed the group photo"
    case "delete_group_photo":
      return "\(actor) removed the group photo"
    case "invite_members":
      if members == [actor] { return "\(actor) joined the group" }
      return members.isEmpty ? "\(actor) added members" : "\(actor) added \(list(members))"
    case "remove_members":
      if members == [actor] { return "\(actor) left the group" }
      return members.isEmpty ? "\(actor) removed members" : "\(actor) removed \(list(members))"
    case "join_group_by_link":
      return "\(actor) joined the group via invite link"
    case "join_group_by_request":
      return "\(actor) joined the group"
    case "migrate_to_supergroup":
      return "\(actor) converted this group to a supergroup"
    case "migrate_from_group":
      return "Group" + quoted(title) + " was converted to a supergroup"
    case "pin_message":
      return "\(actor) pinned a message"
    case "clear_history":
      return "History was cleared"
    case "phone_call":
      return callSentence(actor: actor, entry: entry)
    case "group_call":
      let duration = entry["duration"]?.numberValue.map { " (\(self.duration($0)))" } ?? ""
      return "\(actor) started a voice chat" + duration
    case "invite_to_group_call":
      return "\(actor) invited \(list(members)) to the voice chat"
    case "group_call_scheduled":
      return "\(actor) scheduled a voice chat"
    case "take_screenshot":
      return "\(actor) took a screenshot"
    case "joined_telegram":
      return "\(actor) joined Telegram"
    case "set_messages_ttl":
      guard let period = entry["period"]?.numberValue, period > 0 else {
        return "\(actor) turned off auto-delete"
      }
      return "\(actor) set messages to auto-delete after \(duration(period))"
    case "edit_chat_theme":
      guard let emoticon = entry["emoticon"]?.stringValue, !emoticon.isEmpty else {
        return "\(actor) turned off the chat theme"
      }
      return "\(actor) changed the chat theme to \(emoticon)"
    case "topic_created":
      return "\(actor) created the topic" + quoted(title)
    case "topic_edit":
      return title.map { "\(actor) renamed the topic to “\($0)”" } ?? "\(actor) edited the topic"
    case "score_in_game":
      let score = entry["score"]?.idText.map { " \($0)" } ?? ""
      return "\(actor) scored\(score) in a game"
    case "send_payment":
      return "\(actor) sent a payment"
    case "allow_sending_messages":
      return "\(actor) allowed the bot to message them"
    case "proximity_reached":
      let from = entry["from"]?.stringValue ?? actor
      let to = entry["to"]?.stringValue ?? "you"
      let distance = entry["distance"]?.idText.map { " \($0) m" } ?? ""
      return "\(from) is within\(distance) of \(to)"
    case "requested_phone_number":
      return "\(actor) requested a phone number"
    case "set_chat_wallpaper", "set_same_chat_wallpaper":
      return "\(actor) changed the chat wallpaper"
    case "suggest_profile_photo":
      return "\(actor) suggested a profile photo"
    case "boost_apply":
      return "\(actor) boosted the group"
    case "send_premium_gift", "send_star_gift", "send_stars_gift", "gift_code_prize":
      return "\(actor) sent a gift"
    default:
      return "\(actor) performed \(action.replacingOccurrences(of: "_", with: " "))"
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

  /// "Call from Ana (5 min 12 s)", "Missed call from Ana".
  private static func callSentence(actor: String, entry: JSONValue) -> String {
    switch entry["discard_reason"]?.stringValue {
    case "missed": return "Missed call from \(actor)"
    case "busy": return "Call from \(actor) (busy)"
    default:
      guard let seconds = entry["duration_seconds"]?.numberValue, seconds > 0 else {
        return "Call from \(actor)"
      }
      return "Call from \(actor) (\(duration(seconds)))"
    }
  }

  /// " “Title”", or nothing without a title.
  private static func quoted(_ title: String?) -> String {
    guard let title, !title.isEmpty else { return "" }
    return " “\(title)”"
  }

  /// "Ana", "Ana and Bo", "Ana, Bo and Cy".
  static func list(_ names: [String]) -> String {
    guard names.count > 1, let last = names.last else { return names.first ?? "" }
    return names.dropLast().joined(separator: ", ") + " and " + last
  }

  /// "45 s", "5 min 12 s", "2 h 5 min", "3 days".
  static func duration(_ seconds: Double) -> String {
    let total = max(0, seconds.saturatingInt)
    if total >= 86400, total % 86400 == 0 {
      return total == 86400 ? "1 day" : "\(total / 86400) days"
    }
    let hours = total / 3600
    let minutes = total % 3600 / 60
    let rest = total % 60
    if hours > 0 { return minutes > 0 ? "\(hours) h \(minutes) min" : "\(hours) h" }
    if minutes > 0 { return rest > 0 ? "\(minutes) min \(rest) s" : "\(minutes) min" }
    return "\(rest) s"
  }
}
