/// A picture's format and size, read from its header only: what layout needs for the aspect
/// ratio, at the cost of a few hundred bytes.
@_spi(Pages) public struct PictureInfo: Sendable, Hashable {
  /// The picture's file format.
  public var format: PictureFormat
  /// The size as drawn: a JPEG's EXIF orientation turning it a quarter is applied.
  public var size: PixelSize

  /// A picture of `format` and `size`.
  public init(format: PictureFormat, size: PixelSize) {
    self.format = format
    self.size = size
  }

  /// Width in pixels, as drawn.
  public var width: Int { size.width }
  /// Height in pixels, as drawn.
  public var height: Int { size.height }

  /// Reads the header of `bytes`.
  ///
  /// - Throws: `PictureError.unknownFormat` or `.corrupt` when the header cannot be read.
  public static func read(_ bytes: [UInt8]) throws(PictureError) -> PictureInfo {
    guard let format = PictureFormat(sniffing: bytes) else { throw .unknownFormat }
    let size: PixelSize
    switch format {
    case .jpeg:
      let stored = try JPEGCodec.size(of: bytes)
      size =
        JPEGOrientation(reading: bytes).turnsQuarter
        ? PixelSize(width: stored.height, height: stored.width) : stored
    case .png: size = try PNGCodec.size(of: bytes)
    case .webp: size = try WebPCodec.size(of: bytes)
    case .gif: size = try GIFCodec.size(of: bytes)
    case .heic: size = try HEIFCodec.size(of: bytes)
    }
    guard size.width > 0, size.height > 0 else {
      throw .corrupt(format, reason: "the picture has no pixels")
    }
    return PictureInfo(format: format, size: size)
  }
}
