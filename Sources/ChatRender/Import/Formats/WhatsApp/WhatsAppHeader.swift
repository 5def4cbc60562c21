/// The date-and-time prefix that starts a WhatsApp record, as written (docs/FORMATS.md,
/// "Header shapes").
///
/// Day and month order is not known from one line; the three date numbers are kept as written
/// and resolved once per file (`WhatsAppDateOrder`). Accepts Android (`14/03/2024, 09:01 - `)
/// and iOS (`[3/9/24, 7:41:02 PM] `) layouts, any space character, direction marks around the
/// parts, digits of any script, and 12-hour markers before or after the time.
struct WhatsAppHeader: Sendable, Hashable {
  /// A number of the date as written.
  struct Number: Sendable, Hashable {
    var value: Int
    var digits: Int
    /// 0-based index of its first scalar in the line.
    var index: Int
  }

  enum Meridiem: Sendable, Hashable { case am, pm }

  /// iOS layout: `[date, time] `.
  var isBracketed: Bool
  /// The three numbers of the date, in the order written.
  var date: [Number]
  var hour: Int
  var minute: Int
  var second: Int
  var meridiem: Meridiem?
  /// 0-based scalar indices of the hour and just past the minutes or seconds.
  var timeIndex: Int
  var timeEndIndex: Int
  /// Just past the 12-hour marker after the time, or `timeEndIndex`.
  var markerEndIndex: Int
  /// 0-based scalar index where the author or system text starts.
  var restIndex: Int
  /// `/`, `.` or `-` between the date's numbers.
  var dateSeparator: Unicode.Scalar
  var hasSeconds: Bool
  /// Years to add to the written year: -543 after `BE`, the Buddhist Era of a phone set to
  /// the Buddhist calendar (`[3/18/2565 BE, 14:56:01]`, common in Thailand); for a Japanese
  /// era year (`[3/18/R4, 14:56:01]`, Reiwa 4) what turns `2000 + 4` into 2022.
  var yearOffset = 0

  /// The first year of each Japanese era a phone set to the Japanese calendar writes by its
  /// letter: Meiji, Taishō, Shōwa, Heisei, Reiwa.
  static let eraStarts: [Unicode.Scalar: Int] = ["M": 1868, "T": 1912, "S": 1926, "H": 1989, "R": 2019]

  /// The Gregorian date the header stands for in a file of this date order (not yet checked
  /// to exist).
  func calendarDate(in order: WhatsAppDateOrder) -> LocalDate {
    var result = order.date(date)
    result.year += yearOffset
    return result
  }

  /// The hour on a 24-hour clock; nil when the marker does not fit it ("13:37 p.m.").
  var hour24: Int? {
    switch meridiem {
    case .am?: return hour <= 12 ? hour % 12 : nil
    case .pm?: return hour >= 1 && hour <= 12 ? hour % 12 + 12 : nil
    case nil: return hour < 24 ? hour : nil
    }
  }

  /// How the header is written, leaving out the numbers: two headers of one export share it,
  /// and a record pasted from another chat often does not.
  struct Layout: Sendable, Hashable {
    var isBracketed: Bool
    var dateSeparator: Unicode.Scalar
    var hasSeconds: Bool
    var hasMeridiem: Bool
  }

  var layout: Layout {
    Layout(
      isBracketed: isBracketed, dateSeparator: dateSeparator, hasSeconds: hasSeconds,
      hasMeridiem: meridiem != nil)
  }

  /// Parses the header at the start of `line`; nil when the line is not a header.
  ///
  /// - Parameter loose: also accept the rare old closers `": "` and `" "` after an unbracketed
  ///   time (`13.06.18 21.25.15: Ana: hi`). Only for files where no line has the usual closer:
  ///   elsewhere they would split messages at lines that merely start with a date.
  static func parse(_ line: [Unicode.Scalar], loose: Bool = false) -> WhatsAppHeader? {
    var scanner = Scanner(scalars: line, loose: loose)
    return scanner.header()
  }

  private struct Scanner {
    let scalars: [Unicode.Scalar]
    let loose: Bool
    var index = 0
    /// Set by `dateNumbers` for a Japanese era year.
    var eraOffset = 0

    var current: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    mutating func skipMarks() {
      while let scalar = current, InvisibleMarks.contains(scalar) { index += 1 }
    }

    mutating func skip(_ scalar: Unicode.Scalar) -> Bool {
      guard current == scalar else { return false }
      index += 1
      return true
    }

    mutating func skipSpace() -> Bool {
      guard let scalar = current, InvisibleMarks.isSpace(scalar) else { return false }
      index += 1
      return true
    }

    /// Android's `" - "` after the time, or the en dash some phones write (`21:15 – Anna`);
    /// leaves `index` alone when it is not there.
    mutating func dashCloser() -> Bool {
      let start = index
      guard skipSpace() else { return false }
      skipMarks()
      guard skip("-") || skip("\u{2013}"), current == nil || skipSpace() else {
        index = start
        return false
      }
      return true
    }

    mutating func number(maxDigits: Int) -> Number? {
      let start = index
      var value = 0
      while let scalar = current, let digit = InvisibleMarks.digitValue(scalar) {
        value = value * 10 + digit
        index += 1
        if index - start > maxDigits { return nil }
      }
      guard index > start else { return nil }
      return Number(value: value, digits: index - start, index: start)
    }

    mutating func header() -> WhatsAppHeader? {
      skipMarks()
      let isBracketed = skip("[")
      skipMarks()
      let start = index
      if let header = dateFirst(isBracketed: isBracketed) { return header }
      index = start
      return timeFirst(isBracketed: isBracketed)
    }

    /// `3/9/24, 7:41:02 PM`: the usual order.
    mutating func dateFirst(isBracketed: Bool) -> WhatsAppHeader? {
      guard let (date, separator) = dateNumbers() else { return nil }
      skipMarks()
      _ = skip(".")
      _ = skip(",") || skip("،")
      // A short run of non-digits between date and time: a space, "klo", "a las", "下午".
      let gapStart = index
      guard skipSpace() else { return nil }
      while let scalar = current, InvisibleMarks.digitValue(scalar) == nil {
        guard index - gapStart < 10, scalar != "\n", scalar != "]", scalar != "[" else {
          return nil
        }
        index += 1
      }
      let gap = InvisibleMarks.trimmingMarksAndSpaces(String(String.UnicodeScalarView(scalars[gapStart..<index])))
      var meridiem = index - gapStart > 1 ? WhatsAppHeader.meridiem(exactly: gap) : nil
      let yearOffset = gap == "BE," || gap == "BE" ? -543 : eraOffset
      guard let clock = clock() else { return nil }
      if meridiem == nil { meridiem = marker() } else { index = clock.end }
      let markerEnd = index
      skipMarks()
      // "2022/12/14, 13:34. - Name: text": some phones end the time with a dot.
      if !isBracketed, meridiem == nil, current == ".", index + 1 < scalars.count,
        InvisibleMarks.isSpace(scalars[index + 1])
      {
        index += 1
      }
      guard closer(isBracketed: isBracketed) else { return nil }
      return WhatsAppHeader(
        isBracketed: isBracketed, date: date, hour: clock.hour, minute: clock.minute,
        second: clock.second, meridiem: meridiem, timeIndex: clock.start, timeEndIndex: clock.end,
        markerEndIndex: markerEnd, restIndex: index, dateSeparator: separator,
        hasSeconds: clock.hasSeconds, yearOffset: yearOffset)
    }

    /// `[21:41:35, 3/27/22] `: the time before the date (iOS in Vietnamese).
    mutating func timeFirst(isBracketed: Bool) -> WhatsAppHeader? {
      guard let clock = clock() else { return nil }
      let meridiem = marker()
      let markerEnd = index
      skipMarks()
      guard skip(","), skipSpace() else { return nil }
      skipMarks()
      guard let (date, separator) = dateNumbers() else { return nil }
      skipMarks()
      guard closer(isBracketed: isBracketed) else { return nil }
      return WhatsAppHeader(
        isBracketed: isBracketed, date: date, hour: clock.hour, minute: clock.minute,
        second: clock.second, meridiem: meridiem, timeIndex: clock.start, timeEndIndex: clock.end,
        markerEndIndex: markerEnd, restIndex: index, dateSeparator: separator,
        hasSeconds: clock.hasSeconds, yearOffset: eraOffset)
    }

    /// The date's three numbers and the separator between them. A Japanese era's letter
    /// before the last (`3/18/R4`) sets `eraOffset`.
    mutating func dateNumbers() -> ([Number], Unicode.Scalar)? {
      var date: [Number] = []
      var separator: Unicode.Scalar?
      eraOffset = 0
      for part in 0..<3 {
        var era: Int?
        if part == 2, let letter = current, let start = WhatsAppHeader.eraStarts[letter] {
          era = start
          index += 1
        }
        guard let number = number(maxDigits: era == nil ? 4 : 2) else { return nil }
        if let era { eraOffset = era - 1 - 2000 }
        date.append(number)
        guard part < 2 else { break }
        skipMarks()
        guard let scalar = current, scalar == "/" || scalar == "." || scalar == "-",
          separator == nil || separator == scalar
        else { return nil }
        separator = scalar
        index += 1
        skipMarks()
        _ = skipSpace()
        skipMarks()
      }
      return (date, separator ?? "/")
    }

    struct Clock {
      var hour: Int
      var minute: Int
      var second = 0
      var hasSeconds = false
      /// Scalar indices of the hour and just past the minutes or seconds.
      var start: Int
      var end: Int
    }

    /// `21:41`, `21.41.35`; leaves `index` just past it.
    mutating func clock() -> Clock? {
      let start = index
      guard let hour = number(maxDigits: 2), let timeSeparator = current,
        timeSeparator == ":" || timeSeparator == "."
      else { return nil }
      index += 1
      guard let minute = number(maxDigits: 2), minute.digits == 2 else { return nil }
      var clock = Clock(hour: hour.value, minute: minute.value, start: start, end: index)
      if current == timeSeparator, index + 1 < scalars.count,
        InvisibleMarks.digitValue(scalars[index + 1]) != nil
      {
        index += 1
        guard let seconds = number(maxDigits: 2), seconds.digits == 2 else { return nil }
        clock.second = seconds.value
        clock.hasSeconds = true
        clock.end = index
      }
      return clock
    }

    /// A 12-hour marker after the time (`PM`, `p. m.`), leaving `index` past it; else leaves
    /// `index` where it was.
    mutating func marker() -> Meridiem? {
      let afterTime = index
      while skipSpace() {}
      skipMarks()
      if let (found, end) = WhatsAppHeader.meridiem(in: scalars, at: index) {
        index = end
        return found
      }
      index = afterTime
      return nil
    }

    /// `] ` after a bracketed header, ` - ` after another (or, when `loose`, `: ` or ` `).
    mutating func closer(isBracketed: Bool) -> Bool {
      if isBracketed {
        guard skip("]") else { return false }
        if current != nil { guard skipSpace() else { return false } }
      } else if !dashCloser() {
        // Old exports: "21.25.15: Ana: hi" or "21:25:15 Ana: hi".
        guard loose else { return false }
        _ = skip(":")
        guard skipSpace() else { return false }
      }
      return true
    }
  }

  // MARK: - 12-hour markers

  private static let markers: [(text: [Unicode.Scalar], meridiem: Meridiem)] = {
    let written: [(String, Meridiem)] = [
      ("上午", .am), ("下午", .pm), ("午前", .am), ("午後", .pm), ("오전", .am), ("오후", .pm),
      ("ص", .am), ("م", .pm),
    ]
    return written.map { (Array($0.0.unicodeScalars), $0.1) }
  }()

  /// The marker that `text` is exactly ("下午" before a Chinese time), if any.
  static func meridiem(exactly text: String) -> Meridiem? {
    guard !text.isEmpty else { return nil }
    let scalars = Array(text.unicodeScalars)
    return meridiem(in: scalars, at: 0).flatMap { $0.end == scalars.count ? $0.meridiem : nil }
  }

  /// A marker starting at `start`: `AM`, `p.m.`, `a. m.` (any space inside), `오후`, `م`…
  static func meridiem(in scalars: [Unicode.Scalar], at start: Int) -> (
    meridiem: Meridiem, end: Int
  )? {
    func isLetter(_ index: Int) -> Bool {
      index < scalars.count && scalars[index].properties.isAlphabetic
    }
    guard start < scalars.count else { return nil }
    if !scalars[start].isASCII {
      for marker in markers where scalars.count - start >= marker.text.count {
        if scalars[start..<(start + marker.text.count)].elementsEqual(marker.text),
          !isLetter(start + marker.text.count)
        {
          return (marker.meridiem, start + marker.text.count)
        }
      }
      return nil
    }
    let meridiem: Meridiem
    switch scalars[start] {
    case "a", "A": meridiem = .am
    case "p", "P": meridiem = .pm
    default: return nil
    }
    var index = start + 1
    if index < scalars.count, scalars[index] == "." { index += 1 }
    if index < scalars.count, InvisibleMarks.isSpace(scalars[index]) { index += 1 }
    guard index < scalars.count, scalars[index] == "m" || scalars[index] == "M" else { return nil }
    index += 1
    if index < scalars.count, scalars[index] == "." { index += 1 }
    guard !isLetter(index) else { return nil }
    return (meridiem, index)
  }
}
