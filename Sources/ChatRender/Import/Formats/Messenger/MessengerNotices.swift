/// The sentences Meta writes in `content` instead of what happened, and what they mean
/// (docs/FORMATS.md, "Messenger and Instagram"). English only: the export's language is the
/// account's, and these are the sentences of English accounts.
enum MessengerNotices {
  /// What follows "NAME sent" when the message's attachment or link is the real content.
  private static let attachmentEndings = [
    " sent an attachment.", " sent a photo.", " sent a video.", " sent a GIF.", " sent a GIF from GIPHY.",
    " sent a sticker.", " sent a link.", " sent a voice message.", " sent an audio clip.", " sent a file.",
    " shared a story.", " sent a post.", " sent a reel.", " shared a post.", " shared a reel.",
  ]

  /// Phrases of call notices, for old exports whose messages have no `type`.
  private static let callPhrases = [
    "missed a call", "missed your call", "called you", "you called ", "missed a video chat",
    "video chat ended", "call ended", "joined the call", "started a call", "started a video chat",
  ]

  /// Sentences about the group rather than from a person, for old exports whose messages
  /// have no `type`.
  private static let groupEndings = [
    " joined the group.", " left the group.", " to the group.", " from the group.", " changed the group photo.",
    " joined the video chat.", " joined the call.",
  ]
  private static let groupPhrases = [
    " named the group ", " set the nickname for ", " set your nickname to ", " set the emoji to ",
    " changed the theme to ",
  ]

  /// Whether `text` is a notice about the group ("Ana added Bo to the group.").
  static func isGroupNotice(_ text: String) -> Bool {
    text.count < 200
      && (groupEndings.contains(where: { text.hasSuffix($0) }) || groupPhrases.contains(where: { text.contains($0) }))
  }

  /// Whether `text` only says that an attachment or link was sent ("Ana sent an attachment.").
  static func isAttachmentNotice(_ text: String) -> Bool {
    if attachmentEndings.contains(where: { text.hasSuffix($0) }) { return true }
    // "Ana sent 3 photos."
    guard let range = text.range(of: " sent ", options: .backwards), text.hasSuffix(" photos.") else {
      return false
    }
    return text[range.upperBound...].dropLast(" photos.".count).allSatisfy(\.isNumber)
  }

  /// Whether `text` is a call notice ("You missed a call from Ana", "Ana called you.").
  static func isCallNotice(_ text: String) -> Bool {
    let lowered = text.lowercased()
    return text.count < 120 && callPhrases.contains { lowered.contains($0) }
  }

  /// The call a message of `type` "Call" or with a `call_duration` records, placed by its
  /// sender: answered when it lasted, else missed; a video call when its sentence says
  /// "video chat" ("You missed a video chat with Ana."). Nil for other messages, and for one
  /// joining a call already running ("Ana joined the call."), which stays a notice.
  static func call(type: String, duration: Double?, text: String) -> Call? {
    guard type == "Call" || duration != nil else { return nil }
    let lowered = text.lowercased()
    guard !lowered.contains("joined the"), text.count < 200 else { return nil }
    let medium: Call.Medium = lowered.contains("video chat") || lowered.contains("video call") ? .video : .voice
    guard let duration, duration > 0, duration.isFinite, duration <= Double(Limit.recordingLength.value) else {
      let missed = duration == 0 || lowered.contains("missed")
      return Call(medium: medium, outcome: missed ? .missed : .answered)
    }
    return Call(medium: medium, outcome: .answered, duration: duration)
  }

  /// The emoji of a reaction that old exports wrote as a message of its own ("Reacted 😍 to
  /// your message", "Ana reacted ❤ to your message."; Instagram's "Liked a message" is a
  /// heart); nil for other text.
  static func textReaction(_ text: String) -> String? {
    var body = Substring(text.trimmingCharacters(in: .whitespaces))
    if body.hasSuffix(".") { body = body.dropLast() }
    let lowered = body.lowercased()
    if lowered == "liked a message" || lowered.hasSuffix(" liked a message") { return "❤️" }
    guard lowered.hasSuffix(" to your message") else { return nil }
    let start: String.Index
    if lowered.hasPrefix("reacted ") {
      start = body.index(body.startIndex, offsetBy: "reacted ".count)
    } else if let range = body.range(of: " reacted ") {
      start = range.upperBound
    } else {
      return nil
    }
    let end = body.index(body.endIndex, offsetBy: -" to your message".count)
    guard start < end else { return nil }
    let emoji = body[start..<end].trimmingCharacters(in: .whitespaces)
    // An emoji is a few characters, never a sentence.
    return emoji.isEmpty || emoji.count > 4 || emoji.contains(" ") ? nil : emoji
  }

  /// A call's length as a phone shows it: "0:42", "12:05", "1:02:03".
  static func duration(_ seconds: Double) -> String {
    let total = max(0, seconds.saturatingInt)
    let (hours, minutes, rest) = (total / 3600, total / 60 % 60, total % 60)
    let tail = (rest < 10 ? "0" : "") + String(rest)
    if hours > 0 { return "\(hours):\(minutes < 10 ? "0" : "")\(minutes):" + tail }
    return "\(minutes):" + tail
  }
}
