/// A card for a system notice with a look of its own (`SystemNotice`): WhatsApp draws its
/// end-to-end encryption notice as a pale yellow card, wider than a notice pill.
@_spi(Pages) public struct NoticeCardStyle: Sendable, Hashable {
  /// Fill colour of the card.
  public var fill: Color
  /// Colour of the card's text (and lock).
  public var textColor: Color
  /// Widest card as a fraction of the canvas's content width (0…1].
  public var maxWidth: Double

  /// A card style; `maxWidth` a fraction of the content width (0…1].
  public init(fill: Color, textColor: Color, maxWidth: Double) {
    self.fill = fill
    self.textColor = textColor
    self.maxWidth = maxWidth
  }

  /// What an `encryptionNotice` object adds to when the theme it extends has no card.
  static let standard = NoticeCardStyle(fill: Color(rgb: 0xFFEECD), textColor: Color(rgb: 0x54656F), maxWidth: 0.8)
}
