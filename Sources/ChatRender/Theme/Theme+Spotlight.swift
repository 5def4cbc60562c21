/// The spotlight layers and notes of the built-in themes, each tuned to its theme's colours.
///
/// Each layer's ring stands out from the dimmed page by at least 3:1 (white on the greys a
/// light wallpaper dims to where that reaches it, else the theme's ink; WhatsApp's green on
/// the dark theme's near-black). Each note is a card no bubble of its theme looks like:
/// paper yellow with an amber border (blue in the note theme, whose bubbles are yellow; grey
/// with a black border on paper).
extension SpotlightStyle {
  /// WhatsApp's ink, a little stronger over the beige wallpaper.
  static let whatsapp = SpotlightStyle(
    color: Color(rgb: 0x0B141A), alpha: 0.5, margin: 5, ring: ring(0xFFFFFF))
  /// Dark themes need more to look dimmed.
  static let dark = SpotlightStyle(color: Color(rgb: 0x000000), alpha: 0.62, margin: 5, ring: ring(0x00A884))
  static let imessage = SpotlightStyle(color: Color(rgb: 0x000000), alpha: 0.42, margin: 6, ring: ring(0x3A3A3C))
  static let telegram = SpotlightStyle(color: Color(rgb: 0x1C2B18), alpha: 0.5, margin: 6, ring: ring(0xFFFFFF))
  static let wechat = SpotlightStyle(color: Color(rgb: 0x000000), alpha: 0.45, margin: 4, ring: ring(0xFFFFFF))
  static let qqPopover = SpotlightStyle(color: Color(rgb: 0x1F2329), alpha: 0.45, margin: 5, ring: ring(0x1F2329))
  static let note = SpotlightStyle(color: Color(rgb: 0x2B2A27), alpha: 0.4, margin: 7, ring: ring(0x2B2A27))
  /// Light grey for paper: the dimmed text stays readable in print.
  static let print = SpotlightStyle(
    color: Color(rgb: 0x000000), alpha: 0.22, margin: 4, ring: ring(0x000000, width: 1.5))

  private static func ring(_ rgb: UInt32, width: Double = 2) -> BorderStyle {
    BorderStyle(width: width, color: Color(rgb: rgb))
  }
}

extension NoteStyle {
  static let whatsapp = NoteStyle(
    fill: NoteStyle.paperYellow, textColor: Color(rgb: 0x111B21), fontSize: 13,
    padding: EdgeInsets(top: 7, left: 10, bottom: 7, right: 10), radius: 8, arrowWidth: 14,
    arrowHeight: 8, border: NoteStyle.amberBorder, shadow: calloutShadow, maxWidth: 0.7)
  static let dark = NoteStyle(
    fill: Color(rgb: 0xFFE38A), textColor: Color(rgb: 0x1A1600), fontSize: 13,
    padding: EdgeInsets(top: 7, left: 10, bottom: 7, right: 10), radius: 8, arrowWidth: 14,
    arrowHeight: 8, border: NoteStyle.amberBorder,
    shadow: ShadowStyle(dx: 1, dy: 0, blur: 10, color: Color(rgb: 0x000000, alpha: 0.6)), maxWidth: 0.7)
  static let imessage = NoteStyle(
    fill: NoteStyle.paperYellow, textColor: Color(rgb: 0x000000), fontSize: 13,
    padding: EdgeInsets(top: 8, left: 13, bottom: 8, right: 13), radius: 14, arrowWidth: 18,
    arrowHeight: 9, border: NoteStyle.amberBorder, shadow: calloutShadow, maxWidth: 0.7)
  static let telegram = NoteStyle(
    fill: NoteStyle.paperYellow, textColor: Color(rgb: 0x000000), fontSize: 13,
    padding: EdgeInsets(top: 8, left: 12, bottom: 8, right: 12), radius: 12, arrowWidth: 16,
    arrowHeight: 9, border: NoteStyle.amberBorder, shadow: calloutShadow, maxWidth: 0.7)
  static let wechat = NoteStyle(
    fill: NoteStyle.paperYellow, textColor: Color(rgb: 0x191919), fontSize: 13,
    padding: EdgeInsets(top: 8, left: 11, bottom: 8, right: 11), radius: 4, arrowWidth: 12,
    arrowHeight: 7, border: NoteStyle.amberBorder, shadow: calloutShadow, maxWidth: 0.7)
  static let qqPopover = NoteStyle(
    fill: NoteStyle.paperYellow, textColor: Color(rgb: 0x1F2329), fontSize: 13,
    padding: EdgeInsets(top: 8, left: 12, bottom: 8, right: 12), radius: 8, arrowWidth: 14,
    arrowHeight: 8, border: NoteStyle.amberBorder, shadow: calloutShadow, maxWidth: 0.7)
  static let note = NoteStyle(
    fill: Color(rgb: 0xC8E1FF), textColor: Color(rgb: 0x2B2A27), fontSize: 13.5,
    padding: EdgeInsets(top: 9, left: 13, bottom: 9, right: 13), radius: 10, arrowWidth: 16,
    arrowHeight: 9, border: BorderStyle(width: 1.5, color: Color(rgb: 0x2F6FC4)), shadow: calloutShadow,
    maxWidth: 0.7)
  /// Grey with a black border and black text; the shadow is grey, like the rest of the theme.
  static let print = NoteStyle(
    fill: Color(rgb: 0xC8C8C8), textColor: Color(rgb: 0x000000), fontSize: 11,
    padding: EdgeInsets(top: 6, left: 9, bottom: 6, right: 9), radius: 6, arrowWidth: 12,
    arrowHeight: 7, border: BorderStyle(width: 1.5, color: Color(rgb: 0x000000)),
    shadow: ShadowStyle(dx: 1, dy: 0, blur: 6, color: Color(rgb: 0x000000, alpha: 0.35)), maxWidth: 0.7)
}
