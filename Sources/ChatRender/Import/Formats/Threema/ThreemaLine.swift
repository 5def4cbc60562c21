/// One header line of a Threema chat export: `[2024-05-19, 10:23] Ana: text`, with the date
/// year first (recent apps), or day first with dots or slashes (`[19.05.2020, 10:23]`,
/// `[19/05/2020, 10:23]`); a minute clock, no seconds (WhatsApp's bracketed headers have
/// them).
struct ThreemaLine: Equatable {
  /// The date's three numbers as written, and whether the year came first.
  var numbers: [Int]
  var isYearFirst: Bool
  var separator: Character
  var hour: Int
  var minute: Int
  var sender: String
  var text: String

  static func parse(_ line: String) -> ThreemaLine? {
    var rest = Substring(line)
    while let first = rest.first, first == " " || first == "\u{FEFF}" { rest = rest.dropFirst() }
    guard rest.first == "[", let close = rest.firstIndex(of: "]") else { return nil }
    let stamp = rest[rest.index(after: rest.startIndex)..<close]
    let parts = stamp.split(separator: ",", maxSplits: 1)
    guard parts.count == 2 else { return nil }
    let date = parts[0].trimmingCharacters(in: .whitespaces)
    let clock = parts[1].trimmingCharacters(in: .whitespaces)
    guard let separator = date.first(where: { $0 == "-" || $0 == "." || $0 == "/" }) else { return nil }
    let fields = date.split(separator: separator, omittingEmptySubsequences: false)
    guard fields.count == 3, fields.allSatisfy({ (1...4).contains($0.count) && $0.allSatisfy(\.isASCII) }),
      let numbers = Optional(fields.compactMap { Int($0) }), numbers.count == 3
    else { return nil }
    let isYearFirst = fields[0].count == 4
    guard isYearFirst ? separator == "-" : fields[2].count == 4 else { return nil }
    let clockParts = clock.split(separator: ":", omittingEmptySubsequences: false)
    guard clockParts.count == 2, clockParts.allSatisfy({ (1...2).contains($0.count) }),
      let hour = Int(clockParts[0]), let minute = Int(clockParts[1]), hour < 24, minute < 60
    else { return nil }
    var body = rest[rest.index(after: close)...]
    guard body.first == " " else { return nil }
    body = body.dropFirst()
    guard let colon = body.range(of: ": ") ?? (body.hasSuffix(":") ? body.range(of: ":", options: .backwards) : nil)
    else { return nil }
    let sender = String(body[..<colon.lowerBound])
    guard !sender.isEmpty, !sender.contains("\n") else { return nil }
    return ThreemaLine(
      numbers: numbers, isYearFirst: isYearFirst, separator: separator, hour: hour, minute: minute, sender: sender,
      text: String(body[colon.upperBound...]))
  }

  /// The date, day first unless `isMonthFirst` (a file whose slashed dates put a month over 12
  /// second).
  func date(monthFirst isMonthFirst: Bool) -> LocalDate? {
    let date: LocalDate
    if isYearFirst {
      date = LocalDate(year: numbers[0], month: numbers[1], day: numbers[2])
    } else if isMonthFirst {
      date = LocalDate(year: numbers[2], month: numbers[0], day: numbers[1])
    } else {
      date = LocalDate(year: numbers[2], month: numbers[1], day: numbers[0])
    }
    return date.isValid ? date : nil
  }
}
