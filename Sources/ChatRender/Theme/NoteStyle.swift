/// A note bubble pointing at a highlighted message (`--note`).
@_spi(Pages) public struct NoteStyle: Sendable, Hashable {
  /// Fill colour of the note.
  public var fill: Color
  /// Colour of the note's text.
  public var textColor: Color
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
  /// A line inside the note's outline, arrow included, that no message bubble has: a note
  /// reads as an annotation, not as one more message; nil for none.
  public var border: BorderStyle?
  /// A shadow under the note; nil for none.
  public var shadow: ShadowStyle?
  /// Largest note width as a fraction of the canvas's content width (0…1].
  public var maxWidth: Double

  /// A note style; lengths in points, `maxWidth` a fraction of the content width (0…1].
  public init(
    fill: Color, textColor: Color, fontSize: Double, padding: EdgeInsets, radius: Double,
    arrowWidth: Double, arrowHeight: Double, border: BorderStyle? = nil, shadow: ShadowStyle?, maxWidth: Double
  ) {
    self.fill = fill
    self.textColor = textColor
    self.fontSize = fontSize
    self.padding = padding
    self.radius = radius
    self.arrowWidth = arrowWidth
    self.arrowHeight = arrowHeight
    self.border = border
    self.shadow = shadow
    self.maxWidth = maxWidth
  }

  /// The callout shadow: one point to the right, blurred 10 points, 30 % black.
  public static let calloutShadow = ShadowStyle(dx: 1, dy: 0, blur: 10, color: Color(rgb: 0x000000, alpha: 0.3))

  /// The paper yellow of notes: no built-in theme's bubble has it.
  public static let paperYellow = Color(rgb: 0xFFEB99)
  /// The amber line around a paper-yellow note, 3.6:1 against it.
  public static let amberBorder = BorderStyle(width: 1.5, color: Color(rgb: 0x9A7300))

  /// A paper-yellow card with an amber border and dark text.
  public static let standard = NoteStyle(
    fill: paperYellow, textColor: Color(rgb: 0x2B2500), fontSize: 13,
    padding: EdgeInsets(top: 8, left: 12, bottom: 8, right: 12), radius: 10, arrowWidth: 16,
    arrowHeight: 9, border: amberBorder, shadow: calloutShadow, maxWidth: 0.7)
}
