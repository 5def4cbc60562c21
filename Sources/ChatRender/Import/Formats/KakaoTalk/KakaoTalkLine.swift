/// One line of a KakaoTalk text export, classified (docs/FORMATS.md, "KakaoTalk").
///
/// The phone writes every message with its date (`2022. 12. 31. 오후 8:21, 이름 : 메시지`,
/// `2022년 12월 31일 오후 8:21, 이름 : 메시지`, `December 31, 2022 at 8:21 PM, Name : text`) and
/// notices with a colon or comma after the time and no name. The PC app writes the date once,
/// between dashes, and `[이름] [오후 8:21] 메시지` under it.
enum KakaoTalkLine: Sendable, Hashable {
  /// A phone record: date, time, the author (nil for a notice) and the text's start.
  case phoneRecord(PhoneRecord)
  /// A PC record: `[Name] [8:21 PM] text`.
  case pcRecord(PCRecord)
  /// `--------------- 2022년 12월 31일 토요일 ---------------` (PC): the date of what follows.
  case separator(DateText)
  /// `2022년 12월 31일 토요일`, `Saturday, December 31, 2022` (phone): the records carry
  /// their own dates, so these are only skipped.
  case dateLine

  struct PhoneRecord: Sendable, Hashable {
    var date: DateText
    var time: ClockTime
    var author: String?
    var text: String
    /// 0-based scalar index of the text.
    var textIndex: Int
  }

  struct PCRecord: Sendable, Hashable {
    var author: String
    var time: ClockTime
    var text: String
  }

  /// A date as written: its numbers, not yet checked to exist.
  struct DateText: Sendable, Hashable {
    var year: Int
    var month: Int
    var day: Int
    /// 0-based scalar indices of the date's first scalar and just past it.
    var index: Int
    var endIndex: Int

    var date: LocalDate { LocalDate(year: year, month: month, day: day) }
  }

  /// Classifies `line`; nil for text (a continuation, a header or a PC notice).
  static func parse(_ line: String) -> KakaoTalkLine? {
    guard let first = line.unicodeScalars.first(where: { !InvisibleMarks.contains($0) })
    else { return nil }
    var scanner = ScalarScanner(line)
    scanner.skipSpaces()
    if first == "[" { return pcRecord(&scanner).map(KakaoTalkLine.pcRecord) }
    if first == "-" { return separator(&scanner).map(KakaoTalkLine.separator) }
    guard InvisibleMarks.digitValue(first) != nil || first.properties.isAlphabetic else {
      return nil
    }
    let start = scanner.index
    if let phoneLine = phoneLine(&scanner) { return phoneLine }
    scanner.index = start
    return isDateLine(&scanner) ? .dateLine : nil
  }

  // MARK: - Phone

  /// A phone record, or the date-and-time line alone that starts each day in Android's export
  /// (`March 3, 2018, 12:52 AM`, `2016년 2월 5일 오전 1:33`) as a `.dateLine`.
  private static func phoneLine(_ scanner: inout ScalarScanner) -> KakaoTalkLine? {
    guard let (date, time) = phoneStamp(&scanner) else { return nil }
    let isNotice: Bool
    if scanner.skip(":") {
      isNotice = true
    } else if scanner.skip(",") {
      isNotice = false
    } else {
      scanner.skipSpaces()
      return scanner.isAtEnd ? .dateLine : nil
    }
    guard scanner.skipSpaces() || scanner.isAtEnd else { return nil }
    let rest = scanner.rest
    let textIndex = scanner.index
    if !isNotice, let (author, text, offset) = splitAuthor(rest) {
      return .phoneRecord(
        PhoneRecord(
          date: date, time: time, author: author, text: text, textIndex: textIndex + offset))
    }
    // Android writes notices after a comma; iOS after a colon.
    return .phoneRecord(
      PhoneRecord(date: date, time: time, author: nil, text: rest, textIndex: textIndex))
  }

  /// The date and time a phone line starts with: `2022. 12. 31. 오후 8:21`,
  /// `December 31, 2022 at 8:21 PM`, `March 3, 2018, 12:52 AM`, or the time first as old
  /// Android versions wrote it (`8:34pm, July 9, 2015`).
  private static func phoneStamp(_ scanner: inout ScalarScanner) -> (DateText, ClockTime)? {
    let start = scanner.index
    if let date = date(&scanner) {
      let afterDate = scanner.index
      scanner.skipSpaces()
      if scanner.skip("at") || scanner.skip(",") { scanner.skipSpaces() }
      guard scanner.index != afterDate, let time = scanner.clockTime() else { return nil }
      return (date, time)
    }
    scanner.index = start
    guard let time = scanner.clockTime(), scanner.skip(","), scanner.skipSpaces(),
      let date = date(&scanner)
    else { return nil }
    return (date, time)
  }

  /// `이름 : 메시지` → the name, the text and the text's scalar offset; nil without ` : `.
  static func splitAuthor(_ rest: String) -> (String, String, Int)? {
    let scalars = Array(rest.unicodeScalars)
    var index = 0
    while index + 1 < scalars.count {
      if scalars[index] == " ", scalars[index + 1] == ":",
        index + 2 == scalars.count || scalars[index + 2] == " "
      {
        let name = String(String.UnicodeScalarView(scalars[..<index]))
        let textStart = min(index + 3, scalars.count)
        let text = String(String.UnicodeScalarView(scalars[textStart...]))
        return name.isEmpty ? nil : (name, text, textStart)
      }
      index += 1
    }
    return nil
  }

  /// `2022. 12. 31.`, `2022년 12월 31일` or `December 31, 2022` / `Dec 31, 2022`.
  static func date(_ scanner: inout ScalarScanner) -> DateText? {
    let start = scanner.index
    if let year = scanner.number(maxDigits: 4) {
      guard year.digits == 4 else { return nil }
      let dotted = scanner.skip(".")
      guard dotted || scanner.skip("년") else { return nil }
      scanner.skipSpaces()
      guard let month = scanner.number(maxDigits: 2),
        dotted ? scanner.skip(".") : scanner.skip("월")
      else { return nil }
      scanner.skipSpaces()
      guard let day = scanner.number(maxDigits: 2),
        dotted ? scanner.skip(".") : scanner.skip("일")
      else { return nil }
      return DateText(
        year: year.value, month: month.value, day: day.value, index: start,
        endIndex: scanner.index)
    }
    guard let month = monthName(&scanner), scanner.skipSpaces(),
      let day = scanner.number(maxDigits: 2), scanner.skip(",")
    else { return nil }
    scanner.skipSpaces()
    guard let year = scanner.number(maxDigits: 4), year.digits == 4 else { return nil }
    return DateText(
      year: year.value, month: month, day: day.value, index: start, endIndex: scanner.index)
  }

  private static let months = [
    "january", "february", "march", "april", "may", "june", "july", "august", "september",
    "october", "november", "december",
  ]

  /// An English month, in full or its first three letters (with or without a dot).
  private static func monthName(_ scanner: inout ScalarScanner) -> Int? {
    var word = ""
    while let scalar = scanner.current, scalar.isASCII, scalar.properties.isAlphabetic,
      word.count < 10
    {
      word.unicodeScalars.append(scalar)
      scanner.index += 1
    }
    let lowered = word.lowercased()
    guard lowered.count >= 3,
      let index = months.firstIndex(where: { $0 == lowered || $0.prefix(3) == lowered })
    else { return nil }
    _ = scanner.skip(".")
    return index + 1
  }

  private static let weekdays: Set<String> = [
    "월요일", "화요일", "수요일", "목요일", "금요일", "토요일", "일요일",
  ]
  private static let englishWeekdays: Set<String> = [
    "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
  ]

  /// `2022년 12월 31일 토요일` or `Saturday, December 31, 2022`, alone on its line.
  private static func isDateLine(_ scanner: inout ScalarScanner) -> Bool {
    let start = scanner.index
    if date(&scanner) != nil {
      scanner.skipSpaces()
      return weekdays.contains(InvisibleMarks.trimmingMarksAndSpaces(scanner.rest))
    }
    scanner.index = start
    var word = ""
    while let scalar = scanner.current, scalar.properties.isAlphabetic, word.count < 10 {
      word.unicodeScalars.append(scalar)
      scanner.index += 1
    }
    guard englishWeekdays.contains(word.lowercased()), scanner.skip(",") else { return false }
    scanner.skipSpaces()
    guard date(&scanner) != nil else { return false }
    scanner.skipSpaces()
    return scanner.isAtEnd
  }

  // MARK: - PC

  /// `[이름] [오후 8:21] 메시지`: the name ends at the last `] [` before a time and `] `.
  private static func pcRecord(_ scanner: inout ScalarScanner) -> PCRecord? {
    guard scanner.skip("[") else { return nil }
    let nameStart = scanner.index
    var search = nameStart
    while let close = scanner.scalars[search...].firstIndex(of: "]") {
      search = close + 1
      guard close + 2 < scanner.scalars.count, scanner.scalars[close + 1] == " ",
        scanner.scalars[close + 2] == "["
      else { continue }
      var inner = scanner
      inner.index = close + 3
      guard let time = inner.clockTime(), inner.skip("]"), inner.skipSpaces() || inner.isAtEnd
      else { continue }
      let name = String(String.UnicodeScalarView(scanner.scalars[nameStart..<close]))
      return PCRecord(author: name, time: time, text: inner.rest)
    }
    return nil
  }

  /// A run of dashes, a date (and its weekday), a run of dashes.
  private static func separator(_ scanner: inout ScalarScanner) -> DateText? {
    var dashes = 0
    while scanner.skip("-") { dashes += 1 }
    guard dashes >= 3, scanner.skipSpaces() else { return nil }
    let inner = InvisibleMarks.trimmingMarksAndSpaces(
      String(scanner.rest.reversed().drop { $0 == "-" }.reversed()))
    guard scanner.rest.hasSuffix("---") else { return nil }
    var dateScanner = ScalarScanner(inner)
    if let date = date(&dateScanner) {
      dateScanner.skipSpaces()
      guard weekdays.contains(dateScanner.rest) else { return nil }
      return date
    }
    dateScanner.index = 0
    while let scalar = dateScanner.current, scalar.properties.isAlphabetic { dateScanner.index += 1 }
    guard dateScanner.skip(",") else { return nil }
    dateScanner.skipSpaces()
    guard let date = date(&dateScanner) else { return nil }
    dateScanner.skipSpaces()
    return dateScanner.isAtEnd ? date : nil
  }
}
