/// The avatars' palette, and the measures every theme's list of name colours keeps
/// (docs/THEMES.md, "names"; the themes' own lists are in their JSON files).
///
/// Each list has 20 colours so that a big group's people do not share one. Every colour keeps
/// a contrast of at least 3:1 (WCAG, large text) with what it is drawn on (the received
/// bubble of its theme; an avatar's white initials), and every two of a list differ by a
/// CIEDE2000 ΔE of at least 12 (the two pinks WhatsApp's old list confused differ by 11.3).
/// Colours go to people in order of first appearance, so the lists start with the colours the
/// apps use and go on in an order where each next colour is the farthest from those before
/// it: a small chat gets the most distinct ones. `PersonColorsTests` measures all of this.
enum PersonColors {
  /// Avatars of themes whose names share one colour (iMessage, WeChat…): muted colours under
  /// white initials.
  static let avatars = colors([
    0xBA68C8, 0x7986CB, 0x666600, 0xBB3333, 0x009999, 0x009944, 0xCC6622, 0xAA8800, 0xEE5588, 0x665599,
    0x1166AA, 0x2299CC, 0x993388, 0x886633, 0x994411, 0x117766, 0x778844, 0x446633, 0xAA2255, 0xDD6655,
  ])

  private static func colors(_ values: [UInt32]) -> [Color] { values.map { Color(rgb: $0) } }
}
