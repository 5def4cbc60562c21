/// The message text's font.
@_spi(Pages) public struct FontStyle: Sendable, Hashable {
  /// Family names in order of preference; fontconfig falls back for missing glyphs (emoji).
  public var families: [String]
  /// Absolute size in points (pixels at scale 1).
  public var size: Double
  /// Line height as a multiple of the font's natural line height.
  public var lineSpacing: Double
  /// Default text colour (bubbles set their own).
  public var color: Color

  /// A font of `size` points; `lineSpacing` 1 (the default) keeps the font's own line height.
  public init(families: [String], size: Double, lineSpacing: Double = 1, color: Color) {
    self.families = families
    self.size = size
    self.lineSpacing = lineSpacing
    self.color = color
  }
}
