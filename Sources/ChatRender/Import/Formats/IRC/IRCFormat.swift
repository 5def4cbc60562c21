/// IRC logs from the loggers of `IRCDialect.all` (docs/FORMATS.md, "IRC logs").
///
/// Messages and notices come from their nick (mode prefixes such as `@` and `+` removed);
/// `/me` actions are messages from the nick whose whole text is italic; joins, parts, quits,
/// mode and topic changes are system notices. A nick change keeps the person: later lines
/// under the new nick belong to the same participant, named by the first nick they spoke
/// under. Times are wall-clock
/// times; the date comes from the line, from dated lines (irssi's `--- Day changed`), or a
/// date in the file name (`#chan_20240309.log`), and moves on a day when the clock goes back.
/// In a file that is a log, a line of no known shape is shown as a notice, with one warning
/// counting them: a log is never refused for a line.
struct IRCFormat: TranscriptFormat, FileRecognizing {
  init() {}

  var name: String { "irc" }
  var accepts: String { ".log, .txt" }
  var fileExtensions: Set<String> { ["log", "txt"] }
  var summary: String {
    "IRC channel logs from the client's or bot's log folder: irssi, WeeChat, ZNC, mIRC, HexChat, Textual, Quassel, "
      + "supybot/Limnoria, irclogs.ubuntu.com, dircproxy"
  }

  /// Accepts text whose first 50 non-empty lines are at least 60% IRC lines, one of them a
  /// message, action, notice or a dated line.
  func detect(_ input: ImportInput) -> Bool {
    guard let file = input.file else { return false }
    var checked = 0
    var matched = 0
    var spoken = false
    for line in file.textLines(limit: 500) where !file.isBlank(line) {
      checked += 1
      if let parsed = IRCLine.parse(file.text(of: line)) {
        matched += 1
        switch parsed.content {
        case .message, .action, .notice, .date: spoken = true
        default: break
        }
      }
      if checked == 50 { break }
    }
    return spoken && matched * 5 >= checked * 3
  }

  func parse(_ input: ImportInput, options: ImportOptions, warnings: inout [Diagnostic])
    throws -> Transcript
  {
    let file = try input.singleFile("an IRC log file")
    var log = LogReader(file: file)
    for line in file.textLines() where !file.isBlank(line) { log.read(line) }
    if let first = log.firstUnread {
      let count = log.unreadLines
      var warning = Diagnostic.warning(
        "\(count) line\(count == 1 ? " is" : "s are") not IRC log lines; shown as notices",
        at: first)
      warning.notes = ["expected lines such as '[09:58] <nick> text' or '09:58 <nick> text'"]
      warnings.append(warning)
    }
    return log.transcript()
  }

  /// The state of reading one log, line by line.
  private struct LogReader {
    let file: SourceFile
    var speakers = SpeakerTable()
    var messages: [Message] = []
    var title: String?
    var date: LocalDate?
    var lastSecondOfDay: Int?
    /// Nick now in use → the person using it, across renames. A person is a key of its own:
    /// a nick renamed away is free, and whoever takes it later is someone else (two
    /// `kubuntu is now known as Guest…` are two people).
    var people: [String: String] = [:]
    /// How many people have been keyed.
    var peopleCount = 0
    /// Person → the nick they first spoke under, their name.
    var names: [String: String] = [:]
    /// Nick someone spoke under → that person.
    var spokenAs: [String: String] = [:]
    /// Person → the person they turned out to be (renamed back to an earlier nick).
    var merged: [String: String] = [:]
    var unreadLines = 0
    var firstUnread: SourceLocation?

    init(file: SourceFile) {
      self.file = file
      date = IRCFormat.date(inFileName: file.path)
    }

    /// The person using `nick`, keyed the first time the nick is seen.
    mutating func person(_ nick: String) -> String {
      if let person = people[nick.lowercased()] { return person }
      peopleCount += 1
      let person = "\(peopleCount)"
      people[nick.lowercased()] = person
      return person
    }

    /// The participant id of whoever writes as `nick`, named by the nick they first spoke under.
    mutating func speaker(_ nick: String, isBot: Bool = false) -> String {
      let person = person(nick)
      spokenAs[nick.lowercased()] = person
      if names[person] == nil { names[person] = nick }
      return speakers.id(for: names[person] ?? nick, isBot: isBot)
    }

    /// The messages with merged people as one participant, and only those who spoke.
    mutating func transcript() -> Transcript {
      var ids: [String: String] = [:]
      for person in merged.keys {
        var target = person
        var steps = 0
        while let next = merged[target], steps < merged.count {
          target = next
          steps += 1
        }
        guard let name = names[person], let targetName = names[target] else { continue }
        ids[speakers.id(for: name)] = speakers.id(for: targetName)
      }
      var spoken = Set<String>()
      for index in messages.indices {
        guard let author = messages[index].authorID else { continue }
        let id = ids[author] ?? author
        messages[index].authorID = id
        spoken.insert(id)
      }
      return Transcript(
        title: title, participants: speakers.participants.filter { spoken.contains($0.id) },
        messages: messages)
    }

    mutating func read(_ line: TextLine) {
      let text = file.text(of: line)
      let location = file.location(ofOffset: line.start)
      guard let parsed = IRCLine.parse(text) else {
        unreadLines += 1
        if firstUnread == nil { firstUnread = location }
        let (plain, _) = IRCFormatting.strip(text)
        messages.append(
          Message(authorID: nil, time: nil, text: plain, kind: .system, location: location))
        return
      }
      let time = self.time(of: parsed)
      switch parsed.content {
      case .date(let newDate):
        date = newDate
        lastSecondOfDay = nil
      case .marker:
        break
      case .message(let nick, let body), .notice(let nick, let body):
        let (plain, spans) = IRCFormatting.strip(body)
        // dircproxy logs a line that was only the identify-msg flag: nothing was said.
        guard !plain.isEmpty else { return }
        let isService = nick.hasSuffix("Serv") && nick.count > 4
        messages.append(
          Message(
            authorID: speaker(nick, isBot: isService), time: time, text: plain,
            location: location, extras: MessageExtras(spans: spans)))
      case .action(let nick, let body):
        let (plain, spans) = IRCFormatting.strip(body)
        let italic = TextSpan(start: 0, length: plain.unicodeScalars.count, style: .italic)
        messages.append(
          Message(
            authorID: speaker(nick), time: time, text: plain, location: location,
            extras: MessageExtras(spans: plain.isEmpty ? spans : [italic] + spans)))
      case .nickChange(let old, let new):
        var first = person(old)
        if let earlier = spokenAs[new.lowercased()], earlier != first {
          // `ryzaja_ is now known as ryzaja`: back to a nick someone spoke under, so the same
          // person (a reconnect took the nick with a `_`).
          if spokenAs.values.contains(first) { merged[first] = earlier }
          first = earlier
        }
        people[old.lowercased()] = nil
        people[new.lowercased()] = first
        var renamed = Message(authorID: nil, time: time, text: "", kind: .system, location: location)
        renamed.say(Phrase(.noticeNowKnownAs, ["actor": .text(old), "name": .text(new)]))
        messages.append(renamed)
      case .event(let body):
        let (plain, _) = IRCFormatting.strip(body)
        if title == nil { title = IRCFormat.joinedChannel(plain) }
        var event = Message(authorID: nil, time: time, text: plain, kind: .system, location: location)
        if let phrase = IRCEventPhrase.phrase(of: plain) { event.say(phrase) }
        messages.append(event)
      }
    }

    /// The line's time, dated from the line, the log's dated lines or the file name.
    mutating func time(of line: IRCLine) -> MessageTime? {
      guard var clock = line.time else { return nil }
      let secondOfDay = clock.hour * 3600 + clock.minute * 60 + clock.second
      if let own = clock.date {
        date = own
      } else if let monthDay = line.monthDay {
        if let year = date?.year {
          // A year-less day after December's is January of the next year.
          let next = (date?.month ?? 1) == 12 && monthDay.month == 1
          let own = LocalDate(year: next ? year + 1 : year, month: monthDay.month, day: monthDay.day)
          if own.isValid {
            date = own
            clock.date = own
          }
        }
      } else if let current = date {
        // Loggers without day lines: a clock that goes back means a new day.
        if let last = lastSecondOfDay, secondOfDay < last { date = current.nextDay }
        clock.date = date
      }
      lastSecondOfDay = secondOfDay
      return .wallClock(clock)
    }
  }

  /// `#chan` in "kestrel has joined #chan".
  private static func joinedChannel(_ text: String) -> String? {
    guard let range = text.range(of: " has joined #") else { return nil }
    let channel = text[text.index(before: range.upperBound)...].prefix { $0 != " " }
    return String(channel)
  }

  /// A date in a log's file name: `#chan_20240309.log`, `chan.2024-03-09.txt`.
  static func date(inFileName path: String) -> LocalDate? {
    let name = Array((path.split(separator: "/").last ?? "").unicodeScalars)
    var index = 0
    while index < name.count {
      guard name[index].properties.numericType == .decimal, name[index].isASCII else {
        index += 1
        continue
      }
      var digits: [Int] = []
      var cursor = index
      while cursor < name.count, digits.count < 8 {
        let scalar = name[cursor]
        if scalar.isASCII, let value = Int(String(scalar)) {
          digits.append(value)
        } else if scalar != "-" || !(digits.count == 4 || digits.count == 6) {
          break
        }
        cursor += 1
      }
      if digits.count == 8 {
        let number = { (range: Range<Int>) in digits[range].reduce(0) { $0 * 10 + $1 } }
        let date = LocalDate(year: number(0..<4), month: number(4..<6), day: number(6..<8))
        if date.isValid && date.year >= 1990 { return date }
      }
      index = max(cursor, index + 1)
    }
    return nil
  }
}

extension LocalDate {
  /// The day after this one.
  fileprivate var nextDay: LocalDate {
    var next = LocalDate(year: year, month: month, day: day + 1)
    if !next.isValid { next = LocalDate(year: year, month: month + 1, day: 1) }
    if !next.isValid { next = LocalDate(year: year + 1, month: 1, day: 1) }
    return next
  }
}
