import Testing

@_spi(Pages) @testable import ChatRender

/// The zip a PDF/A-3u carries of the files read: what our own zip reader reads back, the same
/// bytes for the same files.
@Suite("source archive")
struct PDFSourceArchiveTests {
  static let entries: [(name: String, bytes: [UInt8])] = [
    ("inbox/ana/message_1.json", Array("{\"messages\": []}".utf8)), ("inbox/åsa 😀/message_2.json", [0, 1, 2, 255]),
    ("empty.txt", []),
  ]

  @Test("ZipArchive reads every entry back, byte for byte, under its UTF-8 name")
  func readsBack() throws {
    let bytes = try #require(PDFSourceArchive.zip(Self.entries))
    let zip = try ZipArchive(path: "source.zip", bytes: bytes)
    #expect(try zip.filePaths() == Self.entries.map(\.name).sorted())
    for entry in Self.entries { #expect(try zip.read(entry.name) == entry.bytes, "\(entry.name)") }
  }

  @Test("the same files make the same bytes; another file other bytes")
  func deterministic() throws {
    let first = try #require(PDFSourceArchive.zip(Self.entries))
    #expect(PDFSourceArchive.zip(Self.entries) == first)
    var changed = Self.entries
    changed[1].bytes[0] = 9
    #expect(PDFSourceArchive.zip(changed) != first)
  }
}
