/// How formatted text looks: code, links, mentions, quotes, tables and spoilers.
@_spi(Pages) public struct FormattingStyle: Sendable, Hashable {
  /// Whether a spoiler's words show (tinted) or hide under a solid bar.
  public enum Spoilers: String, Sendable, Hashable, CaseIterable {
    /// `shown`: the words show on a tint; `hidden`: a solid bar covers them.
    case shown, hidden
  }

  /// Families of the monospace font of code, in order of preference.
  public var codeFamilies: [String]
  /// Behind inline code and code blocks; a translucent tint suits every bubble colour.
  public var codeBackground: Color
  /// Colour of links.
  public var link: Color
  /// Colour of @mentions.
  public var mention: Color
  /// The bar beside a block quote.
  public var quoteBar: Color
  /// A table's grid lines and a rule's line.
  public var tableBorder: Color
  /// Whether spoilers show their words or hide them; built-in themes hide them except `print`.
  public var spoilers: Spoilers
  /// The bar over a hidden spoiler, or the tint behind a shown one.
  public var spoilerFill: Color

  /// A formatting style from every colour; `codeFamilies` in order of preference.
  public init(
    codeFamilies: [String], codeBackground: Color, link: Color, mention: Color, quoteBar: Color,
    tableBorder: Color, spoilers: Spoilers, spoilerFill: Color
  ) {
    self.codeFamilies = codeFamilies
    self.codeBackground = codeBackground
    self.link = link
    self.mention = mention
    self.quoteBar = quoteBar
    self.tableBorder = tableBorder
    self.spoilers = spoilers
    self.spoilerFill = spoilerFill
  }

  /// The monospace families every built-in theme asks for.
  public static let defaultCodeFamilies = ["DejaVu Sans Mono", "Noto Sans Mono", "monospace"]

  /// A neutral look on light bubbles (the default theme's).
  public static let standard = light(link: 0x1A73E8, quoteBar: Color(rgb: 0x000000, alpha: 0.25))

  /// Light bubbles: a faint dark tint behind code, links and mentions in the app's colour.
  static func light(
    link: UInt32, mention: UInt32? = nil, quoteBar: Color, spoilers: Spoilers = .hidden,
    spoilerFill: UInt32 = 0x9E9E9E
  ) -> FormattingStyle {
    FormattingStyle(
      codeFamilies: defaultCodeFamilies, codeBackground: Color(rgb: 0x000000, alpha: 0.06),
      link: Color(rgb: link), mention: Color(rgb: mention ?? link), quoteBar: quoteBar,
      tableBorder: Color(rgb: 0x000000, alpha: 0.2), spoilers: spoilers,
      spoilerFill: Color(rgb: spoilerFill))
  }
}
