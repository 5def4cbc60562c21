/// Text with the font it is set in. The text is plain: never parsed as markup.
public struct StyledText: Sendable, Hashable {
  public var text: String
  public var font: FontSpec
  /// Lines kept at most, the last ending in an ellipsis when text is cut; nil for all.
  public var maxLines: Int?

  public init(_ text: String, font: FontSpec, maxLines: Int? = nil) {
    self.text = text
    self.font = font
    self.maxLines = maxLines
  }
}

/// A font request: families in order of preference and an absolute size.
public struct FontSpec: Sendable, Hashable {
  public var families: [String]
  /// Absolute size in points (pixels at scale 1); DPI never enters.
  public var size: Double
  public var bold: Bool
  public var italic: Bool
  /// Line height as a multiple of the font's natural one.
  public var lineSpacing: Double

  public init(
    families: [String], size: Double, bold: Bool = false, italic: Bool = false,
    lineSpacing: Double = 1
  ) {
    self.families = families
    self.size = size
    self.bold = bold
    self.italic = italic
    self.lineSpacing = lineSpacing
  }
}
