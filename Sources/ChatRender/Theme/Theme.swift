/// Everything a reader sees of a rendered chat except its words.
///
/// All lengths are points (1pt = 1px at scale 1). Built-in themes are JSON files compiled
/// in (`BuiltinThemes`); a user's JSON themes are read by `ThemeLoader`.
public struct Theme: Sendable, Hashable {
  /// The theme's name: a built-in's name (such as `whatsapp`), or a JSON theme's file name
  /// without its extension.
  public var name: String
  /// The picture's width, background and padding.
  @_spi(Pages) public var canvas: CanvasStyle
  /// The message text's font.
  @_spi(Pages) public var font: FontStyle
  /// Bubbles of messages sent by "me".
  @_spi(Pages) public var me: BubbleStyle
  /// Bubbles of everyone else's messages.
  @_spi(Pages) public var them: BubbleStyle
  /// System notices.
  @_spi(Pages) public var system: BubbleStyle
  /// Vertical gaps between bubbles.
  @_spi(Pages) public var spacing: SpacingStyle
  /// Author names.
  @_spi(Pages) public var names: LabelStyle
  /// Message times.
  @_spi(Pages) public var timestamps: TimestampStyle
  /// Date labels where the day changes.
  @_spi(Pages) public var daySeparators: DaySeparatorStyle
  /// Round pictures with initials beside bubbles.
  @_spi(Pages) public var avatars: AvatarStyle
  /// The quoted message above a reply.
  @_spi(Pages) public var replies: ReplyStyle
  /// Reaction pills.
  @_spi(Pages) public var reactions: ReactionStyle
  /// Paper for PDF output.
  @_spi(Pages) public var page: PageStyle
  /// The dim layer over everything but highlighted messages.
  @_spi(Pages) public var spotlight: SpotlightStyle
  /// Notes pointing at highlighted messages.
  @_spi(Pages) public var note: NoteStyle
  /// Code, links, mentions, quotes, tables and spoilers in message text.
  @_spi(Pages) public var formatting: FormattingStyle
  /// The card of the end-to-end encryption notice; nil draws it as a notice pill.
  @_spi(Pages) public var encryptionNotice: NoticeCardStyle?
  /// The chip of a message that records a call.
  @_spi(Pages) public var calls: CallStyle

  /// A theme from every style; spotlight, note and formatting styles default to the standard ones.
  @_spi(Pages) public init(
    name: String, canvas: CanvasStyle, font: FontStyle, me: BubbleStyle, them: BubbleStyle,
    system: BubbleStyle, spacing: SpacingStyle, names: LabelStyle, timestamps: TimestampStyle,
    daySeparators: DaySeparatorStyle, avatars: AvatarStyle, replies: ReplyStyle,
    reactions: ReactionStyle, page: PageStyle, spotlight: SpotlightStyle = .standard,
    note: NoteStyle = .standard, formatting: FormattingStyle = .standard,
    encryptionNotice: NoticeCardStyle? = nil, calls: CallStyle = .standard
  ) {
    self.name = name
    self.canvas = canvas
    self.font = font
    self.me = me
    self.them = them
    self.system = system
    self.spacing = spacing
    self.names = names
    self.timestamps = timestamps
    self.daySeparators = daySeparators
    self.avatars = avatars
    self.replies = replies
    self.reactions = reactions
    self.page = page
    self.spotlight = spotlight
    self.note = note
    self.formatting = formatting
    self.encryptionNotice = encryptionNotice
    self.calls = calls
  }

  /// The bubble style for a side.
  @_spi(Pages) public func bubble(for side: MessageSide) -> BubbleStyle {
    switch side {
    case .sent: return me
    case .received: return them
    case .center: return system
    }
  }
}
