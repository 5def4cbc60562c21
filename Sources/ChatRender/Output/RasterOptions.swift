/// The settings of an output that becomes pixels (PNG): how many per point, and how tall one
/// image may be.
@_spi(Pages) public struct RasterOptions: Sendable, Hashable {
  /// Device pixels per point (2 for "retina").
  public var scale: Double
  /// The tallest image in pixels before the chat is split into numbered images; cairo cannot
  /// make images taller than 32767 pixels.
  public var maxImageHeight: Int

  /// Images at `scale` pixels per point, split past `maxImageHeight` pixels.
  public init(scale: Double, maxImageHeight: Int) {
    self.scale = scale
    self.maxImageHeight = maxImageHeight
  }
}
