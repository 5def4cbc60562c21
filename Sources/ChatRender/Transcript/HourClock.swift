/// How times of day are written: `9:30 PM` or `21:30`.
public enum HourClock: Sendable, Hashable {
  case twelveHour
  case twentyFourHour
}
