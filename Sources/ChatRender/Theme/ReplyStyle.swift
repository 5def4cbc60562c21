/// The quoted message above a reply.
@_spi(Pages) public struct ReplyStyle: Sendable, Hashable {
  /// How a reply shows what it quotes.
  public enum Style: String, Sendable, Hashable, CaseIterable {
    /// A tinted box inside the reply's bubble, a bar in the quoted author's colour
    /// (WhatsApp, Telegram).
    case box
    /// One line over the message: a thin line from above the avatar curving right into the
    /// quoted author's name and a faded line of what they said (Discord).
    case spine
    /// The original as a faded bubble above the reply, joined to it by a curved line
    /// (iMessage).
    case thread
  }

  /// Colour of the quote's bar when names have no colours of their own (`LabelStyle.colors` empty).
  public var barColor: Color
  /// Font size of the quoted text in points.
  public var textSize: Double
  /// How the quote is drawn; `.box` by default.
  public var style: Style
  /// Colour of the line of a `spine` or `thread`.
  public var lineColor: Color
  /// Width of that line in points.
  public var lineWidth: Double

  /// A reply style; `textSize` and `lineWidth` are in points.
  public init(
    barColor: Color, textSize: Double, style: Style = .box, lineColor: Color = Color(rgb: 0xC4C9CE),
    lineWidth: Double = 2
  ) {
    self.barColor = barColor
    self.textSize = textSize
    self.style = style
    self.lineColor = lineColor
    self.lineWidth = lineWidth
  }
}
