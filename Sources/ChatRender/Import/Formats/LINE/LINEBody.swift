/// What a LINE message body means (docs/FORMATS.md, "LINE"): the bracketed placeholders the
/// app writes for media, in each language, become chips; unsent messages are notices, calls
/// messages of the caller; a multi-line body loses the quotes LINE puts around it.
enum LINEBody {
  /// `[Sticker]`, `[スタンプ]`, `[貼圖]`, `[สติกเกอร์]`, `[스티커]`… → the chip's kind.
  static let placeholders: [String: Attachment.Kind] = {
    let written: [(Attachment.Kind, [String])] = [
      (.sticker, ["Sticker", "スタンプ", "貼圖", "贴图", "สติกเกอร์", "스티커", "Stickers"]),
      (.image, ["Photo", "写真", "照片", "圖片", "รูป", "รูปภาพ", "ภาพ", "사진", "Photos", "Album", "アルバム", "相簿", "อัลบั้ม", "앨범"]),
      (.video, ["Video", "動画", "影片", "视频", "วิดีโอ", "동영상", "Videos"]),
      (.file, ["File", "ファイル", "檔案", "文件", "ไฟล์", "파일"]),
      (.audio, ["Voice message", "ボイスメッセージ", "語音訊息", "ข้อความเสียง", "음성메시지", "음성 메시지", "Audio"]),
      (.contact, ["Contact", "連絡先", "聯絡資訊", "聯絡人", "ผู้ติดต่อ", "연락처"]),
      (.location, ["Location", "位置情報", "位置資訊", "ตำแหน่ง", "ตำแหน่งที่ตั้ง", "위치정보", "위치 정보"]),
    ]
    var table: [String: Attachment.Kind] = [:]
    for (kind, words) in written { for word in words { table["[\(word)]"] = kind } }
    // The Windows app writes some without brackets.
    for word in ["Stickers", "Photos", "Videos"] { table[word] = table["[\(word)]"] }
    return table
  }()

  /// Endings of an unsent-message notice: `Firm unsent a message.`,
  /// `山田がメッセージの送信を取り消しました`, `王小明已收回訊息`, `… ยกเลิกการส่งข้อความ`.
  private static let unsentEndings = [
    "unsent a message.", "unsent a message", "メッセージの送信を取り消しました",
    "メッセージの送信を取り消しました。", "已收回訊息", "已收回讯息", "ยกเลิกการส่งข้อความ",
    "ยกเลิกข้อความ", "메시지 전송을 취소했습니다.", "메시지를 취소했습니다.",
  ]

  static func isUnsent(_ text: String) -> Bool {
    text.utf8.count <= 300 && unsentEndings.contains(where: text.hasSuffix)
  }

  /// `☎ Missed call`, `☎ Call time 0:25`, `☎ 通話時間 0:25`: a call line.
  static func isCall(_ text: String) -> Bool { text.hasPrefix("☎") }

  /// The call a `☎` line records: a length at its end (`☎ Call time 1:31:57`, `☎ 通話時間 0:33`)
  /// is an answered call, else its words say how it ended; nil for other lines.
  static func call(_ text: String) -> Call? {
    guard isCall(text), text.utf8.count <= 100 else { return nil }
    let words = InvisibleMarks.trimmingMarksAndSpaces(String(text.dropFirst()))
    if let clock = words.split(separator: " ").last, let seconds = Call.seconds(ofClock: clock) {
      return Call(outcome: .answered, duration: seconds)
    }
    return callOutcomes[words].map { Call(outcome: $0) }
  }

  /// What LINE writes after `☎` for a call that did not go through, in each language.
  private static let callOutcomes: [String: Call.Outcome] = {
    let written: [(Call.Outcome, [String])] = [
      (.missed, ["Missed call", "不在着信", "未接來電", "未接来电", "สายที่ไม่ได้รับ", "부재중 통화"]),
      (.cancelled, ["Canceled call", "Cancelled call", "キャンセル", "已取消", "ยกเลิก", "취소된 통화", "취소"]),
      (.unanswered, ["No answer", "応答なし", "無人接聽", "无人接听", "ไม่มีผู้รับสาย", "응답 없음", "응답없음"]),
    ]
    var table: [String: Call.Outcome] = [:]
    for (outcome, words) in written { for word in words { table[word] = outcome } }
    return table
  }()

  /// Whether a line closes a quoted body: it ends in an odd number of quotes (`""` is one
  /// quote inside the body).
  static func closesQuote(_ line: Substring) -> Bool {
    var count = 0
    for scalar in line.unicodeScalars.reversed() {
      guard scalar == "\"" else { break }
      count += 1
    }
    return count % 2 == 1
  }

  /// `"line one\nline two"` → the lines without the outer quotes, `""` read as `"`.
  static func unquoted(_ lines: [String]) -> String {
    var text = lines.joined(separator: "\n")
    guard lines.count > 1, text.hasPrefix("\""), text.hasSuffix("\""), text.utf8.count >= 2 else {
      return text
    }
    text = String(text.dropFirst().dropLast())
    return text.replacingOccurrences(of: "\"\"", with: "\"")
  }
}
