import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

/// The theme's background picture is read and decoded by Media, under the picture limits,
/// before drawing starts; the renderer paints the pixels it is given.
@Suite struct BackgroundPictureTests {
  /// Red, green / blue, white: a 2×2 tile whose every pixel can be told apart.
  static let tile: [UInt32] = [0xFFFF_0000, 0xFF00_FF00, 0xFF00_00FF, 0xFFFF_FFFF]

  static func withTile<Result>(_ body: (String) throws -> Result) throws -> Result {
    let png = try tile.withUnsafeBytes {
      try PNGEncoder().encode(pixels: $0, width: 2, height: 2, stride: 8, opaque: true)
    }
    return try TemporaryFolder.withFile(named: "tile.png", holding: png, body)
  }

  @Test func aTiledPictureIsPaintedPixelForPixel() throws {
    TestEnvironment.prepare()
    let image = try Self.withTile { path in
      var theme = Theme.default
      theme.canvas.backgroundImage = BackgroundImage(path: path, mode: .tile)
      let options = ExportOptions(format: .png, timeZone: TimeZone(identifier: "UTC")!)
      let chat = try TestTranscripts.chat("> hello\n< hi\n")
      return try PixelBuffer(png: try #require(try ChatRenderer(theme: theme, options: options).render(chat).first))
    }
    let expected: [(x: Int, y: Int, color: UInt32)] = [
      (0, 0, 0xFF0000), (1, 0, 0x00FF00), (0, 1, 0x0000FF), (1, 1, 0xFFFFFF), (2, 2, 0xFF0000), (3, 2, 0x00FF00),
    ]
    for probe in expected {
      #expect(image[probe.x, probe.y].matches(ChatRenderColor(rgb: probe.color)), "at \(probe.x),\(probe.y)")
    }
  }

  @Test func aPictureOverThePixelLimitIsRefusedNamingTheFile() throws {
    try Self.withTile { path in
      let error = try #require(throws: FileError.self) {
        try BackgroundPicture.pixels(at: path, limits: PictureLimits(maximumPixels: 3))
      }
      #expect(error.path == path)
      #expect(error.reason.contains("larger than the limit"))
    }
  }

  @Test func aFileThatIsNoPNGIsRefusedNamingTheFile() throws {
    try TemporaryFolder.withFile(named: "not.png", holding: Array("GIF89a".utf8)) { path in
      let error = try #require(throws: FileError.self) { try BackgroundImage(path: path, mode: .tile).checkReadable() }
      #expect(error.path == path)
      #expect(error.reason == "background image is not a PNG file")
    }
  }
}
