import Foundation

/// Time zones as people write them: an IANA name (`Europe/Paris`) or an offset from UTC.
package enum TimeZoneName {
  /// The zone `text` names; nil when it names none.
  package static func parse(_ text: String) -> TimeZone? {
    TimeZone(identifier: text) ?? offset(text)
  }

  /// `UTC`, `UTC+2`, `UTC+02:00`, `+0530`.
  static func offset(_ text: String) -> TimeZone? {
    var rest = Substring(text.uppercased())
    if rest.hasPrefix("UTC") || rest.hasPrefix("GMT") { rest = rest.dropFirst(3) }
    if rest.isEmpty { return TimeZone(secondsFromGMT: 0) }
    guard let sign = rest.first, sign == "+" || sign == "-" else { return nil }
    let digits = rest.dropFirst().filter { $0 != ":" }
    guard !digits.isEmpty, digits.count <= 4, digits.allSatisfy({ $0.isASCII && $0.isNumber })
    else { return nil }
    let hours = Int(digits.count <= 2 ? digits : String(digits.dropLast(2))) ?? 0
    let minutes = digits.count > 2 ? Int(String(digits.suffix(2))) ?? 0 : 0
    guard hours <= 14, minutes < 60 else { return nil }
    return TimeZone(secondsFromGMT: (sign == "-" ? -1 : 1) * (hours * 3600 + minutes * 60))
  }
}
