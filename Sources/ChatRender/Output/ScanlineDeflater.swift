import CZlib

/// A fast deflate compressor (RFC 1951 in a zlib wrapper, RFC 1950) tuned for PNG scanlines.
///
/// Rendered chats are mostly runs of one colour and rows equal to the row above. For each
/// position it tries a match with the row above, then with the pixel to the left, then the
/// last position with the same 4 bytes (a hash), and takes the longest (greedy LZ77). Long
/// matches are compared 8 bytes at a time and skipped without hashing, so flat areas cost
/// almost nothing. Blocks use dynamic Huffman codes.
///
/// The caller writes scanlines straight into the deflater's window: `reserve(_:)`, fill,
/// `commit(_:to:)`, and at the end `finish(to:)`. Output goes out as IDAT chunks.
final class ScanlineDeflater {
  private static let windowSize = 32 * 1024
  private static let minMatch = 4
  private static let maxMatch = 258
  private static let hashBits = 14
  /// Symbols per deflate block.
  private static let blockSymbols = 32 * 1024
  /// Compressed bytes collected before an IDAT chunk is written.
  private static let chunkSize = 256 * 1024
  /// A match of this length or more skips the other candidates.
  private static let goodEnough = 64

  /// Bytes per scanline (filter byte included): the distance of a match with the row above.
  private let rowDistance: Int
  /// Bytes per pixel: the distance of a match with the pixel to the left.
  private let pixelDistance: Int

  /// History (up to 32 KiB), then bytes not yet matched, then room for new input.
  private let window: UnsafeMutablePointer<UInt8>
  private let windowCapacity: Int
  /// The most `reserve(_:)` may ask for.
  let maxReservation: Int
  /// Bytes of data in `window`.
  private var windowCount = 0
  /// Bytes of `window` already turned into symbols.
  private var matchedCount = 0
  /// The stream position of `window[0]`.
  private var windowStart = 0
  /// Where each 4-byte hash was last seen: the stream position + 1, wrapped to 32 bits (small
  /// entries keep the table in cache); 0 when never. A wrapped or stale entry only suggests a
  /// candidate, and every match is checked byte by byte.
  private let hashTable: UnsafeMutablePointer<UInt32>

  /// Literals (< 256) and matches (`matchFlag | length << 16 | distance - 1`) of the open block.
  private let symbols: UnsafeMutablePointer<UInt32>
  private var symbolCount = 0
  private let literalFrequencies: UnsafeMutablePointer<UInt32>
  private let distanceFrequencies: UnsafeMutablePointer<UInt32>
  /// Length 3...258 → index into the length tables (symbol 257 + index).
  private let lengthIndex: UnsafeMutablePointer<UInt8>

  private var output: DeflateBitWriter
  /// Adler-32 of the input so far (zlib's C version: fast in debug builds too).
  private(set) var checksum: UInt32 = 1
  /// Bytes of input so far, for combining checksums of parts compressed apart.
  private(set) var inputCount = 0

  private static let matchFlag: UInt32 = 0x8000_0000
  private static let lengthBase: [UInt32] = [
    3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115,
    131, 163, 195, 227, 258,
  ]
  private static let lengthExtraBits: [UInt8] = [
    0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
  ]
  /// Order in which the code-length code's lengths are sent.
  private static let codeLengthOrder = [
    16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15,
  ]

  /// - Parameters:
  ///   - rowDistance: bytes per scanline (filter byte included).
  ///   - pixelDistance: bytes per pixel.
  ///   - maxReservation: the most one `reserve(_:)` will ask for.
  ///   - writesHeader: starts the zlib stream (false for a later part of one, see `finishPart`).
  init(rowDistance: Int, pixelDistance: Int, maxReservation: Int, writesHeader: Bool = true) {
    self.rowDistance = rowDistance
    self.pixelDistance = pixelDistance
    self.maxReservation = maxReservation
    // History, at most one match's lookahead not yet matched, and room for new input: at
    // least 256 KiB, so that the window slides (a 32 KiB copy) only now and then.
    windowCapacity = Self.windowSize + Self.maxMatch + max(maxReservation, 256 * 1024)
    window = .allocate(capacity: windowCapacity)
    hashTable = .allocate(capacity: 1 << Self.hashBits)
    hashTable.initialize(repeating: 0, count: 1 << Self.hashBits)
    symbols = .allocate(capacity: Self.blockSymbols)
    literalFrequencies = .allocate(capacity: 286)
    literalFrequencies.initialize(repeating: 0, count: 286)
    distanceFrequencies = .allocate(capacity: 30)
    distanceFrequencies.initialize(repeating: 0, count: 30)
    lengthIndex = .allocate(capacity: Self.maxMatch + 1)
    lengthIndex.initialize(repeating: 0, count: Self.maxMatch + 1)
    for index in 0..<Self.lengthBase.count {
      let end = index + 1 < Self.lengthBase.count ? Int(Self.lengthBase[index + 1]) : 259
      for length in Int(Self.lengthBase[index])..<end { lengthIndex[length] = UInt8(index) }
    }
    output = DeflateBitWriter(capacity: Self.chunkSize + 64 * 1024)
    // zlib header: deflate with a 32 KiB window, "fastest" level; 0x7801 is a multiple of 31.
    if writesHeader {
      output.write(0x78, bitCount: 8)
      output.write(0x01, bitCount: 8)
    }
  }

  deinit {
    window.deallocate()
    hashTable.deallocate()
    symbols.deallocate()
    literalFrequencies.deallocate()
    distanceFrequencies.deallocate()
    lengthIndex.deallocate()
    output.bytes.deallocate()
  }

  /// Space for the next `count` bytes of scanline data (at most `maxReservation`), valid until
  /// the next call; fill it, then `commit(_:to:)` how much was written.
  func reserve(_ count: Int) -> UnsafeMutablePointer<UInt8> {
    precondition(count <= maxReservation, "reservation larger than announced")
    if windowCount + count > windowCapacity {
      // Keep 32 KiB of history before the first unmatched byte.
      let dropped = matchedCount - min(matchedCount, Self.windowSize)
      window.update(from: window + dropped, count: windowCount - dropped)
      windowCount -= dropped
      matchedCount -= dropped
      windowStart += dropped
    }
    return window + windowCount
  }

  /// Takes `count` bytes written to the last reservation, and compresses all but the last
  /// match's worth (so matches can run on into the next rows).
  func commit(_ count: Int, to writer: PNGChunkWriter) throws {
    checksum = UInt32(truncatingIfNeeded: adler32_z(uLong(checksum), window + windowCount, count))
    inputCount += count
    windowCount += count
    if windowCount - matchedCount > Self.maxMatch {
      matchedCount = findMatches(from: matchedCount, to: windowCount - Self.maxMatch)
    }
    if output.count >= Self.chunkSize { try writeChunk(to: writer) }
  }

  /// Compresses what is left, ends the stream with its checksum and writes the last IDAT.
  func finish(to writer: PNGChunkWriter) throws {
    try finishPart(to: writer, isLast: true, checksum: checksum)
  }

  /// Compresses what is left of one part of a stream compressed in parts (each part matches
  /// only within itself) and writes it. The last part ends with the final block and
  /// `checksum` (the whole stream's; none when nil, for the caller to add); another part
  /// ends with an empty stored block, aligned to a byte, so the next part's blocks follow.
  func finishPart(to writer: PNGChunkWriter, isLast: Bool, checksum: UInt32?) throws {
    matchedCount = findMatches(from: matchedCount, to: windowCount)
    writeBlock(isFinal: isLast)
    if !isLast {
      output.write(0, bitCount: 3)  // not final, stored
      output.alignToByte()
      for byte: UInt32 in [0x00, 0x00, 0xFF, 0xFF] { output.write(byte, bitCount: 8) }  // LEN 0, NLEN
    }
    output.alignToByte()
    if let checksum {
      for shift in stride(from: 24, through: 0, by: -8) {
        output.write((checksum >> UInt32(shift)) & 0xFF, bitCount: 8)
      }
    }
    try writeChunk(to: writer)
  }

  // MARK: - Matching

  /// Greedy LZ77 from `window[start]` until a position at or past `stop`; matches may use
  /// data up to `windowCount`. Returns where it stopped.
  private func findMatches(from start: Int, to stop: Int) -> Int {
    let window = self.window
    let hashTable = self.hashTable
    let windowStart = UInt32(truncatingIfNeeded: self.windowStart)
    let end = windowCount
    let rowDistance = self.rowDistance <= Self.windowSize ? self.rowDistance : 0
    let pixelDistance = self.pixelDistance
    var i = start
    while i < stop {
      let limit = min(Self.maxMatch, end - i)
      var bestLength = 0
      var bestDistance = 0
      if limit >= Self.minMatch {
        if rowDistance > 0 && i >= rowDistance {
          bestLength = Self.matchLength(window + i, window + i - rowDistance, limit: limit)
          bestDistance = rowDistance
        }
        if bestLength < Self.goodEnough && i >= pixelDistance {
          let length = Self.matchLength(window + i, window + i - pixelDistance, limit: limit)
          if length > bestLength {
            bestLength = length
            bestDistance = pixelDistance
          }
        }
        if bestLength < Self.goodEnough {
          let key = UnsafeRawPointer(window + i).loadUnaligned(as: UInt32.self)
          let hash = Int(truncatingIfNeeded: (key &* 0x9E37_79B1) >> UInt32(32 - Self.hashBits))
          let position = windowStart &+ UInt32(truncatingIfNeeded: i)
          let seen = hashTable[hash]
          hashTable[hash] = position &+ 1
          // Wrapping arithmetic: a distance of 1...32 768 back, inside the window.
          let distance = Int(position &- (seen &- 1))
          if seen != 0 && distance >= 1 && distance <= min(Self.windowSize, i) {
            let candidate = i &- distance
            let length = Self.matchLength(window + i, window + candidate, limit: limit)
            if length > bestLength {
              bestLength = length
              bestDistance = distance
            }
          }
        }
      }
      if bestLength >= Self.minMatch {
        addMatch(length: bestLength, distance: bestDistance)
        i += bestLength
      } else {
        addLiteral(window[i])
        i += 1
      }
    }
    return i
  }

  /// How many bytes from `a` equal those from `b`, at most `limit`.
  @inline(__always)
  private static func matchLength(
    _ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, limit: Int
  ) -> Int {
    var length = 0
    while length &+ 8 <= limit {
      let x = UnsafeRawPointer(a + length).loadUnaligned(as: UInt64.self)
      let y = UnsafeRawPointer(b + length).loadUnaligned(as: UInt64.self)
      let difference = UInt64(littleEndian: x ^ y)
      if difference != 0 { return length &+ difference.trailingZeroBitCount >> 3 }
      length &+= 8
    }
    while length < limit && a[length] == b[length] { length &+= 1 }
    return length
  }

  @inline(__always)
  private func addLiteral(_ byte: UInt8) {
    symbols[symbolCount] = UInt32(byte)
    literalFrequencies[Int(byte)] &+= 1
    symbolCount += 1
    if symbolCount == Self.blockSymbols { writeBlock(isFinal: false) }
  }

  @inline(__always)
  private func addMatch(length: Int, distance: Int) {
    symbols[symbolCount] = Self.matchFlag | UInt32(length) << 16 | UInt32(distance - 1)
    literalFrequencies[257 + Int(lengthIndex[length])] &+= 1
    distanceFrequencies[Self.distanceCode(distance)] &+= 1
    symbolCount += 1
    if symbolCount == Self.blockSymbols { writeBlock(isFinal: false) }
  }

  /// The deflate distance code (0...29) of a distance 1...32768.
  @inline(__always)
  private static func distanceCode(_ distance: Int) -> Int {
    let value = distance &- 1
    if value < 4 { return value }
    let bits = Int.bitWidth &- value.leadingZeroBitCount  // value is in [2^(bits-1), 2^bits)
    return 2 &* (bits &- 1) &+ ((value >> (bits &- 2)) & 1)
  }

  // MARK: - Blocks

  /// Writes the open block with dynamic Huffman codes and starts a new one.
  private func writeBlock(isFinal: Bool) {
    literalFrequencies[256] = 1  // end of block
    let literalCode = DeflateHuffmanCode(
      frequencies: Array(UnsafeBufferPointer(start: literalFrequencies, count: 286)), maxBits: 15)
    let distanceCode = DeflateHuffmanCode(
      frequencies: Array(UnsafeBufferPointer(start: distanceFrequencies, count: 30)), maxBits: 15)
    // Worst case per symbol: 15 + 5 + 15 + 13 bits; the header is under 400 bytes.
    output.reserve(symbolCount * 6 + 1024)
    var bits = output
    writeHeader(isFinal: isFinal, literalCode: literalCode, distanceCode: distanceCode, to: &bits)
    writeSymbols(literalCode: literalCode, distanceCode: distanceCode, to: &bits)
    bits.write(UInt32(literalCode.codes[256]), bitCount: Int(literalCode.lengths[256]))
    output = bits
    symbolCount = 0
    literalFrequencies.update(repeating: 0, count: 286)
    distanceFrequencies.update(repeating: 0, count: 30)
  }

  private func writeHeader(
    isFinal: Bool, literalCode: DeflateHuffmanCode, distanceCode: DeflateHuffmanCode,
    to bits: inout DeflateBitWriter
  ) {
    let literalCount = max(257, (literalCode.lengths.lastIndex { $0 > 0 } ?? 0) + 1)
    let distanceCount = max(1, (distanceCode.lengths.lastIndex { $0 > 0 } ?? 0) + 1)
    let lengths = Array(
      literalCode.lengths[0..<literalCount] + distanceCode.lengths[0..<distanceCount])

    // Run-length code the lengths: 16 repeats the previous 3-6 times, 17 and 18 give zeros.
    var items: [(symbol: Int, extra: UInt32)] = []
    var i = 0
    while i < lengths.count {
      let value = lengths[i]
      var run = 1
      while i + run < lengths.count && lengths[i + run] == value { run += 1 }
      i += run
      if value == 0 {
        while run >= 11 {
          let n = min(run, 138)
          items.append((18, UInt32(n - 11)))
          run -= n
        }
        if run >= 3 {
          items.append((17, UInt32(run - 3)))
          run = 0
        }
      } else {
        items.append((Int(value), 0))
        run -= 1
        while run >= 3 {
          let n = min(run, 6)
          items.append((16, UInt32(n - 3)))
          run -= n
        }
      }
      items.append(contentsOf: repeatElement((symbol: Int(value), extra: UInt32(0)), count: run))
    }
    var frequencies = [UInt32](repeating: 0, count: 19)
    for item in items { frequencies[item.symbol] += 1 }
    let lengthCode = DeflateHuffmanCode(frequencies: frequencies, maxBits: 7)
    var sentCount = 19
    while sentCount > 4 && lengthCode.lengths[Self.codeLengthOrder[sentCount - 1]] == 0 {
      sentCount -= 1
    }

    bits.write(isFinal ? 1 : 0, bitCount: 1)
    bits.write(2, bitCount: 2)  // dynamic Huffman codes
    bits.write(UInt32(literalCount - 257), bitCount: 5)
    bits.write(UInt32(distanceCount - 1), bitCount: 5)
    bits.write(UInt32(sentCount - 4), bitCount: 4)
    for index in 0..<sentCount {
      bits.write(UInt32(lengthCode.lengths[Self.codeLengthOrder[index]]), bitCount: 3)
    }
    let extraBits = [16: 2, 17: 3, 18: 7]
    for item in items {
      bits.write(
        UInt32(lengthCode.codes[item.symbol]), bitCount: Int(lengthCode.lengths[item.symbol]))
      if let count = extraBits[item.symbol] { bits.write(item.extra, bitCount: count) }
    }
  }

  private func writeSymbols(
    literalCode: DeflateHuffmanCode, distanceCode: DeflateHuffmanCode,
    to bits: inout DeflateBitWriter
  ) {
    // Flat tables so the loop does no array bounds or reference-count work.
    var literalBits = [UInt32](repeating: 0, count: 286)
    var literalBitCounts = [Int](repeating: 0, count: 286)
    for symbol in 0..<286 {
      literalBits[symbol] = UInt32(literalCode.codes[symbol])
      literalBitCounts[symbol] = Int(literalCode.lengths[symbol])
    }
    var distanceBits = [UInt32](repeating: 0, count: 30)
    var distanceBitCounts = [Int](repeating: 0, count: 30)
    var distanceBase = [UInt32](repeating: 0, count: 30)
    var distanceExtra = [Int](repeating: 0, count: 30)
    for code in 0..<30 {
      distanceBits[code] = UInt32(distanceCode.codes[code])
      distanceBitCounts[code] = Int(distanceCode.lengths[code])
      distanceExtra[code] = code < 4 ? 0 : code / 2 - 1
      distanceBase[code] =
        code < 4 ? UInt32(code + 1) : UInt32(((2 + (code & 1)) << (code / 2 - 1)) + 1)
    }
    let lengthBase = Self.lengthBase
    let lengthExtraBits = Self.lengthExtraBits
    let symbols = self.symbols
    let lengthIndex = self.lengthIndex
    literalBits.withUnsafeBufferPointer { literalBits in
      literalBitCounts.withUnsafeBufferPointer { literalBitCounts in
        distanceBits.withUnsafeBufferPointer { distanceBits in
          distanceBitCounts.withUnsafeBufferPointer { distanceBitCounts in
            for k in 0..<symbolCount {
              let symbol = symbols[k]
              if symbol & Self.matchFlag == 0 {
                let literal = Int(symbol)
                bits.write(literalBits[literal], bitCount: literalBitCounts[literal])
                continue
              }
              let length = Int((symbol >> 16) & 0x1FF)
              let distance = Int(symbol & 0xFFFF) + 1
              let index = Int(lengthIndex[length])
              let lengthSymbol = 257 + index
              let lengthCodeBits = literalBitCounts[lengthSymbol]
              bits.write(
                literalBits[lengthSymbol] | (UInt32(length) - lengthBase[index]) << lengthCodeBits,
                bitCount: lengthCodeBits + Int(lengthExtraBits[index]))
              let code = Self.distanceCode(distance)
              let distanceCodeBits = distanceBitCounts[code]
              bits.write(
                distanceBits[code] | (UInt32(distance) - distanceBase[code]) << distanceCodeBits,
                bitCount: distanceCodeBits + distanceExtra[code])
            }
          }
        }
      }
    }
  }

  private func writeChunk(to writer: PNGChunkWriter) throws {
    guard output.count > 0 else { return }
    try writer.writeChunk(
      "IDAT", data: UnsafeRawBufferPointer(start: output.bytes, count: output.count))
    output.removeFinishedBytes()
  }
}
