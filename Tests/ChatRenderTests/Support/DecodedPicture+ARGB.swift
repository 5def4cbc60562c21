@_spi(Pages) @testable import ChatRender

extension DecodedPicture {
  /// The pixel at (`x`, `y`) as a 32-bit ARGB value (premultiplied), for pixel checks.
  func argb(x: Int, y: Int) -> UInt32 {
    let offset = y * stride + x * 4
    return pixels.withUnsafeBytes { $0.load(fromByteOffset: offset, as: UInt32.self) }
  }
}
