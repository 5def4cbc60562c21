/// A centred date label where the day changes.
@_spi(Pages) public struct DaySeparatorStyle: Sendable, Hashable {
  /// Whether date labels are shown.
  public var show: Bool
  /// Font size in points.
  public var size: Double
  /// Colour of the label's text.
  public var textColor: Color
  /// Fill colour of the label's pill.
  public var fill: Color
  /// Corner radius of the pill in points.
  public var radius: Double
  /// Space between the pill's edge and its text, in points.
  public var padding: EdgeInsets
  /// A line inside the pill's edge; nil for none.
  public var border: BorderStyle?
  /// A shadow under the pill; nil for none.
  public var shadow: ShadowStyle?
  /// Minutes of silence after which a label with the day and time goes before a message, as
  /// Apple Messages heads a conversation; the day's own label then shows the time too. 0 for
  /// day labels alone.
  public var timeAfterMinutes: Double

  /// A date label style; lengths in points.
  public init(
    show: Bool, size: Double, textColor: Color, fill: Color, radius: Double, padding: EdgeInsets,
    border: BorderStyle? = nil, shadow: ShadowStyle? = nil, timeAfterMinutes: Double = 0
  ) {
    self.show = show
    self.size = size
    self.textColor = textColor
    self.fill = fill
    self.radius = radius
    self.padding = padding
    self.border = border
    self.shadow = shadow
    self.timeAfterMinutes = timeAfterMinutes
  }
}
