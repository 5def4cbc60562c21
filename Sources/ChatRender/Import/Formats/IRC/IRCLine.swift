/// One line of an IRC log, in any dialect of `IRCDialect.all` (docs/FORMATS.md, "IRC logs").
///
/// A line is a stamp (`IRCDialect.Stamp`), then a body whose shapes all loggers share:
///
/// ```
/// <@marla> morning                     a message (mode prefix, "< nick>", "<nick!user@host>")
/// * marla hands kestrel a coffee       an action (" * " in irssi)
/// -ChanServ- Welcome!                  a notice
/// -!- kestrel [~k@host] has joined     an event after a marker (`IRCDialect.eventMarkers`)
/// @marla<TAB>morning                   WeeChat and HexChat: the nick or marker, then a tab
/// kestrel joined the channel           anything else after a stamp: an event
/// ```
///
/// Lines without a stamp: irssi's `--- Log opened …` and `--- Day changed …`, HexChat's
/// `**** BEGIN LOGGING AT …`, mIRC's `Session Start: …` (dates), and irclogs.ubuntu.com's
/// `=== kestrel is now known as kes` (events).
struct IRCLine: Sendable, Hashable {
  enum Content: Sendable, Hashable {
    case message(nick: String, text: String)
    case action(nick: String, text: String)
    case notice(nick: String, text: String)
    /// A join, part, quit, mode or topic change, or a line of unknown shape: a system notice.
    case event(String)
    case nickChange(old: String, new: String)
    /// A line giving the date of what follows (irssi's `--- Day changed`).
    case date(LocalDate)
    /// Other bookkeeping lines (`--- Log closed …`): nothing to show.
    case marker
  }

  /// A day written without its year (dircproxy's `15 Jan`, HexChat's `Jan 15`).
  struct MonthDay: Sendable, Hashable {
    var month: Int
    var day: Int
  }

  /// The time written on the line; its date only when the line carries one with a year.
  var time: LocalDateTime?
  var monthDay: MonthDay?
  var content: Content

  /// Nick prefixes that are channel modes, not part of the nick.
  static let modePrefixes: Set<Character> = ["~", "&", "@", "%", "+", " "]

  /// The line read, or nil when it is no IRC line in any dialect.
  static func parse(_ line: String) -> IRCLine? {
    if let untimed = untimed(line) { return untimed }
    var scanner = Scanner(text: line[...])
    for stamp in IRCDialect.stamps {
      scanner.rest = line[...]
      guard let (time, monthDay) = scanner.stamp(stamp), scanner.skipSeparator() else { continue }
      guard let content = content(scanner.rest) else { return nil }
      return IRCLine(time: time, monthDay: monthDay, content: content)
    }
    return nil
  }

  // MARK: - Bodies

  /// What follows the stamp; nil when nothing does.
  private static func content(_ body: Substring) -> Content? {
    guard !body.isEmpty else { return nil }
    if let tab = body.firstIndex(of: "\t"),
      let tabbed = tabbed(
        prefix: body[..<tab], text: body[body.index(after: tab)...])
    {
      return tabbed
    }
    let trimmed = body.drop { $0 == " " }
    let marker = trimmed.prefix { $0 != " " }
    if IRCDialect.eventMarkers.contains(marker) {
      return event(String(trimmed.dropFirst(marker.count).drop { $0 == " " }))
    }
    if body.hasPrefix("<"), let message = message(body) { return message }
    if marker == "*" { return action(trimmed.dropFirst(2)) }
    if let notice = notice(body) { return notice }
    return event(String(trimmed))
  }

  /// WeeChat's `nick<TAB>text` and `-->`<TAB>…, HexChat's `<nick><TAB>text`; nil when the
  /// prefix is not one (a message that merely holds a tab).
  private static func tabbed(prefix: Substring, text: Substring) -> Content? {
    let trimmed = prefix.drop { $0 == " " }
    if trimmed.isEmpty || IRCDialect.eventMarkers.contains(trimmed) { return event(String(text)) }
    if trimmed == "*" { return action(text) }
    if trimmed.hasPrefix("<"), trimmed.hasSuffix(">") {
      return message(prefix + " " + text)
    }
    if trimmed.hasPrefix("-"), trimmed.hasSuffix("-"), trimmed.count > 2 {
      return notice(trimmed + " " + text)
    }
    guard !trimmed.contains(" ") else { return nil }
    let nick = String(trimmed.drop(while: modePrefixes.contains))
    return nick.isEmpty ? event(String(text)) : .message(nick: nick, text: String(text))
  }

  /// `<@marla> text`, `< marla> text`, `<marla!~m@host> +text` (dircproxy with the server's
  /// identify-msg flag, `+` or `-`, before the text).
  private static func message(_ body: Substring) -> Content? {
    guard let close = body.firstIndex(of: ">") else { return nil }
    var nick = body[body.index(after: body.startIndex)..<close].drop(while: modePrefixes.contains)
    let hostmask = nick.firstIndex(of: "!")
    if let hostmask { nick = nick[..<hostmask] }
    guard !nick.isEmpty, !nick.contains(" ") else { return nil }
    var text = body[body.index(after: close)...]
    if text.hasPrefix(" ") { text = text.dropFirst() }
    if hostmask != nil, text.first == "+" || text.first == "-" { text = text.dropFirst() }
    return .message(nick: String(nick), text: String(text))
  }

  /// `* marla hands kestrel a coffee`, unless it reads as mIRC's `* kestrel has joined #chan`.
  private static func action(_ rest: Substring) -> Content {
    let text = rest.drop { $0 == " " }
    let nick = text.prefix { $0 != " " }
    if nick.isEmpty || IRCDialect.eventPhrases.contains(where: { text.contains($0) }) {
      return event(String(text))
    }
    return .action(nick: String(nick), text: String(text.dropFirst(nick.count).dropFirst()))
  }

  /// `-ChanServ- text`, irssi's `-nick(~ident@host)- text` and `-nick:#chan- text`.
  private static func notice(_ body: Substring) -> Content? {
    guard body.hasPrefix("-"), let end = body.dropFirst().range(of: "- ") else { return nil }
    let inside = body[body.index(after: body.startIndex)..<end.lowerBound]
    let nick = inside.prefix { $0 != "(" && $0 != ":" && $0 != "!" }
    guard !nick.isEmpty, !nick.contains(" ") else { return nil }
    return .notice(nick: String(nick), text: String(body[end.upperBound...]))
  }

  /// Tidies a join, part, quit or rename: drops `[~ident@host]` / `(~ident@host)` after the
  /// nick, and turns ZNC's `Joins: nick` into `nick joined`.
  static func event(_ text: String) -> Content {
    if let range = text.range(of: " is now known as "), !text.hasPrefix("You") {
      let old = text[..<range.lowerBound]
      let new = text[range.upperBound...]
      if !old.contains(" "), !new.isEmpty, !new.contains(" ") {
        return .nickChange(old: String(old), new: String(new))
      }
    }
    let words = text.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: false)
    for (tag, verb) in [("Joins:", "joined"), ("Parts:", "left"), ("Quits:", "quit")]
    where words.first == Substring(tag) && words.count == 2 {
      let rest = removingHost(String(words[1]))
      let nick = rest.prefix { $0 != " " }
      let reason = rest.dropFirst(nick.count).trimmingCharacters(in: .whitespaces)
      return .event("\(nick) \(verb)" + (reason.isEmpty || reason == "()" ? "" : " \(reason)"))
    }
    return .event(removingHost(text))
  }

  /// `kestrel [~k@host] has joined` → `kestrel has joined`.
  private static func removingHost(_ text: String) -> String {
    guard let space = text.firstIndex(of: " ") else { return text }
    let after = text[text.index(after: space)...]
    guard let open = after.first, open == "[" || open == "(",
      let close = after.firstIndex(of: open == "[" ? "]" : ")")
    else { return text }
    let host = after[after.startIndex...close]
    guard host.contains("@"), !host.contains(" ") else { return text }
    return String(text[..<space]) + String(after[after.index(after: close)...])
  }

  // MARK: - Lines without a stamp

  /// Untimed lines, by how they start: what they give.
  private static func untimed(_ line: String) -> IRCLine? {
    if line.hasPrefix("=== ") {
      return IRCLine(time: nil, content: event(String(line.dropFirst(4))))
    }
    let dated = ["--- Log opened ", "--- Day changed ", "**** BEGIN LOGGING AT ", "Session Start: "]
    if dated.contains(where: line.hasPrefix) {
      return IRCLine(time: nil, content: spelledDate(line).map(Content.date) ?? .marker)
    }
    if ["--- ", "**** ", "Session "].contains(where: line.hasPrefix) {
      return IRCLine(time: nil, content: .marker)
    }
    return nil
  }

  static let months = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
  ]

  /// The date in `Sat Mar 09 09:55:02 2024` or `Sun Mar 10 2024`.
  private static func spelledDate(_ line: String) -> LocalDate? {
    var month: Int?
    var day: Int?
    var year: Int?
    for word in line.split(separator: " ").dropFirst(2) {
      if let index = months.firstIndex(of: String(word.prefix(3))), word.count <= 4 {
        month = index + 1
      } else if let number = Int(word) {
        if word.count == 4 { year = number } else if day == nil { day = number }
      }
    }
    guard let month, let day, let year else { return nil }
    let date = LocalDate(year: year, month: month, day: day)
    return date.isValid ? date : nil
  }

  // MARK: - Stamps

  /// Reads stamps off the start of a line.
  private struct Scanner {
    var rest: Substring

    init(text: Substring) { rest = text }

    mutating func stamp(_ stamp: IRCDialect.Stamp) -> (LocalDateTime, MonthDay?)? {
      switch stamp {
      case .clock:
        return clock().map { ($0, nil) }
      case .dateTime:
        guard let date = isoDate(), take("T") || take(" "), let time = clock() else { return nil }
        skipZone()
        return (LocalDateTime(date: date, hour: time.hour, minute: time.minute, second: time.second), nil)
      case .monthDayClock:
        guard let month = month(), take(" "), let day = number(1...2, skippingSpaces: true),
          take(" "), let time = clock()
        else { return nil }
        return (time, MonthDay(month: month, day: day))
      case .dayMonthClock:
        guard let day = number(1...2), take(" "), let month = month(), take(" "),
          let time = clock()
        else { return nil }
        return (time, MonthDay(month: month, day: day))
      case .bracketed(let inner):
        guard take("["), let found = self.stamp(inner), take("]") else { return nil }
        return found
      }
    }

    /// The spaces or tab between stamp and body: at least one.
    mutating func skipSeparator() -> Bool {
      if take("\t") { return true }
      guard take(" ") else { return false }
      while rest.first == " " { rest = rest.dropFirst() }
      return true
    }

    mutating func take(_ character: Character) -> Bool {
      guard rest.first == character else { return false }
      rest = rest.dropFirst()
      return true
    }

    mutating func number(_ digits: ClosedRange<Int>, skippingSpaces: Bool = false) -> Int? {
      if skippingSpaces { while rest.first == " " { rest = rest.dropFirst() } }
      let run = rest.prefix { $0.isASCII && $0.isNumber }
      guard digits.contains(run.count), let value = Int(run) else { return nil }
      rest = rest.dropFirst(run.count)
      return value
    }

    /// `09:58` or `09:58:12`, with fractions of a second dropped.
    mutating func clock() -> LocalDateTime? {
      guard let hour = number(1...2), hour < 24, take(":"), let minute = number(2...2),
        minute < 60
      else { return nil }
      var second = 0
      if take(":") {
        guard let seconds = number(2...2), seconds < 60 else { return nil }
        second = seconds
        if take(".") || take(",") { _ = number(1...9) }
      }
      return LocalDateTime(date: nil, hour: hour, minute: minute, second: second)
    }

    mutating func isoDate() -> LocalDate? {
      guard let year = number(4...4), take("-"), let month = number(2...2), take("-"),
        let day = number(2...2)
      else { return nil }
      let date = LocalDate(year: year, month: month, day: day)
      return date.isValid ? date : nil
    }

    /// `Jan` … `Dec`.
    mutating func month() -> Int? {
      guard let index = IRCLine.months.firstIndex(where: { rest.hasPrefix($0) }) else { return nil }
      rest = rest.dropFirst(3)
      return index + 1
    }

    /// A zone after an ISO time (`Z`, `+0000`, `-04:00`): the clock is read as written.
    mutating func skipZone() {
      if take("Z") { return }
      guard rest.first == "+" || rest.first == "-" else { return }
      let zone = rest.dropFirst().prefix { ($0.isASCII && $0.isNumber) || $0 == ":" }
      if zone.count >= 4 { rest = rest.dropFirst(1 + zone.count) }
    }
  }
}
