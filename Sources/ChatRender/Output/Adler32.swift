/// The Adler-32 checksum that ends a zlib stream (RFC 1950 §8).
///
/// Sums 16 bytes per step in vector lanes; about as fast as libdeflate's and several times
/// faster than a byte loop.
struct Adler32 {
  private static let modulus: UInt32 = 65521
  /// Bytes per block: few enough that no lane overflows before the modulo.
  private static let blockSize = 4096

  /// The checksum so far; 1 for no data.
  private(set) var value: UInt32 = 1

  /// Adds `count` bytes to the checksum.
  mutating func update(_ bytes: UnsafeRawPointer, count: Int) {
    var low = value & 0xFFFF
    var high = value >> 16
    var offset = 0
    while offset < count {
      let blockEnd = min(offset + Self.blockSize, count)
      let vectorEnd = offset + (blockEnd - offset) / 16 * 16
      let vectorCount = UInt32((vectorEnd - offset) / 16)
      // lanes[j] sums the bytes at positions j mod 16; prefix adds lanes after each step, so
      // it weights each byte by the number of steps from its own to the block's end.
      var lanes = SIMD16<UInt16>()
      var prefix = SIMD16<UInt32>()
      var position = offset
      while position < vectorEnd {
        let chunk = (bytes + position).loadUnaligned(as: SIMD16<UInt8>.self)
        lanes &+= SIMD16<UInt16>(truncatingIfNeeded: chunk)
        prefix &+= SIMD16<UInt32>(truncatingIfNeeded: lanes)
        position += 16
      }
      // Each byte counts once in low and (bytes from it to the block end) times in high.
      let laneTotals = SIMD16<UInt32>(truncatingIfNeeded: lanes)
      let laneOffsets = SIMD16<UInt32>(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)
      let prefixSum = UInt64(prefix.wrappedSum())
      let weightedSum = UInt64((laneTotals &* laneOffsets).wrappedSum())
      let byteSum = UInt64(laneTotals.wrappedSum())
      var high64 =
        UInt64(high) + UInt64(vectorCount) * 16 * UInt64(low) + 16 * prefixSum - weightedSum
      var low64 = UInt64(low) + byteSum
      while position < blockEnd {
        low64 += UInt64(bytes.load(fromByteOffset: position, as: UInt8.self))
        high64 += low64
        position += 1
      }
      low = UInt32(low64 % UInt64(Self.modulus))
      high = UInt32(high64 % UInt64(Self.modulus))
      offset = blockEnd
    }
    value = high << 16 | low
  }
}
