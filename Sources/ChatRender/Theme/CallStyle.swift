/// The chip of a message that records a call (`calls` in theme JSON).
@_spi(Pages) public struct CallStyle: Sendable, Hashable {
  /// Fill of the icon's circle for a call that did not go through: missed, cancelled or not
  /// answered.
  public var failedColor: Color

  /// A call chip style.
  public init(failedColor: Color) {
    self.failedColor = failedColor
  }

  /// A red that reads on light and dark bubbles alike, as the apps draw a missed call.
  public static let standard = CallStyle(failedColor: Color(rgb: 0xE0443A))
}
