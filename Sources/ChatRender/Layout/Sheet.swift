/// A sheet of paper and where a page's content sits on it.
@_spi(Pages) public struct Sheet: Sendable, Hashable {
  /// In PDF points.
  public var size: Size
  /// The top-left of the content on the sheet, in PDF points.
  public var contentOrigin: Point
  /// PDF points per layout point.
  public var contentScale: Double

  /// A sheet of `size` PDF points showing the page at `contentOrigin`, scaled by `contentScale`.
  public init(size: Size, contentOrigin: Point, contentScale: Double) {
    self.size = size
    self.contentOrigin = contentOrigin
    self.contentScale = contentScale
  }
}
