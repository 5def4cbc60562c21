/// The IRC loggers whose files are read, each by how it writes the time before a line
/// (docs/FORMATS.md, "IRC logs"). The one table of dialects: `IRCLine` tries these stamps,
/// then reads the rest of the line with the body shapes all loggers share.
struct IRCDialect: Sendable {
  /// How a logger writes the time at the start of a line.
  enum Stamp: Sendable, Hashable {
    /// `09:58`, `09:58:12`
    case clock
    /// `2024-03-09 09:58:40`, `2005-01-09T02:05:04`, `2024-03-09T09:58:40-0400`
    case dateTime
    /// `Mar 09 09:58:40` (no year)
    case monthDayClock
    /// `15 Jan 10:36` (no year)
    case dayMonthClock
    /// Any of the above between `[` and `]`.
    indirect case bracketed(Stamp)
  }

  var loggers: String
  var stamp: Stamp
  /// A message line as the logger writes it: marla says "morning".
  var example: String

  static let all: [IRCDialect] = [
    IRCDialect(loggers: "irssi", stamp: .clock, example: "09:58 <@marla> morning"),
    IRCDialect(
      loggers: "WeeChat", stamp: .dateTime, example: "2024-03-09 09:58:40\t@marla\tmorning"),
    IRCDialect(
      loggers: "supybot, Limnoria, irclog2html", stamp: .dateTime,
      example: "2024-03-09T09:58:40  <marla> morning"),
    IRCDialect(
      loggers: "ZNC, mIRC, Textual, Quassel", stamp: .bracketed(.clock),
      example: "[09:58:40] <marla> morning"),
    IRCDialect(
      loggers: "irclogs.ubuntu.com", stamp: .bracketed(.clock), example: "[09:58] <marla> morning"),
    IRCDialect(
      loggers: "HexChat, XChat", stamp: .monthDayClock, example: "Mar 09 09:58:40 <marla>\tmorning"),
    IRCDialect(
      loggers: "dircproxy", stamp: .bracketed(.dayMonthClock),
      example: "[09 Mar 09:58] <marla!~m@host> +morning"),
    IRCDialect(
      loggers: "Quassel, Textual (dated)", stamp: .bracketed(.dateTime),
      example: "[2024-03-09 09:58:40] <marla> morning"),
  ]

  /// Each stamp shape once, in the order the table first names it.
  static let stamps: [Stamp] = all.reduce(into: []) { stamps, dialect in
    if !stamps.contains(dialect.stamp) { stamps.append(dialect.stamp) }
  }

  /// What a logger writes in place of a nick on a line that is not someone talking: irssi's
  /// `-!-`, ZNC's and supybot's `***`, irclogs.ubuntu.com's `===`, WeeChat's and HexChat's
  /// `-->`, `<--`, `--` and `---`, Quassel's `<->` (nick change), WeeChat's `=!=`.
  static let eventMarkers: Set<Substring> = ["***", "-!-", "===", "-->", "<--", "<->", "--", "---", "=!="]

  /// Words after `* nick` that make it an event, not an action: mIRC and HexChat write joins,
  /// parts and renames with the action's `*`.
  static let eventPhrases = [
    " has joined", " has left", " has quit", " is now known as ", " sets mode", " changes topic",
    " has changed the topic", " was kicked by ", " has kicked ", "Joins: ", "Parts: ", "Quits: ",
    "Now talking on ", "Topic for ", "Topic is ", "Set by ", "Disconnected", "Attempting to rejoin",
    "Rejoined channel",
  ]
}
