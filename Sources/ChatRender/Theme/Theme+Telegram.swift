extension Theme {
  /// Telegram's classic look: green wallpaper, pale green sent bubbles, a curved tail at the
  /// bottom outer corner of the last bubble of a run, group names inside the bubbles in one
  /// colour per author, avatars level with the bottom of each run, translucent service pills.
  public static let telegram = Theme(
    name: "telegram",
    canvas: CanvasStyle(
      width: 480, background: Color(rgb: 0xA8C79B),
      padding: EdgeInsets(top: 14, left: 14, bottom: 14, right: 14)),
    font: FontStyle(
      families: defaultFamilies, size: 15, lineSpacing: 1, color: Color(rgb: 0x000000)),
    me: BubbleStyle(
      fill: Color(rgb: 0xEEFFDE), textColor: Color(rgb: 0x000000), radius: 14,
      padding: EdgeInsets(top: 6, left: 10, bottom: 6, right: 10), maxWidth: 0.8,
      arrow: ArrowStyle(
        style: .curved, width: 14, height: 7, offset: 0, anchor: .endCorner, carrier: .last),
      shadow: ShadowStyle(dx: 0, dy: 1, blur: 1, color: Color(rgb: 0x10230A, alpha: 0.2))),
    them: BubbleStyle(
      fill: Color(rgb: 0xFFFFFF), textColor: Color(rgb: 0x000000), radius: 14,
      padding: EdgeInsets(top: 6, left: 10, bottom: 6, right: 10), maxWidth: 0.8,
      arrow: ArrowStyle(
        style: .curved, width: 14, height: 7, offset: 0, anchor: .endCorner, carrier: .last),
      shadow: ShadowStyle(dx: 0, dy: 1, blur: 1, color: Color(rgb: 0x10230A, alpha: 0.2))),
    system: BubbleStyle(
      fill: Color(rgb: 0x446E3E, alpha: 0.55), textColor: Color(rgb: 0xFFFFFF), radius: 12,
      padding: EdgeInsets(top: 3, left: 10, bottom: 3, right: 10), maxWidth: 0.85, arrow: .none,
      fontSize: 13),
    spacing: SpacingStyle(sameAuthor: 3, newAuthor: 10),
    names: LabelStyle(
      show: .auto, placement: .inside, size: 13, color: Color(rgb: 0x3390EC),
      colors: PersonColors.telegram),
    timestamps: TimestampStyle(
      placement: .inside, size: 11.5, meColor: Color(rgb: 0x4FAE4E),
      themColor: Color(rgb: 0xA1AAB3)),
    daySeparators: DaySeparatorStyle(
      show: true, size: 13, textColor: Color(rgb: 0xFFFFFF), fill: Color(rgb: 0x446E3E, alpha: 0.55),
      radius: 12, padding: EdgeInsets(top: 3, left: 10, bottom: 3, right: 10)),
    avatars: AvatarStyle(show: .auto, size: 34, roundness: 0.5, carrier: .last),
    replies: ReplyStyle(barColor: Color(rgb: 0x3390EC), textSize: 13),
    reactions: ReactionStyle(fill: Color(rgb: 0xE3F0D8), textColor: Color(rgb: 0x1B5E20), size: 13),
    page: .a4,
    spotlight: .telegram, note: .telegram, formatting: .telegram)
}
