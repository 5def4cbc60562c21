/// The result of layout: pages of shapes and text at fixed positions. Plain data; renderers
/// draw it and never make layout decisions.
public struct LaidOutConversation: Sendable, Hashable {
  public var pages: [LaidOutPage]

  public init(pages: [LaidOutPage]) { self.pages = pages }
}

/// One page (PDF) or one image (PNG, SVG), in layout points.
public struct LaidOutPage: Sendable, Hashable {
  public var size: Size
  public var background: Color
  public var items: [LayoutItem]

  public init(size: Size, background: Color, items: [LayoutItem] = []) {
    self.size = size
    self.background = background
    self.items = items
  }
}

/// Something drawn on a page, in drawing order.
public enum LayoutItem: Sendable, Hashable {
  case bubble(BubbleItem)
  case text(TextBlock)
  case avatar(AvatarItem)
  case box(BoxItem)
}

/// A filled rectangle, with rounded corners when `radius` is above 0: a code block's
/// background, a quote's bar, a table's lines.
public struct BoxItem: Sendable, Hashable {
  public var frame: Rect
  public var radius: Double
  public var fill: Color

  public init(frame: Rect, radius: Double = 0, fill: Color) {
    self.frame = frame
    self.radius = radius
    self.fill = fill
  }
}

/// A filled outline: a message bubble, a notice or a date pill.
public struct BubbleItem: Sendable, Hashable {
  public var shape: BubbleShape
  public var fill: Color
  public var border: BorderStyle?
  public var shadow: ShadowStyle?
  /// The index of the message in the transcript; nil for date pills.
  public var messageIndex: Int?
  /// "sent", "received", "system" or "day", for dumps and debugging.
  public var role: String

  public init(
    shape: BubbleShape, fill: Color, border: BorderStyle? = nil, shadow: ShadowStyle? = nil,
    messageIndex: Int?, role: String
  ) {
    self.shape = shape
    self.fill = fill
    self.border = border
    self.shadow = shadow
    self.messageIndex = messageIndex
    self.role = role
  }
}

/// Text placed exactly as it was measured.
public struct TextBlock: Sendable, Hashable {
  /// Top-left of the text's box.
  public var origin: Point
  public var size: Size
  public var text: StyledText
  public var color: Color
  /// The width the text was wrapped at, in points.
  public var wrapWidth: Double
  public var metrics: TextMetrics
  /// For a text cut across pages: the lines shown here (all when nil).
  public var lines: Range<Int>?
  /// A label beside the conversation's text (a message's time), drawn after the page's other
  /// text: a PDF then needs no new text object and colour for every label.
  public var isAnnotation: Bool

  public init(
    origin: Point, size: Size, text: StyledText, color: Color, wrapWidth: Double,
    metrics: TextMetrics, lines: Range<Int>? = nil, isAnnotation: Bool = false
  ) {
    self.origin = origin
    self.size = size
    self.text = text
    self.color = color
    self.wrapWidth = wrapWidth
    self.metrics = metrics
    self.lines = lines
    self.isAnnotation = isAnnotation
  }

  public var frame: Rect { Rect(x: origin.x, y: origin.y, width: size.width, height: size.height) }
}

/// A round picture with initials, beside received bubbles.
public struct AvatarItem: Sendable, Hashable {
  public var frame: Rect
  public var radius: Double
  public var fill: Color
  public var initials: TextBlock

  public init(frame: Rect, radius: Double, fill: Color, initials: TextBlock) {
    self.frame = frame
    self.radius = radius
    self.fill = fill
    self.initials = initials
  }
}
