/// One role's bubble.
@_spi(Pages) public struct BubbleStyle: Sendable, Hashable {
  /// Fill colour of the bubble.
  public var fill: Color
  /// Colour of the bubble's text.
  public var textColor: Color
  /// Corner radius in points; 0 or less gives square corners.
  public var radius: Double
  /// Space between the bubble's edge and its text.
  public var padding: EdgeInsets
  /// Largest bubble width as a fraction of the canvas's content width (0…1].
  public var maxWidth: Double
  /// The bubble's arrow; `ArrowStyle.none` for none.
  public var arrow: ArrowStyle
  /// A line inside the bubble's edge; nil for none.
  public var border: BorderStyle?
  /// A shadow under the bubble; nil for none.
  public var shadow: ShadowStyle?
  /// Font size of the text in this bubble; nil uses the theme's font size.
  public var fontSize: Double?
  /// Fill of a message sent as SMS or RCS rather than iMessage (Messages' green); nil fills
  /// it as any other.
  public var smsFill: Color?
  /// Corner radius where the bubble faces another of the same run (the corners on its
  /// author's side between two bubbles, as Messenger draws them); nil: `radius` everywhere.
  public var groupedRadius: Double?

  /// A bubble style; lengths in points, `maxWidth` a fraction of the content width (0…1].
  /// No border, shadow or own font size unless given.
  public init(
    fill: Color, textColor: Color, radius: Double, padding: EdgeInsets, maxWidth: Double,
    arrow: ArrowStyle, border: BorderStyle? = nil, shadow: ShadowStyle? = nil, fontSize: Double? = nil,
    smsFill: Color? = nil, groupedRadius: Double? = nil
  ) {
    self.fill = fill
    self.textColor = textColor
    self.radius = radius
    self.padding = padding
    self.maxWidth = maxWidth
    self.arrow = arrow
    self.border = border
    self.shadow = shadow
    self.fontSize = fontSize
    self.smsFill = smsFill
    self.groupedRadius = groupedRadius
  }

  /// This style for a message that went by `service` ("SMS", "RCS", "iMessage"): filled with
  /// `smsFill` for SMS, MMS and RCS when the theme sets it.
  func sent(by service: String?) -> BubbleStyle {
    guard let smsFill, let service, ["sms", "mms", "rcs"].contains(service.lowercased()) else { return self }
    var style = self
    style.fill = smsFill
    return style
  }
}
