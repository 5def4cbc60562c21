/// How times of day are written: `9:30 PM` or `21:30`.
package enum HourClock: Sendable, Hashable {
  /// `9:30 PM`.
  case twelveHour
  /// `21:30`.
  case twentyFourHour
}
