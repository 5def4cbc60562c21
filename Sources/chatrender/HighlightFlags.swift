@_spi(Pages) import ChatRender

/// `--highlight`, `--note`, `--crop` and `--context`, checked together.
enum HighlightFlags {
  /// The highlights the flags ask for, or nil when there are none.
  static func parse(_ settings: CommandSettings) throws(UsageError) -> Highlights? {
    let selectors = settings.highlight
    let notes = settings.note
    guard !selectors.isEmpty else {
      if !notes.isEmpty { throw UsageError(message: "--note needs --highlight", command: .render) }
      if settings.context != nil { throw UsageError(message: "--context needs --highlight", command: .render) }
      if settings.crop { throw UsageError(message: "--crop needs --highlight", command: .render) }
      return nil
    }
    guard notes.count <= selectors.count else {
      throw UsageError(
        message:
          "\(notes.count) --note for \(selectors.count) --highlight (each note goes with the highlight of the same rank)",
        command: .render)
    }
    var highlights: [Highlights.Highlight] = []
    for (rank, text) in selectors.enumerated() {
      let selector: MessageSelector
      do {
        selector = try MessageSelector(parsing: text)
      } catch {
        throw UsageError(message: "--highlight: \(error)", command: .render)
      }
      highlights.append(Highlights.Highlight(selector: selector, note: rank < notes.count ? notes[rank] : nil))
    }
    var context: Int?
    if settings.crop {
      context = settings.context ?? 2
    } else if settings.context != nil {
      throw UsageError(message: "--context needs --crop", command: .render)
    }
    return Highlights(highlights: highlights, cropContext: context)
  }
}
