extension Theme {
  /// WhatsApp's light look: beige wallpaper, pale green sent bubbles with a triangle flag on
  /// the top outer corner of the first bubble of a run, group names inside the bubbles in one
  /// colour per author, grey times inside, date pills with a faint shadow, the encryption
  /// notice on a pale yellow card.
  public static let whatsapp = Theme(
    name: "whatsapp",
    canvas: CanvasStyle(
      width: 480, background: Color(rgb: 0xEFEAE2),
      padding: EdgeInsets(top: 14, left: 16, bottom: 14, right: 16)),
    font: FontStyle(
      families: defaultFamilies, size: 14.5, lineSpacing: 1, color: Color(rgb: 0x111B21)),
    me: BubbleStyle(
      fill: Color(rgb: 0xD9FDD3), textColor: Color(rgb: 0x111B21), radius: 8,
      padding: EdgeInsets(top: 6, left: 9, bottom: 7, right: 9), maxWidth: 0.8,
      arrow: ArrowStyle(style: .triangle, width: 12, height: 8, offset: 0, anchor: .startCorner),
      shadow: ShadowStyle(dx: 0, dy: 1, blur: 0.5, color: Color(rgb: 0x0B141A, alpha: 0.13))),
    them: BubbleStyle(
      fill: Color(rgb: 0xFFFFFF), textColor: Color(rgb: 0x111B21), radius: 8,
      padding: EdgeInsets(top: 6, left: 9, bottom: 7, right: 9), maxWidth: 0.8,
      arrow: ArrowStyle(style: .triangle, width: 12, height: 8, offset: 0, anchor: .startCorner),
      shadow: ShadowStyle(dx: 0, dy: 1, blur: 0.5, color: Color(rgb: 0x0B141A, alpha: 0.13))),
    system: BubbleStyle(
      fill: Color(rgb: 0xFFFFFF), textColor: Color(rgb: 0x54656F), radius: 8,
      padding: EdgeInsets(top: 5, left: 12, bottom: 5, right: 12), maxWidth: 0.85,
      arrow: .none,
      shadow: ShadowStyle(dx: 0, dy: 1, blur: 0.5, color: Color(rgb: 0x0B141A, alpha: 0.13)),
      fontSize: 12.5),
    spacing: SpacingStyle(sameAuthor: 2, newAuthor: 12),
    names: LabelStyle(
      show: .auto, placement: .inside, size: 12.5, color: Color(rgb: 0x1F7AEC),
      colors: PersonColors.whatsapp),
    timestamps: TimestampStyle(
      placement: .inside, size: 11, meColor: Color(rgb: 0x667781),
      themColor: Color(rgb: 0x667781)),
    daySeparators: DaySeparatorStyle(
      show: true, size: 12.5, textColor: Color(rgb: 0x54656F), fill: Color(rgb: 0xFFFFFF), radius: 8,
      padding: EdgeInsets(top: 5, left: 12, bottom: 5, right: 12),
      shadow: ShadowStyle(dx: 0, dy: 1, blur: 0.5, color: Color(rgb: 0x0B141A, alpha: 0.13))),
    avatars: AvatarStyle(show: .never, size: 32, roundness: 0.5),
    replies: ReplyStyle(barColor: Color(rgb: 0x06CF9C), textSize: 13),
    reactions: ReactionStyle(fill: Color(rgb: 0xFFFFFF), textColor: Color(rgb: 0x111B21), size: 13),
    page: .a4,
    spotlight: .whatsapp, note: .whatsapp, formatting: .whatsapp,
    encryptionNotice: NoticeCardStyle(fill: Color(rgb: 0xFFEECD), textColor: Color(rgb: 0x5E5336), maxWidth: 0.8))

  /// WhatsApp's dark look: near-black wallpaper, deep green sent bubbles.
  public static let whatsappDark = Theme(
    name: "whatsapp-dark",
    canvas: CanvasStyle(
      width: 480, background: Color(rgb: 0x0B141A),
      padding: EdgeInsets(top: 14, left: 16, bottom: 14, right: 16)),
    font: FontStyle(
      families: defaultFamilies, size: 14.5, lineSpacing: 1, color: Color(rgb: 0xE9EDEF)),
    me: BubbleStyle(
      fill: Color(rgb: 0x005C4B), textColor: Color(rgb: 0xE9EDEF), radius: 8,
      padding: EdgeInsets(top: 6, left: 9, bottom: 7, right: 9), maxWidth: 0.8,
      arrow: ArrowStyle(style: .triangle, width: 12, height: 8, offset: 0, anchor: .startCorner)),
    them: BubbleStyle(
      fill: Color(rgb: 0x202C33), textColor: Color(rgb: 0xE9EDEF), radius: 8,
      padding: EdgeInsets(top: 6, left: 9, bottom: 7, right: 9), maxWidth: 0.8,
      arrow: ArrowStyle(style: .triangle, width: 12, height: 8, offset: 0, anchor: .startCorner)),
    system: BubbleStyle(
      fill: Color(rgb: 0x182229), textColor: Color(rgb: 0x8696A0), radius: 8,
      padding: EdgeInsets(top: 5, left: 12, bottom: 5, right: 12), maxWidth: 0.85,
      arrow: .none, fontSize: 12.5),
    spacing: SpacingStyle(sameAuthor: 2, newAuthor: 12),
    names: LabelStyle(
      show: .auto, placement: .inside, size: 12.5, color: Color(rgb: 0x53BDEB),
      colors: PersonColors.whatsappDark),
    timestamps: TimestampStyle(
      placement: .inside, size: 11, meColor: Color(rgb: 0xFFFFFF, alpha: 0.6),
      themColor: Color(rgb: 0x8696A0)),
    daySeparators: DaySeparatorStyle(
      show: true, size: 12.5, textColor: Color(rgb: 0x8696A0), fill: Color(rgb: 0x182229), radius: 8,
      padding: EdgeInsets(top: 5, left: 12, bottom: 5, right: 12),
      shadow: ShadowStyle(dx: 0, dy: 1, blur: 0.5, color: Color(rgb: 0x000000, alpha: 0.3))),
    avatars: AvatarStyle(show: .never, size: 32, roundness: 0.5),
    replies: ReplyStyle(barColor: Color(rgb: 0x06CF9C), textSize: 13),
    reactions: ReactionStyle(fill: Color(rgb: 0x202C33), textColor: Color(rgb: 0xE9EDEF), size: 13),
    page: .a4,
    spotlight: .dark, note: .dark, formatting: .whatsappDark,
    encryptionNotice: NoticeCardStyle(fill: Color(rgb: 0x182229), textColor: Color(rgb: 0xFFD279), maxWidth: 0.8))
}
