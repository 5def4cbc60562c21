/// The quoted message above a reply.
@_spi(Pages) public struct ReplyStyle: Sendable, Hashable {
  /// Colour of the quote's bar when names have no colours of their own (`LabelStyle.colors` empty).
  public var barColor: Color
  /// Font size of the quoted text in points.
  public var textSize: Double

  /// A reply style; `textSize` is in points.
  public init(barColor: Color, textSize: Double) {
    self.barColor = barColor
    self.textSize = textSize
  }
}
