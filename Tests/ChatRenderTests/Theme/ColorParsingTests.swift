import Testing

@testable import ChatRender

@Suite("colour parsing")
struct ColorParsingTests {
  @Test("CSS colour keywords in any case, and transparent")
  func keywords() {
    #expect(Color(parsing: "rebeccapurple") == Color(rgb: 0x663399))
    #expect(Color(parsing: "Red") == Color(rgb: 0xFF0000))
    #expect(Color(parsing: " navy ") == Color(rgb: 0x000080))
    #expect(Color(parsing: "transparent")?.alpha == 0)
    #expect(CSSColorNames.values.count == 148)
  }

  @Test("what is no colour stays refused", arguments: ["notacolor", "", "#12", "rgb(1,2)", "red blue"])
  func refused(_ text: String) {
    #expect(Color(parsing: text) == nil)
  }
}
