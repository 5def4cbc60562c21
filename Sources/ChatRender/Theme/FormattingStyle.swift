/// How formatted text looks: code, links, mentions, quotes, tables and spoilers.
public struct FormattingStyle: Sendable, Hashable {
  /// Whether a spoiler's words show (tinted) or hide under a solid bar.
  public enum Spoilers: String, Sendable, Hashable, CaseIterable {
    case shown, hidden
  }

  /// Families of the monospace font of code, in order of preference.
  public var codeFamilies: [String]
  /// Behind inline code and code blocks; a translucent tint suits every bubble colour.
  public var codeBackground: Color
  public var link: Color
  public var mention: Color
  /// The bar beside a block quote.
  public var quoteBar: Color
  /// A table's grid lines and a rule's line.
  public var tableBorder: Color
  public var spoilers: Spoilers
  /// The bar over a hidden spoiler, or the tint behind a shown one.
  public var spoilerFill: Color

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
  public static let standard = FormattingStyle(
    codeFamilies: defaultCodeFamilies, codeBackground: Color(rgb: 0x000000, alpha: 0.06),
    link: Color(rgb: 0x1A73E8), mention: Color(rgb: 0x1A73E8),
    quoteBar: Color(rgb: 0x000000, alpha: 0.25), tableBorder: Color(rgb: 0x000000, alpha: 0.2),
    spoilers: .hidden, spoilerFill: Color(rgb: 0x9E9E9E))
}
