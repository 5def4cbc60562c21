import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

@Suite struct ZipArchiveTests {
  let samples = ImportFixtures.self

  func archive(_ writer: TestZipWriter, path: String = "test.zip") throws -> ZipArchive {
    try ZipArchive(path: path, bytes: writer.bytes())
  }

  @Test func readsDeflatedEntriesWithDataDescriptors() throws {
    let zip = try ZipArchive(path: samples.path("whatsapp-ios.zip"))
    #expect(
      try zip.filePaths() == [
        "00000015-Trail_Map.pdf", "_chat.txt", "\u{200E}00000012-PHOTO-2024-03-09-20-05-12.jpg",
      ])
    let chat = try zip.read("_chat.txt")
    let sample = try Data(contentsOf: URL(fileURLWithPath: samples.path("whatsapp-ios-12h.txt")))
    #expect(chat == Array(sample))
    #expect(
      try zip.read("00000015-Trail_Map.pdf")
        == Array(String(repeating: "%PDF-1.4 fake ", count: 40).utf8))
    #expect(try zip.read("\u{200E}00000012-PHOTO-2024-03-09-20-05-12.jpg").count == 13)
    #expect(zip.displayPath(of: "_chat.txt") == samples.path("whatsapp-ios.zip") + "/_chat.txt")
  }

  @Test func readsTheSameArchiveFromMemory() throws {
    let bytes = Array(
      try Data(contentsOf: URL(fileURLWithPath: samples.path("whatsapp-android.zip"))))
    let zip = try ZipArchive(path: "<stdin>", bytes: bytes)
    #expect(try zip.filePaths() == ["IMG-20240314-WA0007.jpg", "WhatsApp Chat with Flat 3B.txt"])
    let chat = try zip.sourceFile("WhatsApp Chat with Flat 3B.txt")
    #expect(chat.path == "<stdin>/WhatsApp Chat with Flat 3B.txt")
    #expect(chat.lineText(1).hasPrefix("14/03/2024, 08:59 - Messages and calls"))
  }

  @Test func openTurnsAZipIntoATreeWhateverItsName() throws {
    var writer = TestZipWriter()
    writer.add("notes/a.txt", "hello")
    try TemporaryFolder.withFile(named: "export.bin", holding: writer.bytes()) { path in
      let input = try ImportInput.open(path)
      #expect(input.file == nil)
      let tree = try #require(input.tree)
      #expect(try tree.filePaths() == ["notes/a.txt"])
      #expect(try tree.read("notes/a.txt") == Array("hello".utf8))
      #expect(input.path == path)
    }
  }

  @Test func openNamesACorruptArchiveOnDisk() throws {
    let bytes = [0x50, 0x4B, 0x03, 0x04] + [UInt8](repeating: 0x20, count: 100)
    try TemporaryFolder.withFile(named: "corrupt.zip", holding: bytes) { path in
      #expect(
        FileError.message { try ImportInput.open(path) }
          == "\(path): error: corrupt zip archive: end of central directory not found")
    }
  }

  @Test func normalisesNamesAndSkipsFolders() throws {
    var writer = TestZipWriter()
    writer.add("media/", "")
    writer.add("./media/photo.jpg", "jpg")
    writer.add("docs\\report.pdf", "pdf")
    writer.add("/abs.txt", "abs")
    writer.add("__MACOSX/media/._photo.jpg", "fork")
    writer.entries.append(
      .init(name: Array("caf".utf8) + [0x82] + Array(".txt".utf8), data: [0x41], flags: 0))
    let zip = try archive(writer)
    #expect(try zip.filePaths() == ["abs.txt", "café.txt", "docs/report.pdf", "media/photo.jpg"])
    #expect(try zip.read("café.txt") == [0x41])
    #expect(zip.contains("media/photo.jpg"))
    #expect(!zip.contains("media/"))
  }

  @Test func codePage437TableCoversTheHighHalf() {
    #expect(ZipArchive.codePage437High.unicodeScalars.count == 128)
  }

  @Test func readsZip64Records() throws {
    var writer = TestZipWriter()
    writer.zip64 = true
    writer.add("_chat.txt", "[3/9/24, 7:41:02 PM] Dana: hi\r\n")
    writer.add("b.txt", "second")
    let zip = try archive(writer)
    #expect(try zip.filePaths() == ["_chat.txt", "b.txt"])
    #expect(try zip.read("b.txt") == Array("second".utf8))
  }

  @Test func entryOffsetsPastTheEndAreErrors() throws {
    var writer = TestZipWriter()
    writer.zip64 = true
    writer.add("a.txt", "hello")
    var bytes = writer.bytes()
    // The zip64 extra field holds size, compressed size, then the local header offset.
    let central = 30 + 5 + 5
    let offsetField = central + 46 + 5 + 4 + 16
    for index in offsetField..<(offsetField + 8) { bytes[index] = 0xFF }
    let zip = try ZipArchive(path: "far.zip", bytes: bytes)
    #expect(
      FileError.message { try zip.read("a.txt") }
        == "far.zip/a.txt: error: corrupt zip archive: entry lies outside the file")
  }

  @Test func emptyArchiveHasNoFiles() throws {
    let zip = try archive(TestZipWriter())
    #expect(try zip.filePaths().isEmpty)
  }

  @Test func reportsCorruptArchivesByName() throws {
    #expect(
      FileError.message {
        try ZipArchive(
          path: "bad.zip", bytes: [0x50, 0x4B, 0x03, 0x04] + [UInt8](repeating: 0, count: 40))
      }
        == "bad.zip: error: corrupt zip archive: end of central directory not found")
    #expect(
      FileError.message { try ZipArchive(path: "tiny.zip", bytes: [0x50, 0x4B, 0x03, 0x04]) }
        == "tiny.zip: error: corrupt zip archive: too short")

    var writer = TestZipWriter()
    writer.add("a.txt", "hello")
    var bytes = writer.bytes()
    // The central directory starts right after the one local entry (30 + 5 + 5 bytes).
    bytes[40] = 0
    #expect(
      FileError.message { try ZipArchive(path: "cd.zip", bytes: bytes) }
        == "cd.zip: error: corrupt zip archive: bad central directory entry 1")

    writer.diskNumber = 1
    #expect(
      FileError.message { try archive(writer, path: "part.zip") }
        == "part.zip: error: split (multi-part) zip archives are not supported")
  }

  @Test func reportsBadEntriesWithTheirPathInTheArchive() throws {
    var writer = TestZipWriter()
    writer.add("good.txt", "fine")
    writer.entries.append(.init(name: Array("sum.txt".utf8), data: Array("data".utf8), crc: 42))
    writer.entries.append(.init(name: Array("locked.txt".utf8), data: [1], flags: 0x0801))
    writer.entries.append(.init(name: Array("bzip.txt".utf8), data: [1], method: 12))
    let zip = try archive(writer, path: "x.zip")
    #expect(try zip.read("good.txt") == Array("fine".utf8))
    #expect(
      FileError.message { try zip.read("sum.txt") }
        == "x.zip/sum.txt: error: corrupt zip archive: checksum mismatch")
    #expect(
      FileError.message { try zip.read("locked.txt") }
        == "x.zip/locked.txt: error: encrypted zip entries are not supported")
    #expect(
      FileError.message { try zip.read("bzip.txt") }
        == "x.zip/bzip.txt: error: unsupported compression method 12 (only stored and deflated entries can be read)"
    )
    #expect(
      FileError.message { try zip.read("nope.txt") }
        == "x.zip/nope.txt: error: no such file in the archive")
  }

  @Test func reportsCorruptDeflateData() throws {
    var bytes = Array(
      try Data(contentsOf: URL(fileURLWithPath: samples.path("whatsapp-android.zip"))))
    // Garble the deflate stream of the first entry, just after its 30-byte header and name.
    let dataStart = 30 + "WhatsApp Chat with Flat 3B.txt".utf8.count
    for index in dataStart..<(dataStart + 40) { bytes[index] = 0xFF }
    let zip = try ZipArchive(path: "w.zip", bytes: bytes)
    let message = FileError.message { try zip.read("WhatsApp Chat with Flat 3B.txt") }
    #expect(
      message
        == "w.zip/WhatsApp Chat with Flat 3B.txt: error: corrupt zip archive: cannot inflate entry")
  }

  @Test func inflateRejectsWrongSizes() {
    // A stored deflate block holding "abc".
    let block: [UInt8] = [0x01, 0x03, 0x00, 0xFC, 0xFF, 0x61, 0x62, 0x63]
    #expect(ZipArchive.inflate(block, expectedSize: 3) == Array("abc".utf8))
    #expect(ZipArchive.inflate(block, expectedSize: 2) == nil)
    #expect(ZipArchive.inflate(block, expectedSize: 4) == nil)
    #expect(ZipArchive.inflate([], expectedSize: 0) == nil)
  }
}
