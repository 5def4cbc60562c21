/// Everything a reader sees of a rendered chat except its words.
///
/// All lengths are points (1pt = 1px at scale 1). Built-in themes are static values in
/// `Theme+Builtin.swift`; JSON themes are read by `ThemeLoader`.
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

  /// A theme from every style; spotlight, note and formatting styles default to the standard ones.
  @_spi(Pages) public init(
    name: String, canvas: CanvasStyle, font: FontStyle, me: BubbleStyle, them: BubbleStyle,
    system: BubbleStyle, spacing: SpacingStyle, names: LabelStyle, timestamps: TimestampStyle,
    daySeparators: DaySeparatorStyle, avatars: AvatarStyle, replies: ReplyStyle,
    reactions: ReactionStyle, page: PageStyle, spotlight: SpotlightStyle = .standard,
    note: NoteStyle = .standard, formatting: FormattingStyle = .standard,
    encryptionNotice: NoticeCardStyle? = nil
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

/// The picture as a whole.
@_spi(Pages) public struct CanvasStyle: Sendable, Hashable {
  /// Width of the picture in points, within `widthRange`.
  public var width: Double
  /// The widths a theme and `--width` may give, in points.
  public static let widthRange: ClosedRange<Double> = 120...10_000
  /// Colour behind everything, under `backgroundImage` if any.
  public var background: Color
  /// Space between the picture's edges and the bubbles.
  public var padding: EdgeInsets
  /// A picture drawn over `background` behind the conversation; nil for none.
  public var backgroundImage: BackgroundImage?

  /// A canvas `width` points wide (see `widthRange`) with `padding` in points.
  public init(width: Double, background: Color, padding: EdgeInsets, backgroundImage: BackgroundImage? = nil) {
    self.width = width
    self.background = background
    self.padding = padding
    self.backgroundImage = backgroundImage
  }
}

/// A picture behind the conversation.
@_spi(Pages) public struct BackgroundImage: Sendable, Hashable {
  /// How a background picture fills the canvas: tiled, or covering it.
  public enum Mode: String, Sendable, Hashable, CaseIterable {
    /// Repeated at its natural size.
    case tile
    /// Scaled to cover the whole canvas, cropped.
    case cover
  }
  /// Path of a PNG file; relative paths are relative to the theme file.
  public var path: String
  /// How the picture fills the canvas.
  public var mode: Mode
  /// 0…1.
  public var opacity: Double

  /// The picture at `path`, drawn at `opacity` (0…1, opaque by default).
  public init(path: String, mode: Mode, opacity: Double = 1) {
    self.path = path
    self.mode = mode
    self.opacity = opacity
  }
}

/// The message text's font.
@_spi(Pages) public struct FontStyle: Sendable, Hashable {
  /// Family names in order of preference; fontconfig falls back for missing glyphs (emoji).
  public var families: [String]
  /// Absolute size in points (pixels at scale 1).
  public var size: Double
  /// Line height as a multiple of the font's natural line height.
  public var lineSpacing: Double
  /// Default text colour (bubbles set their own).
  public var color: Color

  /// A font of `size` points; `lineSpacing` 1 (the default) keeps the font's own line height.
  public init(families: [String], size: Double, lineSpacing: Double = 1, color: Color) {
    self.families = families
    self.size = size
    self.lineSpacing = lineSpacing
    self.color = color
  }
}

/// One role's bubble.
@_spi(Pages) public struct BubbleStyle: Sendable, Hashable {
  /// Fill colour of the bubble.
  public var fill: Color
  /// Colour of the bubble's text.
  public var text: Color
  /// Corner radius in points; 0 or less gives square corners.
  public var radius: Double
  /// Space between the bubble's edge and its text.
  public var padding: EdgeInsets
  /// Largest bubble width as a fraction of the canvas's content width (0…1].
  public var maxWidth: Double
  /// The bubble's arrow; `ArrowStyle.none` for none.
  public var arrow: ArrowStyle
  /// A line inside the bubble's edge; nil for none.
  public var border: BorderStyle?
  /// A shadow under the bubble; nil for none.
  public var shadow: ShadowStyle?
  /// Font size of the text in this bubble; nil uses the theme's font size.
  public var fontSize: Double?
  /// Fill of a message sent as SMS or RCS rather than iMessage (Messages' green); nil fills
  /// it as any other.
  public var smsFill: Color?

  /// A bubble style; lengths in points, `maxWidth` a fraction of the content width (0…1].
  /// No border, shadow or own font size unless given.
  public init(
    fill: Color, text: Color, radius: Double, padding: EdgeInsets, maxWidth: Double,
    arrow: ArrowStyle, border: BorderStyle? = nil, shadow: ShadowStyle? = nil, fontSize: Double? = nil,
    smsFill: Color? = nil
  ) {
    self.fill = fill
    self.text = text
    self.radius = radius
    self.padding = padding
    self.maxWidth = maxWidth
    self.arrow = arrow
    self.border = border
    self.shadow = shadow
    self.fontSize = fontSize
    self.smsFill = smsFill
  }

  /// This style for a message that went by `service` ("SMS", "RCS", "iMessage"): filled with
  /// `smsFill` for SMS and RCS when the theme sets it.
  func sent(by service: String?) -> BubbleStyle {
    guard let smsFill, let service, ["sms", "rcs"].contains(service.lowercased()) else { return self }
    var style = self
    style.fill = smsFill
    return style
  }
}

/// How a bubble's arrow is drawn.
@_spi(Pages) public struct ArrowStyle: Sendable, Hashable {
  /// The side of the bubble the arrow stands on.
  public enum Side: String, Sendable, Hashable, CaseIterable {
    /// The author's side: right for "me", left for others (none for system notices).
    case auto
    /// That side of the bubble, for every author.
    case top, left, bottom, right
  }
  /// The arrow's outline: a straight triangle, a curved tail, or no arrow.
  public enum Style: String, Sendable, Hashable, CaseIterable {
    /// A straight-sided triangle, a curved tail, or no arrow.
    case triangle, curved, none
  }
  /// Which bubble of a run of one author's messages carries the arrow.
  public enum Carrier: String, Sendable, Hashable, CaseIterable {
    /// The first bubble of a run, the last, or every bubble.
    case first, last, every
  }

  /// The side of the bubble the arrow stands on; `.auto` by default.
  public var side: Side
  /// The arrow's outline; `.none` draws no arrow.
  public var style: Style
  /// Base width in points.
  public var width: Double
  /// Height (how far the tip stands out) in points.
  public var height: Double
  /// Distance of the arrow's centre from `anchor`, in points.
  public var offset: Double
  /// Where along its side the arrow lies; `.start` by default.
  public var anchor: BubbleShape.Anchor
  /// Which bubble of a run carries the arrow; `.first` by default.
  public var carrier: Carrier

  /// An arrow; `width`, `height` and `offset` are in points.
  public init(
    side: Side = .auto, style: Style, width: Double, height: Double, offset: Double,
    anchor: BubbleShape.Anchor = .start, carrier: Carrier = .first
  ) {
    self.side = side
    self.style = style
    self.width = width
    self.height = height
    self.offset = offset
    self.anchor = anchor
    self.carrier = carrier
  }

  /// No arrow.
  public static let none = ArrowStyle(style: .none, width: 0, height: 0, offset: 0)
}

/// A line around a bubble, drawn entirely inside its outline.
@_spi(Pages) public struct BorderStyle: Sendable, Hashable {
  /// Line width in points.
  public var width: Double
  /// Line colour.
  public var color: Color

  /// A border `width` points wide.
  public init(width: Double, color: Color) {
    self.width = width
    self.color = color
  }
}

/// A blurred shadow under a bubble.
@_spi(Pages) public struct ShadowStyle: Sendable, Hashable {
  /// Horizontal offset of the shadow in points; positive moves it right.
  public var dx: Double
  /// Vertical offset of the shadow in points; positive moves it down.
  public var dy: Double
  /// Blur radius in points; 0 gives a hard shadow.
  public var blur: Double
  /// Shadow colour (its alpha sets the shadow's strength).
  public var color: Color

  /// A shadow offset by (`dx`, `dy`) and blurred by `blur`, all in points.
  public init(dx: Double, dy: Double, blur: Double, color: Color) {
    self.dx = dx
    self.dy = dy
    self.blur = blur
    self.color = color
  }
}

/// Vertical gaps between bubbles.
@_spi(Pages) public struct SpacingStyle: Sendable, Hashable {
  /// Between two messages of the same author.
  public var sameAuthor: Double
  /// Between messages of different authors (and around notices).
  public var newAuthor: Double

  /// Gaps in points.
  public init(sameAuthor: Double, newAuthor: Double) {
    self.sameAuthor = sameAuthor
    self.newAuthor = newAuthor
  }
}

/// Author names on the first bubble of a run: above it, or inside it as its first line.
@_spi(Pages) public struct LabelStyle: Sendable, Hashable {
  /// When author names are shown.
  public enum Visibility: String, Sendable, Hashable, CaseIterable {
    /// Shown in chats of more than two participants.
    case auto
    /// In every chat, or in none.
    case always, never
  }
  /// Where author names are shown.
  public enum Placement: String, Sendable, Hashable, CaseIterable {
    /// Over the bubble, outside it.
    case above
    /// The bubble's first line (the bubble grows to hold it).
    case inside
  }
  /// When names are shown.
  public var show: Visibility
  /// Where names are shown; `.above` by default.
  public var placement: Placement
  /// Font size in points.
  public var size: Double
  /// The colour of every name when `colors` is empty.
  public var color: Color
  /// Colours given to authors in order of first appearance (a stable pick by id once the
  /// list is used up); empty: `color`.
  public var colors: [Color]
  /// Whether names are bold; true by default.
  public var bold: Bool

  /// A name style; `size` is in points.
  public init(
    show: Visibility, placement: Placement = .above, size: Double, color: Color,
    colors: [Color] = [], bold: Bool = true
  ) {
    self.show = show
    self.placement = placement
    self.size = size
    self.color = color
    self.colors = colors
    self.bold = bold
  }
}

/// Message times.
@_spi(Pages) public struct TimestampStyle: Sendable, Hashable {
  /// Where message times are shown.
  public enum Placement: String, Sendable, Hashable, CaseIterable {
    /// In the bubble's bottom corner, sharing the last line when there is room.
    case inside
    /// Under the bubble.
    case below
    /// Times are not shown.
    case none
  }
  /// Where times are shown; `.none` hides them.
  public var placement: Placement
  /// Font size in points.
  public var size: Double
  /// Colour inside "me" bubbles (and below them).
  public var meColor: Color
  /// Colour inside other bubbles (and below them).
  public var themColor: Color

  /// A time style; `size` is in points.
  public init(placement: Placement, size: Double, meColor: Color, themColor: Color) {
    self.placement = placement
    self.size = size
    self.meColor = meColor
    self.themColor = themColor
  }
}

/// A centred date label where the day changes.
@_spi(Pages) public struct DaySeparatorStyle: Sendable, Hashable {
  /// Whether date labels are shown.
  public var show: Bool
  /// Font size in points.
  public var size: Double
  /// Colour of the label's text.
  public var text: Color
  /// Fill colour of the label's pill.
  public var fill: Color
  /// Corner radius of the pill in points.
  public var radius: Double
  /// Space between the pill's edge and its text, in points.
  public var padding: EdgeInsets
  /// A line inside the pill's edge; nil for none.
  public var border: BorderStyle?
  /// A shadow under the pill; nil for none.
  public var shadow: ShadowStyle?
  /// Minutes of silence after which a label with the day and time goes before a message, as
  /// Apple Messages heads a conversation; the day's own label then shows the time too. 0 for
  /// day labels alone.
  public var timeAfterMinutes: Double

  /// A date label style; lengths in points.
  public init(
    show: Bool, size: Double, text: Color, fill: Color, radius: Double, padding: EdgeInsets,
    border: BorderStyle? = nil, shadow: ShadowStyle? = nil, timeAfterMinutes: Double = 0
  ) {
    self.show = show
    self.size = size
    self.text = text
    self.fill = fill
    self.radius = radius
    self.padding = padding
    self.border = border
    self.shadow = shadow
    self.timeAfterMinutes = timeAfterMinutes
  }
}

/// Round pictures (initials) beside bubbles.
@_spi(Pages) public struct AvatarStyle: Sendable, Hashable {
  /// When avatars are shown.
  public enum Visibility: String, Sendable, Hashable, CaseIterable {
    /// `auto`: beside others' messages, in chats of more than two participants; `always`:
    /// beside everyone's messages, on both sides; `never`.
    case auto, always, never
  }
  /// Which bubble of a run of one author's messages has the avatar beside it.
  public enum Carrier: String, Sendable, Hashable, CaseIterable {
    /// The first, level with its top.
    case first
    /// The last, level with its bottom.
    case last
    /// Every bubble, level with its top.
    case every
  }
  /// When avatars are shown.
  public var show: Visibility
  /// Diameter (width and height) in points.
  public var size: Double
  /// Corner radius as a fraction of the size (0.5 = circle).
  public var roundness: Double
  /// Which bubble of a run has the avatar; `.first` by default.
  public var carrier: Carrier

  /// An avatar style; `size` is in points, `roundness` a fraction of it (0.5 = circle).
  public init(show: Visibility, size: Double, roundness: Double, carrier: Carrier = .first) {
    self.show = show
    self.size = size
    self.roundness = roundness
    self.carrier = carrier
  }
}

/// The quoted message above a reply.
@_spi(Pages) public struct ReplyStyle: Sendable, Hashable {
  /// Colour of the quote's bar when names have no colours of their own (`LabelStyle.colors` empty).
  public var barColor: Color
  /// Font size of the quoted text in points.
  public var textSize: Double

  /// A reply style; `textSize` is in points.
  public init(barColor: Color, textSize: Double) {
    self.barColor = barColor
    self.textSize = textSize
  }
}

/// Reaction pills on or under a bubble.
@_spi(Pages) public struct ReactionStyle: Sendable, Hashable {
  /// Where reaction pills sit.
  public enum Placement: String, Sendable, Hashable, CaseIterable {
    /// Over the bubble's bottom edge (WhatsApp, Telegram, iMessage).
    case overlap
    /// In a row under the bubble (Discord).
    case below
    /// One tapback over the bubble's top corner on the side away from its author's edge
    /// (iMessage): the reactions' first emoji and their count.
    case corner
  }
  /// Fill colour of the pill.
  public var fill: Color
  /// Colour of the pill's emoji and count.
  public var text: Color
  /// Font size of the pill's label in points.
  public var size: Double
  /// Where the pills sit; `.overlap` by default.
  public var placement: Placement

  /// A reaction style; `size` is in points.
  public init(fill: Color, text: Color, size: Double, placement: Placement = .overlap) {
    self.fill = fill
    self.text = text
    self.size = size
    self.placement = placement
  }
}

/// Paper for PDF output.
@_spi(Pages) public struct PageStyle: Sendable, Hashable {
  /// Paper width and height in points (1/72 inch).
  public var width: Double
  /// Paper height in points (1/72 inch).
  public var height: Double
  /// Margins of the paper in points.
  public var margin: EdgeInsets
  /// How wide the conversation's column is on paper.
  public var column: Column

  /// The width of a PDF's conversation.
  public enum Column: String, Sendable, Hashable, CaseIterable {
    /// All the width between the margins, at the theme's sizes in points.
    case textWidth = "text-width"
    /// The canvas as on a phone (`canvas.width`), shrunk to 0.75 (CSS pixels on paper).
    case phone
  }

  /// Paper `width` × `height` points with `margin` in points.
  public init(width: Double, height: Double, margin: EdgeInsets, column: Column = .textWidth) {
    self.width = width
    self.height = height
    self.margin = margin
    self.column = column
  }

  /// A4 paper (210 × 297 mm) with 10 mm margins.
  public static let a4 = PageStyle(
    width: PaperSize.a4.width, height: PaperSize.a4.height, margin: EdgeInsets(all: 28.3465))
  /// US Letter paper (8.5 × 11 in) with 10 mm margins.
  public static let letter = PageStyle(
    width: PaperSize.letter.width, height: PaperSize.letter.height, margin: EdgeInsets(all: 28.3465))
}
