/// A sentence we write ourselves into a transcript ("Ana pinned a message", "Call from Bo
/// (5:12)", the name "Them"), kept as its word and values so that it is drawn in the reader's
/// language: the importer makes it, the façade writes it with `--locale`'s table just before
/// layout (docs/ARCHITECTURE.md, "Translations"). The message's own `text` holds its English
/// for everything else that reads it (`parse`, `--filter`).
package struct Phrase: Sendable, Hashable {
  /// The sentence, a key of the translation tables.
  package var word: Word
  /// What fills each `{key}` of the word's text.
  package var values: [String: Value]

  /// A value put into a sentence.
  package indirect enum Value: Sendable, Hashable {
    /// Text as the export gives it: a name, a title, an emoji.
    case text(String)
    /// Values listed as the language lists them ("Ana, Bo and Cy").
    case list([Value])
    /// A length of time in seconds: whole days as "3 days", else "1:05:00", in the
    /// language's digits.
    case length(Int)
    /// A whole number, in the language's digits.
    case number(Int)
    /// A word of ours ("Deleted Account"), itself translated.
    case phrase(Phrase)
    /// A count written with a counted word in the plural form of its language ("3 votes").
    case count(Word, Int)
    /// Values one per line (a poll's answers).
    case lines([Value])
  }

  package init(_ word: Word, _ values: [String: Value] = [:]) {
    self.word = word
    self.values = values
  }

  /// The sentence in English, the text a message holds.
  package var english: String { Translation.english.text(self, digits: { $0 }) }

  /// Each text value changed by `change` (names and titles, for `--redact`).
  package func mapTexts(_ change: (String) -> String) -> Phrase {
    var result = self
    result.values = values.mapValues { $0.mapTexts(change) }
    return result
  }
}

extension Phrase.Value {
  /// People by name, listed.
  package static func names(_ names: [String]) -> Phrase.Value { .list(names.map { .text($0) }) }

  fileprivate func mapTexts(_ change: (String) -> String) -> Phrase.Value {
    switch self {
    case .text(let text): return .text(change(text))
    case .list(let values): return .list(values.map { $0.mapTexts(change) })
    case .phrase(let phrase): return .phrase(phrase.mapTexts(change))
    case .lines(let values): return .lines(values.map { $0.mapTexts(change) })
    case .length, .number, .count: return self
    }
  }
}

extension Translation {
  /// `phrase` in this language; `digits` turns ASCII digits into the locale's.
  package func text(_ phrase: Phrase, digits: (String) -> String) -> String {
    var values: [(String, String)] = []
    for (key, value) in phrase.values.sorted(by: { $0.key < $1.key }) {
      values.append((key, text(value, digits: digits)))
    }
    return text(phrase.word, pairs: values)
  }

  private func text(_ value: Phrase.Value, digits: (String) -> String) -> String {
    switch value {
    // In a right-to-left sentence a name or title keeps its own direction and stays in its
    // place ("#klettern", "(Tschüss)" would be torn apart): a first-strong isolate.
    case .text(let text): return isRightToLeft ? "\u{2068}" + text + "\u{2069}" : text
    case .list(let values):
      let names = values.map { text($0, digits: digits) }
      guard names.count > 1, let last = names.last else { return names.first ?? "" }
      return text(.listAnd, ["names": names.dropLast().joined(separator: text(.listComma)), "last": last])
    case .length(let seconds) where seconds >= 86_400 && seconds % 86_400 == 0:
      return text(.days, count: seconds / 86_400, formattedCount: digits(String(seconds / 86_400)))
    case .length(let seconds): return digits(Self.clockLength(seconds))
    case .number(let number): return digits(String(number))
    case .phrase(let phrase): return text(phrase, digits: digits)
    case .count(let word, let count): return text(word, count: count, formattedCount: digits(String(count)))
    case .lines(let values): return values.map { text($0, digits: digits) }.joined(separator: "\n")
    }
  }

  /// 45 → "0:45", 312 → "5:12", 3_900 → "1:05:00".
  private static func clockLength(_ seconds: Int) -> String {
    let total = max(0, seconds)
    let (hours, minutes, rest) = (total / 3600, total / 60 % 60, total % 60)
    let tail = (rest < 10 ? ":0" : ":") + String(rest)
    if hours > 0 { return "\(hours)" + (minutes < 10 ? ":0" : ":") + "\(minutes)" + tail }
    return "\(minutes)" + tail
  }
}
