/// What a KakaoTalk message body means (docs/FORMATS.md, "KakaoTalk"): the placeholders the
/// app writes for media (`사진`, `사진 3장`, `동영상`, `이모티콘`, `파일: 이름.pdf`, and their
/// English forms) become chips; deleted-message markers set `isDeleted`.
struct KakaoTalkBody: Sendable, Hashable {
  var text: String
  var attachments: [Attachment] = []
  var isDeleted = false

  /// At most this many chips for one `사진 N장` (the export says how many, not which).
  static let maximumPhotoChips = 30

  init(_ written: String) {
    // The app leaves a space after some placeholders ("이모티콘 ").
    let plain = written.utf8.count <= 200 ? InvisibleMarks.trimmingMarksAndSpaces(written) : ""
    text = written
    if let kind = KakaoTalkBody.placeholders[plain] {
      attachments = [Attachment(kind: kind, isOmitted: true)]
      text = ""
    } else if let count = KakaoTalkBody.photoCount(plain) {
      attachments = Array(
        repeating: Attachment(kind: .image, isOmitted: true),
        count: min(count, KakaoTalkBody.maximumPhotoChips))
      text = ""
    } else if let name = KakaoTalkBody.fileName(plain) {
      attachments = [WhatsAppBody.attachment(named: name)]
      text = ""
    } else if KakaoTalkBody.deletionMarkers.contains(plain) {
      isDeleted = true
      text = plain
    }
  }

  private static let placeholders: [String: Attachment.Kind] = [
    "사진": .image, "동영상": .video, "이모티콘": .sticker, "음성메시지": .audio,
    "연락처": .contact, "지도": .location,
    "Photo": .image, "Photos": .image, "Video": .video, "Emoticon": .sticker,
    "Emoticons": .sticker, "Voice Message": .audio, "Voice message": .audio,
    // Older Android versions in English.
    "<Photo>": .image, "<Video>": .video, "(Emoticon)": .sticker, "(emoticon)": .sticker,
  ]

  /// The deleted-message markers: deleted by the sender, or hidden by an open chat's host.
  static let deletionMarkers: Set<String> = [
    "삭제된 메시지입니다.", "메시지가 삭제되었습니다.", "This message has been deleted.",
    "Deleted message.", "채팅방 관리자가 메시지를 가렸습니다.",
  ]

  /// `사진 3장` or `Photos 3` → 3.
  private static func photoCount(_ plain: String) -> Int? {
    for (prefix, suffix) in [("사진 ", "장"), ("Photos ", ""), ("Photo ", "")]
    where plain.hasPrefix(prefix) && plain.hasSuffix(suffix) {
      let digits = plain.dropFirst(prefix.count).dropLast(suffix.count)
      if !digits.isEmpty, digits.count <= 4, digits.allSatisfy(\.isASCII),
        let count = Int(digits), count > 0
      {
        return count
      }
    }
    return nil
  }

  /// `파일: 보고서.pdf` or `File: report.pdf` → the file's name.
  private static func fileName(_ plain: String) -> String? {
    for prefix in ["파일: ", "File: "] where plain.hasPrefix(prefix) {
      let name = InvisibleMarks.trimmingMarksAndSpaces(plain.dropFirst(prefix.count))
      return name.isEmpty || name.contains("\n") ? nil : name
    }
    return nil
  }

  // MARK: - Calls

  /// Whether a message is a voice or video call line (`보이스톡 해요`, `보이스톡 0:17`,
  /// `페이스톡 해요.`, `Voice Talk 1:02`): kept as text for now, the one place a call is
  /// recognised.
  static func isCall(_ text: String) -> Bool {
    guard text.utf8.count <= 100 else { return false }
    let plain = InvisibleMarks.trimmingMarksAndSpaces(text)
    guard let prefix = callPrefixes.first(where: plain.hasPrefix) else { return false }
    let rest = InvisibleMarks.trimmingMarksAndSpaces(plain.dropFirst(prefix.count))
    return callEndings.contains(rest) || isDuration(rest)
  }

  private static let callPrefixes = ["보이스톡", "페이스톡", "Voice Talk", "Face Talk", "Voicetalk"]
  private static let callEndings: Set<String> = [
    "", "해요", "해요.", "취소", "부재중", "Cancelled", "Canceled", "Missed",
  ]

  /// `0:17` or `1:02:33`.
  private static func isDuration(_ text: String) -> Bool {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    return (2...3).contains(parts.count)
      && parts.allSatisfy { !$0.isEmpty && $0.count <= 2 && $0.allSatisfy(\.isASCII) && Int($0) != nil }
  }

  // MARK: - Notices

  /// The notices the PC app writes on a line of their own (joins, leaves, invitations,
  /// removals, deletions), which would otherwise read as continuation lines: whole lines
  /// and endings.
  private static let notices: Set<String> = [
    "메시지가 삭제되었습니다.", "채팅방 관리자가 메시지를 가렸습니다.", policyNotice,
  ]

  /// What an open chat writes on a line of its own when someone joins ("reported messages that
  /// break the operating policy may restrict your use of KakaoTalk").
  static let policyNotice = "운영정책을 위반한 메시지로 신고 접수 시 카카오톡 이용에 제한이 있을 수 있습니다."

  /// Whether a line is a notice the phone also writes alone, without a date.
  static func isStandaloneNotice(_ line: String) -> Bool {
    line.utf8.count <= 200 && InvisibleMarks.trimmingMarksAndSpaces(line) == policyNotice
  }
  private static let noticeEndings = [
    "님이 들어왔습니다.", "님이 나갔습니다.", "님을 초대했습니다.", "님을 초대하였습니다.",
    "님을 내보냈습니다.", "님이 방장이 되었습니다.", " joined this chatroom.",
    " left this chatroom.", " has left this chatroom.", " has joined this chatroom.",
    " to this chatroom.",
  ]

  /// Whether a line without a date or name is a notice of the app.
  static func isNotice(_ line: String) -> Bool {
    guard line.utf8.count <= 2000 else { return false }
    let plain = InvisibleMarks.trimmingMarksAndSpaces(line)
    return notices.contains(plain) || noticeEndings.contains(where: plain.hasSuffix)
  }
}
