/// The words and order of day labels and the clock of times in one language: a small table
/// of our own rather than ICU, so labels are the same on every machine and cost nothing.
@_spi(Pages) public struct DateTextLocale: Sendable, Hashable {
  /// `en`, `en_US`, `de`…
  public let identifier: String
  /// Monday first.
  let weekdays: [String]
  let months: [String]
  let order: Order
  /// The clock people of this locale read, when neither the user nor the export says.
  package let clock: HourClock

  /// How a day label is put together.
  enum Order: Sendable, Hashable {
    /// "Saturday, 1 March 2025"
    case weekdayDayMonthYear
    /// "Saturday, March 1, 2025"
    case weekdayMonthDayYear
    /// "Samstag, 1. März 2025"
    case weekdayDayDotMonthYear
    /// "samedi 1 mars 2025"
    case weekdayDayMonthYearNoComma
    /// "sábado, 1 de marzo de 2025"
    case weekdayDayDeMonthDeYear
  }

  /// English, the default: "Saturday, 1 March 2025", 24-hour times.
  public static let english = DateTextLocale(
    identifier: "en",
    weekdays: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"],
    months: [
      "January", "February", "March", "April", "May", "June", "July", "August", "September",
      "October", "November", "December",
    ],
    order: .weekdayDayMonthYear, clock: .twentyFourHour)

  /// Every locale, English (as written in Britain) first.
  public static let all: [DateTextLocale] = [
    english,
    DateTextLocale(
      identifier: "en_US", weekdays: english.weekdays, months: english.months,
      order: .weekdayMonthDayYear, clock: .twelveHour),
    DateTextLocale(
      identifier: "de",
      weekdays: ["Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag", "Sonntag"],
      months: [
        "Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September",
        "Oktober", "November", "Dezember",
      ],
      order: .weekdayDayDotMonthYear, clock: .twentyFourHour),
    DateTextLocale(
      identifier: "fr",
      weekdays: ["lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi", "dimanche"],
      months: [
        "janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre",
        "octobre", "novembre", "décembre",
      ],
      order: .weekdayDayMonthYearNoComma, clock: .twentyFourHour),
    DateTextLocale(
      identifier: "es",
      weekdays: ["lunes", "martes", "miércoles", "jueves", "viernes", "sábado", "domingo"],
      months: [
        "enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre",
        "octubre", "noviembre", "diciembre",
      ],
      order: .weekdayDayDeMonthDeYear, clock: .twentyFourHour),
    DateTextLocale(
      identifier: "pt",
      weekdays: [
        "segunda-feira", "terça-feira", "quarta-feira", "quinta-feira", "sexta-feira", "sábado",
        "domingo",
      ],
      months: [
        "janeiro", "fevereiro", "março", "abril", "maio", "junho", "julho", "agosto", "setembro",
        "outubro", "novembro", "dezembro",
      ],
      order: .weekdayDayDeMonthDeYear, clock: .twentyFourHour),
    DateTextLocale(
      identifier: "it",
      weekdays: ["lunedì", "martedì", "mercoledì", "giovedì", "venerdì", "sabato", "domenica"],
      months: [
        "gennaio", "febbraio", "marzo", "aprile", "maggio", "giugno", "luglio", "agosto",
        "settembre", "ottobre", "novembre", "dicembre",
      ],
      order: .weekdayDayMonthYearNoComma, clock: .twentyFourHour),
    DateTextLocale(
      identifier: "nl",
      weekdays: ["maandag", "dinsdag", "woensdag", "donderdag", "vrijdag", "zaterdag", "zondag"],
      months: [
        "januari", "februari", "maart", "april", "mei", "juni", "juli", "augustus", "september",
        "oktober", "november", "december",
      ],
      order: .weekdayDayMonthYearNoComma, clock: .twentyFourHour),
  ]

  /// The languages `named(_:)` knows ("en", "de", …), for messages that list them.
  public static var supportedIdentifiers: [String] { all.map(\.identifier) }

  /// The locale a POSIX or BCP 47 name means: `de_DE.UTF-8`, `de-AT`, `en_US`, `fr`. A
  /// region we have no entry for falls back to its language; `C` and `POSIX` are English.
  public static func named(_ name: String) -> DateTextLocale? {
    var base = name.split(separator: ".").first.map(String.init) ?? name
    base = base.split(separator: "@").first.map(String.init) ?? base
    base = base.replacingOccurrences(of: "-", with: "_")
    if base == "C" || base == "POSIX" { return english }
    if let exact = all.first(where: { $0.identifier.lowercased() == base.lowercased() }) { return exact }
    let language = base.split(separator: "_").first.map { $0.lowercased() } ?? ""
    return all.first { $0.identifier == language }
  }

  /// The locale the environment asks for (`LC_ALL`, then `LC_TIME`, then `LANG`), else English.
  public static func fromEnvironment(_ environment: [String: String]) -> DateTextLocale {
    for key in ["LC_ALL", "LC_TIME", "LANG"] {
      guard let value = environment[key], !value.isEmpty else { continue }
      return named(value) ?? english
    }
    return english
  }

  /// "Saturday, 1 March 2025" in this language.
  func dayLabel(weekday: Int, day: Int, month: Int, year: Int) -> String {
    let (weekdayName, monthName) = (weekdays[weekday], months[month - 1])
    switch order {
    case .weekdayDayMonthYear: return "\(weekdayName), \(day) \(monthName) \(year)"
    case .weekdayMonthDayYear: return "\(weekdayName), \(monthName) \(day), \(year)"
    case .weekdayDayDotMonthYear: return "\(weekdayName), \(day). \(monthName) \(year)"
    case .weekdayDayMonthYearNoComma: return "\(weekdayName) \(day) \(monthName) \(year)"
    case .weekdayDayDeMonthDeYear: return "\(weekdayName), \(day) de \(monthName) de \(year)"
    }
  }

  /// Locales are equal when their identifiers are.
  public static func == (lhs: DateTextLocale, rhs: DateTextLocale) -> Bool { lhs.identifier == rhs.identifier }
  /// Hashes the identifier, as `==` compares it.
  public func hash(into hasher: inout Hasher) { hasher.combine(identifier) }
}

/// How day labels and times read: a language, and a clock that overrides the export's.
@_spi(Pages) public struct DateTextStyle: Sendable, Hashable {
  /// The language of day labels (weekday and month names, their order).
  public var locale: DateTextLocale
  /// nil: the clock the export was written in, else the locale's.
  package var clock: HourClock?

  /// English with the export's own clock unless told otherwise.
  package init(locale: DateTextLocale = .english, clock: HourClock? = nil) {
    self.locale = locale
    self.clock = clock
  }

  /// `21:30` or `9:30 PM`, as chosen, else as the source wrote it, else as the locale reads.
  func time(_ local: LocalDateTime, sourceClock: HourClock?) -> String {
    switch clock ?? sourceClock ?? locale.clock {
    case .twentyFourHour: return local.shortTime
    case .twelveHour:
      let hour = local.hour % 12 == 0 ? 12 : local.hour % 12
      return "\(hour):\(LocalDateTime.twoDigits(local.minute)) \(local.hour < 12 ? "AM" : "PM")"
    }
  }
}
