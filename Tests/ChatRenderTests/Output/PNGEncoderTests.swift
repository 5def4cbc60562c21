import Testing

@_spi(Pages) @testable import ChatRender

@Suite struct PNGEncoderTests {
  // MARK: - Helpers

  /// A premultiplied ARGB32 pixel from straight colour.
  static func premultiplied(_ red: Int, _ green: Int, _ blue: Int, alpha: Int) -> UInt32 {
    func scale(_ c: Int) -> UInt32 { UInt32((c * alpha + 127) / 255) }
    return UInt32(alpha) << 24 | scale(red) << 16 | scale(green) << 8 | scale(blue)
  }

  /// What cairo's PNG writer stores for a premultiplied pixel: R, G, B, A.
  static func unpremultiplied(_ pixel: UInt32) -> [UInt8] {
    let alpha = Int(pixel >> 24)
    guard alpha > 0 else { return [0, 0, 0, 0] }
    let channels = [pixel >> 16, pixel >> 8, pixel].map { Int($0 & 0xFF) }
    return channels.map { UInt8(($0 * 255 + alpha / 2) / alpha) } + [UInt8(alpha)]
  }

  static func encode(
    _ pixels: [UInt32], width: Int, height: Int, opaque: Bool
  ) throws -> [UInt8] {
    try pixels.withUnsafeBytes {
      try PNGEncoder().encode(
        pixels: $0, width: width, height: height, stride: 4 * width, opaque: opaque)
    }
  }

  /// A deterministic mix of flat areas, gradients and noise.
  static func samplePixels(width: Int, height: Int, opaque: Bool, seed: UInt32 = 1) -> [UInt32] {
    var state = seed
    func random() -> Int {
      state = state &* 1_664_525 &+ 1_013_904_223
      return Int(state >> 24)
    }
    var pixels: [UInt32] = []
    for y in 0..<height {
      for x in 0..<width {
        let alpha = opaque ? 255 : [0, 255, 128, 1, 254, random()][(x + y) % 6]
        switch (x / 3 + y) % 4 {
        case 0: pixels.append(premultiplied(255, 255, 255, alpha: alpha))
        case 1: pixels.append(premultiplied(10, 132, 255, alpha: alpha))
        case 2: pixels.append(premultiplied(x * 7 % 256, y * 11 % 256, 90, alpha: alpha))
        default: pixels.append(premultiplied(random(), random(), random(), alpha: alpha))
        }
      }
    }
    return pixels
  }

  // MARK: - Round trips

  @Test func opaquePixelsRoundTripExactly() throws {
    let width = 7
    let height = 5
    let pixels = Self.samplePixels(width: width, height: height, opaque: true)
    let png = try Self.encode(pixels, width: width, height: height, opaque: true)

    let decoded = try InflatedPNG(png)
    #expect(decoded.width == width)
    #expect(decoded.height == height)
    #expect(decoded.colorType == 2)
    #expect(decoded.chunkTypes.first == "IHDR")
    #expect(decoded.chunkTypes.last == "IEND")
    #expect(decoded.pixel(x: 0, y: 0) == [255, 255, 255])
    #expect(decoded.pixel(x: 3, y: 0) == [10, 132, 255])
    for y in 0..<height {
      for x in 0..<width {
        let pixel = pixels[y * width + x]
        let expected = [pixel >> 16, pixel >> 8, pixel].map { UInt8(truncatingIfNeeded: $0) }
        #expect(decoded.pixel(x: x, y: y) == expected, "pixel (\(x), \(y))")
      }
    }

    let image = try PixelBuffer(png: png)
    #expect(image.width == width && image.height == height)
    #expect(image.premultiplied == pixels)
  }

  @Test func alphaIsUnpremultipliedLikeCairo() throws {
    let pixels: [UInt32] = [
      0x0000_0000,  // transparent
      0xFFFF_0000,  // opaque red
      0x8040_4040,  // half-transparent grey: 64 * 255 + 64 / 128 = 128 (rounded)
      0x0101_0001,  // alpha 1: red 1 → 255, blue 1 → 255
      0xFEFE_0010,  // alpha 254
      0xC8C8_6400,  // alpha 200: red 200, green 100
      0x00FF_FFFF,  // alpha 0 with colour left over: written as all zeros, as cairo does
      0x7F7F_7F7F,  // alpha 127, white
    ]
    let png = try Self.encode(pixels, width: 4, height: 2, opaque: false)

    let decoded = try InflatedPNG(png)
    #expect(decoded.colorType == 6)
    #expect(decoded.pixel(x: 0, y: 0) == [0, 0, 0, 0])
    #expect(decoded.pixel(x: 1, y: 0) == [255, 0, 0, 255])
    #expect(decoded.pixel(x: 2, y: 0) == [128, 128, 128, 128])
    #expect(decoded.pixel(x: 3, y: 0) == [255, 0, 255, 1])
    #expect(decoded.pixel(x: 1, y: 1) == [255, 128, 0, 200])
    #expect(decoded.pixel(x: 2, y: 1) == [0, 0, 0, 0])
    #expect(decoded.pixel(x: 3, y: 1) == [255, 255, 255, 127])
    for (index, pixel) in pixels.enumerated() {
      #expect(decoded.pixel(x: index % 4, y: index / 4) == Self.unpremultiplied(pixel))
    }

    // Cairo premultiplies again on load: equal to the original within rounding.
    let image = try PixelBuffer(png: png)
    for (index, (original, loaded)) in zip(pixels, image.premultiplied).enumerated()
    where original >> 24 != 0 {
      for shift in stride(from: 0, through: 24, by: 8) {
        let a = Int((original >> UInt32(shift)) & 0xFF)
        let b = Int((loaded >> UInt32(shift)) & 0xFF)
        #expect(abs(a - b) <= 1, "pixel \(index), bits \(shift)")
      }
    }
    #expect(image.premultiplied[0] == 0 && image.premultiplied[6] == 0)
  }

  @Test func unpremultiplyingMatchesCairosDivisionForEveryValue() {
    // Every alpha and every channel value (above alpha too: clamped to 255, never spilling).
    var pixels: [UInt32] = []
    for alpha in 0...255 {
      for channel in 0...255 {
        pixels.append(UInt32(alpha) << 24 | UInt32(channel) << 16 | UInt32(255 - channel) << 8)
      }
    }
    var output = [UInt8](repeating: 0, count: 4 * pixels.count)
    pixels.withUnsafeBytes { source in
      output.withUnsafeMutableBytes { target in
        PNGScanlineConverter.convertUnpremultiplying(
          source.baseAddress!, width: pixels.count, to: target.baseAddress!)
      }
    }
    var mismatches = 0
    for (index, pixel) in pixels.enumerated() {
      let alpha = Int(pixel >> 24)
      let expected: [UInt8] =
        alpha == 0
        ? [0, 0, 0, 0]
        : [pixel >> 16, pixel >> 8, pixel].map { value -> UInt8 in
          UInt8(min(255, (Int(value & 0xFF) * 255 + alpha / 2) / alpha))
        } + [UInt8(alpha)]
      if Array(output[(4 * index)..<(4 * index + 4)]) != expected { mismatches += 1 }
    }
    #expect(mismatches == 0)
  }

  @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 13, 31, 97])
  func oddWidthsRoundTrip(width: Int) throws {
    for opaque in [true, false] {
      for height in [1, 2, 9] {
        let pixels = Self.samplePixels(width: width, height: height, opaque: opaque)
        let png = try Self.encode(pixels, width: width, height: height, opaque: opaque)
        let decoded = try InflatedPNG(png)
        #expect(decoded.width == width && decoded.height == height)
        let expected = pixels.flatMap { pixel in
          opaque
            ? [pixel >> 16, pixel >> 8, pixel].map { UInt8(truncatingIfNeeded: $0) }
            : Self.unpremultiplied(pixel)
        }
        #expect(
          firstDifference(decoded.samples, expected) == nil, "\(width)×\(height), opaque: \(opaque)"
        )
        #expect((try? PixelBuffer(png: png)) != nil)
      }
    }
  }

  @Test func onePixelImages() throws {
    let opaque = try Self.encode([0xFF12_3456], width: 1, height: 1, opaque: true)
    #expect(try InflatedPNG(opaque).samples == [0x12, 0x34, 0x56])
    #expect((try? PixelBuffer(png: opaque))?.premultiplied == [0xFF12_3456])

    let clear = try Self.encode([0x0000_0000], width: 1, height: 1, opaque: false)
    #expect(try InflatedPNG(clear).samples == [0, 0, 0, 0])
    #expect((try? PixelBuffer(png: clear))?.premultiplied == [0])
  }

  @Test func strideLargerThanTheRowIsSkipped() throws {
    let width = 3
    let height = 4
    let stride = 4 * width + 8
    var buffer = [UInt8](repeating: 0xEE, count: stride * height)
    let pixels = Self.samplePixels(width: width, height: height, opaque: true)
    for y in 0..<height {
      for x in 0..<width {
        buffer.withUnsafeMutableBytes {
          $0.storeBytes(
            of: pixels[y * width + x], toByteOffset: y * stride + 4 * x, as: UInt32.self)
        }
      }
    }
    // The last row may end right after its pixels.
    let png = try buffer.withUnsafeBytes {
      try PNGEncoder().encode(
        pixels: UnsafeRawBufferPointer(rebasing: $0[0..<(stride * (height - 1) + 4 * width)]),
        width: width, height: height, stride: stride, opaque: true)
    }
    #expect(try PixelBuffer(png: png).premultiplied == pixels)
  }

  // MARK: - File structure

  @Test func chunksHaveValidCRCsAndDecodersCheckThem() throws {
    let pixels = Self.samplePixels(width: 16, height: 16, opaque: true)
    let png = try Self.encode(pixels, width: 16, height: 16, opaque: true)
    let decoded = try InflatedPNG(png)  // checks every CRC
    #expect(decoded.chunkTypes == ["IHDR", "IDAT", "IEND"])
    #expect(decoded.filterTypes.allSatisfy { $0 == 0 })
    #expect(png.suffix(12) == [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82])

    // Data intact, IDAT's CRC off by one bit: libpng (under cairo) must refuse it.
    let idatStart = 8 + 25
    let idatLength = png[idatStart..<(idatStart + 4)].reduce(0) { $0 << 8 | Int($1) }
    var corrupted = png
    corrupted[idatStart + 8 + idatLength + 3] ^= 0x01
    #expect((try? PixelBuffer(png: corrupted)) == nil)
    #expect((try? PixelBuffer(png: png)) != nil)
  }

  @Test func streamingWritesTheSameBytesAsTheArrayResult() throws {
    let width = 40
    let height = 30
    let pixels = Self.samplePixels(width: width, height: height, opaque: false)
    let whole = try Self.encode(pixels, width: width, height: height, opaque: false)
    var pieces: [[UInt8]] = []
    try pixels.withUnsafeBytes {
      try PNGEncoder().encode(
        pixels: $0, width: width, height: height, stride: 4 * width, opaque: false
      ) { pieces.append(Array($0)) }
    }
    #expect(pieces.count > 1)
    #expect(firstDifference(pieces.flatMap { $0 }, whole) == nil)
  }

  // MARK: - Bigger images (window slides, many blocks, long rows)

  @Test func noiseNeedsManyBlocksAndStillRoundTrips() throws {
    let width = 400
    let height = 300
    var state: UInt32 = 7
    let pixels = (0..<(width * height)).map { _ -> UInt32 in
      state = state &* 1_664_525 &+ 1_013_904_223
      return 0xFF00_0000 | state >> 8
    }
    let png = try Self.encode(pixels, width: width, height: height, opaque: true)
    let decoded = try InflatedPNG(png)
    #expect(
      decoded.pixel(x: 399, y: 299) == [
        UInt8(truncatingIfNeeded: pixels.last! >> 16), UInt8(truncatingIfNeeded: pixels.last! >> 8),
        UInt8(truncatingIfNeeded: pixels.last!),
      ])
    let image = try PixelBuffer(png: png)
    #expect(firstDifference(image.premultiplied, pixels) == nil)
  }

  @Test func flatChatLikeImageCompressesWellAndRoundTrips() throws {
    // White with bubbles of two colours and a few "glyphs": long matches, window slides.
    let width = 480
    let height = 700
    var pixels = [UInt32](repeating: 0xFFFF_FFFF, count: width * height)
    for bubble in 0..<14 {
      let top = bubble * 50 + 4
      let (left, colour): (Int, UInt32) =
        bubble % 2 == 0 ? (10, 0xFFE9_E9EB) : (150, 0xFF0A_84FF)
      for y in top..<(top + 40) {
        for x in left..<(left + 320) { pixels[y * width + x] = colour }
        for x in stride(from: left + 12, to: left + 300, by: 9) where (x + y) % 5 != 0 {
          pixels[y * width + x] = 0xFF11_1111 &+ UInt32((x * y) % 200)
        }
      }
    }
    let png = try Self.encode(pixels, width: width, height: height, opaque: true)
    #expect(png.count < width * height * 3 / 20)
    let image = try PixelBuffer(png: png)
    #expect(firstDifference(image.premultiplied, pixels) == nil)
  }

  /// Rows compressed in bands make one valid stream (zlib checks the combined Adler-32) of
  /// the same pixels, the same bytes on any number of threads; an image shorter than two
  /// bands gives the one-stream bytes.
  @Test(arguments: [1, 2, 3], [true, false])
  func bandsCompressedApartMakeOneStream(threads: Int, opaque: Bool) throws {
    let width = 301
    let height = 1_100
    let pixels = Self.samplePixels(width: width, height: height, opaque: opaque, seed: UInt32(threads))
    func encode(threads: Int, bandRows: Int, height: Int) throws -> [UInt8] {
      try pixels.withUnsafeBytes {
        try PNGEncoder(threads: threads, bandRows: bandRows).encode(
          pixels: $0, width: width, height: height, stride: 4 * width, opaque: opaque)
      }
    }
    let banded = try encode(threads: threads, bandRows: 256, height: height)
    let single = try encode(threads: 1, bandRows: height, height: height)
    #expect(PNGEncoder(bandRows: 256).bandCount(height: height) == 4)
    #expect(banded != single)
    #expect(try banded == encode(threads: 4, bandRows: 256, height: height))
    let decoded = try InflatedPNG(banded)
    #expect(decoded.samples == (try InflatedPNG(single)).samples)
    let image = try PixelBuffer(png: banded)
    #expect(image.width == width && image.height == height)
    #expect(try encode(threads: threads, bandRows: 256, height: 511) == encode(threads: 1, bandRows: 512, height: 511))
  }

  @Test func rowsLongerThanTheDeflateWindowRoundTrip() throws {
    // 11 000 px × 3 bytes > 32 KiB: no matches with the row above are possible.
    let width = 11_000
    let height = 3
    let pixels = (0..<(width * height)).map { index -> UInt32 in
      index % 11_000 < 5_000 ? 0xFF20_4060 : 0xFF00_0000 | UInt32(index % 251) << 8
    }
    let png = try Self.encode(pixels, width: width, height: height, opaque: true)
    let image = try PixelBuffer(png: png)
    #expect(firstDifference(image.premultiplied, pixels) == nil)
    let alpha = try Self.encode(pixels, width: width, height: height, opaque: false)
    let decoded = try InflatedPNG(alpha)
    #expect(firstDifference(decoded.samples, pixels.flatMap(Self.unpremultiplied)) == nil)
  }

  // MARK: - Errors and helpers

  @Test(arguments: [
    (0, 1, 0, 0, "cannot encode PNG: image size 0×1 is empty"),
    (2, 0, 8, 0, "cannot encode PNG: image size 2×0 is empty"),
    (2, 2, 7, 16, "cannot encode PNG: row stride 7 is less than 4 × width 2"),
    (2, 2, 8, 15, "cannot encode PNG: pixel buffer of 15 bytes is too small for 2×2 with stride 8"),
  ])
  func rejectsGeometryThatDoesNotFit(
    width: Int, height: Int, stride: Int, bufferSize: Int, message: String
  ) throws {
    let buffer = [UInt8](repeating: 0, count: bufferSize)
    let error = try #require(throws: PNGEncodingError.self) {
      try buffer.withUnsafeBytes {
        try PNGEncoder().encode(
          pixels: $0, width: width, height: height, stride: stride, opaque: true)
      }
    }
    #expect(error.description == message)
  }

  @Test func sinkErrorsPassThrough() throws {
    struct DiskFull: Error {}
    let pixels = Self.samplePixels(width: 8, height: 8, opaque: true)
    var calls = 0
    #expect(throws: DiskFull.self) {
      try pixels.withUnsafeBytes {
        try PNGEncoder().encode(pixels: $0, width: 8, height: 8, stride: 32, opaque: true) { _ in
          calls += 1
          if calls == 2 { throw DiskFull() }
        }
      }
    }
    #expect(calls == 2)
  }

  @Test func opacityCheckLooksAtEveryAlpha() {
    var pixels = [UInt32](repeating: 0xFF00_0000, count: 5 * 3)
    pixels.withUnsafeBytes {
      #expect(PNGEncoder.isOpaque(pixels: $0, width: 5, height: 3, stride: 20))
      #expect(!PNGEncoder.isOpaque(pixels: $0, width: 5, height: 3, stride: 4))
    }
    pixels[14] = 0xFE00_0000
    pixels.withUnsafeBytes {
      #expect(!PNGEncoder.isOpaque(pixels: $0, width: 5, height: 3, stride: 20))
      #expect(PNGEncoder.isOpaque(pixels: $0, width: 5, height: 2, stride: 20))
    }
  }
}
