import Foundation

/// A client's English event line (a join, part, quit or topic) as a sentence of ours
/// (`Phrase`), so it is drawn in the reader's language; nil for any other line, which stays
/// as the log wrote it.
enum IRCEventPhrase {
  /// `kestrel has joined #buildbots`, `kes has quit (Quit: Leaving)`, `marla changes topic to 'x'`.
  static func phrase(of line: String) -> Phrase? {
    guard let space = line.firstIndex(of: " ") else { return nil }
    let nick = String(line[..<space])
    let rest = String(line[line.index(after: space)...])
    let actor = Phrase.Value.text(nick)
    if let title = topic(in: rest) { return Phrase(.noticeTopicChanged, ["actor": actor, "title": .text(title)]) }
    let verb = rest.hasPrefix("has ") ? String(rest.dropFirst(4)) : rest
    if verb == "left the channel" { return Phrase(.noticeLeft, ["actor": actor]) }
    for (word, alone, inChannel) in verbs {
      guard verb == word || verb.hasPrefix(word + " ") else { continue }
      var tail = verb.dropFirst(word.count).drop { $0 == " " }
      if word == "quit", tail.hasPrefix("IRC") { tail = tail.dropFirst(3).drop { $0 == " " } }
      var sentence = Phrase(alone, ["actor": actor])
      if let inChannel, tail.first == "#" {
        let channel = tail.prefix { $0 != " " }
        sentence = Phrase(inChannel, ["actor": actor, "channel": .text(String(channel))])
        tail = tail.dropFirst(channel.count).drop { $0 == " " }
      }
      if tail.isEmpty { return sentence }
      // A join says nothing more; a part or quit may give its reason in brackets.
      guard word != "joined", let reason = reason(in: tail) else { return nil }
      return reason.isEmpty ? sentence : Phrase(.noticeReason, ["notice": .phrase(sentence), "reason": .text(reason)])
    }
    return nil
  }

  /// Each event's verb, its sentence, and its sentence with a channel.
  private static let verbs: [(String, Word, Word?)] = [
    ("joined", .noticeJoined, .noticeJoinedChannel), ("left", .noticeLeft, .noticeLeftChannel),
    ("quit", .noticeQuit, nil),
  ]

  /// What `[Quit: Leaving]` or `(Ping timeout)` holds; nil when `text` is not in brackets.
  private static func reason(in text: Substring) -> String? {
    guard let open = text.first, let close = text.last, text.count >= 2,
      (open == "[" && close == "]") || (open == "(" && close == ")")
    else { return nil }
    return text.dropFirst().dropLast().trimmingCharacters(in: .whitespaces)
  }

  /// The topic in `changes topic to 'x'` (mIRC), `has changed the topic to: x` (HexChat),
  /// `changed the topic of #c to: x` (irssi), `has changed topic for #c to "x"` (WeeChat).
  private static func topic(in rest: String) -> String? {
    let starts = ["changes topic to ", "changed the topic ", "has changed the topic ", "has changed topic "]
    guard starts.contains(where: rest.hasPrefix), let to = rest.range(of: " to: ") ?? rest.range(of: " to ")
    else { return nil }
    var title = Substring(rest[to.upperBound...])
    if let first = title.first, first == "'" || first == "\"", title.count >= 2, title.last == first {
      title = title.dropFirst().dropLast()
    }
    return String(title)
  }
}
