/// Paper for PDF output.
@_spi(Pages) public struct PageStyle: Sendable, Hashable {
  /// Paper width and height in points (1/72 inch).
  public var width: Double
  /// Paper height in points (1/72 inch).
  public var height: Double
  /// Margins of the paper in points.
  public var margin: EdgeInsets
  /// How wide the conversation's column is on paper.
  public var column: Column

  /// The width of a PDF's conversation.
  public enum Column: String, Sendable, Hashable, CaseIterable {
    /// All the width between the margins, at the theme's sizes in points.
    case textWidth = "text-width"
    /// The canvas as on a phone (`canvas.width`), shrunk to 0.75 (CSS pixels on paper).
    case phone
  }

  /// The paper's width and height, which theme JSON sets together (`"size": "A4"`).
  struct Sides: Sendable, Hashable {
    var width: Double
    var height: Double
  }

  /// The paper's width and height.
  var sides: Sides {
    get { Sides(width: width, height: height) }
    set { (width, height) = (newValue.width, newValue.height) }
  }

  /// Paper `width` × `height` points with `margin` in points.
  public init(width: Double, height: Double, margin: EdgeInsets, column: Column = .textWidth) {
    self.width = width
    self.height = height
    self.margin = margin
    self.column = column
  }

  /// A4 paper (210 × 297 mm) with 10 mm margins.
  public static let a4 = PageStyle(
    width: PaperSize.a4.width, height: PaperSize.a4.height, margin: EdgeInsets(all: 28.3465))
  /// US Letter paper (8.5 × 11 in) with 10 mm margins.
  public static let letter = PageStyle(
    width: PaperSize.letter.width, height: PaperSize.letter.height, margin: EdgeInsets(all: 28.3465))
}
