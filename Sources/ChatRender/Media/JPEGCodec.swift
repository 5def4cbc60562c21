import CPictureShims

/// JPEG through libjpeg-turbo, decoded at the smallest of its scales (1/8 … 8/8) that still
/// covers the drawn size: a 12-megapixel photo drawn 600 pixels wide costs about what its
/// thumbnail costs.
enum JPEGCodec {
  /// The stored size (before EXIF orientation), from the header.
  static func size(of bytes: [UInt8]) throws(PictureError) -> PixelSize {
    try header(of: bytes, eighths: 8).full
  }

  /// Decodes at the smallest scale whose size covers `box` (the full size when nil), then
  /// turns the pixels as the EXIF orientation says.
  static func decode(_ bytes: [UInt8], fitting box: PixelSize?, limits: PictureLimits)
    throws(PictureError) -> DecodedPicture
  {
    let orientation = JPEGOrientation(reading: bytes)
    let full = try size(of: bytes)
    try limits.check(full)
    let storedBox = box.map {
      orientation.turnsQuarter ? PixelSize(width: $0.height, height: $0.width) : $0
    }
    let eighths = storedBox.map { scaleEighths(for: full, covering: full.fitted(in: $0)) } ?? 8
    let header = try header(of: bytes, eighths: eighths)
    let scaled = header.scaled
    let stride = scaled.width * 4
    var message = [CChar](repeating: 0, count: 256)
    var failed: Int32 = 0
    let pixels = [UInt8](unsafeUninitializedCapacity: stride * scaled.height) { buffer, count in
      failed = bytes.withUnsafeBufferPointer { input in
        cr_jpeg_decode(
          input.baseAddress, input.count, Int32(eighths), buffer.baseAddress, stride,
          Int32(scaled.width), Int32(scaled.height), Int32(clamping: Limit.jpegScans.value), &message,
          message.count)
      }
      // On failure the bytes are zeroed so that none is left uninitialised.
      if failed != 0 { buffer.initialize(repeating: 0) }
      count = buffer.count
    }
    if failed != 0 { throw .corrupt(.jpeg, message: message) }
    var picture = DecodedPicture(
      width: scaled.width, height: scaled.height, stride: stride, pixels: pixels, format: .jpeg,
      originalSize: orientation.turnsQuarter ? PixelSize(width: full.height, height: full.width) : full)
    // A PDF shows a JPEG as stored: not turned, and CMYK from Adobe (most of them) inverted.
    picture.isEmbeddableJPEG = orientation.value == 1 && header.components != 4
    return orientation.apply(to: picture)
  }

  /// The stored size `decode(_:fitting:limits:)` would decode `bytes` at (before turning),
  /// and the EXIF orientation, read from the header alone, when the file can go into a PDF
  /// or SVG as it is (not CMYK, whose Adobe inversion a PDF would show); nil otherwise. A
  /// vector output that embeds the file never needs its pixels.
  static func embeddedSize(of bytes: [UInt8], fitting box: PixelSize, limits: PictureLimits)
    throws(PictureError) -> (stored: PixelSize, orientation: JPEGOrientation)?
  {
    let orientation = JPEGOrientation(reading: bytes)
    let full = try size(of: bytes)
    try limits.check(full)
    let storedBox = orientation.turnsQuarter ? PixelSize(width: box.height, height: box.width) : box
    let header = try header(of: bytes, eighths: scaleEighths(for: full, covering: full.fitted(in: storedBox)))
    return header.components == 4 ? nil : (header.scaled, orientation)
  }

  /// The smallest n of n/8 at which `full` still covers `target`.
  static func scaleEighths(for full: PixelSize, covering target: PixelSize) -> Int {
    for eighths in 1...8 {
      let width = (full.width * eighths + 7) / 8
      let height = (full.height * eighths + 7) / 8
      if width >= target.width && height >= target.height { return eighths }
    }
    return 8
  }

  private static func header(of bytes: [UInt8], eighths: Int) throws(PictureError)
    -> (full: PixelSize, scaled: PixelSize, components: Int)
  {
    var components: Int32 = 0
    var width: Int32 = 0
    var height: Int32 = 0
    var scaledWidth: Int32 = 0
    var scaledHeight: Int32 = 0
    var message = [CChar](repeating: 0, count: 256)
    let failed = bytes.withUnsafeBufferPointer { input in
      cr_jpeg_size(
        input.baseAddress, input.count, Int32(eighths), &width, &height, &scaledWidth,
        &scaledHeight, &components, &message, message.count)
    }
    if failed != 0 { throw .corrupt(.jpeg, message: message) }
    return (
      PixelSize(width: Int(width), height: Int(height)),
      PixelSize(width: Int(scaledWidth), height: Int(scaledHeight)), Int(components)
    )
  }
}
