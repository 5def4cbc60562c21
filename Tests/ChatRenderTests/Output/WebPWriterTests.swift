import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

/// `-f webp`: the page drawn as for a PNG, stored losslessly by libwebp.
@Suite struct WebPWriterTests {
  @Test func aWebPHoldsThePixelsOfThePNG() throws {
    TestEnvironment.prepare()
    let chat = try TestTranscripts.chat("> hello 👋\n< hi, 你好\n")
    func render(_ format: OutputFormat) throws -> [UInt8] {
      let options = ExportOptions(format: format, scale: 2, timeZone: TimeZone(identifier: "UTC")!)
      return try #require(try ChatRenderer(theme: .whatsapp, options: options).render(chat).first)
    }
    let webp = try render(.webp)
    #expect(Array(webp.prefix(4)) == Array("RIFF".utf8))
    #expect(Array(webp[8..<12]) == Array("WEBP".utf8))
    let fromWebP = try PictureDecoder.decode(webp, limits: .fromEnvironment)
    let fromPNG = try PictureDecoder.decode(try render(.png), limits: .fromEnvironment)
    #expect(fromWebP.format == .webp)
    #expect(fromWebP.width == fromPNG.width && fromWebP.height == fromPNG.height)
    #expect(fromWebP.pixels == fromPNG.pixels)
  }

  @Test func aWebPIsCutAtWebPsLargestSide() {
    let writer = ChatRenderer.writer(for: ExportOptions(format: .webp, scale: 2), theme: .default)
    #expect(writer.isRaster)
    #expect(writer.pagination(pageHeight: nil) == .continuous(maxPageHeight: 16383 / 2))
  }
}
