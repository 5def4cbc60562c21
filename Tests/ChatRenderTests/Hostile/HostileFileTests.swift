import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

/// Files that are not what they seem: FIFOs, devices, files past a limit, nesting without end.
@Suite struct HostileFileTests {
  @Test func aFIFOIsRefusedWithoutWaitingForAWriter() throws {
    try TemporaryFolder.with { folder in
      let fifo = folder.appendingPathComponent("chat.txt").path
      #expect(mkfifo(fifo, 0o600) == 0)
      #expect(
        FileError.message { try ImportInput.open(fifo) }
          == "\(fifo): error: expected a regular file, found a named pipe (FIFO)")
      #expect(RegularFile.problem(at: fifo) == "expected a regular file, found a named pipe (FIFO)")
    }
  }

  @Test func aDeviceIsRefused() {
    #expect(
      FileError.message { try SourceFile(contentsOf: "/dev/zero") }
        == "/dev/zero: error: expected a regular file, found a device")
  }

  @Test func aFileOverTheLimitIsRefused() throws {
    try TemporaryFolder.withFile(named: "big.txt", holding: [UInt8](repeating: 0x41, count: 2048)) { path in
      let whole = try RegularFile.read(path, maximum: 2048)
      #expect(whole.count == 2048)
      #expect(
        FileError.message { try RegularFile.read(path, maximum: 1024) }
          == "\(path): error: input file size over the 1 KiB limit (raise it with CHATRENDER_MAX_INPUT_BYTES)"
      )
    }
  }

  @Test func limitsReadFromTheEnvironmentTakeSuffixes() {
    #expect(Limit.parse("1048576") == 1_048_576)
    #expect(Limit.parse("512m") == 512 << 20)
    #expect(Limit.parse("2G") == 2 << 30)
    #expect(Limit.parse("0") == nil)
    #expect(Limit.parse("lots") == nil)
    #expect(Limit.describe(50_000_000, bytes: false) == "50,000,000")
    #expect(Limit.describe(3 << 30, bytes: true) == "3 GiB")
  }

  @Test func limitVariablesThatAreNotCountsAreFound() {
    let invalid = Limit.invalidSettings(in: [
      "CHATRENDER_MAX_INPUT_BYTES": "lots", "CHATRENDER_MAX_PICTURE_PIXELS": "0",
      "CHATRENDER_MAX_ARCHIVE_BYTES": "2g", "HOME": "/root",
    ])
    #expect(invalid.map(\.limit) == [.inputSize, .picturePixels])
    #expect(invalid.map(\.value) == ["lots", "0"])
  }

  @Test func detectionOfDeeplyNestedJSONStaysCheap() throws {
    // 100,000 levels once took gigabytes and minutes: detection kept a path per level.
    let text = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
    let input = ImportInput(file: try SourceFile(path: "deep.json", bytes: Array(text.utf8)))
    #expect(Importer.detect(input)?.name != "json")
    let onlyOpen = ImportInput(
      file: try SourceFile(path: "open.json", bytes: [UInt8](repeating: 0x5B, count: 262_144)))
    _ = Importer.detect(onlyOpen)
  }

  @Test func readingDeeplyNestedJSONFailsAtTheLimit() throws {
    let text = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
    let file = try SourceFile(path: "deep.json", bytes: Array(text.utf8))
    #expect(throws: DiagnosticError.self) { try JSONReader.parse(file) }
    do {
      _ = try JSONReader.parse(file)
    } catch let error as DiagnosticError {
      #expect(error.diagnostics.first?.message == "JSON nesting depth over the 512 limit")
      #expect(error.diagnostics.first?.location?.column == 513)
    }
  }
}
