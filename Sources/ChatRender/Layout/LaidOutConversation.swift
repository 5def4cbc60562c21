/// The result of layout: pages of shapes and text at fixed positions. Plain data; renderers
/// draw it and never make layout decisions.
@_spi(Pages) public struct LaidOutConversation: Sendable, Hashable {
  /// The pages in reading order: one for an image, several for a PDF or split images.
  public var pages: [LaidOutPage]

  /// A conversation of `pages`.
  public init(pages: [LaidOutPage]) { self.pages = pages }
}

/// One page (PDF) or one image (PNG, SVG), in layout points.
@_spi(Pages) public struct LaidOutPage: Sendable, Hashable {
  /// The page's size in layout points.
  public var size: Size
  /// Colour the page is filled with before its items.
  public var background: Color
  /// What the page shows, in drawing order (later items over earlier ones).
  public var items: [LayoutItem]
  /// The sheet of paper the page is printed on (PDF); nil when the page is the picture.
  public var sheet: Sheet?
  /// The days that begin on this page, for a PDF's outline.
  public var outlineEntries: [OutlineEntry]

  /// A page of `size` points filled with `background`; no items, sheet or outline entries
  /// unless given.
  public init(
    size: Size, background: Color, items: [LayoutItem] = [], sheet: Sheet? = nil,
    outlineEntries: [OutlineEntry] = []
  ) {
    self.size = size
    self.background = background
    self.items = items
    self.sheet = sheet
    self.outlineEntries = outlineEntries
  }

  /// The size of what is written: the sheet's, or the page's own.
  public var outputSize: Size { sheet?.size ?? size }
}

/// A day's label on a page: where a bookmark of the outline leads.
@_spi(Pages) public struct OutlineEntry: Sendable, Hashable {
  /// The day the label names.
  public var day: LocalDate
  /// The top of the day's label, in layout points from the page's top.
  public var y: Double

  /// A bookmark to `day`'s label, `y` points from the page's top.
  public init(day: LocalDate, y: Double) {
    self.day = day
    self.y = y
  }
}

/// A sheet of paper and where a page's content sits on it.
@_spi(Pages) public struct Sheet: Sendable, Hashable {
  /// In PDF points.
  public var size: Size
  /// The top-left of the content on the sheet, in PDF points.
  public var contentOrigin: Point
  /// PDF points per layout point.
  public var contentScale: Double

  /// A sheet of `size` PDF points showing the page at `contentOrigin`, scaled by `contentScale`.
  public init(size: Size, contentOrigin: Point, contentScale: Double) {
    self.size = size
    self.contentOrigin = contentOrigin
    self.contentScale = contentScale
  }
}

/// Something drawn on a page, in drawing order.
@_spi(Pages) public enum LayoutItem: Sendable, Hashable {
  /// A message bubble, system notice or date pill, with its border and shadow.
  case bubble(BubbleItem)
  /// Text set where it was measured.
  case text(TextBlock)
  /// A round picture with initials.
  case avatar(AvatarItem)
  /// A filled rectangle: a code block's background, a quote bar, a table's rule.
  case box(BoxItem)
  /// A clickable area (PDF and SVG) over text already drawn.
  case link(LinkItem)
  /// A small labelled shape drawn over bubbles: a reaction, a BOT badge, a time on a picture.
  case badge(BadgeItem)
  /// A photo or sticker, scaled into its frame and clipped to its rounded corners.
  case picture(PictureItem)
  /// A translucent layer over the page with holes (a spotlight): drawn over everything
  /// before it, under everything after it.
  case dim(DimItem)
}

/// A picture from an attachment, drawn into `frame`.
@_spi(Pages) public struct PictureItem: Sendable, Hashable {
  /// Where the picture is drawn, in layout points.
  public var frame: Rect
  /// The corner radius it is clipped to.
  public var radius: Double
  /// Where the picture's bytes are.
  public var source: AttachmentSource
  /// The picture's own size, in pixels.
  public var pixelSize: PixelSize
  /// The file name, for warnings.
  public var name: String?
  /// Whether the picture covers its frame, cut to its middle (a thumbnail), rather than
  /// filling a frame of its own shape.
  public var covers: Bool
  /// The message the picture stands for when it is drawn without a bubble (a sticker), so a
  /// spotlight can show it; nil for a picture inside a bubble.
  public var messageIndex: Int?
  /// `--redact-pictures blur`: drawn from a few pixels of it, beyond recognition.
  public var isBlurred: Bool

  /// A picture of `pixelSize` pixels from `source`, drawn into `frame` (points) with corners of
  /// `radius` points; `covers` crops it to fill the frame; `isBlurred` blurs it.
  public init(
    frame: Rect, radius: Double, source: AttachmentSource, pixelSize: PixelSize, name: String? = nil,
    covers: Bool = false, messageIndex: Int? = nil, isBlurred: Bool = false
  ) {
    self.isBlurred = isBlurred
    self.frame = frame
    self.radius = radius
    self.source = source
    self.pixelSize = pixelSize
    self.name = name
    self.covers = covers
    self.messageIndex = messageIndex
  }

  /// Where the whole picture is drawn (and clipped to `frame`): the frame, or when it
  /// covers the frame, the picture's shape around the frame's middle, as small as covers it.
  public var drawnRect: Rect {
    guard covers, pixelSize.width > 0, pixelSize.height > 0 else { return frame }
    let scale = max(frame.width / Double(pixelSize.width), frame.height / Double(pixelSize.height))
    let width = Double(pixelSize.width) * scale
    let height = Double(pixelSize.height) * scale
    return Rect(x: frame.midX - width / 2, y: frame.midY - height / 2, width: width, height: height)
  }
}

/// What a filled outline stands for: tests, the dump and the layout tell items apart by it.
@_spi(Pages) public enum BubbleRole: String, Sendable, Hashable {
  /// A message of mine, or of someone else.
  case sent, received
  /// A notice ("Ana joined"), a day's pill, a mark of messages left out by `--crop`.
  case system, day, gap
  /// A spotlight's note.
  case note

  /// The bubble of a message on `side`.
  public init(_ side: MessageSide) {
    switch side {
    case .sent: self = .sent
    case .received: self = .received
    case .center: self = .system
    }
  }
}

/// A filled outline: a message bubble, a notice or a date pill.
@_spi(Pages) public struct BubbleItem: Sendable, Hashable {
  /// The bubble's outline, arrow included.
  public var shape: BubbleShape
  /// Fill colour.
  public var fill: Color
  /// A line inside the outline; nil for none.
  public var border: BorderStyle?
  /// A shadow under the bubble; nil for none.
  public var shadow: ShadowStyle?
  /// The index of the message in the transcript; nil for date pills.
  public var messageIndex: Int?
  /// What the bubble stands for.
  public var role: BubbleRole

  /// A bubble; no border or shadow unless given.
  public init(
    shape: BubbleShape, fill: Color, border: BorderStyle? = nil, shadow: ShadowStyle? = nil,
    messageIndex: Int?, role: BubbleRole
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
@_spi(Pages) public struct TextBlock: Sendable, Hashable {
  /// Top-left of the text's box.
  public var origin: Point
  /// The size of the text's box, in points.
  public var size: Size
  /// The text and its font.
  public var text: StyledText
  /// Colour of the text (runs may set their own).
  public var color: Color
  /// The width the text was wrapped at, in points.
  public var wrapWidth: Double
  /// The measurement the text was laid out with: line positions, widths and (from a real
  /// measurer) the shaped text to draw.
  public var metrics: TextMetrics
  /// For a text cut across pages: the lines shown here (all when nil).
  public var lines: Range<Int>?
  /// A label beside the conversation's text (a message's time), drawn after the page's other
  /// text: a PDF then needs no new text object and colour for every label.
  public var isAnnotation: Bool
  /// The message the text stands for when it is drawn without a bubble (large emoji and
  /// their time), so a spotlight can show it; nil for text in or beside a bubble.
  public var messageIndex: Int?

  /// A text block; all its lines unless `lines` is given, not an annotation by default.
  public init(
    origin: Point, size: Size, text: StyledText, color: Color, wrapWidth: Double,
    metrics: TextMetrics, lines: Range<Int>? = nil, isAnnotation: Bool = false, messageIndex: Int? = nil
  ) {
    self.messageIndex = messageIndex
    self.origin = origin
    self.size = size
    self.text = text
    self.color = color
    self.wrapWidth = wrapWidth
    self.metrics = metrics
    self.lines = lines
    self.isAnnotation = isAnnotation
  }

  /// The text's box, in points: `origin` and `size`.
  public var frame: Rect { Rect(x: origin.x, y: origin.y, width: size.width, height: size.height) }
}

/// A round picture with initials, beside received bubbles.
@_spi(Pages) public struct AvatarItem: Sendable, Hashable {
  /// The circle (or rounded square) of the avatar.
  public var shape: BubbleShape
  /// Fill colour of the shape.
  public var fill: Color
  /// The initials, centred in the shape.
  public var initials: TextBlock

  /// An avatar of `shape` filled with `fill`, showing `initials`.
  public init(shape: BubbleShape, fill: Color, initials: TextBlock) {
    self.shape = shape
    self.fill = fill
    self.initials = initials
  }

  /// The avatar's bounds, in points.
  public var frame: Rect { shape.frame }
}

/// A filled shape with a label, drawn over the bubbles it may overlap.
@_spi(Pages) public struct BadgeItem: Sendable, Hashable {
  /// The badge's outline.
  public var shape: BubbleShape
  /// Fill colour.
  public var fill: Color
  /// A line inside the outline (a ring parting a reaction from its bubble); nil for none.
  public var border: BorderStyle?
  /// The badge's text.
  public var label: TextBlock
  /// The message the badge belongs to (a reaction's), so a spotlight shows it with its
  /// bubble; nil for a badge of no message.
  public var messageIndex: Int?

  /// A badge; no border unless given.
  public init(
    shape: BubbleShape, fill: Color, border: BorderStyle? = nil, label: TextBlock, messageIndex: Int? = nil
  ) {
    self.shape = shape
    self.fill = fill
    self.border = border
    self.label = label
    self.messageIndex = messageIndex
  }
}

/// A filled rectangle with rounded corners (radius 0 for square ones).
@_spi(Pages) public struct BoxItem: Sendable, Hashable {
  /// The rectangle, in points.
  public var frame: Rect
  /// Corner radius in points; 0 or less gives square corners.
  public var radius: Double
  /// Fill colour.
  public var fill: Color

  /// A box of `frame`, square-cornered unless `radius` (points) is given.
  public init(frame: Rect, radius: Double = 0, fill: Color) {
    self.frame = frame
    self.radius = radius
    self.fill = fill
  }
}

/// An area that opens `url` when clicked, in PDF and SVG.
@_spi(Pages) public struct LinkItem: Sendable, Hashable {
  /// The area, or the frame of the text block holding the link when `textRange` is set.
  public var frame: Rect
  /// The address opened.
  public var url: String
  /// UTF-8 byte offsets of the link's words in that block's text, when known.
  public var textRange: Range<Int>?

  /// A link over `frame`; `textRange` (UTF-8 byte offsets into the block's text) narrows it to
  /// the link's words.
  public init(frame: Rect, url: String, textRange: Range<Int>? = nil) {
    self.frame = frame
    self.url = url
    self.textRange = textRange
  }

  /// A link over `frame`, or nil when `url` may not open (`LinkTarget`): the layout makes
  /// links only through this.
  static func clickable(frame: Rect, url: String, textRange: Range<Int>? = nil) -> LinkItem? {
    LinkTarget.isClickable(url) ? LinkItem(frame: frame, url: url, textRange: textRange) : nil
  }
}

/// A translucent layer over `area` with even-odd holes: what lies under a hole stays as it is.
@_spi(Pages) public struct DimItem: Sendable, Hashable {
  /// The rectangle covered, in layout points (for a PDF, the whole sheet).
  public var area: Rect
  /// The holes, one closed sub-path each; they never overlap.
  public var cutouts: Path
  /// The layer's colour, its alpha included.
  public var color: Color
  /// A line around each hole, on the layer just outside it; nil for none.
  public var ring: BorderStyle?

  /// A layer over `area` with `cutouts` left clear, each outlined by `ring` when given.
  public init(area: Rect, cutouts: Path, color: Color, ring: BorderStyle? = nil) {
    self.area = area
    self.cutouts = cutouts
    self.color = color
    self.ring = ring
  }

  /// The area and its holes as one path, to be filled with the even-odd rule.
  public var path: Path {
    var path = Path()
    path.move(to: Point(x: area.minX, y: area.minY))
    path.line(to: Point(x: area.maxX, y: area.minY))
    path.line(to: Point(x: area.maxX, y: area.maxY))
    path.line(to: Point(x: area.minX, y: area.maxY))
    path.close()
    path.append(cutouts)
    return path
  }
}
