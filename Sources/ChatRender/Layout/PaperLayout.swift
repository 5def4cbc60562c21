/// Where a conversation sits on paper: the column's width and scale, its place between the
/// margins, the height of a page and the bands kept for its running header and footer, in
/// layout points.
@_spi(Pages) public struct PaperLayout: Sendable, Hashable {
  /// The theme's paper: its size, margins and column mode.
  public var paper: PageStyle
  /// The width the conversation is laid out at, in layout points.
  public var columnWidth: Double
  /// PDF points per layout point: 1 for a text-width column (the theme's sizes are points on
  /// paper); for a phone column, canvas points are CSS pixels on paper (96 per inch, as
  /// browsers print), shrunk further only when the column is wider than the paper.
  public var contentScale: Double
  /// The top-left of the column on the sheet, in PDF points (the column is centred).
  public var contentOrigin: Point
  /// The height of a page's content, in layout points, bands included.
  public var pageHeight: Double
  /// The running header's text size, in layout points (8 points on paper).
  public var decorationTextSize: Double
  /// The band at the top of every page kept for the running header, in layout points.
  public var headerBand: Double
  /// The band at the bottom of every page kept for the footer, in layout points.
  public var footerBand: Double

  /// - Parameters:
  ///   - theme: the theme whose paper, margins and canvas are laid out.
  ///   - footerLines: lines of the footer ("Page N of M", and the evidence line).
  public init(theme: Theme, footerLines: Int = 1) {
    paper = theme.page
    let textWidth = paper.width - paper.margin.horizontal
    switch paper.column {
    case .textWidth:
      columnWidth = textWidth
      contentScale = 1
    case .phone:
      columnWidth = theme.canvas.width
      contentScale = min(0.75, textWidth / theme.canvas.width)
    }
    contentOrigin = Point(
      x: paper.margin.left + (textWidth - columnWidth * contentScale) / 2,
      y: paper.margin.top)
    pageHeight = (paper.height - paper.margin.vertical) / contentScale
    decorationTextSize = 8 / contentScale
    // A line of decoration text is about 1.2 times its size; a third of a line apart.
    let line = decorationTextSize * 1.2
    headerBand = line * 1.5
    footerBand = line * (Double(max(footerLines, 1)) + 0.5)
  }

  /// The theme the conversation is laid out with: its canvas as wide as the column.
  public func columnTheme(_ theme: Theme) -> Theme {
    var theme = theme
    theme.canvas.width = columnWidth
    return theme
  }

  /// The sheet a page of content is printed on.
  public var sheet: Sheet {
    Sheet(
      size: Size(width: paper.width, height: paper.height), contentOrigin: contentOrigin,
      contentScale: contentScale)
  }
}
