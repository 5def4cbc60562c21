/// The weekday a LINE date line names (`Fri, 1/5/2024`, `2024.01.05 金曜日`, `(金)`, `ศ.`), in
/// one table per language: what decides day from month when no date of the file does.
enum LINEWeekday {
  /// Monday first; each row lists the ways exports write that day.
  private static let names: [[String]] = [
    ["mon", "monday", "月", "月曜日", "週一", "周一", "星期一", "월", "월요일", "จ."],
    ["tue", "tues", "tuesday", "火", "火曜日", "週二", "周二", "星期二", "화", "화요일", "อ."],
    ["wed", "wednesday", "水", "水曜日", "週三", "周三", "星期三", "수", "수요일", "พ."],
    ["thu", "thur", "thurs", "thursday", "木", "木曜日", "週四", "周四", "星期四", "목", "목요일", "พฤ."],
    ["fri", "friday", "金", "金曜日", "週五", "周五", "星期五", "금", "금요일", "ศ."],
    ["sat", "saturday", "土", "土曜日", "週六", "周六", "星期六", "토", "토요일", "ส."],
    ["sun", "sunday", "日", "日曜日", "週日", "周日", "星期日", "星期天", "일", "일요일", "อา."],
  ]

  private static let table: [String: Int] = {
    var table: [String: Int] = [:]
    for (day, words) in names.enumerated() { for word in words { table[word] = day } }
    return table
  }()

  /// 0 for Monday … 6 for Sunday, when `words` (a date line without its numbers, brackets and
  /// commas) is one weekday's name.
  static func day(in words: String) -> Int? {
    let trimmed = words.unicodeScalars.filter { !"()（）,،".unicodeScalars.contains($0) }
    let word = InvisibleMarks.trimmingMarksAndSpaces(String(String.UnicodeScalarView(trimmed)))
    return table[word.lowercased()]
  }

  /// 0 for Monday … 6 for Sunday.
  static func day(of date: LocalDate) -> Int {
    ((ISO8601.daysSinceEpoch(date) + 3) % 7 + 7) % 7
  }
}
