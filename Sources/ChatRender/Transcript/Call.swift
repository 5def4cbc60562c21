/// A voice or video call, a message of whoever placed it (issue 36): drawn as a call chip
/// with an icon, the kind and the length or how it ended.
package struct Call: Sendable, Hashable {
  /// What the call carried.
  package enum Medium: String, Sendable, Hashable, CaseIterable {
    case voice, video
  }

  /// How the call ended, as the export tells it.
  package enum Outcome: String, Sendable, Hashable, CaseIterable {
    /// Someone answered; the call has a length when the export gives one.
    case answered
    /// The one called did not answer and saw a missed call.
    case missed
    /// The caller hung up before an answer, or the one called declined.
    case cancelled
    /// Nobody answered, as the caller's side records it ("No answer").
    case unanswered
  }

  package var medium: Medium
  package var outcome: Outcome
  /// The call's length in seconds, when known.
  package var duration: Double?

  package init(medium: Medium = .voice, outcome: Outcome = .answered, duration: Double? = nil) {
    self.medium = medium
    self.outcome = outcome
    self.duration = duration
  }

  /// `1:31:57`, `0:33`, `12:05` (hours, minutes, seconds as the apps write a call's length)
  /// → seconds; nil for anything else.
  package static func seconds(ofClock text: Substring) -> Double? {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    guard (2...3).contains(parts.count),
      parts.allSatisfy({ (1...2).contains($0.count) && $0.allSatisfy { $0.isASCII && $0.isNumber } })
    else { return nil }
    return parts.reduce(0.0) { $0 * 60 + Double(Int($1) ?? 0) }
  }
}
