/// Text with the font it is set in. The text is plain: never parsed as markup; its inline
/// styles are `runs`, which reach Pango as attributes.
@_spi(Pages) public struct StyledText: Sendable, Hashable {
  /// The characters, drawn as they are (never parsed as markup).
  public var text: String
  /// The font of the whole text; runs may change its weight, slant or family.
  public var font: FontSpec
  /// Inline styles over ranges of `text`, in UTF-8 byte offsets (Pango's indexes).
  public var runs: [TextRun]
  /// How far the wrapped continuation of each line is indented (code keeps its shape).
  public var hangingIndent: Double
  /// Lines kept at most, the last ending in an ellipsis when text is cut; nil for all.
  public var maxLines: Int?
  /// Whether lines are centred on one another (notices, day labels) rather than aligned to
  /// the start of the paragraph's direction.
  public var isCentered: Bool

  /// Plain text in `font`, unless given runs, an indent, a line cap or centring.
  public init(
    _ text: String, font: FontSpec, runs: [TextRun] = [], hangingIndent: Double = 0,
    maxLines: Int? = nil, isCentered: Bool = false
  ) {
    self.text = text
    self.font = font
    self.runs = runs
    self.hangingIndent = hangingIndent
    self.maxLines = maxLines
    self.isCentered = isCentered
  }
}

/// An inline style over a range of a `StyledText`.
@_spi(Pages) public struct TextRun: Sendable, Hashable {
  /// UTF-8 byte offsets into the text.
  public var range: Range<Int>
  /// What the run changes.
  public var style: InlineStyle

  /// `style` over the UTF-8 byte offsets `range`.
  public init(range: Range<Int>, style: InlineStyle) {
    self.range = range
    self.style = style
  }
}

/// What a run changes about its text.
@_spi(Pages) public enum InlineStyle: Sendable, Hashable {
  case bold, italic, strikethrough, underline
  /// Set in these font families (code).
  case monospace(families: [String])
  case foreground(Color)
  case background(Color)
  /// A link to `url`: underlined (its colour is a separate foreground run).
  case link(url: String)
  /// Drawn as nothing, in its own width: no glyph, not even in a PDF's text layer (a
  /// hidden spoiler; colour emoji ignore a foreground colour).
  case hidden
}

/// A font request: families in order of preference and an absolute size.
@_spi(Pages) public struct FontSpec: Sendable, Hashable {
  /// Family names in order of preference; fontconfig falls back past them for missing
  /// characters (emoji, CJK).
  public var families: [String]
  /// Absolute size in points (pixels at scale 1); DPI never enters.
  public var size: Double
  /// Bold weight.
  public var bold: Bool
  /// Italic (or oblique) slant.
  public var italic: Bool
  /// Line height as a multiple of the font's natural one.
  public var lineSpacing: Double

  /// A regular, upright font at the natural line height unless told otherwise.
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

extension InlineStyle {
  /// Whether text in this style keeps its font: bold, italic and code change it.
  var keepsFont: Bool {
    switch self {
    case .bold, .italic, .monospace: false
    case .strikethrough, .underline, .foreground, .background, .link, .hidden: true
    }
  }
}
