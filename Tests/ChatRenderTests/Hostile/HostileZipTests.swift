import CZlib
import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

/// Zip archives built to hurt: bombs, lying headers, traps in Zip64 records, duplicate names.
@Suite struct HostileZipTests {
  /// Raw deflate data (no zlib header) for `bytes`.
  static func deflated(_ bytes: [UInt8]) -> [UInt8] {
    var stream = z_stream()
    deflateInit2_(
      &stream, 9, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY, zlibVersion(),
      Int32(MemoryLayout<z_stream>.size))
    defer { deflateEnd(&stream) }
    var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, UInt(bytes.count))) + 16)
    var input = bytes
    let produced = input.withUnsafeMutableBufferPointer { inBuffer in
      output.withUnsafeMutableBufferPointer { outBuffer in
        stream.next_in = inBuffer.baseAddress
        stream.avail_in = UInt32(inBuffer.count)
        stream.next_out = outBuffer.baseAddress
        stream.avail_out = UInt32(outBuffer.count)
        _ = deflate(&stream, Z_FINISH)
        return outBuffer.count - Int(stream.avail_out)
      }
    }
    return Array(output[0..<produced])
  }

  /// A deflated entry of `text` repeated `count` times.
  static func deflatedEntry(_ name: String, repeating text: String, count: Int) -> TestZipWriter.Entry {
    let data = Array(String(repeating: text, count: count).utf8)
    return TestZipWriter.Entry(
      name: Array(name.utf8), data: deflated(data), method: 8, crc: TestZipWriter.crc32(data),
      declaredSize: UInt32(data.count))
  }

  @Test func entriesSharingOneStreamAreRefused() throws {
    var writer = TestZipWriter()
    writer.entries.append(Self.deflatedEntry("a.txt", repeating: "bomb ", count: 10_000))
    var bytes = writer.bytes()
    // A second central directory entry pointing at the same local header: one deflate stream
    // read twice, the shape of an overlapping zip bomb.
    let local = 30 + 5 + writer.entries[0].data.count
    let central = Array(bytes[local..<(local + 46 + 5)])
    var second = central
    second[46] = UInt8(ascii: "b")  // "a.txt" → "b.txt"
    var bomb = Array(bytes[0..<local]) + central + second
    let end = bytes.count - 22
    var record = Array(bytes[end...])
    record[8] = 2
    record[10] = 2
    record[12] = UInt8(central.count * 2)
    bomb += record
    bytes = bomb
    #expect(
      FileError.message { try ZipArchive(path: "bomb.zip", bytes: bytes) }
        == "bomb.zip: error: corrupt zip archive: entries 'a.txt' and 'b.txt' overlap (a zip bomb?)")
  }

  @Test func anEntryLargerThanTheEntryLimitIsRefusedBeforeUnpacking() throws {
    var writer = TestZipWriter()
    var entry = Self.deflatedEntry("a.txt", repeating: "x", count: 10)
    entry.declaredSize = 0x7FFF_FFFF  // claims 2 GiB
    writer.entries.append(entry)
    let zip = try ZipArchive(path: "big.zip", bytes: writer.bytes())
    #expect(
      FileError.message { try zip.read("a.txt") }
        == "big.zip/a.txt: error: entry declares 2147483647 bytes: size of one archive entry over the 1 GiB limit (raise it with CHATRENDER_MAX_ENTRY_BYTES)"
    )
  }

  @Test func aDeclaredSizeCostsNothingUntilTheDataHoldsIt() throws {
    var writer = TestZipWriter()
    var entry = Self.deflatedEntry("a.txt", repeating: "x", count: 10)
    entry.declaredSize = 0xFFFF_FFF0  // 4 GiB announced, 10 bytes there
    writer.entries.append(entry)
    let zip = try ZipArchive(
      path: "lie.zip", bytes: writer.bytes(), totalLimit: Int.max, entryLimit: Int.max)
    // The buffer grows with the data instead of being allocated (and zeroed) up front.
    #expect(
      FileError.message { try zip.read("a.txt") }
        == "lie.zip/a.txt: error: corrupt zip archive: cannot inflate entry")
  }

  @Test func entriesUnpackingToMoreThanDeclaredStopAtTheDeclaredSize() {
    let data = [UInt8](repeating: 0, count: 1 << 20)
    #expect(ZipArchive.inflate(Self.deflated(data), expectedSize: 1000) == nil)
    #expect(ZipArchive.inflate(Self.deflated(data), expectedSize: 1 << 20) == data)
  }

  @Test func theWholeArchiveHasABudget() throws {
    var writer = TestZipWriter()
    for name in ["a.txt", "b.txt", "c.txt"] {
      writer.entries.append(Self.deflatedEntry(name, repeating: "0123456789", count: 10))
    }
    let zip = try ZipArchive(path: "many.zip", bytes: writer.bytes(), totalLimit: 250)
    #expect(try zip.read("a.txt").count == 100)
    #expect(try zip.read("b.txt").count == 100)
    // Reading an entry again costs nothing more.
    #expect(try zip.read("a.txt").count == 100)
    #expect(
      FileError.message { try zip.read("c.txt") }
        == "many.zip/c.txt: error: bytes unpacked from one archive over the 250 bytes limit (raise it with CHATRENDER_MAX_ARCHIVE_BYTES)"
    )
  }

  @Test func aZip64LocatorPointingFarPastTheEndIsAnError() throws {
    var writer = TestZipWriter()
    writer.zip64 = true
    writer.add("a.txt", "hello")
    var bytes = writer.bytes()
    // The locator (20 bytes) sits just before the 22-byte end record; its offset is at 8.
    let offsetField = bytes.count - 22 - 20 + 8
    for index in offsetField..<(offsetField + 8) { bytes[index] = 0xFF }
    try TemporaryFolder.withFile(named: "zip64-far.zip", holding: bytes) { path in
      #expect(
        FileError.message { try ZipArchive(path: path) }
          == "\(path): error: corrupt zip archive: zip64 end record lies outside the file")
    }
    #expect(
      FileError.message { try ZipArchive(path: "m.zip", bytes: bytes) }
        == "m.zip: error: corrupt zip archive: zip64 end record lies outside the file")
  }

  @Test func duplicateNamesWarnAndTheLastIsRead() throws {
    var writer = TestZipWriter()
    writer.add("a.txt", "first")
    writer.add("b.txt", "only")
    writer.add("a.txt", "second")
    let zip = try ZipArchive(path: "dup.zip", bytes: writer.bytes())
    #expect(try zip.filePaths() == ["a.txt", "b.txt"])
    #expect(try zip.read("a.txt") == Array("second".utf8))
    #expect(zip.warnings.map(\.message) == ["the archive holds 2 entries named 'a.txt'; reading the last one"])
    #expect(zip.warnings.first?.location?.file == "dup.zip")
  }

  @Test func duplicateNameWarningsReachTheImportWarnings() throws {
    var writer = TestZipWriter()
    writer.add("_chat.txt", "[3/9/24, 7:41:02 PM] Dana: old\r\n")
    writer.add("_chat.txt", "[3/9/24, 7:41:02 PM] Dana: new\r\n")
    let input = ImportInput(path: "w.zip", tree: try ZipArchive(path: "w.zip", bytes: writer.bytes()))
    let (transcript, warnings) = try ImportFixtures.read(input)
    #expect(transcript.messages.first?.text == "new")
    #expect(warnings.contains { $0.message.contains("2 entries named '_chat.txt'") })
  }
}
