/// A note bubble pointing at a highlighted message (`--note`).
@_spi(Pages) public struct NoteStyle: Sendable, Hashable {
  /// Fill colour of the note.
  public var fill: Color
  /// Colour of the note's text.
  public var text: Color
  /// Font size of the note's text, in points.
  public var fontSize: Double
  /// Space between the note's edge and its text.
  public var padding: EdgeInsets
  /// Corner radius in points.
  public var radius: Double
  /// Width of the arrow's base, in points.
  public var arrowWidth: Double
  /// How far the arrow's tip stands out of the note, in points.
  public var arrowHeight: Double
  /// A shadow under the note; nil for none.
  public var shadow: ShadowStyle?
  /// Largest note width as a fraction of the canvas's content width (0…1].
  public var maxWidth: Double

  /// A note style; lengths in points, `maxWidth` a fraction of the content width (0…1].
  public init(
    fill: Color, text: Color, fontSize: Double, padding: EdgeInsets, radius: Double,
    arrowWidth: Double, arrowHeight: Double, shadow: ShadowStyle?, maxWidth: Double
  ) {
    self.fill = fill
    self.text = text
    self.fontSize = fontSize
    self.padding = padding
    self.radius = radius
    self.arrowWidth = arrowWidth
    self.arrowHeight = arrowHeight
    self.shadow = shadow
    self.maxWidth = maxWidth
  }

  /// The callout shadow: one point to the right, blurred 10 points, 30 % black.
  public static let calloutShadow = ShadowStyle(dx: 1, dy: 0, blur: 10, color: Color(rgb: 0x000000, alpha: 0.3))

  /// A pale yellow card with dark text.
  public static let standard = NoteStyle(
    fill: Color(rgb: 0xFFF4C2), text: Color(rgb: 0x2B2500), fontSize: 13,
    padding: EdgeInsets(top: 8, left: 12, bottom: 8, right: 12), radius: 10, arrowWidth: 16,
    arrowHeight: 9, shadow: calloutShadow, maxWidth: 0.7)
}
