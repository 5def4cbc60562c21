import Foundation

/// Places every message of a transcript: bubbles, text, names, times, day separators and
/// page breaks. Pure: it measures text through a `TextMeasurer` and draws nothing.
@_spi(Pages) public struct ConversationLayout {
  /// The theme laid out with (on paper, its column-width copy).
  public let theme: Theme
  /// What wraps and measures text (a `TextEngine`, or a fixed-advance fake in tests).
  public let measurer: any TextMeasurer
  /// How pages are cut and times shown.
  public let options: LayoutOptions
  /// Where picture sizes come from (and where pictures that cannot be drawn are reported).
  public let pictures: PictureCatalog
  /// The kinds of rows a bubble may hold besides its text (`BubbleElements`): a new element
  /// is one type and one row of that table.
  var elements: [any BubbleElement.Type] = BubbleElements.standard

  /// On paper, the canvas is as wide as the paper's column (see `PaperLayout`).
  package init(
    theme: Theme, measurer: any TextMeasurer, options: LayoutOptions = LayoutOptions(),
    pictures: PictureCatalog = PictureCatalog()
  ) {
    self.theme = options.pagination == .paper ? PaperLayout(theme: theme).columnTheme(theme) : theme
    self.measurer = measurer
    self.options = options
    self.pictures = pictures
  }

  /// Lays out the whole transcript at once.
  public func layout(_ transcript: Transcript) -> LaidOutConversation {
    var iterator = pages(of: transcript)
    var pages: [LaidOutPage] = []
    while let page = iterator.next() { pages.append(page) }
    return LaidOutConversation(pages: pages)
  }

  /// Lays out one page at a time, so a long chat never needs all its pages in memory.
  public func pages(of transcript: Transcript) -> PageIterator {
    PageIterator(layout: self, transcript: transcript)
  }
}
