/// A stroked line that joins a reply to what it quotes (Discord's spine, iMessage's thread):
/// drawn, never read (an artifact in a tagged PDF).
@_spi(Pages) public struct LineItem: Sendable, Hashable {
  /// Where the line runs.
  public var line: ConnectorLine
  /// Stroke width in points.
  public var width: Double
  /// Stroke colour.
  public var color: Color
  /// The reply the line belongs to.
  public var messageIndex: Int?
  /// The quoted message the line leads to (its name and excerpt, or its faded bubble): a
  /// tagged PDF reads the text there as the reply's quote.
  public var quote: Rect?

  /// A line of `width` points in `color`, for the reply at `messageIndex` quoting what lies
  /// in `quote`.
  public init(line: ConnectorLine, width: Double, color: Color, messageIndex: Int? = nil, quote: Rect? = nil) {
    self.line = line
    self.width = width
    self.color = color
    self.messageIndex = messageIndex
    self.quote = quote
  }

  /// The area the stroke covers.
  public var frame: Rect {
    let bounds = line.path.bounds
    let half = width / 2
    return Rect(
      x: bounds.minX - half, y: bounds.minY - half, width: bounds.width + width, height: bounds.height + width)
  }

  /// The line moved by (dx, dy).
  func offsetBy(dx: Double, dy: Double) -> LineItem {
    var moved = self
    moved.line.points = line.points.map { Point(x: $0.x + dx, y: $0.y + dy) }
    moved.quote = quote?.offsetBy(dx: dx, dy: dy)
    return moved
  }
}
