import Foundation

/// The locale of everything the renderer writes: its words, from the translation table of
/// the locale's language (`Translation`), and its dates, times and numbers, in Foundation's
/// (ICU's) formats for the locale, so any locale ICU knows is written as its readers expect
/// (docs/ARCHITECTURE.md, "Translations").
@_spi(Pages) public struct TextLocale: Sendable, Hashable {
  /// The locale as ICU names it: "de_DE", "ja_JP", "zh_Hant_TW".
  public let identifier: String
  /// Foundation's locale, for the formatters.
  let locale: Locale
  /// The words, in the locale's language (English when it has no table).
  package let translation: Translation
  /// The clock people of this locale read, when neither the user nor the export says.
  package let clock: HourClock

  private init(_ locale: Locale, translation: Translation) {
    self.locale = locale
    identifier = locale.identifier(.icu)
    self.translation = translation
    let hours = DateFormatter.dateFormat(fromTemplate: "j", options: 0, locale: locale) ?? "HH"
    clock = hours.contains("h") || hours.contains("K") ? .twelveHour : .twentyFourHour
  }

  /// Whether a document in this locale reads right to left (Arabic, Hebrew, Persian): its
  /// page furniture is mirrored.
  public var isRightToLeft: Bool { translation.isRightToLeft }

  /// Whether the locale's language has a table of words (else they are English).
  package var isTranslated: Bool { translation.language == Self.tableLanguage(of: locale) }

  /// The default: English with the day before the month and a 24-hour clock ("Thursday,
  /// 13 March 2025", "21:30"), ICU's English for Europe (`en_150`).
  public static let standard = TextLocale(Locale(identifier: "en_150"), translation: .english)

  /// The locale a POSIX or BCP 47 name means: `de_DE.UTF-8`, `de-AT`, `ja_JP`, `zh_TW`,
  /// `fr`; `C` and `POSIX` are the standard locale. Nil when ICU knows no such language or
  /// region (`xx_YY`).
  public static func named(_ name: String) -> TextLocale? {
    var base = name.split(separator: ".").first.map(String.init) ?? name
    base = base.split(separator: "@").first.map(String.init) ?? base
    if base == "C" || base == "POSIX" { return standard }
    let locale = Locale(identifier: base)
    guard let language = locale.language.languageCode?.identifier, knownLanguages.contains(language) else {
      return nil
    }
    if let region = locale.region, !region.isISORegion || region.identifier == "ZZ" { return nil }
    let translation = Translation.named(tableLanguage(of: locale)) ?? .english
    return TextLocale(locale, translation: translation)
  }

  /// The languages of the translation tables ("ar", "de", …, "zh-Hant"), for messages and
  /// completions that list them.
  public static var translatedLanguages: [String] { Translation.languages }

  /// The locale the environment asks for: the first of `LC_ALL`, `LC_MESSAGES`, `LC_TIME`
  /// and `LANG` that is set, else the standard locale. `ignored` names a variable whose
  /// value is no locale ICU knows (the standard locale is used then).
  package static func fromEnvironment(
    _ environment: [String: String]
  ) -> (locale: TextLocale, ignored: (variable: String, value: String)?) {
    for key in ["LC_ALL", "LC_MESSAGES", "LC_TIME", "LANG"] {
      guard let value = environment[key], !value.isEmpty else { continue }
      guard let locale = named(value) else { return (standard, (key, value)) }
      return (locale, nil)
    }
    return (standard, nil)
  }

  /// The table a locale's words come from: its language, and for Chinese its script
  /// ("zh-Hant" for zh_TW and zh_HK, "zh-Hans" otherwise).
  private static func tableLanguage(of locale: Locale) -> String {
    let language = locale.language.languageCode?.identifier ?? "en"
    guard language == "zh" else { return language }
    return locale.language.script?.identifier == "Hant" ? "zh-Hant" : "zh-Hans"
  }

  /// Every language ICU has formats for.
  private static let knownLanguages: Set<String> = Set(
    Locale.availableIdentifiers.compactMap { Locale(identifier: $0).language.languageCode?.identifier })

  /// Locales are equal when their identifiers are.
  public static func == (lhs: TextLocale, rhs: TextLocale) -> Bool { lhs.identifier == rhs.identifier }
  /// Hashes the identifier, as `==` compares it.
  public func hash(into hasher: inout Hasher) { hasher.combine(identifier) }
}
