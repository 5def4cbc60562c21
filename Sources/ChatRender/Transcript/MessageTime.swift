import Foundation

/// When a message was sent, keeping what the source meant.
///
/// Some formats give an absolute instant (an epoch or an ISO 8601 time with an offset);
/// others give the wall clock of the sender's phone with no zone. The two must not be mixed:
/// a wall-clock time is shown exactly as written, an instant is shown in a chosen zone.
public enum MessageTime: Sendable, Hashable {
  /// An absolute instant.
  case instant(Date)
  /// A wall-clock time with no zone; `date` is nil when the source gives only a time of day.
  case wallClock(LocalDateTime)

  /// The wall clock to show, converting instants into `zone`.
  public func local(in zone: TimeZone) -> LocalDateTime {
    switch self {
    case .wallClock(let local): return local
    case .instant(let date): return LocalDateTime(date, in: zone)
    }
  }
}

/// A calendar date and time of day, with no time zone.
public struct LocalDateTime: Sendable, Hashable, Comparable {
  /// The calendar date, or nil when only a time of day is known.
  public var date: LocalDate?
  /// Hour of the day, 0…23.
  public var hour: Int
  /// Minute, 0…59.
  public var minute: Int
  /// Second, 0…59 (0 when the source gives only minutes).
  public var second: Int

  /// A wall-clock time; `date` nil for a time of day only.
  public init(date: LocalDate?, hour: Int, minute: Int, second: Int = 0) {
    self.date = date
    self.hour = hour
    self.minute = minute
    self.second = second
  }

  /// The wall clock of `instant` in `zone` (proleptic Gregorian calendar).
  public init(_ instant: Date, in zone: TimeZone) {
    // Plain arithmetic rather than Calendar.dateComponents, which costs as much as laying
    // out a short message.
    // Clamped to ±10^15 s (about 30 million years): Int() traps on infinities and NaN.
    let since1970 = instant.timeIntervalSince1970
    let clamped = since1970.isNaN ? 0 : min(max(since1970, -1e15), 1e15)
    let seconds = Int(clamped.rounded(.down)) + zone.secondsFromGMT(for: instant)
    let (days, secondOfDay) = seconds.quotientAndRemainder(dividingBy: 86_400)
    let (dayNumber, time) = secondOfDay < 0 ? (days - 1, secondOfDay + 86_400) : (days, secondOfDay)
    self.init(
      date: LocalDate(daysSince1970: dayNumber), hour: time / 3600, minute: time % 3600 / 60,
      second: time % 60)
  }

  /// Earlier first; a time without a date sorts as if on year 0, before dated times.
  public static func < (lhs: LocalDateTime, rhs: LocalDateTime) -> Bool {
    let leftDate = lhs.date ?? LocalDate(year: 0, month: 0, day: 0)
    let rightDate = rhs.date ?? LocalDate(year: 0, month: 0, day: 0)
    if leftDate != rightDate { return leftDate < rightDate }
    return (lhs.hour, lhs.minute, lhs.second) < (rhs.hour, rhs.minute, rhs.second)
  }

  /// `2025-03-01T09:30:00`, or `09:30:00` without a date.
  package var iso8601: String {
    let time = "\(Self.twoDigits(hour)):\(Self.twoDigits(minute)):\(Self.twoDigits(second))"
    guard let date else { return time }
    return "\(date.iso8601)T\(time)"
  }

  /// `09:30`.
  package var shortTime: String { "\(Self.twoDigits(hour)):\(Self.twoDigits(minute))" }

  static func twoDigits(_ value: Int) -> String { value < 10 && value >= 0 ? "0\(value)" : "\(value)" }
}

/// A calendar date with no time zone.
public struct LocalDate: Sendable, Hashable, Comparable {
  /// The year of the Gregorian calendar (proleptic before 1582).
  public var year: Int
  /// Month, 1…12.
  public var month: Int
  /// Day of the month, from 1.
  public var day: Int

  /// A date; not checked (see `isValid`).
  public init(year: Int, month: Int, day: Int) {
    self.year = year
    self.month = month
    self.day = day
  }

  /// The day `days` after 1970-01-01 (negative: before), in the proleptic Gregorian
  /// calendar (H. Hinnant's civil_from_days).
  init(daysSince1970 days: Int) {
    let shifted = days + 719_468
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    self.init(year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month: month, day: day)
  }

  /// Whether the day exists in the Gregorian calendar.
  package var isValid: Bool {
    guard (1...12).contains(month), day >= 1 else { return false }
    return day <= Self.daysIn(month: month, year: year)
  }

  /// The number of days of `month` (1…12) in `year`.
  package static func daysIn(month: Int, year: Int) -> Int {
    let lengths = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
    let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    return month == 2 && leap ? 29 : lengths[month - 1]
  }

  /// Earlier first.
  public static func < (lhs: LocalDate, rhs: LocalDate) -> Bool {
    (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
  }

  /// `2025-03-01`.
  package var iso8601: String {
    let digits = String(abs(year))
    let paddedYear = String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    return "\(year < 0 ? "-" : "")\(paddedYear)-\(LocalDateTime.twoDigits(month))-\(LocalDateTime.twoDigits(day))"
  }

  /// The date `YYYY-MM-DD` (ASCII digits; with `shortFields`, `2024-3-9` too), or nil when
  /// the text is not one or the day does not exist.
  package static func parse(_ text: some StringProtocol, shortFields: Bool = false) -> LocalDate? {
    let fields = text.split(separator: "-", omittingEmptySubsequences: false)
    let sideLengths = shortFields ? 1...2 : 2...2
    guard fields.count == 3, fields[0].utf8.count == 4,
      sideLengths.contains(fields[1].utf8.count), sideLengths.contains(fields[2].utf8.count),
      fields.allSatisfy({ $0.utf8.allSatisfy { (0x30...0x39).contains($0) } }),
      let year = Int(fields[0]), let month = Int(fields[1]), let day = Int(fields[2])
    else { return nil }
    let date = LocalDate(year: year, month: month, day: day)
    return date.isValid ? date : nil
  }
}
