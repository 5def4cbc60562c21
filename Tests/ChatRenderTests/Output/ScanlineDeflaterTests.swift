import CZlib
import Testing

@_spi(Pages) @testable import ChatRender

@Suite struct ScanlineDeflaterTests {
  /// Compresses `data` in pieces of `pieceSize` and returns the zlib stream (IDAT payloads).
  static func deflate(
    _ data: [UInt8], rowDistance: Int, pixelDistance: Int, pieceSize: Int
  ) throws -> [UInt8] {
    let pieces = stride(from: 0, to: data.count, by: max(1, pieceSize)).map {
      min(pieceSize, data.count - $0)
    }
    return try deflate(data, rowDistance: rowDistance, pixelDistance: pixelDistance, pieces: pieces)
  }

  /// Compresses `data` committed in pieces of the given sizes; returns the zlib stream.
  static func deflate(
    _ data: [UInt8], rowDistance: Int, pixelDistance: Int, pieces: [Int]
  ) throws -> [UInt8] {
    var chunks: [UInt8] = []
    let writer = PNGChunkWriter { chunks += $0 }
    let deflater = ScanlineDeflater(
      rowDistance: rowDistance, pixelDistance: pixelDistance,
      maxReservation: pieces.max() ?? 1)
    var offset = 0
    for count in pieces {
      let target = deflater.reserve(count)
      for i in 0..<count { target[i] = data[offset + i] }
      try deflater.commit(count, to: writer)
      offset += count
    }
    try deflater.finish(to: writer)
    // Keep the IDAT payloads: length (4), "IDAT", data, CRC (4).
    var stream: [UInt8] = []
    var position = 0
    while position < chunks.count {
      let length = chunks[position..<(position + 4)].reduce(0) { $0 << 8 | Int($1) }
      #expect(Array(chunks[(position + 4)..<(position + 8)]) == Array("IDAT".utf8))
      stream += chunks[(position + 8)..<(position + 8 + length)]
      position += 12 + length
    }
    return stream
  }

  /// Inflates a zlib stream with zlib, which also checks its Adler-32.
  static func inflate(_ stream: [UInt8], expectedCount: Int) -> [UInt8]? {
    var output = [UInt8](repeating: 0, count: expectedCount + 1)
    var outputCount = uLongf(output.count)
    var inputCount = uLong(stream.count)
    let status = output.withUnsafeMutableBufferPointer { target in
      stream.withUnsafeBufferPointer { source in
        uncompress2(target.baseAddress, &outputCount, source.baseAddress, &inputCount)
      }
    }
    guard status == Z_OK, Int(inputCount) == stream.count else { return nil }
    return Array(output.prefix(Int(outputCount)))
  }

  static func randomBytes(_ count: Int, seed: UInt32, alphabet: UInt32 = 256) -> [UInt8] {
    var state = seed
    return (0..<count).map { _ in
      state = state &* 1_664_525 &+ 1_013_904_223
      return UInt8((state >> 16) % alphabet)
    }
  }

  @Test(arguments: [
    ("empty", 0, 1),
    ("one byte", 1, 1),
    ("noise", 300_000, 4096),
    ("few symbols", 200_000, 1000),
    ("runs", 700_000, 65_536),
  ])
  func streamsInflateToTheInput(name: String, count: Int, pieceSize: Int) throws {
    let data: [UInt8]
    switch name {
    case "few symbols": data = Self.randomBytes(count, seed: 3, alphabet: 3)
    case "runs":
      // Long runs and repeated rows: long matches, window slides.
      data = (0..<count).map { (i: Int) -> UInt8 in
        (i / 5000) % 3 == 0 ? 0xFF : UInt8((i % 1441) / 200)
      }
    default: data = Self.randomBytes(count, seed: 9)
    }
    let stream = try Self.deflate(data, rowDistance: 1441, pixelDistance: 3, pieceSize: pieceSize)
    let inflated = try #require(Self.inflate(stream, expectedCount: count))
    #expect(firstDifference(inflated, data) == nil)
    if name == "runs" { #expect(stream.count < count / 100) }
  }

  @Test(arguments: [1, 2, 3] as [UInt32])
  func randomMixturesInRandomPiecesRoundTrip(seed: UInt32) throws {
    // Runs, copies from up to 40 000 bytes back (some beyond the window), rows repeated at
    // the row distance and noise, committed in pieces of random size.
    var state = seed
    func random(_ bound: Int) -> Int {
      state = state &* 1_664_525 &+ 1_013_904_223
      return Int(state >> 8) % bound
    }
    var data: [UInt8] = []
    while data.count < 450_000 {
      let length = 1 + random(3000)
      switch random(4) {
      case 0: data += repeatElement(UInt8(random(256)), count: length)
      case 1 where data.count > 1441:
        for _ in 0..<length { data.append(data[data.count - 1441]) }
      case 2 where data.count > 0:
        let start = max(0, data.count - 1 - random(40_000))
        for offset in 0..<length { data.append(data[start + offset]) }
      default: data += (0..<length).map { _ in UInt8(random(256)) }
      }
    }
    var pieces: [Int] = []
    var total = 0
    while total < data.count {
      let piece = min(1 + random(5000), data.count - total)
      pieces.append(piece)
      total += piece
    }
    let stream = try Self.deflate(data, rowDistance: 1441, pixelDistance: 3, pieces: pieces)
    let inflated = try #require(Self.inflate(stream, expectedCount: data.count))
    #expect(firstDifference(inflated, data) == nil)
  }

  @Test func repeatedTilesFarApartUseHashMatches() throws {
    // A 1000-byte random tile repeated: only the hash finds it (distance 1000).
    let tile = Self.randomBytes(1000, seed: 5)
    let data = Array((0..<40).map { _ in tile }.joined())
    let stream = try Self.deflate(data, rowDistance: 1441, pixelDistance: 4, pieceSize: 3000)
    let inflated = try #require(Self.inflate(stream, expectedCount: data.count))
    #expect(firstDifference(inflated, data) == nil)
    #expect(stream.count < 2500)
  }

  @Test func huffmanCodesRespectTheLengthLimitAndAreComplete() {
    // Fibonacci frequencies make the deepest possible Huffman tree: 29 levels for 30 symbols.
    var fibonacci: [UInt32] = [1, 1]
    while fibonacci.count < 30 {
      fibonacci.append(fibonacci[fibonacci.count - 1] + fibonacci[fibonacci.count - 2])
    }
    for maxBits in [7, 15] {
      let code = DeflateHuffmanCode(frequencies: fibonacci, maxBits: maxBits)
      #expect(code.lengths.max()! <= UInt8(maxBits))
      #expect(code.lengths.allSatisfy { $0 > 0 })
      let kraft = code.lengths.reduce(0.0) { $0 + 1.0 / Double(1 << Int($1)) }
      #expect(kraft == 1.0)
    }
    // One used symbol still gets a partner, so the code is complete.
    let single = DeflateHuffmanCode(frequencies: [0, 0, 5, 0], maxBits: 15)
    #expect(single.lengths == [1, 0, 1, 0])
    #expect(
      Set(single.codes.enumerated().filter { single.lengths[$0.offset] > 0 }.map(\.element)) == [
        0, 1,
      ])
  }
}
