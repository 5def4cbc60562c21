/// Message times.
@_spi(Pages) public struct TimestampStyle: Sendable, Hashable {
  /// Where message times are shown.
  public enum Placement: String, Sendable, Hashable, CaseIterable {
    /// In the bubble's bottom corner, sharing the last line when there is room.
    case inside
    /// Under the bubble.
    case below
    /// Outside the bubble, beside its lower inner corner (KakaoTalk, LINE).
    case beside
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
  /// Whether a run's messages of one minute show the time once, on the last (KakaoTalk);
  /// false by default.
  public var oncePerMinute = false

  /// A time style; `size` is in points.
  public init(placement: Placement, size: Double, meColor: Color, themColor: Color) {
    self.placement = placement
    self.size = size
    self.meColor = meColor
    self.themColor = themColor
  }
}
