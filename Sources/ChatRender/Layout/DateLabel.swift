/// English day labels for day separators ("Saturday, 1 March 2025").
enum DateLabel {
  private static let weekdays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
  private static let months = [
    "January", "February", "March", "April", "May", "June", "July", "August", "September",
    "October", "November", "December",
  ]

  static func text(for date: LocalDate) -> String {
    guard date.isValid else { return date.iso8601 }
    let days = ISO8601.daysSinceEpoch(date)
    // 1970-01-01 was a Thursday (index 3 from Monday).
    let weekday = weekdays[((days + 3) % 7 + 7) % 7]
    return "\(weekday), \(date.day) \(months[date.month - 1]) \(date.year)"
  }

  /// "March 2025".
  static func monthText(for date: LocalDate) -> String {
    guard (1...12).contains(date.month) else { return date.iso8601 }
    return "\(months[date.month - 1]) \(date.year)"
  }
}
