/// Turns rows of cairo ARGB32 pixels into PNG RGB or RGBA bytes.
///
/// Cairo stores each pixel as one native-endian `UInt32` `0xAARRGGBB` with the colour
/// premultiplied by alpha; PNG wants bytes in R, G, B(, A) order with straight alpha.
enum PNGScanlineConverter {
  /// Writes `3 * width` bytes: R, G, B per pixel, dropping alpha (the pixels must be opaque).
  static func convertOpaque(
    _ source: UnsafeRawPointer, width: Int, to output: UnsafeMutableRawPointer
  ) {
    // Four pixels make three 32-bit words: RGBR GBRG BRGB.
    let groups = width / 4
    for group in 0..<groups {
      let first = rgb(source.loadUnaligned(fromByteOffset: 16 &* group, as: UInt32.self))
      let second = rgb(source.loadUnaligned(fromByteOffset: 16 &* group &+ 4, as: UInt32.self))
      let third = rgb(source.loadUnaligned(fromByteOffset: 16 &* group &+ 8, as: UInt32.self))
      let fourth = rgb(source.loadUnaligned(fromByteOffset: 16 &* group &+ 12, as: UInt32.self))
      let target = output + 12 &* group
      target.storeBytes(of: (first | second << 24).littleEndian, as: UInt32.self)
      target.storeBytes(
        of: (second >> 8 | third << 16).littleEndian, toByteOffset: 4, as: UInt32.self)
      target.storeBytes(
        of: (third >> 16 | fourth << 8).littleEndian, toByteOffset: 8, as: UInt32.self)
    }
    for x in (groups * 4)..<width {
      let value = rgb(source.loadUnaligned(fromByteOffset: 4 &* x, as: UInt32.self))
      output.storeBytes(of: UInt8(truncatingIfNeeded: value), toByteOffset: 3 &* x, as: UInt8.self)
      output.storeBytes(
        of: UInt8(truncatingIfNeeded: value >> 8), toByteOffset: 3 &* x &+ 1, as: UInt8.self)
      output.storeBytes(
        of: UInt8(truncatingIfNeeded: value >> 16), toByteOffset: 3 &* x &+ 2, as: UInt8.self)
    }
  }

  /// Writes `4 * width` bytes: R, G, B, A per pixel, with colour un-premultiplied as cairo's PNG
  /// writer does: `(c * 255 + a / 2) / a`, and all zeros where alpha is 0.
  static func convertUnpremultiplying(
    _ source: UnsafeRawPointer, width: Int, to output: UnsafeMutableRawPointer
  ) {
    reciprocals.withUnsafeBufferPointer { reciprocals in
      for x in 0..<width {
        let pixel = source.loadUnaligned(fromByteOffset: 4 &* x, as: UInt32.self)
        let alpha = pixel >> 24
        var rgba = pixel
        if alpha == 0 {
          rgba = 0
        } else if alpha != 255 {
          let reciprocal = reciprocals[Int(alpha)]
          let half = UInt64(alpha / 2)
          // Valid premultiplied colour is at most alpha; clamp so bad input cannot overflow.
          func straight(_ channel: UInt32) -> UInt32 {
            let quotient = ((UInt64(channel) &* 255 &+ half) &* reciprocal) >> 32
            return UInt32(truncatingIfNeeded: min(quotient, 255))
          }
          rgba =
            alpha << 24 | straight((pixel >> 16) & 0xFF) << 16
            | straight((pixel >> 8) & 0xFF) << 8 | straight(pixel & 0xFF)
        }
        // 0xAARRGGBB → bytes R, G, B, A.
        let bytes = (rgba >> 16) & 0xFF | rgba & 0xFF00 | (rgba & 0xFF) << 16 | rgba & 0xFF00_0000
        output.storeBytes(of: bytes.littleEndian, toByteOffset: 4 &* x, as: UInt32.self)
      }
    }
  }

  /// `ceil(2^32 / a)` for each alpha `a`: `n * reciprocals[a] >> 32` equals `n / a` for every
  /// `n` below 2^16 (Granlund and Montgomery), which covers `c * 255 + a / 2`. A test checks
  /// all of them.
  static let reciprocals: [UInt64] = (0..<256).map { alpha in
    alpha == 0 ? 0 : ((1 << 32) + UInt64(alpha) - 1) / UInt64(alpha)
  }

  /// `0x00BBGGRR` from `0xAARRGGBB`: R, G, B in memory order once stored little-endian.
  @inline(__always)
  private static func rgb(_ pixel: UInt32) -> UInt32 {
    (pixel >> 16) & 0xFF | pixel & 0xFF00 | (pixel & 0xFF) << 16
  }
}
