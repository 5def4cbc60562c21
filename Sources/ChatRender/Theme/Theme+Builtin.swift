extension Theme {
  /// The families every built-in theme lists: Latin, then CJK, Arabic and Hebrew; emoji come
  /// from fontconfig's fallback (naming the emoji font here makes digits take emoji glyphs).
  package static let defaultFamilies = [
    "Noto Sans", "Noto Sans CJK SC", "Noto Sans Arabic", "Noto Sans Hebrew", "DejaVu Sans",
  ]

  /// The default look: a clean light messenger with blue sent bubbles.
  public static let `default` = Theme(
    name: "default",
    canvas: CanvasStyle(
      width: 480, background: Color(rgb: 0xFFFFFF),
      padding: EdgeInsets(top: 16, left: 14, bottom: 16, right: 14)),
    font: FontStyle(families: defaultFamilies, size: 15, lineSpacing: 1, color: Color(rgb: 0x111111)),
    me: BubbleStyle(
      fill: Color(rgb: 0x2F80ED), textColor: Color(rgb: 0xFFFFFF), radius: 14,
      padding: EdgeInsets(top: 8, left: 12, bottom: 8, right: 12), maxWidth: 0.78,
      arrow: ArrowStyle(style: .triangle, width: 9, height: 6, offset: 18, anchor: .start, carrier: .first)),
    them: BubbleStyle(
      fill: Color(rgb: 0xE9E9EB), textColor: Color(rgb: 0x111111), radius: 14,
      padding: EdgeInsets(top: 8, left: 12, bottom: 8, right: 12), maxWidth: 0.78,
      arrow: ArrowStyle(style: .triangle, width: 9, height: 6, offset: 18, anchor: .start, carrier: .first)),
    system: BubbleStyle(
      fill: Color(rgb: 0xF2F3F5), textColor: Color(rgb: 0x5F6368), radius: 10,
      padding: EdgeInsets(top: 4, left: 10, bottom: 4, right: 10), maxWidth: 0.9, arrow: .none,
      fontSize: 12.5),
    spacing: SpacingStyle(sameAuthor: 3, newAuthor: 12),
    names: LabelStyle(show: .auto, size: 12, color: Color(rgb: 0x6B7280)),
    timestamps: TimestampStyle(
      placement: .inside, size: 11, meColor: Color(rgb: 0xFFFFFF, alpha: 0.78),
      themColor: Color(rgb: 0x8A8A8E)),
    daySeparators: DaySeparatorStyle(
      show: true, size: 12, textColor: Color(rgb: 0x5F6368), fill: Color(rgb: 0xF2F3F5), radius: 10,
      padding: EdgeInsets(top: 3, left: 10, bottom: 3, right: 10)),
    avatars: AvatarStyle(show: .never, size: 32, roundness: 0.5),
    replies: ReplyStyle(barColor: Color(rgb: 0x2F80ED), textSize: 13),
    reactions: ReactionStyle(fill: Color(rgb: 0xFFFFFF), textColor: Color(rgb: 0x111111), size: 13),
    page: .a4,
    formatting: .standard)
}
