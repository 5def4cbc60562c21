import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

@Suite struct HEIFCodecTests {
  static let png = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/pictures/quadrants.png").path

  @Test(.enabled(if: IMessageFixture.heifEncoder != nil, "heif-enc (Debian's libheif-examples) is not installed"))
  func decodesAHEICPhotoMadeByHeifEnc() throws {
    let heic = try #require(try IMessageFixture.heic(fromPNG: Self.png))
    let expected = try PictureDecoder.decode(Array(try Data(contentsOf: URL(fileURLWithPath: Self.png))))
    #expect(PictureFormat(sniffing: heic) == .heic)
    #expect(try PictureInfo.read(heic).size == expected.size)
    let decoded = try PictureDecoder.decode(heic)
    #expect(decoded.size == expected.size && decoded.format == .heic)
    // Each quadrant's colour survives lossy coding, near enough.
    for (x, y) in [(expected.width / 4, expected.height / 4), (3 * expected.width / 4, 3 * expected.height / 4)] {
      let want = expected.argb(x: x, y: y)
      let got = decoded.argb(x: x, y: y)
      for shift in [0, 8, 16, 24] as [UInt32] {
        let difference = abs(Int((want >> shift) & 0xFF) - Int((got >> shift) & 0xFF))
        #expect(difference <= 24, "channel \(shift / 8) at \(x),\(y): \(want) vs \(got)")
      }
    }
    let small = try PictureDecoder.decode(heic, fitting: PixelSize(width: 10, height: 10))
    #expect(small.width <= 10 && small.height <= 10)
  }

  @Test func aDamagedHEICIsAnError() throws {
    var bytes = [0, 0, 0, 24] + Array("ftypheic".utf8) + [0, 0, 0, 0] + Array("mif1heic".utf8)
    bytes += [UInt8](repeating: 0x42, count: 64)
    #expect(PictureFormat(sniffing: bytes) == .heic)
    #expect(throws: PictureError.self) { _ = try PictureDecoder.decode(bytes) }
  }
}
