import Foundation

/// Everything the renderer writes in one locale: day and month labels, times, numbers and
/// words (docs/ARCHITECTURE.md, "Translations"). Formatters are made once and each label is
/// kept once made, so a chat of many messages formats each time of day and each day only
/// once. Not shared between threads: each `BlockBuilder`, `PageDecorator` and PDF outline
/// has its own.
final class LocalizedLabels {
  let locale: TextLocale
  /// The user's clock, which overrides the export's.
  private let clock: HourClock?
  private var dayLabels: [LocalDate: String] = [:]
  private var monthLabels: [LocalDate: String] = [:]
  private var shortDayLabels: [LocalDate: String] = [:]
  /// By minute of the day, for each way of choosing the clock.
  private var timeLabels: [TimeKey: String] = [:]

  private struct TimeKey: Hashable {
    var minuteOfDay: Int
    var clock: HourClock?
  }

  init(_ style: DateTextStyle) {
    locale = style.locale
    clock = style.clock
  }

  convenience init(_ locale: TextLocale) { self.init(DateTextStyle(locale: locale)) }

  // MARK: - Words

  /// `word` with each `{key}` filled in.
  func word(_ word: Word, _ values: KeyValuePairs<String, String> = [:]) -> String {
    locale.translation.text(word, values)
  }

  /// `text` with its first letter capitalised as the locale does ("edited" → "Edited").
  func capitalized(_ text: String) -> String {
    guard let first = text.first else { return text }
    return String(first).uppercased(with: locale.locale) + text.dropFirst()
  }

  /// `word` in the form for `count`, the count in the locale's digits ("23 Nachrichten").
  func count(_ word: Word, _ count: Int) -> String {
    locale.translation.text(word, count: count, formattedCount: number(count))
  }

  /// A whole number in the locale's digits and grouping ("1.234", "١٬٢٣٤").
  func number(_ value: Int) -> String {
    numberFormatter.string(from: NSNumber(value: value)) ?? String(value)
  }

  /// `text` with its ASCII digits in the locale's ("1:05" → "١:٠٥" in Arabic): lengths and
  /// other numbers we write as text, so they match the times beside them.
  func localDigits(_ text: String) -> String {
    guard text.contains(where: \.isASCII) else { return text }
    var out = ""
    for character in text {
      if let digit = character.wholeNumberValue, character.isASCII {
        out += number(digit)
      } else {
        out.append(character)
      }
    }
    return out
  }

  /// `1_234_567` → "1.2 MB", with the locale's decimal mark and units.
  func byteSize(_ bytes: Int) -> String {
    let units: [Word] = [.kilobytes, .megabytes, .gigabytes]
    guard bytes >= 1000 else { return count(.bytes, bytes) }
    var value = Double(bytes) / 1000
    var unit = 0
    while value >= 1000, unit < units.count - 1 {
      value /= 1000
      unit += 1
    }
    let size = sizeFormatter.string(from: NSNumber(value: value)) ?? String(value)
    return word(units[unit], ["size": size])
  }

  // MARK: - Dates and times

  /// "Thursday, 13 March 2025", "Donnerstag, 13. März 2025", "2025年3月13日 木曜日"; the
  /// ISO date when the date does not exist.
  func day(_ date: LocalDate) -> String {
    if let known = dayLabels[date] { return known }
    let label = date.isValid ? dayFormatter.string(from: Self.noon(of: date)) : date.iso8601
    dayLabels[date] = label
    return label
  }

  /// "Tue, 3 May 2025 14:20", "Di., 3. Mai 2025 14:20": a heading over a conversation after a
  /// silence (Apple Messages), the day short and the time on the clock `time` uses.
  func dayAndTime(_ local: LocalDateTime, sourceClock: HourClock?) -> String {
    guard let date = local.date else { return time(local, sourceClock: sourceClock) }
    return shortDay(date) + " " + time(local, sourceClock: sourceClock)
  }

  /// "Tue, 3 May 2025": the day of a heading with its time (`dayAndTime`), alone.
  func shortDay(_ date: LocalDate) -> String {
    if let known = shortDayLabels[date] { return known }
    let day = date.isValid ? shortDayFormatter.string(from: Self.noon(of: date)) : date.iso8601
    shortDayLabels[date] = day
    return day
  }

  /// "March 2025", "März 2025", "2025年3月".
  func month(_ date: LocalDate) -> String {
    let first = LocalDate(year: date.year, month: date.month, day: 1)
    if let known = monthLabels[first] { return known }
    let label = first.isValid ? monthFormatter.string(from: Self.noon(of: first)) : date.iso8601
    monthLabels[first] = label
    return label
  }

  /// "21:30", "9:30 PM", "午後9:30": the user's clock, else the export's, else the locale's.
  func time(_ local: LocalDateTime, sourceClock: HourClock?) -> String {
    let key = TimeKey(minuteOfDay: local.hour * 60 + local.minute, clock: clock ?? sourceClock)
    if let known = timeLabels[key] { return known }
    let formatter: DateFormatter
    switch key.clock {
    case nil: formatter = localeClockFormatter
    case .twentyFourHour: formatter = twentyFourHourFormatter
    case .twelveHour: formatter = twelveHourFormatter
    }
    let label = formatter.string(from: Date(timeIntervalSince1970: Double(key.minuteOfDay * 60)))
    timeLabels[key] = label
    return label
  }

  /// Midday of `date` in UTC, the zone of every formatter here: the date whatever the zone.
  private static func noon(of date: LocalDate) -> Date {
    Date(timeIntervalSince1970: Double(ISO8601.daysSinceEpoch(date)) * 86_400 + 43_200)
  }

  // MARK: - Formatters

  private lazy var dayFormatter = dateFormatter("EEEEdMMMMy")
  private lazy var monthFormatter = dateFormatter("MMMMy")
  private lazy var shortDayFormatter = dateFormatter("EEEdMMMy")
  private lazy var localeClockFormatter = dateFormatter("jmm")
  private lazy var twentyFourHourFormatter = dateFormatter("Hmm")
  private lazy var twelveHourFormatter = dateFormatter("hmma")

  /// A formatter in UTC with the locale's own order and words for `template` (ICU skeleton).
  private func dateFormatter(_ template: String) -> DateFormatter {
    let formatter = DateFormatter()
    formatter.locale = locale.locale
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.setLocalizedDateFormatFromTemplate(template)
    return formatter
  }

  private lazy var numberFormatter: NumberFormatter = {
    let formatter = NumberFormatter()
    formatter.locale = locale.locale
    formatter.numberStyle = .decimal
    return formatter
  }()

  /// One decimal at most: "1.5", "12".
  private lazy var sizeFormatter: NumberFormatter = {
    let formatter = NumberFormatter()
    formatter.locale = locale.locale
    formatter.numberStyle = .decimal
    formatter.maximumFractionDigits = 1
    formatter.roundingMode = .halfUp
    return formatter
  }()
}
