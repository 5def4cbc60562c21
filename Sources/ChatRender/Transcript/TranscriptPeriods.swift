import Foundation

/// A stretch of calendar time a long chat is split by (`--split-by`).
public enum TranscriptPeriod: String, Sendable, Hashable, CaseIterable {
  /// A calendar day, an ISO week (Monday to Sunday), a calendar month, a quarter (January
  /// to March…) or a year.
  case day, week, month, quarter, year

  /// The name of the period holding `date`: `2025-03-01`, `2025-W09` (ISO week), `2025-03`,
  /// `2025-Q1`, `2025`.
  package func name(of date: LocalDate) -> String {
    switch self {
    case .day: return date.iso8601
    case .month: return String(date.iso8601.prefix(7))
    case .quarter: return "\(date.year)-Q\((date.month - 1) / 3 + 1)"
    case .year: return String(date.year)
    case .week:
      // ISO 8601: weeks start on Monday; week 1 holds the year's first Thursday.
      let days = ISO8601.daysSinceEpoch(date)
      let weekday = ((days + 3) % 7 + 7) % 7  // 0 = Monday
      let thursday = LocalDate(daysSince1970: days - weekday + 3)
      let january1 = ISO8601.daysSinceEpoch(LocalDate(year: thursday.year, month: 1, day: 1))
      let week = (ISO8601.daysSinceEpoch(thursday) - january1) / 7 + 1
      return "\(thursday.year)-W\(week < 10 ? "0" : "")\(week)"
    }
  }

  /// `transcript` cut into one transcript per period, in order, each named after its period.
  /// A message without a date stays with the one before it (the first period, at the start);
  /// a period met again (messages out of order) gets its messages in one file.
  public func split(_ transcript: Transcript, timeZone: TimeZone) -> [(name: String, transcript: Transcript)] {
    let transcript = transcript.keepingSpeakers()
    var parts: [(name: String, transcript: Transcript)] = []
    var indexByName: [String: Int] = [:]
    var current: Int?
    var undated: [Message] = []
    for message in transcript.messages {
      if let date = message.time?.local(in: timeZone).date {
        let name = name(of: date)
        if let index = indexByName[name] {
          current = index
        } else {
          var part = transcript
          part.messages = undated
          undated = []
          parts.append((name, part))
          current = parts.count - 1
          indexByName[name] = current
        }
      }
      if let current { parts[current].transcript.messages.append(message) } else { undated.append(message) }
    }
    if parts.isEmpty { return [("undated", transcript)] }
    return parts.map { ($0.name, transcript.cut(to: $0.transcript.messages)) }
  }
}
