import Foundation

/// How layout cuts the conversation into pages and shows times.
@_spi(Pages) public struct LayoutOptions: Sendable {
  /// How the conversation is cut into pages.
  public enum Pagination: Sendable, Hashable {
    /// One tall page (PNG, SVG), or several when it would be taller than `maxPageHeight`.
    case continuous(maxPageHeight: Double?)
    /// Pages of a fixed height in points, cut between messages.
    case pages(height: Double)
    /// Pages that fill the theme's paper between its margins (PDF), each with its sheet.
    case paper
  }

  /// How pages are cut; one tall page by default.
  public var pagination: Pagination
  /// The zone in which absolute times are shown.
  public var timeZone: TimeZone
  /// The language of day labels and the clock of times.
  public var dateText: DateTextStyle
  /// With `.paper`: what the first page's header, the running headers and the footers say
  /// (no page furniture when nil).
  public var document: DocumentSummary?
  /// The spotlight's notes by the message each goes under: the layout keeps room for each
  /// under its message, so a note covers nothing (see `NoteLabel`).
  var notes: [Int: String] = [:]
  /// What a crop left out (`SpotlightSelection.leftOut`): a mark stands in each gap.
  var leftOut: [Int: Int] = [:]

  /// One tall page in the current time zone, English day labels, no document furniture.
  package init(
    pagination: Pagination = .continuous(maxPageHeight: nil), timeZone: TimeZone = .current,
    dateText: DateTextStyle = DateTextStyle(), document: DocumentSummary? = nil
  ) {
    self.pagination = pagination
    self.timeZone = timeZone
    self.dateText = dateText
    self.document = document
  }
}
