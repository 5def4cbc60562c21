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
