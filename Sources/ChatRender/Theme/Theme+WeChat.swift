extension Theme {
  /// WeChat: light grey, bright green sent bubbles, nearly square corners, a small triangle
  /// near the top of every bubble, square-ish avatars beside every bubble on both sides.
  public static let wechat = Theme(
    name: "wechat",
    canvas: CanvasStyle(
      width: 480, background: Color(rgb: 0xEDEDED),
      padding: EdgeInsets(top: 14, left: 12, bottom: 14, right: 12)),
    font: FontStyle(
      families: defaultFamilies, size: 16, lineSpacing: 1, color: Color(rgb: 0x191919)),
    me: BubbleStyle(
      fill: Color(rgb: 0x95EC69), textColor: Color(rgb: 0x191919), radius: 4,
      padding: EdgeInsets(top: 9, left: 12, bottom: 9, right: 12), maxWidth: 0.78,
      arrow: ArrowStyle(
        style: .triangle, width: 10, height: 6, offset: 20, anchor: .start, carrier: .every)),
    them: BubbleStyle(
      fill: Color(rgb: 0xFFFFFF), textColor: Color(rgb: 0x191919), radius: 4,
      padding: EdgeInsets(top: 9, left: 12, bottom: 9, right: 12), maxWidth: 0.78,
      arrow: ArrowStyle(
        style: .triangle, width: 10, height: 6, offset: 20, anchor: .start, carrier: .every)),
    system: BubbleStyle(
      fill: Color(rgb: 0xEDEDED, alpha: 0), textColor: Color(rgb: 0x9E9E9E), radius: 4,
      padding: EdgeInsets(top: 3, left: 8, bottom: 3, right: 8), maxWidth: 0.85, arrow: .none,
      fontSize: 12),
    spacing: SpacingStyle(sameAuthor: 14, newAuthor: 16),
    names: LabelStyle(show: .auto, size: 12, color: Color(rgb: 0x888888), bold: false),
    timestamps: TimestampStyle(
      placement: .none, size: 11, meColor: Color(rgb: 0x8A8A8A), themColor: Color(rgb: 0x8A8A8A)),
    daySeparators: DaySeparatorStyle(
      show: true, size: 12, textColor: Color(rgb: 0x9E9E9E), fill: Color(rgb: 0xEDEDED, alpha: 0),
      radius: 4, padding: EdgeInsets(top: 2, left: 6, bottom: 2, right: 6)),
    avatars: AvatarStyle(show: .always, size: 40, roundness: 0.1, carrier: .every),
    replies: ReplyStyle(barColor: Color(rgb: 0xC8C8C8), textSize: 13),
    reactions: ReactionStyle(fill: Color(rgb: 0xFFFFFF), textColor: Color(rgb: 0x191919), size: 13),
    page: .a4,
    spotlight: .wechat, note: .wechat, formatting: .wechat)
}
