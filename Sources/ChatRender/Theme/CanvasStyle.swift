/// The picture as a whole.
@_spi(Pages) public struct CanvasStyle: Sendable, Hashable {
  /// How messages are laid out.
  public enum Layout: String, Sendable, Hashable, CaseIterable {
    /// Bubbles: "me" on the right, everyone else on the left.
    case bubbles
    /// Rows, as Discord and Slack draw a channel: every message on the left in `them`'s
    /// style, the avatar, name and time over each run.
    case rows
  }
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
  /// Bubbles on two sides, or rows; `.bubbles` by default.
  public var layout: Layout = .bubbles

  /// A canvas `width` points wide (see `widthRange`) with `padding` in points.
  public init(width: Double, background: Color, padding: EdgeInsets, backgroundImage: BackgroundImage? = nil) {
    self.width = width
    self.background = background
    self.padding = padding
    self.backgroundImage = backgroundImage
  }
}
