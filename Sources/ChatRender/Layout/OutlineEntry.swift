/// A day's label on a page: where a bookmark of the outline leads.
@_spi(Pages) public struct OutlineEntry: Sendable, Hashable {
  /// The day the label names.
  public var day: LocalDate
  /// The top of the day's label, in layout points from the page's top.
  public var y: Double

  /// A bookmark to `day`'s label, `y` points from the page's top.
  public init(day: LocalDate, y: Double) {
    self.day = day
    self.y = y
  }
}
