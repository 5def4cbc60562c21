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
