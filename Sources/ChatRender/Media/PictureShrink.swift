import CPictureShims

/// Shrinking by a whole factor, averaging blocks of pixels: for formats without scaled
/// decoding, so that a large picture drawn small is not kept at full size.
enum PictureShrink {
  /// The largest whole factor that keeps `full` at least as large as `target`.
  static func factor(from full: PixelSize, covering target: PixelSize) -> Int {
    let byWidth = full.width / max(target.width, 1)
    let byHeight = full.height / max(target.height, 1)
    return max(1, min(byWidth, byHeight, 4096))
  }

  /// `size` divided by `factor`, rounded up.
  static func size(of size: PixelSize, by factor: Int) -> PixelSize {
    PixelSize(width: (size.width + factor - 1) / factor, height: (size.height + factor - 1) / factor)
  }

  /// `picture` shrunk by `factor` (itself when the factor is 1).
  static func apply(_ factor: Int, to picture: DecodedPicture) -> DecodedPicture {
    guard factor > 1 else { return picture }
    let output = size(of: picture.size, by: factor)
    let stride = output.width * 4
    let pixels = [UInt8](unsafeUninitializedCapacity: stride * output.height) { buffer, count in
      buffer.initialize(repeating: 0)
      picture.pixels.withUnsafeBufferPointer { input in
        cr_argb_shrink(
          input.baseAddress, picture.stride, Int32(picture.width), Int32(picture.height),
          Int32(factor), buffer.baseAddress, stride)
      }
      count = buffer.count
    }
    var shrunk = picture
    shrunk.width = output.width
    shrunk.height = output.height
    shrunk.stride = stride
    shrunk.pixels = pixels
    return shrunk
  }
}
