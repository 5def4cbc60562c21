/// LINE's "Send chat history" (トーク履歴を送信) text (docs/FORMATS.md, "LINE").
///
/// A header names the chat (`[LINE] Chat history with Ana`, `[LINE] Anaとのトーク履歴`,
/// `[LINE] 與Ana的聊天記錄`, `[LINE] ประวัติการแชทกับ Ana`, `[LINE] Ana님과의 대화`); a date
/// line starts each day, and records `HH:MM<TAB>Name<TAB>Text` follow it. Day and month order
/// of year-last dates is decided once per file; Buddhist-era years (Thai) lose 543. Times
/// are wall-clock times. In a chat of two named after one of them, the other is "me".
struct LINEFormat: TranscriptFormat, FileRecognizing {
  init() {}

  var name: String { "line" }
  var accepts: String { ".txt" }
  var fileExtensions: Set<String> { ["txt"] }
  var summary: String {
    "LINE: chat ≡ > settings > Export chat history (トーク履歴を送信); English, Japanese, Chinese, Thai or Korean"
  }

  /// Accepts text whose first 50 non-empty lines hold at least one date line and where TAB
  /// records and date lines make at least 30% of them, or that starts with `[LINE] ` and
  /// holds a record. A file whose TABs were all replaced by `$` is read with `$` in their
  /// place (`LINELine.separator(in:)`); spaces in place of TABs are not LINE's.
  func detect(_ input: ImportInput) -> Bool {
    guard let file = input.file else { return false }
    let lines = Self.sample(of: file)
    let separator = LINELine.separator(in: lines)
    var records = 0
    var dates = 0
    for line in lines {
      switch LINELine.parse(line, separator: separator) {
      case .record?: records += 1
      case .date?: dates += 1
      case nil: break
      }
    }
    let hasHeader = lines.first.map { $0.hasPrefix("[LINE]") } ?? false
    return records > 0
      && ((dates > 0 && (records + dates) * 10 >= lines.count * 3) || hasHeader)
  }

  func parse(_ input: ImportInput, options: ImportOptions, warnings: inout [Diagnostic])
    throws -> Transcript
  {
    var reader = LINEReader(file: try input.singleFile("a LINE .txt export"))
    return try reader.read(warnings: &warnings)
  }

  /// The first 50 lines that are not blank, within the first 400: what detection and the
  /// separator are judged on.
  static func sample(of file: SourceFile) -> [String] {
    Array(file.textLines(limit: 400).lazy.filter { !file.isBlank($0) }.prefix(50).map(file.text(of:)))
  }

  /// The chat's name in a header line, or nil when the line is not one.
  static func title(ofHeader line: String) -> String? {
    let plain = InvisibleMarks.trimmingMarksAndSpaces(line)
    guard plain.hasPrefix("[LINE]") else { return nil }
    var name = InvisibleMarks.trimmingMarksAndSpaces(plain.dropFirst("[LINE]".count))
    for prefix in titlePrefixes where name.hasPrefix(prefix) {
      name = String(name.dropFirst(prefix.count))
      break
    }
    for suffix in titleSuffixes where name.hasSuffix(suffix) {
      name = String(name.dropLast(suffix.count))
      break
    }
    name = InvisibleMarks.trimmingMarksAndSpaces(name)
    if name.count >= 2, name.hasPrefix("\""), name.hasSuffix("\"") {
      name = String(name.dropFirst().dropLast())
    }
    return name.isEmpty ? nil : name
  }

  /// The language of a header line (`[LINE] Anaとのトーク履歴` Japanese), by the words around
  /// the chat's name; nil when the line is not a header or its words are not known.
  static func language(ofHeader line: String) -> String? {
    let plain = InvisibleMarks.trimmingMarksAndSpaces(line)
    guard plain.hasPrefix("[LINE]") else { return nil }
    let name = InvisibleMarks.trimmingMarksAndSpaces(plain.dropFirst("[LINE]".count))
    return headerLanguages.first { name.hasPrefix($0.words) || name.hasSuffix($0.words) }?.language
  }

  /// The words of each language's header, before or after the chat's name.
  private static let headerLanguages: [(words: String, language: String)] = [
    ("Chat history with ", "en"), ("Chat history in ", "en"), ("とのトーク履歴", "ja"), ("のトーク履歴", "ja"),
    ("的聊天記錄", "zh-Hant"), ("的聊天记录", "zh-Hans"), ("님과의 대화", "ko"), ("과의 대화", "ko"),
    ("와의 대화", "ko"), ("ประวัติการแชท", "th"), ("ประวัติแชท", "th"), ("ประวัติการสนทนา", "th"),
  ]

  private static let titlePrefixes = [
    "Chat history with ", "Chat history in ", "與", "ประวัติการแชทในกลุ่ม ", "ประวัติการแชทกับ ",
    "ประวัติแชทกับ ", "ประวัติการสนทนากับ ",
  ]
  private static let titleSuffixes = [
    "とのトーク履歴", "のトーク履歴", "的聊天記錄", "的聊天记录", "님과의 대화", "과의 대화", "와의 대화",
    "의 대화",
  ]
}
