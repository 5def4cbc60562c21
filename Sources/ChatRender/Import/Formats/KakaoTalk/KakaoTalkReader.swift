/// Reads one KakaoTalk export into a `Transcript` (see `KakaoTalkFormat`).
struct KakaoTalkReader {
  let file: SourceFile
  var errors: [Diagnostic] = []

  init(file: SourceFile) { self.file = file }

  /// A message or notice read, before participants are assigned.
  struct Entry {
    var location: SourceLocation
    var time: MessageTime?
    /// Nil for a notice.
    var author: String?
    var lines: [String]
    var isTwelveHour = false
    /// A PC notice's day (the dashed line above it): it has no time of its own.
    var day: LocalDate?
  }

  // MARK: - Text

  mutating func readText() throws -> Transcript {
    var entries: [Entry] = []
    var headerLines: [String] = []
    var date: LocalDate?
    var lastWasPC = false
    for line in file.textLines() {
      let text = file.text(of: line)
      switch KakaoTalkLine.parse(text) {
      case .phoneRecord(let record)?:
        lastWasPC = false
        guard let time = time(record, line: line) else { break }
        entries.append(
          Entry(
            location: file.location(line: line.number, column: record.textIndex + 1),
            time: .wallClock(time), author: record.author, lines: [record.text],
            isTwelveHour: record.time.meridiem != nil))
      case .pcRecord(let record)?:
        lastWasPC = true
        guard let time = record.time.dateTime(on: date) else {
          invalidTime(record.time, line: line)
          break
        }
        entries.append(
          Entry(
            location: file.location(line: line.number, column: 2), time: .wallClock(time),
            author: record.author, lines: [record.text],
            isTwelveHour: record.time.meridiem != nil))
      case .separator(let written)?:
        lastWasPC = true
        guard written.date.isValid else {
          errors.append(
            .error(
              "invalid date \(written.year)-\(written.month)-\(written.day)",
              at: file.location(line: line.number, column: 1)))
          break
        }
        date = written.date
        entries.indices.last.map { entries[$0].lines.append("") }
      case .dateLine?:
        // Ends the message before it; the records carry their own dates.
        entries.indices.last.map { entries[$0].lines.append("") }
      case nil:
        // The PC's notices have no time: a join may come before any message.
        if lastWasPC || entries.isEmpty, KakaoTalkBody.isNotice(text) {
          entries.append(
            Entry(
              location: file.location(line: line.number, column: 1), time: nil, author: nil,
              lines: [InvisibleMarks.trimmingMarksAndSpaces(text)], day: date))
        } else if entries.isEmpty {
          if !file.isBlank(line) { headerLines.append(text) }
          if headerLines.count > 2 || (headerLines.count == 2 && !isHeader(headerLines)) {
            throw DiagnosticError(
              .error(
                "expected a KakaoTalk message, such as '2022. 12. 31. 오후 8:21, 이름 : 메시지' or '[이름] [오후 8:21] 메시지'",
                at: file.location(line: line.number, column: 1)))
          }
        } else if KakaoTalkBody.isStandaloneNotice(text), let last = entries.last {
          // The phone writes the open chat's policy line alone after a join: a notice of
          // its own at the time before it, not the end of someone's message.
          entries.append(
            Entry(
              location: file.location(line: line.number, column: 1), time: last.time, author: nil,
              lines: [InvisibleMarks.trimmingMarksAndSpaces(text)], day: date))
        } else {
          entries[entries.count - 1].lines.append(text)
        }
      }
      if errors.count >= 20 { break }
    }
    if !errors.isEmpty { throw DiagnosticError(errors) }
    KakaoTalkReader.timeNotices(&entries)
    var result = transcript(entries, title: KakaoTalkReader.title(from: headerLines))
    result.language = headerLines.lazy.compactMap(KakaoTalkFormat.language(ofSavedDateLine:)).first
    return result
  }

  /// Gives each PC notice the time of the message before it on its day, or else of the one
  /// after it, so that it sits under its day's date; a notice alone on its day keeps none.
  static func timeNotices(_ entries: inout [Entry]) {
    var before: [LocalDateTime?] = []
    before.reserveCapacity(entries.count)
    var last: LocalDateTime?
    for entry in entries {
      before.append(last)
      if case .wallClock(let time)? = entry.time { last = time }
    }
    var next: LocalDateTime?
    for index in entries.indices.reversed() {
      if case .wallClock(let time)? = entries[index].time {
        next = time
        continue
      }
      guard let day = entries[index].day else { continue }
      if let time = [before[index], next].compactMap({ $0 }).first(where: { $0.date == day }) {
        entries[index].time = .wallClock(time)
      }
    }
  }

  /// The export's first lines: a title, then the saved-date line.
  private func isHeader(_ lines: [String]) -> Bool {
    lines.count <= 2 && lines.dropFirst().allSatisfy(KakaoTalkFormat.isSavedDateLine)
  }

  /// `홍길동 님과 카카오톡 대화` → 홍길동; `KakaoTalk Chats with Ana` → Ana; another first
  /// line (a group's name) as it is.
  static func title(from headerLines: [String]) -> String? {
    guard let written = headerLines.first.map(InvisibleMarks.trimmingMarksAndSpaces),
      !KakaoTalkFormat.isSavedDateLine(written),
      let first = withoutFileName(written)
    else { return nil }
    for suffix in titleSuffixes where first.hasSuffix(suffix) {
      return String(first.dropLast(suffix.count))
    }
    for prefix in ["KakaoTalk Chats with ", "Chats with "] where first.hasPrefix(prefix) {
      return String(first.dropFirst(prefix.count))
    }
    return first
  }

  private static let titleSuffixes = [
    " 님과 카카오톡 대화", "님과 카카오톡 대화", "과 카카오톡 대화", "와 카카오톡 대화", " 카카오톡 대화",
    " with KakaoTalk Chats",
  ]

  /// iOS heads the export with the file's name: `Talk_2023.4.28 11:12-1.txt` names nothing
  /// (nil); `캠핑방 (3명)과 카카오톡 대화-1.txt` loses its `-1.txt`.
  private static func withoutFileName(_ line: String) -> String? {
    guard line.hasSuffix(".txt") else { return line }
    if line.hasPrefix("Talk_") { return nil }
    var name = line.dropLast(4)
    if let dash = name.lastIndex(of: "-"), name.index(after: dash) < name.endIndex,
      name[name.index(after: dash)...].allSatisfy(\.isASCII),
      name[name.index(after: dash)...].allSatisfy(\.isNumber)
    {
      name = name[..<dash]
    }
    return name.isEmpty ? nil : String(name)
  }

  private mutating func time(_ record: KakaoTalkLine.PhoneRecord, line: TextLine)
    -> LocalDateTime?
  {
    guard record.date.date.isValid else {
      errors.append(
        .error(
          "invalid date \(record.date.year)-\(record.date.month)-\(record.date.day)",
          at: file.location(line: line.number, column: record.date.index + 1)))
      return nil
    }
    guard let time = record.time.dateTime(on: record.date.date) else {
      invalidTime(record.time, line: line)
      return nil
    }
    return time
  }

  private mutating func invalidTime(_ time: ClockTime, line: TextLine) {
    let minute = time.minute < 10 ? "0\(time.minute)" : "\(time.minute)"
    errors.append(
      .error(
        "invalid time \(time.hour):\(minute)\(time.meridiem == nil ? "" : " (12-hour)")",
        at: file.location(line: line.number, column: time.index + 1)))
  }

  // MARK: - CSV

  /// `Date,User,Message` rows; an empty user is a notice.
  mutating func readCSV() throws -> Transcript {
    let rows = try CSVReader(file: file).rows()
    var entries: [Entry] = []
    entries.reserveCapacity(rows.count)
    for row in rows.dropFirst() {
      guard row.count == 3 else {
        errors.append(
          .error(
            "expected 3 fields (Date,User,Message), found \(row.count)",
            at: file.location(ofOffset: row[0].offset)))
        if errors.count >= 20 { break }
        continue
      }
      guard let (time, isTwelveHour) = KakaoTalkReader.csvTime(row[0].text) else {
        errors.append(
          .error(
            "invalid date '\(row[0].text)' (expected '2024-06-01 10:00:00')",
            at: file.location(ofOffset: row[0].offset)))
        if errors.count >= 20 { break }
        continue
      }
      let user = InvisibleMarks.trimmingMarksAndSpaces(row[1].text)
      let isNotice = user.isEmpty || KakaoTalkBody.isNotice(row[2].text)
      entries.append(
        Entry(
          location: file.location(ofOffset: row[2].offset), time: .wallClock(time),
          author: isNotice ? nil : user, lines: [row[2].text], isTwelveHour: isTwelveHour))
    }
    if !errors.isEmpty { throw DiagnosticError(errors) }
    return transcript(entries, title: nil)
  }

  /// `2024-06-01 10:00:00` (or without seconds), or the phone's `2024. 6. 1. 오전 10:00`.
  static func csvTime(_ text: String) -> (LocalDateTime, Bool)? {
    let plain = InvisibleMarks.trimmingMarksAndSpaces(text)
    let parts = plain.split(separator: " ", maxSplits: 1)
    if parts.count == 2, let date = LocalDate.parse(parts[0], shortFields: true) {
      var scanner = ScalarScanner(parts[1])
      guard let clock = scanner.clockTime(), scanner.isAtEnd,
        let time = clock.dateTime(on: date)
      else { return nil }
      return (time, clock.meridiem != nil)
    }
    var scanner = ScalarScanner(plain)
    guard let date = KakaoTalkLine.date(&scanner), date.date.isValid else { return nil }
    scanner.skipSpaces()
    if scanner.skip("at") || scanner.skip(",") { scanner.skipSpaces() }
    guard let clock = scanner.clockTime(), scanner.isAtEnd, let time = clock.dateTime(on: date.date)
    else { return nil }
    return (time, clock.meridiem != nil)
  }

  // MARK: - Transcript

  /// The phone's Korean export names its owner "회원님" ("member", i.e. you): that author is
  /// "me" unless `--me` says otherwise.
  static let ownerName = "회원님"

  func transcript(_ entries: [Entry], title: String?) -> Transcript {
    var speakers = SpeakerTable()
    var messages: [Message] = []
    messages.reserveCapacity(entries.count)
    for entry in entries {
      var lines = entry.lines
      while let last = lines.last, last.allSatisfy({ $0 == " " || $0 == "\t" }), lines.count > 1 {
        lines.removeLast()
      }
      let text = lines.joined(separator: "\n")
      guard let author = entry.author.map(InvisibleMarks.trimmingMarksAndSpaces), !author.isEmpty
      else {
        messages.append(
          Message(
            authorID: nil, time: entry.time, text: InvisibleMarks.trimmingMarksAndSpaces(text),
            kind: .system, location: entry.location))
        continue
      }
      let body = KakaoTalkBody(text)
      messages.append(
        Message(
          authorID: speakers.id(for: author), time: entry.time, text: body.text, kind: .message,
          location: entry.location,
          extras: MessageExtras(attachments: body.attachments, isDeleted: body.isDeleted)))
    }
    let owner = speakers.participants.first { $0.name == KakaoTalkReader.ownerName }
    var result = Transcript(
      title: title, participants: speakers.participants, meID: owner?.id, messages: messages)
    result.clock = entries.contains(where: \.isTwelveHour) ? .twelveHour : .twentyFourHour
    return result
  }
}
