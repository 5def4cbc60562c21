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
