/// The spotlight layers and notes of the built-in themes, each tuned to its theme's colours.
extension SpotlightStyle {
  /// WhatsApp's ink, a little stronger over the beige wallpaper.
  static let whatsapp = SpotlightStyle(color: Color(rgb: 0x0B141A), alpha: 0.5, margin: 5)
  /// Dark themes need more to look dimmed.
  static let dark = SpotlightStyle(color: Color(rgb: 0x000000), alpha: 0.62, margin: 5)
  static let imessage = SpotlightStyle(color: Color(rgb: 0x000000), alpha: 0.42, margin: 6)
  static let telegram = SpotlightStyle(color: Color(rgb: 0x1C2B18), alpha: 0.5, margin: 6)
  static let wechat = SpotlightStyle(color: Color(rgb: 0x000000), alpha: 0.45, margin: 4)
  static let qqPopover = SpotlightStyle(color: Color(rgb: 0x1F2329), alpha: 0.45, margin: 5)
  static let note = SpotlightStyle(color: Color(rgb: 0x2B2A27), alpha: 0.4, margin: 7)
  /// Light grey for paper: the dimmed text stays readable in print.
  static let print = SpotlightStyle(color: Color(rgb: 0x000000), alpha: 0.22, margin: 4)
}

extension NoteStyle {
  static let whatsapp = NoteStyle(
    fill: Color(rgb: 0xFFF4C2), text: Color(rgb: 0x111B21), fontSize: 13,
    padding: EdgeInsets(top: 7, left: 10, bottom: 7, right: 10), radius: 8, arrowWidth: 14,
    arrowHeight: 8, shadow: calloutShadow, maxWidth: 0.7)
  static let dark = NoteStyle(
    fill: Color(rgb: 0xFFE38A), text: Color(rgb: 0x1A1600), fontSize: 13,
    padding: EdgeInsets(top: 7, left: 10, bottom: 7, right: 10), radius: 8, arrowWidth: 14,
    arrowHeight: 8, shadow: ShadowStyle(dx: 1, dy: 0, blur: 10, color: Color(rgb: 0x000000, alpha: 0.6)),
    maxWidth: 0.7)
  static let imessage = NoteStyle(
    fill: Color(rgb: 0xFFFFFF), text: Color(rgb: 0x000000), fontSize: 13,
    padding: EdgeInsets(top: 8, left: 13, bottom: 8, right: 13), radius: 14, arrowWidth: 18,
    arrowHeight: 9, shadow: calloutShadow, maxWidth: 0.7)
  static let telegram = NoteStyle(
    fill: Color(rgb: 0xFFFFFF), text: Color(rgb: 0x000000), fontSize: 13,
    padding: EdgeInsets(top: 8, left: 12, bottom: 8, right: 12), radius: 12, arrowWidth: 16,
    arrowHeight: 9, shadow: calloutShadow, maxWidth: 0.7)
  static let wechat = NoteStyle(
    fill: Color(rgb: 0xFFFFFF), text: Color(rgb: 0x191919), fontSize: 13,
    padding: EdgeInsets(top: 8, left: 11, bottom: 8, right: 11), radius: 4, arrowWidth: 12,
    arrowHeight: 7, shadow: calloutShadow, maxWidth: 0.7)
  static let qqPopover = NoteStyle(
    fill: Color(rgb: 0xFFFFFF), text: Color(rgb: 0x1F2329), fontSize: 13,
    padding: EdgeInsets(top: 8, left: 12, bottom: 8, right: 12), radius: 8, arrowWidth: 14,
    arrowHeight: 8, shadow: calloutShadow, maxWidth: 0.7)
  static let note = NoteStyle(
    fill: Color(rgb: 0xFFE9A8), text: Color(rgb: 0x2B2A27), fontSize: 13.5,
    padding: EdgeInsets(top: 9, left: 13, bottom: 9, right: 13), radius: 10, arrowWidth: 16,
    arrowHeight: 9, shadow: calloutShadow, maxWidth: 0.7)
  /// White with black text; the shadow is grey, like the rest of the theme.
  static let print = NoteStyle(
    fill: Color(rgb: 0xFFFFFF), text: Color(rgb: 0x000000), fontSize: 11,
    padding: EdgeInsets(top: 6, left: 9, bottom: 6, right: 9), radius: 6, arrowWidth: 12,
    arrowHeight: 7, shadow: ShadowStyle(dx: 1, dy: 0, blur: 6, color: Color(rgb: 0x000000, alpha: 0.35)),
    maxWidth: 0.7)
}
