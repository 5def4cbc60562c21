/// Everything a reader sees of a rendered chat except its words.
///
/// All lengths are points (1pt = 1px at scale 1). Built-in themes are static values in
/// `Theme+Builtin.swift`; JSON themes are read by `ThemeLoader`.
public struct Theme: Sendable, Hashable {
  public var name: String
  public var canvas: CanvasStyle
  public var font: FontStyle
  /// Bubbles of messages sent by "me".
  public var me: BubbleStyle
  /// Bubbles of everyone else's messages.
  public var them: BubbleStyle
  /// System notices.
  public var system: BubbleStyle
  public var spacing: SpacingStyle
  public var names: LabelStyle
  public var timestamps: TimestampStyle
  public var daySeparators: DaySeparatorStyle
  public var avatars: AvatarStyle
  public var replies: ReplyStyle
  public var reactions: ReactionStyle
  public var page: PageStyle
  /// The dim layer over everything but highlighted messages.
  public var spotlight: SpotlightStyle
  /// Notes pointing at highlighted messages.
  public var note: NoteStyle
  /// Code, links, mentions, quotes, tables and spoilers in message text.
  public var formatting: FormattingStyle

  public init(
    name: String, canvas: CanvasStyle, font: FontStyle, me: BubbleStyle, them: BubbleStyle,
    system: BubbleStyle, spacing: SpacingStyle, names: LabelStyle, timestamps: TimestampStyle,
    daySeparators: DaySeparatorStyle, avatars: AvatarStyle, replies: ReplyStyle,
    reactions: ReactionStyle, page: PageStyle, spotlight: SpotlightStyle = .standard,
    note: NoteStyle = .standard, formatting: FormattingStyle = .standard
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
  }

  /// The bubble style for a side.
  public func bubble(for side: MessageSide) -> BubbleStyle {
    switch side {
    case .sent: return me
    case .received: return them
    case .center: return system
    }
  }
}

/// The picture as a whole.
public struct CanvasStyle: Sendable, Hashable {
  /// Width of the picture in points, within `widthRange`.
  public var width: Double
  /// The widths a theme and `--width` may give, in points.
  public static let widthRange: ClosedRange<Double> = 120...10_000
  public var background: Color
  /// Space between the picture's edges and the bubbles.
  public var padding: EdgeInsets
  public var backgroundImage: BackgroundImage?

  public init(width: Double, background: Color, padding: EdgeInsets, backgroundImage: BackgroundImage? = nil) {
    self.width = width
    self.background = background
    self.padding = padding
    self.backgroundImage = backgroundImage
  }
}

/// A picture behind the conversation.
public struct BackgroundImage: Sendable, Hashable {
  public enum Mode: String, Sendable, Hashable, CaseIterable {
    /// Repeated at its natural size.
    case tile
    /// Scaled to cover the whole canvas, cropped.
    case cover
  }
  /// Path of a PNG file; relative paths are relative to the theme file.
  public var path: String
  public var mode: Mode
  /// 0…1.
  public var opacity: Double

  public init(path: String, mode: Mode, opacity: Double = 1) {
    self.path = path
    self.mode = mode
    self.opacity = opacity
  }
}

/// The message text's font.
public struct FontStyle: Sendable, Hashable {
  /// Family names in order of preference; fontconfig falls back for missing glyphs (emoji).
  public var families: [String]
  /// Absolute size in points (pixels at scale 1).
  public var size: Double
  /// Line height as a multiple of the font's natural line height.
  public var lineSpacing: Double
  /// Default text colour (bubbles set their own).
  public var color: Color

  public init(families: [String], size: Double, lineSpacing: Double = 1, color: Color) {
    self.families = families
    self.size = size
    self.lineSpacing = lineSpacing
    self.color = color
  }
}

/// One role's bubble.
public struct BubbleStyle: Sendable, Hashable {
  public var fill: Color
  public var text: Color
  /// Corner radius in points; 0 or less gives square corners.
  public var radius: Double
  /// Space between the bubble's edge and its text.
  public var padding: EdgeInsets
  /// Largest bubble width as a fraction of the canvas's content width (0…1].
  public var maxWidth: Double
  public var arrow: ArrowStyle
  public var border: BorderStyle?
  public var shadow: ShadowStyle?
  /// Font size of the text in this bubble; nil uses the theme's font size.
  public var fontSize: Double?

  public init(
    fill: Color, text: Color, radius: Double, padding: EdgeInsets, maxWidth: Double,
    arrow: ArrowStyle, border: BorderStyle? = nil, shadow: ShadowStyle? = nil, fontSize: Double? = nil
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
  }
}

/// How a bubble's arrow is drawn.
public struct ArrowStyle: Sendable, Hashable {
  public enum Side: String, Sendable, Hashable, CaseIterable {
    /// The author's side: right for "me", left for others (none for system notices).
    case auto
    case top, left, bottom, right
  }
  public enum Style: String, Sendable, Hashable, CaseIterable {
    case triangle, curved, none
  }
  /// Which bubble of a run of one author's messages carries the arrow.
  public enum Carrier: String, Sendable, Hashable, CaseIterable {
    case first, last, every
  }

  public var side: Side
  public var style: Style
  /// Base width in points.
  public var width: Double
  /// Height (how far the tip stands out) in points.
  public var height: Double
  /// Distance of the arrow's centre from `anchor`, in points.
  public var offset: Double
  public var anchor: BubbleShape.Anchor
  public var carrier: Carrier

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

  public static let none = ArrowStyle(style: .none, width: 0, height: 0, offset: 0)
}

/// A line around a bubble, drawn entirely inside its outline.
public struct BorderStyle: Sendable, Hashable {
  public var width: Double
  public var color: Color

  public init(width: Double, color: Color) {
    self.width = width
    self.color = color
  }
}

/// A blurred shadow under a bubble.
public struct ShadowStyle: Sendable, Hashable {
  public var dx: Double
  public var dy: Double
  /// Blur radius in points; 0 gives a hard shadow.
  public var blur: Double
  public var color: Color

  public init(dx: Double, dy: Double, blur: Double, color: Color) {
    self.dx = dx
    self.dy = dy
    self.blur = blur
    self.color = color
  }
}

/// Vertical gaps between bubbles.
public struct SpacingStyle: Sendable, Hashable {
  /// Between two messages of the same author.
  public var sameAuthor: Double
  /// Between messages of different authors (and around notices).
  public var newAuthor: Double

  public init(sameAuthor: Double, newAuthor: Double) {
    self.sameAuthor = sameAuthor
    self.newAuthor = newAuthor
  }
}

/// Author names on the first bubble of a run: above it, or inside it as its first line.
public struct LabelStyle: Sendable, Hashable {
  public enum Visibility: String, Sendable, Hashable, CaseIterable {
    /// Shown in chats of more than two participants.
    case auto
    case always, never
  }
  public enum Placement: String, Sendable, Hashable, CaseIterable {
    /// Over the bubble, outside it.
    case above
    /// The bubble's first line (the bubble grows to hold it).
    case inside
  }
  public var show: Visibility
  public var placement: Placement
  public var size: Double
  /// The colour of every name when `colors` is empty.
  public var color: Color
  /// Colours given to authors in order of first appearance (a stable pick by id once the
  /// list is used up); empty: `color`.
  public var colors: [Color]
  public var bold: Bool

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
public struct TimestampStyle: Sendable, Hashable {
  public enum Placement: String, Sendable, Hashable, CaseIterable {
    /// In the bubble's bottom corner, sharing the last line when there is room.
    case inside
    /// Under the bubble.
    case below
    case none
  }
  public var placement: Placement
  public var size: Double
  /// Colour inside "me" bubbles (and below them).
  public var meColor: Color
  /// Colour inside other bubbles (and below them).
  public var themColor: Color

  public init(placement: Placement, size: Double, meColor: Color, themColor: Color) {
    self.placement = placement
    self.size = size
    self.meColor = meColor
    self.themColor = themColor
  }
}

/// A centred date label where the day changes.
public struct DaySeparatorStyle: Sendable, Hashable {
  public var show: Bool
  public var size: Double
  public var text: Color
  public var fill: Color
  public var radius: Double
  public var padding: EdgeInsets
  public var border: BorderStyle?
  public var shadow: ShadowStyle?

  public init(
    show: Bool, size: Double, text: Color, fill: Color, radius: Double, padding: EdgeInsets,
    border: BorderStyle? = nil, shadow: ShadowStyle? = nil
  ) {
    self.show = show
    self.size = size
    self.text = text
    self.fill = fill
    self.radius = radius
    self.padding = padding
    self.border = border
    self.shadow = shadow
  }
}

/// Round pictures (initials) beside bubbles.
public struct AvatarStyle: Sendable, Hashable {
  public enum Visibility: String, Sendable, Hashable, CaseIterable {
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
  public var show: Visibility
  public var size: Double
  /// Corner radius as a fraction of the size (0.5 = circle).
  public var roundness: Double
  public var carrier: Carrier

  public init(show: Visibility, size: Double, roundness: Double, carrier: Carrier = .first) {
    self.show = show
    self.size = size
    self.roundness = roundness
    self.carrier = carrier
  }
}

/// The quoted message above a reply.
public struct ReplyStyle: Sendable, Hashable {
  public var barColor: Color
  public var textSize: Double

  public init(barColor: Color, textSize: Double) {
    self.barColor = barColor
    self.textSize = textSize
  }
}

/// Reaction pills on or under a bubble.
public struct ReactionStyle: Sendable, Hashable {
  public enum Placement: String, Sendable, Hashable, CaseIterable {
    /// Over the bubble's bottom edge (WhatsApp, Telegram, iMessage).
    case overlap
    /// In a row under the bubble (Discord).
    case below
  }
  public var fill: Color
  public var text: Color
  public var size: Double
  public var placement: Placement

  public init(fill: Color, text: Color, size: Double, placement: Placement = .overlap) {
    self.fill = fill
    self.text = text
    self.size = size
    self.placement = placement
  }
}

/// Paper for PDF output.
public struct PageStyle: Sendable, Hashable {
  /// Paper width and height in points (1/72 inch).
  public var width: Double
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

  public init(width: Double, height: Double, margin: EdgeInsets, column: Column = .textWidth) {
    self.width = width
    self.height = height
    self.margin = margin
    self.column = column
  }

  public static let a4 = PageStyle(
    width: PaperSize.a4.width, height: PaperSize.a4.height, margin: EdgeInsets(all: 28.3465))
  public static let letter = PageStyle(
    width: PaperSize.letter.width, height: PaperSize.letter.height, margin: EdgeInsets(all: 28.3465))
}
