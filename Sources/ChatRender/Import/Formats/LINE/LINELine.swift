/// One line of a LINE "Send chat history" text, classified (docs/FORMATS.md, "LINE").
///
/// Records are `HH:MM<TAB>Name<TAB>Text` (the time may be 12-hour: `午後3:04`, `PM3:04`,
/// `3:04 PM`); a notice has an empty name or no second TAB. Date lines hold one numeric date
/// and a weekday around it, in any language: `2024/01/05(Fri)`, `2024.01.05 金曜日`,
/// `Fri, 01/05/2024`, `Wed, 10/07/2562 BE`, `ศ. 28/11/2568`.
enum LINELine: Sendable, Hashable {
  case record(Record)
  case date(DateText)

  /// What separates a record's time, name and text: LINE's TABs, or `$` in a file whose TABs
  /// were replaced before it was published (then a TAB left in place still separates).
  enum Separator: Sendable {
    case tab, dollar

    fileprivate func contains(_ scalar: Unicode.Scalar) -> Bool {
      scalar == "\t" || (self == .dollar && scalar == "$")
    }
  }

  struct Record: Sendable, Hashable {
    var time: ClockTime
    /// Nil when the line has one TAB (a notice); empty when the name field is.
    var author: String?
    var text: String
    /// 0-based scalar index of the text.
    var textIndex: Int
  }

  /// A date line's three numbers as written, resolved once per file (`WhatsAppDateOrder`).
  struct DateText: Sendable, Hashable {
    var numbers: [WhatsAppHeader.Number]
    /// The weekday the line names, 0 for Monday (`LINEWeekday`).
    var weekday: Int?
  }

  /// The separator of a file, judged on its first lines (`sample`): `$` only when no line is
  /// a TAB record and some are `$` records, so a `$` in the text of a TAB file stays text.
  static func separator(in sample: [String]) -> Separator {
    if sample.contains(where: { record($0, separator: .tab) != nil }) { return .tab }
    return sample.contains(where: { record($0, separator: .dollar) != nil }) ? .dollar : .tab
  }

  /// Classifies `line`; nil for any other line (a header, a continuation, a blank).
  static func parse(_ line: String, separator: Separator = .tab) -> LINELine? {
    guard let first = line.unicodeScalars.first(where: { !InvisibleMarks.contains($0) })
    else { return nil }
    if line.utf8.contains(0x09) || separator == .dollar, let record = record(line, separator: separator) {
      return .record(record)
    }
    guard InvisibleMarks.digitValue(first) != nil || first.properties.isAlphabetic,
      line.unicodeScalars.count <= 64
    else { return nil }
    return dateLine(line).map(LINELine.date)
  }

  private static func record(_ line: String, separator: Separator) -> Record? {
    let scalars = Array(line.unicodeScalars)
    guard let tab = scalars.prefix(17).firstIndex(where: separator.contains) else { return nil }
    var scanner = ScalarScanner(String(String.UnicodeScalarView(scalars[..<tab])))
    scanner.skipSpaces()
    guard let time = scanner.clockTime() else { return nil }
    scanner.skipSpaces()
    guard scanner.isAtEnd else { return nil }
    let afterTab = tab + 1
    guard let second = scalars[afterTab...].firstIndex(where: separator.contains) else {
      return Record(
        time: time, author: nil, text: String(String.UnicodeScalarView(scalars[afterTab...])),
        textIndex: afterTab)
    }
    return Record(
      time: time, author: String(String.UnicodeScalarView(scalars[afterTab..<second])),
      text: String(String.UnicodeScalarView(scalars[(second + 1)...])), textIndex: second + 1)
  }

  /// A numeric date with only a weekday (letters, dots, commas, brackets) before or after it,
  /// and `BE` or `พ.ศ.` after a Buddhist-era year.
  private static func dateLine(_ line: String) -> DateText? {
    var scanner = ScalarScanner(line)
    scanner.skipSpaces()
    let start = scanner.index
    while let scalar = scanner.current, isWeekdayScalar(scalar), scanner.index - start < 16 {
      scanner.index += 1
    }
    let before = String(String.UnicodeScalarView(scanner.scalars[start..<scanner.index]))
    if scanner.index > start {
      _ = scanner.skip(",") || scanner.skip("،")
      guard scanner.skipSpaces() else { return nil }
    }
    var numbers: [WhatsAppHeader.Number] = []
    var separator: Unicode.Scalar?
    for part in 0..<3 {
      guard let number = scanner.number(maxDigits: 4) else { return nil }
      numbers.append(number)
      guard part < 2 else { break }
      guard let scalar = scanner.current, scalar == "/" || scalar == "." || scalar == "-",
        separator == nil || separator == scalar
      else { return nil }
      separator = scalar
      scanner.index += 1
    }
    guard numbers[0].digits == 4 || numbers[2].digits == 4,
      numbers.allSatisfy({ $0.digits == 4 || $0.digits <= 2 })
    else { return nil }
    // After the date: nothing, or a weekday ("(Fri)", "（金）", " 金曜日", " BE").
    let tail = scanner.scalars[scanner.index...]
    guard tail.count <= 24,
      tail.allSatisfy({ isWeekdayScalar($0) || InvisibleMarks.isSpace($0) || "()（）,.".unicodeScalars.contains($0) })
    else { return nil }
    let after = String(String.UnicodeScalarView(tail))
    return DateText(numbers: numbers, weekday: LINEWeekday.day(in: before) ?? LINEWeekday.day(in: after))
  }

  /// Letters and the marks of scripts that write vowels as marks (Thai).
  private static func isWeekdayScalar(_ scalar: Unicode.Scalar) -> Bool {
    if scalar == "." { return true }
    let properties = scalar.properties
    return properties.isAlphabetic
      || properties.generalCategory == .nonspacingMark || properties.generalCategory == .spacingMark
  }
}
