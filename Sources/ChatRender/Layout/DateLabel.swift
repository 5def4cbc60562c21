/// Day labels for day separators, in a locale's words ("Saturday, 1 March 2025",
/// "Samstag, 1. März 2025").
enum DateLabel {
  static func text(for date: LocalDate, locale: DateTextLocale = .english) -> String {
    guard date.isValid else { return date.iso8601 }
    let days = ISO8601.daysSinceEpoch(date)
    // 1970-01-01 was a Thursday (index 3 from Monday).
    let weekday = ((days + 3) % 7 + 7) % 7
    return locale.dayLabel(weekday: weekday, day: date.day, month: date.month, year: date.year)
  }

  /// "March 2025".
  static func monthText(for date: LocalDate, locale: DateTextLocale = .english) -> String {
    guard (1...12).contains(date.month) else { return date.iso8601 }
    return "\(locale.months[date.month - 1]) \(date.year)"
  }
}
