extension Theme {
  /// Apple Messages: white, blue sent and grey received bubbles, a curved tail sweeping out of
  /// the bottom outer corner of the last bubble of a run, no times beside the messages but a
  /// heading with the day and time after an hour's silence, tapbacks on the top corner; in
  /// groups, an avatar level with the bottom of each run.
  public static let imessage = Theme(
    name: "imessage",
    canvas: CanvasStyle(
      width: 480, background: Color(rgb: 0xFFFFFF),
      padding: EdgeInsets(top: 14, left: 14, bottom: 14, right: 14)),
    font: FontStyle(
      families: defaultFamilies, size: 16, lineSpacing: 1, color: Color(rgb: 0x000000)),
    me: BubbleStyle(
      fill: Color(rgb: 0x0B84FE), textColor: Color(rgb: 0xFFFFFF), radius: 17,
      padding: EdgeInsets(top: 7, left: 12, bottom: 7, right: 12), maxWidth: 0.75,
      arrow: ArrowStyle(
        style: .curved, width: 18, height: 7, offset: 0, anchor: .endCorner, carrier: .last),
      smsFill: Color(rgb: 0x34C759)),
    them: BubbleStyle(
      fill: Color(rgb: 0xE9E9EB), textColor: Color(rgb: 0x000000), radius: 17,
      padding: EdgeInsets(top: 7, left: 12, bottom: 7, right: 12), maxWidth: 0.75,
      arrow: ArrowStyle(
        style: .curved, width: 18, height: 7, offset: 0, anchor: .endCorner, carrier: .last)),
    system: BubbleStyle(
      fill: Color(rgb: 0xFFFFFF, alpha: 0), textColor: Color(rgb: 0x8E8E93), radius: 0,
      padding: EdgeInsets(top: 2, left: 8, bottom: 2, right: 8), maxWidth: 0.9, arrow: .none,
      fontSize: 12),
    spacing: SpacingStyle(sameAuthor: 2, newAuthor: 10),
    names: LabelStyle(show: .auto, size: 11.5, color: Color(rgb: 0x8E8E93), bold: false),
    timestamps: TimestampStyle(
      placement: .none, size: 11, meColor: Color(rgb: 0x8E8E93), themColor: Color(rgb: 0x8E8E93)),
    daySeparators: DaySeparatorStyle(
      show: true, size: 11.5, textColor: Color(rgb: 0x8E8E93), fill: Color(rgb: 0xFFFFFF, alpha: 0),
      radius: 0, padding: EdgeInsets(top: 6, left: 8, bottom: 2, right: 8), timeAfterMinutes: 60),
    avatars: AvatarStyle(show: .auto, size: 28, roundness: 0.5, carrier: .last),
    replies: ReplyStyle(barColor: Color(rgb: 0xC7C7CC), textSize: 13),
    reactions: ReactionStyle(
      fill: Color(rgb: 0xE9E9EB), textColor: Color(rgb: 0x000000), size: 13, placement: .corner),
    page: .a4,
    spotlight: .imessage, note: .imessage, formatting: .imessage)
}
