import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

/// The test pictures: 160×120, red top left, green top right, blue bottom left, white bottom
/// right (the `-alpha` ones transparent bottom left).
enum PictureFixtures {
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fixtures/pictures")

  static func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

  static func bytes(_ name: String) throws -> [UInt8] {
    Array(try Data(contentsOf: directory.appendingPathComponent(name)))
  }

  static let opaque = [
    "quadrants.jpg", "quadrants-progressive.jpg", "quadrants-cmyk.jpg",
    "quadrants-orientation6.jpg", "quadrants.png", "quadrants-palette.png",
    "quadrants-16bit.png", "quadrants-interlaced.png", "quadrants.webp", "quadrants.gif",
    "quadrants-interlaced.gif", "quadrants-animated.gif", "quadrants-animated.webp",
  ]
  static let transparent = ["quadrants-alpha.png", "quadrants-alpha.webp", "quadrants-transparent.gif"]
  static let all = opaque + transparent + ["quadrants-gray.jpg", "quadrants-gray.png"]

  static let red: UInt32 = 0xFFFF_0000
  static let green: UInt32 = 0xFF00_FF00
  static let blue: UInt32 = 0xFF00_00FF
  static let white: UInt32 = 0xFFFF_FFFF

  /// The colour at the centre of each quadrant: top left, top right, bottom left, bottom right.
  static func quadrantColors(_ picture: DecodedPicture) -> [UInt32] {
    let left = picture.width / 4
    let right = picture.width * 3 / 4
    let top = picture.height / 4
    let bottom = picture.height * 3 / 4
    return [
      picture.argb(x: left, y: top), picture.argb(x: right, y: top),
      picture.argb(x: left, y: bottom), picture.argb(x: right, y: bottom),
    ]
  }

  /// Whether two ARGB colours differ by at most `tolerance` in every channel (JPEG is lossy).
  static func close(_ left: UInt32, _ right: UInt32, tolerance: Int = 40) -> Bool {
    (0..<4).allSatisfy { (channel: Int) -> Bool in
      let shift = UInt32(channel * 8)
      let difference = Int((left >> shift) & 0xFF) - Int((right >> shift) & 0xFF)
      return abs(difference) <= tolerance
    }
  }

  static func expectQuadrants(
    _ picture: DecodedPicture, _ expected: [UInt32], _ name: String,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) {
    let found = quadrantColors(picture)
    for (index, color) in expected.enumerated() {
      #expect(
        close(found[index], color), "\(name) quadrant \(index): \(String(found[index], radix: 16))",
        sourceLocation: sourceLocation)
    }
  }
}
