extension Theme {
  /// Notes on a desk: white and pale yellow cards with a top arrow and a soft shadow, times
  /// under the cards.
  public static let note = Theme(
    name: "note",
    canvas: CanvasStyle(
      width: 480, background: Color(rgb: 0xF3F0E8),
      padding: EdgeInsets(top: 18, left: 18, bottom: 18, right: 18)),
    font: FontStyle(
      families: defaultFamilies, size: 15, lineSpacing: 1, color: Color(rgb: 0x2B2A27)),
    me: BubbleStyle(
      fill: Color(rgb: 0xFFF6C9), textColor: Color(rgb: 0x2B2A27), radius: 10,
      padding: EdgeInsets(top: 10, left: 14, bottom: 10, right: 14), maxWidth: 0.82,
      arrow: ArrowStyle(
        side: .top, style: .triangle, width: 16, height: 8, offset: 26, anchor: .end,
        carrier: .first),
      shadow: ShadowStyle(dx: 0, dy: 3, blur: 10, color: Color(rgb: 0x3C3014, alpha: 0.16))),
    them: BubbleStyle(
      fill: Color(rgb: 0xFFFFFF), textColor: Color(rgb: 0x2B2A27), radius: 10,
      padding: EdgeInsets(top: 10, left: 14, bottom: 10, right: 14), maxWidth: 0.82,
      arrow: ArrowStyle(
        side: .top, style: .triangle, width: 16, height: 8, offset: 26, anchor: .start,
        carrier: .first),
      shadow: ShadowStyle(dx: 0, dy: 3, blur: 10, color: Color(rgb: 0x3C3014, alpha: 0.16))),
    system: BubbleStyle(
      fill: Color(rgb: 0xE8E3D6), textColor: Color(rgb: 0x6E685B), radius: 12,
      padding: EdgeInsets(top: 4, left: 12, bottom: 4, right: 12), maxWidth: 0.85, arrow: .none,
      fontSize: 12.5),
    spacing: SpacingStyle(sameAuthor: 10, newAuthor: 18),
    names: LabelStyle(show: .auto, size: 12.5, color: Color(rgb: 0x8A8272)),
    timestamps: TimestampStyle(
      placement: .below, size: 11, meColor: Color(rgb: 0x9A9385), themColor: Color(rgb: 0x9A9385)),
    daySeparators: DaySeparatorStyle(
      show: true, size: 12, textColor: Color(rgb: 0x8A8272), fill: Color(rgb: 0xF3F0E8, alpha: 0),
      radius: 0, padding: EdgeInsets(top: 2, left: 8, bottom: 2, right: 8)),
    avatars: AvatarStyle(show: .never, size: 32, roundness: 0.5),
    replies: ReplyStyle(barColor: Color(rgb: 0xD9C77A), textSize: 13),
    reactions: ReactionStyle(fill: Color(rgb: 0xFFFFFF), textColor: Color(rgb: 0x2B2A27), size: 13),
    page: .a4,
    spotlight: .note, note: .note, formatting: .note)
}
