import Foundation

/// Transforms applied before rendering. (Interim version; the full one replaces it.)
public struct TranscriptFilter: Sendable {
  public var from: LocalDate?
  public var to: LocalDate?
  public var last: Int?
  public var redact: Bool
  public var timeZone: TimeZone

  public init(from: LocalDate? = nil, to: LocalDate? = nil, last: Int? = nil, redact: Bool = false, timeZone: TimeZone = .current) {
    self.from = from
    self.to = to
    self.last = last
    self.redact = redact
    self.timeZone = timeZone
  }

  public var isIdentity: Bool { from == nil && to == nil && last == nil && !redact }

  public func apply(to transcript: Transcript) -> Transcript {
    var result = transcript
    result.messages = transcript.messages.filter { message in
      guard let day = message.time?.local(in: timeZone).date else { return true }
      if let from, day < from { return false }
      if let to, day > to { return false }
      return true
    }
    if let last { result.messages = Array(result.messages.suffix(last)) }
    return result
  }

  public static func parseDate(_ text: String) -> LocalDate? {
    guard case .wallClock(let local)? = ISO8601.parse(text), text.count == 10 else { return nil }
    return local.date
  }
}
