/// A blurred shadow under a bubble.
@_spi(Pages) public struct ShadowStyle: Sendable, Hashable {
  /// Horizontal offset of the shadow in points; positive moves it right.
  public var dx: Double
  /// Vertical offset of the shadow in points; positive moves it down.
  public var dy: Double
  /// Blur radius in points; 0 gives a hard shadow.
  public var blur: Double
  /// Shadow colour (its alpha sets the shadow's strength).
  public var color: Color

  /// A shadow offset by (`dx`, `dy`) and blurred by `blur`, all in points.
  public init(dx: Double, dy: Double, blur: Double, color: Color) {
    self.dx = dx
    self.dy = dy
    self.blur = blur
    self.color = color
  }
}
