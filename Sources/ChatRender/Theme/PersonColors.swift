/// The colours that tell the people of a chat apart: each built-in theme's name colours and
/// the avatars' palette, in one table (docs/THEMES.md, "names").
///
/// Each list has 20 colours so that a big group's people do not share one. Every colour keeps
/// a contrast of at least 3:1 (WCAG, large text) with what it is drawn on (the received
/// bubble of its theme; an avatar's white initials), and every two of a list differ by a
/// CIEDE2000 ΔE of at least 12 (the two pinks WhatsApp's old list confused differ by 11.3).
/// Colours go to people in order of first appearance, so the lists start with the colours the
/// apps use and go on in an order where each next colour is the farthest from those before
/// it: a small chat gets the most distinct ones. `PersonColorsTests` measures all of this.
enum PersonColors {
  /// WhatsApp's names on white bubbles: the app's own colours first.
  static let whatsapp = colors([
    0x1F7AEC, 0x7F66FF, 0xD3396D, 0xA67C00, 0x5E9C12, 0xEE5500, 0x008877, 0x665588, 0x0099BB, 0xAA77AA,
    0x665500, 0xAA0099, 0xEE33FF, 0x995511, 0x884444, 0x225588, 0xFF3344, 0x007700, 0x6611FF, 0xBB7766,
  ])

  /// WhatsApp's names on dark bubbles (#202C33): the app's own colours first.
  static let whatsappDark = colors([
    0x53BDEB, 0xFC9775, 0xA791FF, 0xFFD279, 0x06CF9C, 0x71EB85, 0xFF4488, 0xDDEE00, 0x88EEEE, 0xFF99DD,
    0xBB66BB, 0x229977, 0x11BB11, 0xFF5511, 0xCC9966, 0x00BBBB, 0xCCCC88, 0xCCAA11, 0x3399EE, 0xFF8822,
  ])

  /// Telegram's names on white bubbles: the app's own colours first.
  static let telegram = colors([
    0xE35B4F, 0x8E5FD4, 0x2DA44E, 0x3390EC, 0xCC4FA4, 0xAA8833, 0x006655, 0x884444, 0x885511, 0x119988,
    0xDD6600, 0x116611, 0x1166AA, 0x778833, 0x883366, 0xCC1100, 0x0099BB, 0x6611FF, 0xCC7788, 0xDD1155,
  ])

  /// Avatars of themes whose names share one colour (iMessage, WeChat…): muted colours under
  /// white initials.
  static let avatars = colors([
    0xBA68C8, 0x7986CB, 0x666600, 0xBB3333, 0x009999, 0x009944, 0xCC6622, 0xAA8800, 0xEE5588, 0x665599,
    0x1166AA, 0x2299CC, 0x993388, 0x886633, 0x994411, 0x117766, 0x778844, 0x446633, 0xAA2255, 0xDD6655,
  ])

  private static func colors(_ values: [UInt32]) -> [Color] { values.map { Color(rgb: $0) } }
}
