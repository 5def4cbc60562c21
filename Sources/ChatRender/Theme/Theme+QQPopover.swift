extension Theme {
  /// The QQ popover: bordered rounded cards with the arrow on top at a fixed x (near the
  /// left edge for others, near the right edge for "me").
  public static let qqPopover = Theme(
    name: "qq-popover",
    canvas: CanvasStyle(
      width: 480, background: Color(rgb: 0xF2F3F5),
      padding: EdgeInsets(top: 14, left: 14, bottom: 14, right: 14)),
    font: FontStyle(
      families: defaultFamilies, size: 14.5, lineSpacing: 1, color: Color(rgb: 0x1F2329)),
    me: BubbleStyle(
      fill: Color(rgb: 0xE1F1FF), textColor: Color(rgb: 0x1F2329), radius: 8,
      padding: EdgeInsets(top: 8, left: 12, bottom: 8, right: 12), maxWidth: 0.8,
      arrow: ArrowStyle(
        side: .top, style: .triangle, width: 14, height: 7, offset: 24, anchor: .end,
        carrier: .first),
      border: BorderStyle(width: 1, color: Color(rgb: 0x8CC4F2)),
      shadow: ShadowStyle(dx: 0, dy: 2, blur: 6, color: Color(rgb: 0x000000, alpha: 0.08))),
    them: BubbleStyle(
      fill: Color(rgb: 0xFFFFFF), textColor: Color(rgb: 0x1F2329), radius: 8,
      padding: EdgeInsets(top: 8, left: 12, bottom: 8, right: 12), maxWidth: 0.8,
      arrow: ArrowStyle(
        side: .top, style: .triangle, width: 14, height: 7, offset: 24, anchor: .start,
        carrier: .first),
      border: BorderStyle(width: 1, color: Color(rgb: 0xD0D3D9)),
      shadow: ShadowStyle(dx: 0, dy: 2, blur: 6, color: Color(rgb: 0x000000, alpha: 0.08))),
    system: BubbleStyle(
      fill: Color(rgb: 0xE4E6EA), textColor: Color(rgb: 0x646A73), radius: 10,
      padding: EdgeInsets(top: 3, left: 10, bottom: 3, right: 10), maxWidth: 0.85, arrow: .none,
      fontSize: 12),
    spacing: SpacingStyle(sameAuthor: 4, newAuthor: 14),
    names: LabelStyle(show: .auto, size: 12, color: Color(rgb: 0x8F959E), bold: false),
    timestamps: TimestampStyle(
      placement: .inside, size: 11, meColor: Color(rgb: 0x6B8FB3), themColor: Color(rgb: 0x8F959E)),
    daySeparators: DaySeparatorStyle(
      show: true, size: 12, textColor: Color(rgb: 0x8F959E), fill: Color(rgb: 0xF2F3F5, alpha: 0),
      radius: 10, padding: EdgeInsets(top: 3, left: 10, bottom: 3, right: 10)),
    avatars: AvatarStyle(show: .never, size: 32, roundness: 0.5),
    replies: ReplyStyle(barColor: Color(rgb: 0x12B7F5), textSize: 13),
    reactions: ReactionStyle(fill: Color(rgb: 0xFFFFFF), textColor: Color(rgb: 0x1F2329), size: 13),
    page: .a4,
    spotlight: .qqPopover, note: .qqPopover, formatting: .qqPopover)
}
