/// A picture behind the conversation.
@_spi(Pages) public struct BackgroundImage: Sendable, Hashable {
  /// How a background picture fills the canvas: tiled, or covering it.
  public enum Mode: String, Sendable, Hashable, CaseIterable {
    /// Repeated at its natural size.
    case tile
    /// Scaled to cover the whole canvas, cropped.
    case cover
  }
  /// Path of a PNG file; relative paths are relative to the theme file, in whose folder it lies.
  public var path: String
  /// How the picture fills the canvas.
  public var mode: Mode
  /// 0…1.
  public var opacity: Double

  /// The picture at `path`, drawn at `opacity` (0…1, opaque by default).
  public init(path: String, mode: Mode, opacity: Double = 1) {
    self.path = path
    self.mode = mode
    self.opacity = opacity
  }
}
