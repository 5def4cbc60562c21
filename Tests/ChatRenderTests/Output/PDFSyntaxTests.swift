import Testing

@testable import ChatRender

/// The own PDF engine's spelling of numbers, strings, names and dates.
@Suite struct PDFSyntaxTests {
  @Test("numbers in at most three decimals, no exponent, no negative zero")
  func numbers() {
    var buffer = PDFBuffer()
    buffer.numbers(0, 1, -2.5, 0.1234, 1e-9, -0.0001, 841.889_76, 1_000_000)
    #expect(String(decoding: buffer.bytes, as: UTF8.self) == "0 1 -2.5 0.123 0 0 841.89 1000000 ")
  }

  @Test("a matrix keeps six decimals of its factors: a picture's scale lands its far edge")
  func matrixFactors() {
    var buffer = PDFBuffer()
    buffer.matrix(280.0 / 1024, 0, 0, -0.046_875, 24.000_4, 299.8041)
    #expect(String(decoding: buffer.bytes, as: UTF8.self) == "0.273438 0 0 -0.046875 24 299.804 ")
  }

  @Test("text strings: ASCII literal with escapes, anything else UTF-16 with a byte order mark")
  func strings() {
    #expect(PDFText.string("a (b) \\") == "(a \\(b\\) \\\\)")
    #expect(PDFText.string("é😀") == "<FEFF00E9D83DDE00>")
    #expect(PDFText.name("Noto Sans#1") == "Noto#20Sans#231")
  }

  @Test("dates as D:YYYYMMDDHHmmSSZ")
  func dates() {
    #expect(PDFText.date(0) == "D:19700101000000Z")
    #expect(PDFText.date(1_741_000_000) == "D:20250303110640Z")
  }

  @Test("a JPEG's size and components from its frame header")
  func jpegHeader() throws {
    let bytes: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0, 4, 0, 0, 0xFF, 0xC0, 0, 11, 8, 0, 30, 0, 40, 3, 0, 0, 0, 0, 0, 0]
    let header = try #require(JPEGHeader(bytes[...]))
    #expect(header.width == 40 && header.height == 30 && header.components == 3)
  }
}
