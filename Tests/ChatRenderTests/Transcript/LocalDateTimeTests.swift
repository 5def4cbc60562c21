import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

@Suite struct LocalDateTimeTests {
  /// Our arithmetic against Foundation's Gregorian calendar, across leap days, centuries,
  /// negative epochs and zones with half-hour offsets and daylight saving.
  @Test(arguments: ["UTC", "Europe/Berlin", "America/St_Johns", "Asia/Kathmandu", "Pacific/Kiritimati"])
  func wallClockMatchesCalendar(zoneName: String) throws {
    let zone = try #require(TimeZone(identifier: zoneName))
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone
    // 1900-01-01 to 2100-01-01 in uneven steps, plus a few exact boundaries.
    var instants: [Double] = [-1, 0, 86_399, 86_400, 951_782_400, 4_107_542_399, -2_208_988_801]
    var seconds = -2_208_988_800.0
    while seconds < 4_102_444_800 {
      instants.append(seconds)
      seconds += 3_217_911.7
    }
    for instant in instants {
      let date = Date(timeIntervalSince1970: instant)
      let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
      let local = LocalDateTime(date, in: zone)
      #expect(local.date == LocalDate(year: parts.year!, month: parts.month!, day: parts.day!), "\(instant)")
      let clock = [local.hour, local.minute, local.second]
      let expected = [parts.hour, parts.minute, parts.second].map { $0 ?? -1 }
      #expect(clock == expected, "\(instant)")
    }
  }

  @Test("instants beyond any calendar give a date instead of trapping")
  func extremeInstants() {
    for seconds in [Double.nan, .infinity, -.infinity, 1e19, -1e19] {
      let local = LocalDateTime(Date(timeIntervalSince1970: seconds), in: TimeZone(identifier: "UTC")!)
      #expect(local.date != nil)
      #expect((0..<24).contains(local.hour))
    }
  }

  @Test func formatsWithLeadingZeros() {
    let time = LocalDateTime(date: LocalDate(year: 987, month: 3, day: 9), hour: 7, minute: 5, second: 0)
    #expect(time.shortTime == "07:05")
    #expect(time.iso8601 == "0987-03-09T07:05:00")
    #expect(LocalDateTime(date: nil, hour: 23, minute: 59, second: 59).iso8601 == "23:59:59")
  }
}
