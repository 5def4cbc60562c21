/// Reads one LINE export into a `Transcript` (see `LINEFormat`).
struct LINEReader {
  let file: SourceFile
  var errors: [Diagnostic] = []

  init(file: SourceFile) { self.file = file }

  struct Entry {
    var location: SourceLocation
    var time: LocalDateTime
    var author: String?
    var lines: [String]
    var isTwelveHour: Bool
  }

  mutating func read(warnings: inout [Diagnostic]) throws -> Transcript {
    let lines = file.textLines()
    let separator = LINELine.separator(in: LINEFormat.sample(of: file))
    if separator == .dollar {
      warnings.append(
        .warning(
          "time, name and text are separated by '$' instead of TABs (the file was edited after export); reading '$' as the separator",
          at: file.location(line: 1, column: 1)))
    }
    let kinds = lines.map { LINELine.parse(file.text(of: $0), separator: separator) }
    let dates = kinds.compactMap { kind -> LINELine.DateText? in
      if case .date(let date)? = kind { return date }
      return nil
    }
    let order = Self.dateOrder(of: dates)
    var entries: [Entry] = []
    var headerLines: [String] = []
    var date: LocalDate?
    var previousBlank = true
    var openQuote = false
    for (line, kind) in zip(lines, kinds) {
      defer { previousBlank = file.isBlank(line) }
      switch kind {
      case .date(let written)? where !openQuote && (previousBlank || entries.isEmpty):
        date = resolve(written, order: order, line: line) ?? date
        continue
      case .record(let record)?:
        guard let date else {
          errors.append(
            .error(
              "a message before the first date line (such as '2024/01/05(Fri)')",
              at: file.location(line: line.number, column: 1)))
          break
        }
        guard let time = record.time.dateTime(on: date) else {
          let minute = record.time.minute < 10 ? "0\(record.time.minute)" : "\(record.time.minute)"
          errors.append(
            .error(
              "invalid time \(record.time.hour):\(minute)",
              at: file.location(line: line.number, column: record.time.index + 1)))
          break
        }
        openQuote = record.text.hasPrefix("\"") && !LINEBody.closesQuote(record.text.dropFirst())
        entries.append(
          Entry(
            location: file.location(line: line.number, column: record.textIndex + 1), time: time,
            author: record.author, lines: [record.text],
            isTwelveHour: record.time.meridiem != nil))
      default:
        let text = file.text(of: line)
        guard !entries.isEmpty else {
          if !file.isBlank(line) { headerLines.append(text) }
          if headerLines.count > 3 {
            throw DiagnosticError(
              .error(
                "expected a LINE date line (such as '2024/01/05(Fri)') or a message ('15:04<TAB>Name<TAB>text')",
                at: file.location(line: line.number, column: 1)))
          }
          continue
        }
        if openQuote, LINEBody.closesQuote(Substring(text)) { openQuote = false }
        entries[entries.count - 1].lines.append(text)
      }
      if errors.count >= 20 { break }
    }
    if !errors.isEmpty { throw DiagnosticError(errors) }
    let title = headerLines.lazy.compactMap(LINEFormat.title(ofHeader:)).first
    var result = transcript(entries, title: title)
    result.language = headerLines.lazy.compactMap(LINEFormat.language(ofHeader:)).first
    return result
  }

  /// Day and month order from the file's dates; when they leave it open (`Fri, 1/5/2024`
  /// alone), from the weekdays the lines name.
  static func dateOrder(of dates: [LINELine.DateText]) -> WhatsAppDateOrder {
    let order = WhatsAppDateOrder(inferringFrom: dates.map(\.numbers))
    guard order.isGuess else { return order }
    let monthFirst = WhatsAppDateOrder(isDayFirst: false)
    var votes = 0
    for date in dates where !WhatsAppDateOrder.isYearFirst(date.numbers) {
      guard let weekday = date.weekday else { continue }
      let dayFirstDate = commonEra(order.date(date.numbers))
      let monthFirstDate = commonEra(monthFirst.date(date.numbers))
      if dayFirstDate.isValid, LINEWeekday.day(of: dayFirstDate) == weekday { votes -= 1 }
      if monthFirstDate.isValid, LINEWeekday.day(of: monthFirstDate) == weekday { votes += 1 }
    }
    if votes > 0 { return monthFirst }
    return votes < 0 ? WhatsAppDateOrder(isDayFirst: true) : order
  }

  /// A Buddhist-era date (years 2400 and on, Thai phones) in the Common Era.
  static func commonEra(_ date: LocalDate) -> LocalDate {
    var date = date
    if date.year >= 2400 { date.year -= 543 }
    return date
  }

  /// The calendar date of a date line, Buddhist-era years (2400 and on) made Common Era.
  /// Day and month order of year-last dates comes from the whole file (`order`).
  private mutating func resolve(
    _ written: LINELine.DateText, order: WhatsAppDateOrder, line: TextLine
  ) -> LocalDate? {
    let numbers = written.numbers
    // LINE writes year-first dates year/month/day in every language.
    var date =
      WhatsAppDateOrder.isYearFirst(numbers)
      ? LocalDate(year: numbers[0].value, month: numbers[1].value, day: numbers[2].value)
      : order.date(numbers)
    date = Self.commonEra(date)
    guard date.isValid else {
      errors.append(
        .error(
          "invalid date '\(InvisibleMarks.trimmingMarksAndSpaces(file.text(of: line)))'",
          at: file.location(line: line.number, column: written.numbers[0].index + 1)))
      return nil
    }
    return date
  }

  func transcript(_ entries: [Entry], title: String?) -> Transcript {
    var speakers = SpeakerTable()
    var messages: [Message] = []
    messages.reserveCapacity(entries.count)
    for entry in entries {
      var lines = entry.lines
      while lines.count > 1, let last = lines.last,
        last.allSatisfy({ $0 == " " || $0 == "\t" })
      {
        lines.removeLast()
      }
      let text = LINEBody.unquoted(lines)
      let author = entry.author.map(InvisibleMarks.trimmingMarksAndSpaces) ?? ""
      let call = author.isEmpty ? nil : LINEBody.call(InvisibleMarks.trimmingMarksAndSpaces(text))
      if author.isEmpty || LINEBody.isUnsent(text) || (LINEBody.isCall(text) && call == nil) {
        messages.append(
          Message(
            authorID: nil, time: .wallClock(entry.time),
            text: LINEReader.noticeText(text, author: author), kind: .system,
            location: entry.location))
        continue
      }
      var extras = MessageExtras()
      var shown = text
      if let call {
        extras.call = call
        shown = ""
      } else if let kind = LINEBody.placeholders[InvisibleMarks.trimmingMarksAndSpaces(text)] {
        extras.attachments = [Attachment(kind: kind, isOmitted: true)]
        shown = ""
      }
      messages.append(
        Message(
          authorID: speakers.id(for: author), time: .wallClock(entry.time), text: shown,
          kind: .message, location: entry.location, extras: extras))
    }
    var result = Transcript(
      title: title, participants: speakers.participants, meID: nil, messages: messages)
    result.clock = entries.contains(where: \.isTwelveHour) ? .twelveHour : .twentyFourHour
    return result
  }

  /// A notice's text, naming who called or unsent when the name is in its own field.
  static func noticeText(_ text: String, author: String) -> String {
    let plain = InvisibleMarks.trimmingMarksAndSpaces(text)
    guard !author.isEmpty, !plain.hasPrefix(author) else { return plain }
    return LINEBody.isCall(plain) ? "\(plain) · \(author)" : "\(author) \(plain)"
  }
}
