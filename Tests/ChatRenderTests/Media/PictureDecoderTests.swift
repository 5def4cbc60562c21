import Testing

@_spi(Pages) @testable import ChatRender

@Suite struct PictureDecoderTests {
  typealias F = PictureFixtures

  @Test(arguments: PictureFixtures.opaque)
  func decodesFullSize(name: String) throws {
    let picture = try PictureDecoder.decode(F.bytes(name))
    #expect(picture.size == PixelSize(width: 160, height: 120))
    #expect(picture.stride == 160 * 4)
    #expect(picture.pixels.count == picture.stride * picture.height)
    F.expectQuadrants(picture, [F.red, F.green, F.blue, F.white], name)
  }

  @Test(arguments: PictureFixtures.transparent)
  func keepsTransparencyPremultiplied(name: String) throws {
    let picture = try PictureDecoder.decode(F.bytes(name))
    F.expectQuadrants(picture, [F.red, F.green, 0, F.white], name)
    #expect(picture.argb(x: 40, y: 90) == 0)
  }

  @Test(arguments: ["quadrants-gray.jpg", "quadrants-gray.png"])
  func readsGreyAsGrey(name: String) throws {
    let picture = try PictureDecoder.decode(F.bytes(name))
    for color in F.quadrantColors(picture) {
      let (red, green, blue) = ((color >> 16) & 0xFF, (color >> 8) & 0xFF, color & 0xFF)
      #expect(color >> 24 == 0xFF && red == green && green == blue)
    }
    // White stays the lightest quadrant.
    #expect(F.close(F.quadrantColors(picture)[3], F.white, tolerance: 4))
  }

  @Test func jpegDecodesAtTheSmallestScaleCoveringTheBox() throws {
    let bytes = try F.bytes("quadrants.jpg")
    let eighth = try PictureDecoder.decode(bytes, fitting: PixelSize(width: 20, height: 20))
    #expect(eighth.size == PixelSize(width: 20, height: 15))
    F.expectQuadrants(eighth, [F.red, F.green, F.blue, F.white], "1/8")
    // 50×50 fits 50×38: 3/8 (60×45) is the smallest scale covering it.
    let threeEighths = try PictureDecoder.decode(bytes, fitting: PixelSize(width: 50, height: 50))
    #expect(threeEighths.size == PixelSize(width: 60, height: 45))
    #expect(threeEighths.originalSize == PixelSize(width: 160, height: 120))
    // Never larger than the picture.
    let larger = try PictureDecoder.decode(bytes, fitting: PixelSize(width: 1000, height: 1000))
    #expect(larger.size == PixelSize(width: 160, height: 120))
  }

  @Test func jpegTurnsAsItsOrientationSays() throws {
    let bytes = try F.bytes("quadrants-orientation6.jpg")
    #expect(try PictureInfo.read(bytes).size == PixelSize(width: 160, height: 120))
    let scaled = try PictureDecoder.decode(bytes, fitting: PixelSize(width: 40, height: 30))
    #expect(scaled.size == PixelSize(width: 40, height: 30))
    F.expectQuadrants(scaled, [F.red, F.green, F.blue, F.white], "turned")
  }

  @Test(arguments: ["quadrants.png", "quadrants-interlaced.png", "quadrants.gif", "quadrants-alpha.png"])
  func pngAndGIFShrinkByWholeBlocks(name: String) throws {
    let picture = try PictureDecoder.decode(F.bytes(name), fitting: PixelSize(width: 40, height: 40))
    #expect(picture.size == PixelSize(width: 40, height: 30))
    let bottomLeft: UInt32 = name.contains("alpha") ? 0 : F.blue
    F.expectQuadrants(picture, [F.red, F.green, bottomLeft, F.white], name)
    // 3×3 fits 3×2; shrinking by 53 covers it with 4×3, whose second column averages red and
    // green.
    let tiny = try PictureDecoder.decode(F.bytes(name), fitting: PixelSize(width: 3, height: 3))
    #expect(tiny.size == PixelSize(width: 4, height: 3))
    let mixed = tiny.argb(x: 1, y: 0)
    #expect((mixed >> 16) & 0xFF > 60 && (mixed >> 8) & 0xFF > 60, "\(String(mixed, radix: 16))")
  }

  @Test func webpDecodesAtTheDrawnSize() throws {
    let picture = try PictureDecoder.decode(F.bytes("quadrants.webp"), fitting: PixelSize(width: 48, height: 48))
    #expect(picture.size == PixelSize(width: 48, height: 36))
    F.expectQuadrants(picture, [F.red, F.green, F.blue, F.white], "webp")
  }

  @Test(arguments: PictureFixtures.all)
  func readsTheHeaderOnly(name: String) throws {
    let bytes = try F.bytes(name)
    let info = try PictureInfo.read(bytes)
    #expect(info.size == PixelSize(width: 160, height: 120))
    #expect(
      info.format.rawValue == String(name.split(separator: ".").last!).replacingOccurrences(of: "jpg", with: "jpeg"))
  }

  @Test func refusesPicturesOverThePixelCap() throws {
    let limits = PictureLimits(maximumPixels: 160 * 120 - 1)
    for name in ["quadrants.jpg", "quadrants.png", "quadrants.webp", "quadrants.gif"] {
      #expect(throws: PictureError.tooLarge(PixelSize(width: 160, height: 120), limit: 160 * 120 - 1)) {
        try PictureDecoder.decode(F.bytes(name), limits: limits)
      }
    }
    // One table for the limit: the picture limit is the limits table's, suffixes and all.
    #expect(PictureLimits.fromEnvironment.maximumPixels == Limit.picturePixels.value)
    #expect(Limit.picturePixels.defaultValue == 50_000_000)
    #expect(Limit.parse("1k") == 1024)
    let message = PictureError.tooLarge(PixelSize(width: 10_000, height: 9_000), limit: 50_000_000).description
    #expect(message.contains("10000×9000") && message.contains("CHATRENDER_MAX_PICTURE_PIXELS"))
  }

  @Test(arguments: [
    "quadrants.jpg", "quadrants-progressive.jpg", "quadrants.png", "quadrants-interlaced.png", "quadrants.webp",
    "quadrants.gif", "quadrants-animated.webp",
  ])
  func truncatedFilesAreErrors(name: String) throws {
    let bytes = try F.bytes(name)
    // Cut inside the image data or the header (a cut among the chunks after the image data
    // leaves a whole picture).
    for length in [bytes.count / 2, 20, 8] {
      let result = Result { () throws(PictureError) in try PictureDecoder.decode(Array(bytes.prefix(length))) }
      #expect(throws: PictureError.self, "\(name) cut at \(length)") { _ = try result.get() }
    }
  }

  @Test func unknownBytesAreNoPicture() {
    #expect(throws: PictureError.unknownFormat) { try PictureDecoder.decode([]) }
    #expect(throws: PictureError.unknownFormat) { try PictureDecoder.decode(Array("hello".utf8)) }
    #expect(throws: PictureError.unknownFormat) { try PictureInfo.read([0xFF, 0xD8]) }
  }

  /// Every prefix, and many bytes flipped: the decoders may refuse but never trap.
  @Test(arguments: PictureFixtures.all)
  func damagedBytesNeverCrash(name: String) throws {
    let bytes = try F.bytes(name)
    for length in Swift.stride(from: 0, to: bytes.count, by: max(1, bytes.count / 60)) {
      _ = try? PictureDecoder.decode(Array(bytes.prefix(length)), fitting: PixelSize(width: 30, height: 30))
      _ = try? PictureInfo.read(Array(bytes.prefix(length)))
    }
    var generator = SeededGenerator(seed: UInt64(bytes.count))
    for _ in 0..<60 {
      var damaged = bytes
      for _ in 0..<4 {
        let index = Int.random(in: 0..<damaged.count, using: &generator)
        damaged[index] = UInt8.random(in: 0...255, using: &generator)
      }
      _ = try? PictureDecoder.decode(damaged)
    }
  }
}

/// A small deterministic generator (xorshift) so that damaged inputs repeat run to run.
struct SeededGenerator: RandomNumberGenerator {
  var state: UInt64
  init(seed: UInt64) { state = seed &* 0x9E37_79B9_7F4A_7C15 | 1 }
  mutating func next() -> UInt64 {
    state ^= state << 13
    state ^= state >> 7
    state ^= state << 17
    return state
  }
}
