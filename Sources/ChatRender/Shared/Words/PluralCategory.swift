/// The form a word takes for a count, as CLDR names them ("1 message", "2 messages"; Polish
/// "2 wiadomości" is `few`, "5 wiadomości" `many`). A language uses some of them; `other`
/// is in every language.
enum PluralCategory: String, Sendable, CaseIterable {
  case zero, one, two, few, many, other

  /// The category of the whole number `count` in `language` ("de", "zh-Hans"), by CLDR's
  /// cardinal rules for integers (unicode.org/cldr/charts/latest/supplemental/
  /// language_plural_rules.html). A language not listed counts as English does.
  static func of(_ count: Int, language: String) -> PluralCategory {
    let n = count.magnitude
    let base = language.split(separator: "-").first.map(String.init) ?? language
    switch base {
    case "ja", "ko", "zh", "th": return .other
    case "fr": return n <= 1 ? .one : millions(n)
    case "pt": return n <= 1 ? .one : millions(n)
    case "es", "it": return n == 1 ? .one : millions(n)
    case "hi", "fa": return n <= 1 ? .one : .other
    case "he": return n == 1 ? .one : n == 2 ? .two : .other
    case "ru": return slavic(n, oneEndsInOne: true)
    case "pl": return n == 1 ? .one : slavic(n, oneEndsInOne: false)
    case "ar": return arabic(n)
    default: return n == 1 ? .one : .other
    }
  }

  /// The categories a language's counts fall in, in the order above: what its table gives.
  static func used(by language: String) -> [PluralCategory] {
    let samples = Array(0...1_000) + [1_000_000, 2_000_000]
    let found = Set(samples.map { of($0, language: language) })
    return allCases.filter(found.contains)
  }

  /// French, Spanish, Italian, Portuguese: "1 000 000 de messages" takes its own form.
  private static func millions(_ n: UInt) -> PluralCategory {
    n != 0 && n % 1_000_000 == 0 ? .many : .other
  }

  /// Russian and Polish: 2–4 (not 12–14) `few`, 1 (not 11) in Russian `one`, the rest `many`.
  private static func slavic(_ n: UInt, oneEndsInOne: Bool) -> PluralCategory {
    let (units, tens) = (n % 10, n % 100)
    if oneEndsInOne, units == 1, tens != 11 { return .one }
    if (2...4).contains(units), !(12...14).contains(tens) { return .few }
    return .many
  }

  /// Arabic: 0, 1 and 2 have their own forms; 3–10 `few`, 11–99 `many` (by the last two digits).
  private static func arabic(_ n: UInt) -> PluralCategory {
    switch n {
    case 0: return .zero
    case 1: return .one
    case 2: return .two
    default:
      let tens = n % 100
      if (3...10).contains(tens) { return .few }
      if (11...99).contains(tens) { return .many }
      return .other
    }
  }
}
