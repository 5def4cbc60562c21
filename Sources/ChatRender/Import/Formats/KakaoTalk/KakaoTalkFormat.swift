/// KakaoTalk's "대화 내보내기" (Export chat) as text or CSV (docs/FORMATS.md, "KakaoTalk").
///
/// Reads the phone's text in Korean (`2022. 12. 31. 오후 8:21, 이름 : 메시지`, Android's
/// `2022년 12월 31일 오후 8:21, 이름 : 메시지`) and English (`December 31, 2022 at 8:21 PM,
/// Name : text`), the PC app's text (`[이름] [오후 8:21] 메시지` under a dashed date line), and
/// the CSV (`Date,User,Message`) of either. Lines up to the next record continue a message.
/// Times are wall-clock times (the export has no zone). The first line names the chat
/// (`홍길동 님과 카카오톡 대화`); in a chat of two named after one of them, the other is "me".
struct KakaoTalkFormat: TranscriptFormat, FileRecognizing {
  init() {}

  var name: String { "kakaotalk" }
  var accepts: String { ".txt or .csv" }
  var fileExtensions: Set<String> { ["txt", "csv"] }
  var summary: String {
    "KakaoTalk: chat room ≡ > settings > 대화 내보내기 (Export chat); phone or PC text, Korean or English, or CSV"
  }

  /// The CSV's header row.
  static let csvHeader = ["date", "user", "message"]

  /// Accepts a CSV whose header is `Date,User,Message`, or text where KakaoTalk records make
  /// at least 30% of the first 50 non-empty lines (multi-line messages are common), or that
  /// starts with the export's title and saved-date lines and holds a record.
  func detect(_ input: ImportInput) -> Bool {
    guard let file = input.file else { return false }
    if KakaoTalkFormat.isCSV(file) { return true }
    let lines = file.textLines(limit: 400).lazy.filter { !file.isBlank($0) }.prefix(50)
      .map(file.text(of:))
    guard !lines.isEmpty else { return false }
    var records = 0
    var structure = 0
    for line in lines {
      switch KakaoTalkLine.parse(line) {
      case .phoneRecord?, .pcRecord?: records += 1
      case .separator?, .dateLine?: structure += 1
      case nil: break
      }
    }
    let hasHeader = lines.prefix(3).contains(where: KakaoTalkFormat.isSavedDateLine)
    return records > 0 && ((records + structure) * 10 >= lines.count * 3 || hasHeader)
  }

  static func isCSV(_ file: SourceFile) -> Bool {
    guard let first = file.textLines(limit: 1).first else { return false }
    let fields = file.text(of: first).split(separator: ",", omittingEmptySubsequences: false)
      .map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
    return fields == csvHeader
  }

  /// `저장한 날짜 : 2023. 3. 23. 오전 2:10` or `Date Saved : …`.
  static func isSavedDateLine(_ line: String) -> Bool { language(ofSavedDateLine: line) != nil }

  /// The language of an export's saved-date line (`저장한 날짜 : …` Korean, `Date Saved : …`
  /// English), which the phone writes in its own; nil for any other line.
  static func language(ofSavedDateLine line: String) -> String? {
    let plain = InvisibleMarks.trimmingMarksAndSpaces(line)
    return savedDateLabels.first { plain.hasPrefix($0.label) }?.language
  }

  private static let savedDateLabels = [(label: "저장한 날짜", language: "ko"), (label: "Date Saved", language: "en")]

  func parse(_ input: ImportInput, options: ImportOptions, warnings: inout [Diagnostic])
    throws -> Transcript
  {
    let file = try input.singleFile("a KakaoTalk .txt or .csv export")
    var reader = KakaoTalkReader(file: file)
    return KakaoTalkFormat.isCSV(file) ? try reader.readCSV() : try reader.readText()
  }
}
