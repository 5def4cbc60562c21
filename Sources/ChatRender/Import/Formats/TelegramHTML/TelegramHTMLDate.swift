/// A message's time in Telegram's HTML pages: the `title` of its `div.date`, "14.03.2024
/// 09:05:12 UTC+01:00" (the offset since Telegram Desktop 4.x; older pages have none and give
/// the exporting machine's wall clock).
enum TelegramHTMLDate {
  /// The time of the message whose body is `body`; nil when the page gives none.
  static func time(of body: HTMLElement, in page: SourceFile, location: SourceLocation) throws -> MessageTime? {
    guard let date = body.children(class: "date").first, let title = date.attributes["title"] else { return nil }
    guard let time = parse(title) else {
      throw DiagnosticError(
        .error(
          "invalid date '\(title)' (expected such as 14.03.2024 09:05:12 UTC+01:00)",
          at: page.location(line: max(date.line, 1), column: 1)))
    }
    return time
  }

  /// "14.03.2024 09:05:12 UTC+01:00" as an instant, "14.03.2024 09:05:12" as a wall clock.
  static func parse(_ title: String) -> MessageTime? {
    let parts = title.split(separator: " ")
    guard parts.count == 2 || parts.count == 3 else { return nil }
    let day = parts[0].split(separator: ".", omittingEmptySubsequences: false)
    guard day.count == 3, day.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } })
    else { return nil }
    var iso = "\(day[2])-\(day[1])-\(day[0])T\(parts[1])"
    if parts.count == 3 {
      guard parts[2].hasPrefix("UTC") else { return nil }
      let offset = parts[2].dropFirst(3)
      iso += offset.isEmpty ? "Z" : String(offset)
    }
    return ISO8601.parse(iso)
  }
}
