import Foundation

/// Messages' dates: counted from 2001-01-01 UTC, in seconds before macOS 10.13 and iOS 11,
/// in nanoseconds since. Told apart by size: 10¹¹ seconds is 3,000 years, 10¹¹ nanoseconds
/// under two minutes.
enum AppleDate {
  /// 2001-01-01 in Unix time.
  static let epoch: TimeInterval = 978_307_200
  private static let nanosecondsFrom: Int64 = 100_000_000_000

  /// The instant `value` stands for; nil for 0 and NULL (no date).
  static func date(_ value: Int64?) -> Date? {
    guard let value, value != 0 else { return nil }
    // `magnitude`, not `abs`, which traps on Int64.min.
    let seconds = value.magnitude >= UInt64(nanosecondsFrom) ? Double(value) / 1e9 : Double(value)
    return Date(timeIntervalSince1970: epoch + seconds)
  }

  /// `date` in nanoseconds from 2001, as databases since macOS 10.13 write it.
  static func nanoseconds(_ date: Date) -> Int64 {
    Int64(((date.timeIntervalSince1970 - epoch) * 1e9).rounded())
  }
}
