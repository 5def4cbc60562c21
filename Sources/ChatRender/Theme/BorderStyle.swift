/// A line around a bubble, drawn entirely inside its outline.
@_spi(Pages) public struct BorderStyle: Sendable, Hashable {
  /// Line width in points.
  public var width: Double
  /// Line colour.
  public var color: Color

  /// A border `width` points wide.
  public init(width: Double, color: Color) {
    self.width = width
    self.color = color
  }
}
