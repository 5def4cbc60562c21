/// Decodes JPEG, PNG, WebP (first frame) and GIF (first frame) with Debian's libraries into
/// pixels cairo draws as they are.
///
/// Never traps on bad bytes: every failure is a `PictureError`.
enum PictureDecoder {
  /// Decodes `bytes`, scaled down while decoding when the picture is drawn smaller.
  ///
  /// - Parameters:
  ///   - bytes: the file's bytes (JPEG, PNG, WebP or GIF).
  ///   - maximumSize: the box, in device pixels, the picture is drawn into (aspect kept), or
  ///     nil for the full size. The result covers the fitted size and may be up to about twice
  ///     as large (JPEG decodes at n/8 scales, PNG and GIF shrink by whole factors; WebP hits
  ///     the size exactly); it is never larger than the picture itself.
  ///   - limits: the most pixels the picture may claim.
  /// - Throws: `PictureError`: unknown format, too large, or damaged.
  static func decode(
    _ bytes: [UInt8], fitting maximumSize: PixelSize? = nil,
    limits: PictureLimits = .fromEnvironment
  ) throws(PictureError) -> DecodedPicture {
    guard let format = PictureFormat(sniffing: bytes) else { throw .unknownFormat }
    if limits.renderBudget != nil { try limits.spend(decoding: cost(of: bytes, format: format, fitting: maximumSize)) }
    switch format {
    case .jpeg: return try JPEGCodec.decode(bytes, fitting: maximumSize, limits: limits)
    case .png: return try PNGCodec.decode(bytes, fitting: maximumSize, limits: limits)
    case .webp: return try WebPCodec.decode(bytes, fitting: maximumSize, limits: limits)
    case .gif: return try GIFCodec.decode(bytes, fitting: maximumSize, limits: limits)
    case .heic: return try HEIFCodec.decode(bytes, fitting: maximumSize, limits: limits)
    }
  }

  /// The pixels decoding `bytes` to cover `box` makes: a JPEG's at the n/8 scale it is decoded
  /// at, the other formats' whole (they shrink only after decoding). A header that cannot be
  /// read costs nothing here; decoding then fails on it.
  private static func cost(of bytes: [UInt8], format: PictureFormat, fitting box: PixelSize?) -> PixelSize {
    guard let full = try? PictureInfo.read(bytes).size else { return PixelSize(width: 0, height: 0) }
    guard format == .jpeg, let box else { return full }
    let eighths = JPEGCodec.scaleEighths(for: full, covering: full.fitted(in: box))
    return PixelSize(width: (full.width * eighths + 7) / 8, height: (full.height * eighths + 7) / 8)
  }
}
