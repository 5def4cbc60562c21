import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

@Suite struct ForwardLocatorTests {
  /// Every offset, forwards and then at random, gives what `SourceFile` computes.
  @Test(arguments: [
    "json-traps/discord-direct-message.json", "telegram-result.json", "chatgpt-conversations.json",
  ])
  func agreesWithTheSourceFile(name: String) throws {
    let file = try SourceFile(contentsOf: ImportFixtures.path(name))
    var locator = ForwardLocator(file)
    for offset in stride(from: 0, through: file.bytes.count, by: 29) {
      #expect(locator.location(ofOffset: offset) == file.location(ofOffset: offset))
    }
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<200 {
      let offset = Int.random(in: 0...file.bytes.count, using: &generator)
      #expect(locator.location(ofOffset: offset) == file.location(ofOffset: offset))
    }
  }

  @Test func countsLoneCarriageReturnsAndScalars() throws {
    let file = try SourceFile(path: "t", bytes: Array("a\rbé\r\ncd\né😀x".utf8))
    var locator = ForwardLocator(file)
    for offset in 0...file.bytes.count {
      let expected = file.location(ofOffset: offset)
      let actual = locator.location(ofOffset: offset)
      #expect(actual == expected, "offset \(offset)")
    }
  }
}
