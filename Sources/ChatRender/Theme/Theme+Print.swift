extension Theme {
  /// For paper and PDF evidence: greyscale, every author named, every time shown, received
  /// bubbles outlined so both sides stay distinct when photocopied.
  public static let print = Theme(
    name: "print",
    canvas: CanvasStyle(
      width: 480, background: Color(rgb: 0xFFFFFF),
      padding: EdgeInsets(top: 12, left: 8, bottom: 12, right: 8)),
    font: FontStyle(
      families: [
        "DejaVu Sans", "Noto Sans", "Noto Sans CJK SC", "Noto Sans Arabic", "Noto Sans Hebrew",
      ],
      size: 12, lineSpacing: 1, color: Color(rgb: 0x000000)),
    me: BubbleStyle(
      fill: Color(rgb: 0xE3E3E3), textColor: Color(rgb: 0x000000), radius: 6,
      padding: EdgeInsets(top: 6, left: 9, bottom: 6, right: 9), maxWidth: 0.8,
      arrow: ArrowStyle(style: .triangle, width: 8, height: 5, offset: 12, anchor: .start)),
    them: BubbleStyle(
      fill: Color(rgb: 0xFFFFFF), textColor: Color(rgb: 0x000000), radius: 6,
      padding: EdgeInsets(top: 6, left: 9, bottom: 6, right: 9), maxWidth: 0.8,
      arrow: ArrowStyle(style: .triangle, width: 8, height: 5, offset: 12, anchor: .start),
      border: BorderStyle(width: 1, color: Color(rgb: 0x6E6E6E))),
    system: BubbleStyle(
      fill: Color(rgb: 0xFFFFFF), textColor: Color(rgb: 0x333333), radius: 4,
      padding: EdgeInsets(top: 3, left: 8, bottom: 3, right: 8), maxWidth: 0.9, arrow: .none,
      border: BorderStyle(width: 0.75, color: Color(rgb: 0x9A9A9A)), fontSize: 10.5),
    spacing: SpacingStyle(sameAuthor: 3, newAuthor: 10),
    names: LabelStyle(show: .always, size: 10.5, color: Color(rgb: 0x000000)),
    timestamps: TimestampStyle(
      placement: .inside, size: 9.5, meColor: Color(rgb: 0x404040), themColor: Color(rgb: 0x404040)),
    daySeparators: DaySeparatorStyle(
      show: true, size: 10.5, textColor: Color(rgb: 0x000000), fill: Color(rgb: 0xEDEDED), radius: 3,
      padding: EdgeInsets(top: 2, left: 8, bottom: 2, right: 8)),
    avatars: AvatarStyle(show: .never, size: 32, roundness: 0.5),
    replies: ReplyStyle(barColor: Color(rgb: 0x808080), textSize: 11),
    reactions: ReactionStyle(fill: Color(rgb: 0xFFFFFF), textColor: Color(rgb: 0x000000), size: 11),
    page: PageStyle(width: PaperSize.a4.width, height: PaperSize.a4.height, margin: EdgeInsets(all: 56.6929)),
    spotlight: .print, note: .print, formatting: .print)
}
