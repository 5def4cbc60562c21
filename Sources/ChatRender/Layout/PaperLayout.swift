/// Where a conversation sits on paper: the column's scale, its place between the margins and
/// the height of a page in layout points.
public struct PaperLayout: Sendable, Hashable {
  public var paper: PageStyle
  /// PDF points per layout point: canvas points are CSS pixels on paper (96 per inch, as
  /// browsers print), shrunk only when the column is wider than the paper.
  public var contentScale: Double
  /// The top-left of the column on the sheet, in PDF points (the column is centred).
  public var contentOrigin: Point
  /// The height of a page's content, in layout points.
  public var pageHeight: Double

  public init(theme: Theme) {
    paper = theme.page
    let textWidth = paper.width - paper.margin.horizontal
    contentScale = min(0.75, textWidth / theme.canvas.width)
    contentOrigin = Point(
      x: paper.margin.left + (textWidth - theme.canvas.width * contentScale) / 2,
      y: paper.margin.top)
    pageHeight = (paper.height - paper.margin.vertical) / contentScale
  }

  /// The sheet a page of content is printed on.
  public var sheet: Sheet {
    Sheet(
      size: Size(width: paper.width, height: paper.height), contentOrigin: contentOrigin,
      contentScale: contentScale)
  }
}
