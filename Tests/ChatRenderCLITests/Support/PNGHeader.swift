/// The size a PNG declares in its IHDR chunk.
struct PNGHeader: Equatable {
  static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

  var width: Int
  var height: Int

  /// Reads bytes 16–23 (width and height, big-endian) after checking the signature and that
  /// the first chunk is IHDR; nil for anything else.
  init?(_ bytes: [UInt8]) {
    guard bytes.count >= 24, Array(bytes[0..<8]) == Self.signature,
      Array(bytes[12..<16]) == Array("IHDR".utf8)
    else { return nil }
    func number(at offset: Int) -> Int {
      bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
    }
    width = number(at: 16)
    height = number(at: 20)
  }
}
