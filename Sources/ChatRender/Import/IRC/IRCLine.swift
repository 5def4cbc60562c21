/// One line of an IRC log, in the layouts of irssi, WeeChat and the bracketed loggers (ZNC,
/// mIRC, HexChat) (docs/FORMATS.md, "IRC logs").
///
/// ```
/// --- Log opened Sat Mar 09 09:55:02 2024          irssi
/// 09:58 <@marla> morning                           irssi message (mode prefix, or "< nick>")
/// 10:00  * marla hands kestrel a coffee            irssi action
/// 09:58 -!- kestrel [~k@host] has joined #chan     irssi event
/// [09:58:40] <@marla> morning                      bracketed message
/// [09:58:12] *** Joins: kestrel (~k@host)          bracketed event
/// [10:07:19] -ChanServ- Welcome!                   notice
/// 2024-03-09 09:58:40<TAB>@marla<TAB>morning       WeeChat ("-->", "<--", "--", " *" prefixes)
/// ```
struct IRCLine: Sendable, Hashable {
  enum Content: Sendable, Hashable {
    case message(nick: String, text: String)
    case action(nick: String, text: String)
    case notice(nick: String, text: String)
    /// A join, part, quit, mode or topic change, or a line of unknown shape: a system notice.
    case event(String)
    case nickChange(old: String, new: String)
    /// irssi's `--- Log opened` and `--- Day changed` lines: the date of what follows.
    case date(LocalDate)
    /// Other `---` lines (`--- Log closed …`): nothing to show.
    case marker
  }

  /// The time written on the line; its date only when the line carries one (WeeChat).
  var time: LocalDateTime?
  var content: Content

  /// Why a line is not an IRC line: not one at all, or a broken one at a 1-based column.
  enum Failure: Error, Sendable, Hashable {
    case unknown
    case malformed(String, column: Int)
  }

  /// Nick prefixes that are channel modes, not part of the nick.
  static let modePrefixes: Set<Character> = ["~", "&", "@", "%", "+", " "]

  static func parse(_ line: String) -> Result<IRCLine, Failure> {
    if line.hasPrefix("--- ") { return .success(marker(line)) }
    if let weechat = weeChat(line) { return weechat }
    let time: LocalDateTime
    let body: Substring
    if line.hasPrefix("[") {
      guard let close = line.firstIndex(of: "]") else { return .failure(.unknown) }
      let inside = line[line.index(after: line.startIndex)..<close]
      switch clock(inside) {
      case .success(let parsed): time = parsed
      case .failure(let failure):
        return .failure(inside.first?.isNumber == true ? failure.at(column: 2) : .unknown)
      }
      var rest = line[line.index(after: close)...]
      if rest.hasPrefix(" ") { rest = rest.dropFirst() }
      body = rest
    } else {
      guard let space = line.firstIndex(of: " "), line.first?.isNumber == true else {
        return .failure(.unknown)
      }
      let stamp = line[..<space]
      guard stamp.contains(":") else { return .failure(.unknown) }
      switch clock(stamp) {
      case .success(let parsed): time = parsed
      case .failure(let failure): return .failure(failure.at(column: 1))
      }
      body = line[line.index(after: space)...]
    }
    let bodyColumn = line.unicodeScalars.count - body.unicodeScalars.count + 1
    switch content(body, column: bodyColumn) {
    case .success(let content): return .success(IRCLine(time: time, content: content))
    case .failure(let failure): return .failure(failure)
    }
  }

  // MARK: - Bodies

  /// What follows the time in irssi and bracketed logs.
  private static func content(_ body: Substring, column: Int) -> Result<Content, Failure> {
    let trimmed = body.drop { $0 == " " }
    if body.hasPrefix("<") {
      guard let close = body.firstIndex(of: ">") else {
        return .failure(.malformed("expected '>' after the nick", column: column))
      }
      let nick = String(
        body[body.index(after: body.startIndex)..<close].drop(while: modePrefixes.contains))
      guard !nick.isEmpty, !nick.contains(" ") else {
        return .failure(.malformed("expected a nick between '<' and '>'", column: column))
      }
      var text = body[body.index(after: close)...]
      if text.hasPrefix(" ") { text = text.dropFirst() }
      return .success(.message(nick: nick, text: String(text)))
    }
    if trimmed.hasPrefix("*** ") { return .success(event(String(trimmed.dropFirst(4)))) }
    if trimmed.hasPrefix("-!- ") { return .success(event(String(trimmed.dropFirst(4)))) }
    if trimmed.hasPrefix("* ") {
      let rest = trimmed.dropFirst(2)
      let nick = rest.prefix { $0 != " " }
      guard !nick.isEmpty else { return .success(.event(String(trimmed))) }
      return .success(
        .action(nick: String(nick), text: String(rest.dropFirst(nick.count).dropFirst())))
    }
    if body.hasPrefix("-"), let end = body.dropFirst().range(of: "- ") {
      // -ChanServ- text, or irssi's -nick(~ident@host)- text and -nick:#chan- text.
      let inside = body[body.index(after: body.startIndex)..<end.lowerBound]
      let nick = inside.prefix { $0 != "(" && $0 != ":" }
      if !nick.isEmpty, !nick.contains(" ") {
        return .success(.notice(nick: String(nick), text: String(body[end.upperBound...])))
      }
    }
    return .success(.event(String(trimmed)))
  }

  /// `2024-03-09 09:58:40<TAB>prefix<TAB>text`.
  private static func weeChat(_ line: String) -> Result<IRCLine, Failure>? {
    let fields = line.split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false)
    guard fields.count == 3, fields[0].count >= 16, fields[0].first?.isNumber == true,
      fields[0].dropFirst(4).first == "-"
    else { return nil }
    let time: LocalDateTime
    switch clock(fields[0]) {
    case .success(let parsed): time = parsed
    case .failure(let failure): return .failure(failure.at(column: 1))
    }
    let prefix = fields[1]
    let text = String(fields[2])
    let content: Content
    switch prefix {
    case "-->", "<--", "--", "=!=", "": content = event(text)
    case "*", " *":
      let nick = text.prefix { $0 != " " }
      content = .action(nick: String(nick), text: String(text.dropFirst(nick.count).dropFirst()))
    default:
      let nick = String(prefix.drop(while: modePrefixes.contains))
      content = nick.isEmpty ? .event(text) : .message(nick: nick, text: text)
    }
    return .success(IRCLine(time: time, content: content))
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

  // MARK: - Times and dates

  /// `09:58`, `09:58:12`, `2024-03-09 09:58:12` or `2024-03-09T09:58:12`.
  private static func clock(_ text: Substring) -> Result<LocalDateTime, Failure> {
    var date: LocalDate?
    var timeText = text
    if text.count >= 10, text.dropFirst(4).first == "-" {
      let dateText = text.prefix(10)
      guard let parsed = LocalDate.parse(dateText) else {
        return .failure(.malformed("invalid date '\(dateText)'", column: 0))
      }
      date = parsed
      timeText = text.dropFirst(10).drop { $0 == " " || $0 == "T" }
    }
    let fields = timeText.split(separator: ":", omittingEmptySubsequences: false)
    guard fields.count == 2 || fields.count == 3,
      fields.allSatisfy({ !$0.isEmpty && $0.count <= 2 && $0.allSatisfy(\.isASCII) }),
      let hour = Int(fields[0]), let minute = Int(fields[1])
    else { return .failure(.malformed("invalid time '\(timeText)'", column: 0)) }
    let second = fields.count == 3 ? Int(fields[2]) : 0
    guard let second, hour < 24, minute < 60, second < 60, fields[1].count == 2 else {
      return .failure(.malformed("invalid time '\(timeText)'", column: 0))
    }
    return .success(LocalDateTime(date: date, hour: hour, minute: minute, second: second))
  }

  private static let months = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
  ]

  /// `--- Log opened Sat Mar 09 09:55:02 2024`, `--- Day changed Sun Mar 10 2024`.
  private static func marker(_ line: String) -> IRCLine {
    let words = line.split(separator: " ")
    guard line.hasPrefix("--- Log opened ") || line.hasPrefix("--- Day changed ") else {
      return IRCLine(time: nil, content: .marker)
    }
    var month: Int?
    var day: Int?
    var year: Int?
    for word in words.dropFirst(3) {
      if let index = months.firstIndex(of: String(word.prefix(3))), word.count <= 4 {
        month = index + 1
      } else if let number = Int(word) {
        if word.count == 4 { year = number } else if day == nil { day = number }
      }
    }
    guard let month, let day, let year else { return IRCLine(time: nil, content: .marker) }
    let date = LocalDate(year: year, month: month, day: day)
    return IRCLine(time: nil, content: date.isValid ? .date(date) : .marker)
  }
}

extension IRCLine.Failure {
  /// The same failure, placed at `column` of the line.
  func at(column: Int) -> IRCLine.Failure {
    guard case .malformed(let message, _) = self else { return self }
    return .malformed(message, column: column)
  }
}
