/// The result of layout: pages of shapes and text at fixed positions. Plain data; renderers
/// draw it and never make layout decisions.
@_spi(Pages) public struct LaidOutConversation: Sendable, Hashable {
  /// The pages in reading order: one for an image, several for a PDF or split images.
  public var pages: [LaidOutPage]

  /// A conversation of `pages`.
  public init(pages: [LaidOutPage]) { self.pages = pages }
}

/// One page (PDF) or one image (PNG, SVG), in layout points.
@_spi(Pages) public struct LaidOutPage: Sendable, Hashable {
  /// The page's size in layout points.
  public var size: Size
  /// Colour the page is filled with before its items.
  public var background: Color
  /// What the page shows, in drawing order (later items over earlier ones).
  public var items: [LayoutItem]
  /// The sheet of paper the page is printed on (PDF); nil when the page is the picture.
  public var sheet: Sheet?
  /// The days that begin on this page, for a PDF's outline.
  public var outlineEntries: [OutlineEntry]

  /// A page of `size` points filled with `background`; no items, sheet or outline entries
  /// unless given.
  public init(
    size: Size, background: Color, items: [LayoutItem] = [], sheet: Sheet? = nil,
    outlineEntries: [OutlineEntry] = []
  ) {
    self.size = size
    self.background = background
    self.items = items
    self.sheet = sheet
    self.outlineEntries = outlineEntries
  }

  /// The size of what is written: the sheet's, or the page's own.
  public var outputSize: Size { sheet?.size ?? size }
}
