/// The settings of an output that becomes pixels (PNG): how many per point, and how tall one
/// image may be.
@_spi(Pages) public struct RasterOptions: Sendable, Hashable {
  /// Device pixels per point (2 for "retina").
  public var scale: Double
  /// The tallest image in pixels before the chat is split into numbered images; cairo cannot
  /// make images taller than 32767 pixels.
  public var maxImageHeight: Int
  /// Threads a tall image's bands of rows are compressed on; the bytes are the same on any
  /// number (1 by default: a caller that knows its cores says, as the command line does).
  package var encoders = 1

  /// Images at `scale` pixels per point, split past `maxImageHeight` pixels.
  public init(scale: Double, maxImageHeight: Int) {
    self.scale = scale
    self.maxImageHeight = maxImageHeight
  }
}
