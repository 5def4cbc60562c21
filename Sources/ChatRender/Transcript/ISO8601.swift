import Foundation

/// Reads and writes the ISO 8601 times of our JSON format.
package enum ISO8601 {
  /// `2025-03-01T09:30:00Z`, `…+02:00` (instants), `2025-03-01T09:30[:00[.000]]` (wall clock),
  /// `2025-03-01` (wall clock at midnight) or `09:30[:00]` (a time of day). A space may
  /// replace the `T`.
  package static func parse(_ text: String) -> MessageTime? {
    let bytes = Array(text.utf8)
    var index = 0
    func number(_ digits: Int) -> Int? {
      guard index + digits <= bytes.count else { return nil }
      var value = 0
      for offset in 0..<digits {
        let byte = bytes[index + offset]
        guard byte >= 0x30, byte <= 0x39 else { return nil }
        value = value * 10 + Int(byte - 0x30)
      }
      index += digits
      return value
    }
    func expect(_ byte: UInt8) -> Bool {
      guard index < bytes.count, bytes[index] == byte else { return false }
      index += 1
      return true
    }
    var date: LocalDate?
    if bytes.count >= 10, bytes[4] == UInt8(ascii: "-") {
      guard let year = number(4), expect(UInt8(ascii: "-")), let month = number(2),
        expect(UInt8(ascii: "-")), let day = number(2)
      else { return nil }
      date = LocalDate(year: year, month: month, day: day)
      guard date?.isValid == true else { return nil }
      if index == bytes.count { return .wallClock(LocalDateTime(date: date, hour: 0, minute: 0)) }
      guard expect(UInt8(ascii: "T")) || expect(UInt8(ascii: " ")) else { return nil }
    }
    guard let hour = number(2), hour < 24, expect(UInt8(ascii: ":")), let minute = number(2),
      minute < 60
    else { return nil }
    var second = 0
    var fraction = 0.0
    if expect(UInt8(ascii: ":")) {
      guard let value = number(2), value < 61 else { return nil }
      second = min(value, 59)
      if expect(UInt8(ascii: ".")) || expect(UInt8(ascii: ",")) {
        let start = index
        var scale = 0.1
        while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 {
          fraction += Double(bytes[index] - 0x30) * scale
          scale /= 10
          index += 1
        }
        guard index > start else { return nil }
      }
    }
    let local = LocalDateTime(date: date, hour: hour, minute: minute, second: second)
    if index == bytes.count { return .wallClock(local) }
    guard let date else { return nil }
    var offsetSeconds = 0
    if expect(UInt8(ascii: "Z")) || expect(UInt8(ascii: "z")) {
      offsetSeconds = 0
    } else {
      let sign: Int
      if expect(UInt8(ascii: "+")) {
        sign = 1
      } else if expect(UInt8(ascii: "-")) {
        sign = -1
      } else {
        return nil
      }
      guard let offsetHours = number(2) else { return nil }
      _ = expect(UInt8(ascii: ":"))
      let offsetMinutes = number(2) ?? 0
      offsetSeconds = sign * (offsetHours * 3600 + offsetMinutes * 60)
    }
    guard index == bytes.count else { return nil }
    let days = daysSinceEpoch(date)
    let seconds = Double(days * 86400 + hour * 3600 + minute * 60 + second - offsetSeconds) + fraction
    return .instant(Date(timeIntervalSince1970: seconds))
  }

  /// `2025-03-01T09:30:00Z` for instants (in UTC), `2025-03-01T09:30:00` for wall-clock times.
  package static func format(_ time: MessageTime) -> String {
    switch time {
    case .wallClock(let local): return local.iso8601
    case .instant(let date):
      let local = LocalDateTime(date, in: TimeZone(identifier: "UTC") ?? .current)
      let seconds = date.timeIntervalSince1970
      let milliseconds = seconds.isFinite ? Int(((seconds - seconds.rounded(.down)) * 1000).rounded()) % 1000 : 0
      let fraction = milliseconds == 0 ? "" : String(format: ".%03d", milliseconds)
      return local.iso8601 + fraction + "Z"
    }
  }

  /// Days from 1970-01-01 to `date` (proleptic Gregorian).
  static func daysSinceEpoch(_ date: LocalDate) -> Int {
    let year = date.month <= 2 ? date.year - 1 : date.year
    let era = (year >= 0 ? year : year - 399) / 400
    let yearOfEra = year - era * 400
    let month = date.month
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + date.day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146097 + dayOfEra - 719468
  }
}
