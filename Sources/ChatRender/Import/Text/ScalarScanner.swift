/// A cursor over the scalars of one line, for the date-and-time prefixes of text exports
/// (KakaoTalk, LINE): numbers in any script's digits, spaces of any kind, literal marks.
struct ScalarScanner {
  let scalars: [Unicode.Scalar]
  /// 0-based index of the next scalar; also the column (1-based) minus one.
  var index = 0

  init(_ text: some StringProtocol) { scalars = Array(text.unicodeScalars) }

  var current: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }
  var isAtEnd: Bool { index >= scalars.count }

  /// The text from `index` to the end.
  var rest: String { String(String.UnicodeScalarView(scalars[min(index, scalars.count)...])) }

  /// Skips `scalar` when it is next.
  mutating func skip(_ scalar: Unicode.Scalar) -> Bool {
    guard current == scalar else { return false }
    index += 1
    return true
  }

  /// Skips `text` when it comes next, scalar for scalar.
  mutating func skip(_ text: String) -> Bool {
    let wanted = Array(text.unicodeScalars)
    guard scalars.count - index >= wanted.count,
      scalars[index..<(index + wanted.count)].elementsEqual(wanted)
    else { return false }
    index += wanted.count
    return true
  }

  /// Skips spaces and invisible marks; returns whether there was at least one space.
  @discardableResult
  mutating func skipSpaces() -> Bool {
    var found = false
    while let scalar = current, InvisibleMarks.isSpace(scalar) || InvisibleMarks.contains(scalar) {
      if InvisibleMarks.isSpace(scalar) { found = true }
      index += 1
    }
    return found
  }

  /// A decimal number of at most `maxDigits` digits; nil (and `index` unchanged) when none.
  mutating func number(maxDigits: Int) -> WhatsAppHeader.Number? {
    let start = index
    var value = 0
    while let scalar = current, let digit = InvisibleMarks.digitValue(scalar) {
      guard index - start < maxDigits else {
        index = start
        return nil
      }
      value = value * 10 + digit
      index += 1
    }
    guard index > start else { return nil }
    return WhatsAppHeader.Number(value: value, digits: index - start, index: start)
  }

  /// `AM`, `p.m.`, `오후`, `午後`, `下午`… at `index`, skipped when found.
  mutating func meridiem() -> WhatsAppHeader.Meridiem? {
    guard let (found, end) = WhatsAppHeader.meridiem(in: scalars, at: index) else { return nil }
    index = end
    return found
  }

  /// `H:MM` with an optional 12-hour marker before or after it (`오후 8:21`, `午後3:04`,
  /// `8:21 PM`, `PM3:04`); nil (and `index` unchanged) when there is none.
  mutating func clockTime() -> ClockTime? {
    let start = index
    let before = meridiem()
    skipSpaces()
    let timeIndex = index
    guard let hour = number(maxDigits: 2), skip(":"), let minute = number(maxDigits: 2),
      minute.digits == 2
    else {
      index = start
      return nil
    }
    var second = 0
    if current == ":", index + 1 < scalars.count,
      InvisibleMarks.digitValue(scalars[index + 1]) != nil
    {
      index += 1
      guard let seconds = number(maxDigits: 2), seconds.digits == 2 else {
        index = start
        return nil
      }
      second = seconds.value
    }
    var after: WhatsAppHeader.Meridiem?
    if before == nil {
      let end = index
      skipSpaces()
      after = meridiem()
      if after == nil { index = end }
    }
    return ClockTime(
      hour: hour.value, minute: minute.value, second: second, meridiem: before ?? after,
      index: timeIndex)
  }
}
