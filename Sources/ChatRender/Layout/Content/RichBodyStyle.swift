/// What a message body is set in: the bubble's font and text colour and the theme's
/// formatting.
struct RichBodyStyle: Sendable, Hashable {
  var font: FontSpec
  var text: Color
  var formatting: FormattingStyle

  init(font: FontSpec, text: Color, formatting: FormattingStyle) {
    self.font = font
    self.text = text
    self.formatting = formatting
  }

  /// The style of a message body in `theme`'s bubble for `side`: its font (the bubble's
  /// size), its text colour, and the theme's formatting, with link and mention colours that
  /// would not read 4.5:1 on the bubble (a blue link on a blue bubble) replaced by the text
  /// colour.
  init(theme: Theme, side: MessageSide) {
    let bubble = theme.bubble(for: side)
    font = FontSpec(
      families: theme.font.families, size: bubble.fontSize ?? theme.font.size,
      lineSpacing: theme.font.lineSpacing)
    text = bubble.textColor
    var formatting = theme.formatting
    // 4.5:1, as every text of ours against what it is drawn on (issue 37).
    func readable(_ color: Color) -> Color {
      guard bubble.fill.alpha > 0.5 else { return color }
      let ground = bubble.fill.composited(over: theme.canvas.background)
      return color.contrastRatio(with: ground) < 4.5 ? bubble.textColor : color
    }
    formatting.link = readable(formatting.link)
    formatting.mention = readable(formatting.mention)
    self.formatting = formatting
  }

  /// Heading sizes as multiples of the body's, levels 1 to 6.
  static let headingScales: [Double] = [1.45, 1.3, 1.15, 1.05, 1, 0.95]

  /// Code is a little smaller than prose, as chat apps set it.
  var codeFont: FontSpec {
    FontSpec(families: formatting.codeFamilies, size: font.size * 0.9, lineSpacing: font.lineSpacing)
  }

  func headingFont(level: Int) -> FontSpec {
    let scale = Self.headingScales[min(max(level, 1), 6) - 1]
    return FontSpec(families: font.families, size: font.size * scale, bold: true, lineSpacing: font.lineSpacing)
  }

  var labelFont: FontSpec {
    FontSpec(families: font.families, size: font.size * 0.75, lineSpacing: font.lineSpacing)
  }

  /// Space between blocks (paragraph to list, code to text).
  var blockGap: Double { (font.size * 0.5).rounded() }
  /// Inside a code block's box.
  var codePadding: Double { (font.size * 0.5).rounded() }
  var codeRadius: Double { (font.size * 0.35).rounded() }
  var quoteBarWidth: Double { 3 }
  var quoteIndent: Double { (font.size * 0.8).rounded() + quoteBarWidth }
  var listIndent: Double { (font.size * 1.4).rounded() }
  /// The space between a list marker and its item's text.
  var markerGap: Double { font.size * 0.35 }
  var cellPadding: Double { (font.size * 0.35).rounded() }
  var gridLine: Double { 1 }
}
