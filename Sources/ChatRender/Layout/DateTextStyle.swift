/// How the renderer's words, dates and times read: a locale, and a clock that overrides the
/// export's.
@_spi(Pages) public struct DateTextStyle: Sendable, Hashable {
  /// The locale of the words, dates, times and numbers.
  public var locale: TextLocale
  /// nil: the clock the export was written in, else the locale's.
  package var clock: HourClock?

  /// The standard locale with the export's own clock unless told otherwise.
  package init(locale: TextLocale = .standard, clock: HourClock? = nil) {
    self.locale = locale
    self.clock = clock
  }
}
