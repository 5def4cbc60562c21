import CPictureShims

/// PNG through libpng: every colour type and depth (palette, grey, 16-bit, alpha, interlaced)
/// read as 8-bit RGBA, premultiplied, and shrunk by whole blocks while reading when the drawn
/// size is much smaller.
enum PNGCodec {
  static func size(of bytes: [UInt8]) throws(PictureError) -> PixelSize {
    var width: Int32 = 0
    var height: Int32 = 0
    var message = [CChar](repeating: 0, count: 256)
    let failed = bytes.withUnsafeBufferPointer { input in
      cr_png_size(input.baseAddress, input.count, &width, &height, &message, message.count)
    }
    if failed != 0 { throw .corrupt(.png, message: message) }
    return PixelSize(width: Int(width), height: Int(height))
  }

  static func decode(_ bytes: [UInt8], fitting box: PixelSize?, limits: PictureLimits)
    throws(PictureError) -> DecodedPicture
  {
    let full = try size(of: bytes)
    try limits.check(full)
    let shrink = box.map { PictureShrink.factor(from: full, covering: full.fitted(in: $0)) } ?? 1
    let output = PictureShrink.size(of: full, by: shrink)
    let stride = output.width * 4
    var message = [CChar](repeating: 0, count: 256)
    var failed: Int32 = 0
    let pixels = [UInt8](unsafeUninitializedCapacity: stride * output.height) { buffer, count in
      buffer.initialize(repeating: 0)
      failed = bytes.withUnsafeBufferPointer { input in
        cr_png_decode(
          input.baseAddress, input.count, Int32(shrink), buffer.baseAddress, stride,
          Int32(output.width), Int32(output.height), &message, message.count)
      }
      count = buffer.count
    }
    if failed != 0 { throw .corrupt(.png, message: message) }
    return DecodedPicture(
      width: output.width, height: output.height, stride: stride, pixels: pixels, format: .png,
      originalSize: full)
  }
}
