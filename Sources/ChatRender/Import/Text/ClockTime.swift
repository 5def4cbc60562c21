/// A time of day as written, before its 12-hour marker is applied.
struct ClockTime: Sendable, Hashable {
  var hour: Int
  var minute: Int
  var second: Int
  var meridiem: WhatsAppHeader.Meridiem?
  /// 0-based scalar index of the hour in its line.
  var index: Int

  /// The hour on a 24-hour clock; nil when the time does not exist (`13:05 PM`, `24:00`).
  var hour24: Int? {
    guard minute < 60, second < 60 else { return nil }
    switch meridiem {
    case .am?: return (1...12).contains(hour) || hour == 0 ? hour % 12 : nil
    case .pm?: return (1...12).contains(hour) ? hour % 12 + 12 : nil
    case nil: return hour < 24 ? hour : nil
    }
  }

  /// The wall-clock time on `date`; nil when the time does not exist.
  func dateTime(on date: LocalDate?) -> LocalDateTime? {
    hour24.map { LocalDateTime(date: date, hour: $0, minute: minute, second: second) }
  }
}
