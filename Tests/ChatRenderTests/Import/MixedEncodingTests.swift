import Testing

@_spi(Pages) @testable import ChatRender

/// Files whose lines are not all UTF-8, and files that are not text at all.
@Suite struct MixedEncodingTests {
  /// `lietuviškai` in UTF-8 on one line, `aišku` in Windows-1252 (š = 0x9A) on the next.
  let mixed: [UInt8] =
    Array("2011-01-15T20:32:39  <mg> lietuviškai\n".utf8) + Array("2011-01-15T20:38:43  <ka> ai".utf8)
    + [0x9A] + Array("ku ".utf8) + [0x80] + Array("5\n".utf8) + Array("2011-01-15T20:39:00  <ka> ok\n".utf8)

  @Test func aLineThatIsNotUTF8IsReadAsWindows1252() throws {
    let file = try SourceFile(path: "mixed.log", bytes: mixed)
    #expect(file.lineText(1) == "2011-01-15T20:32:39  <mg> lietuviškai")
    #expect(file.lineText(2) == "2011-01-15T20:38:43  <ka> aišku €5")
    let warning = try #require(file.encodingWarning)
    #expect(warning.message == "1 line is not UTF-8; read as Windows-1252")
    #expect(warning.location?.line == 2)
    // Another line is UTF-8: converting the whole file would garble it, so no iconv.
    #expect(warning.notes.isEmpty)
  }

  @Test func columnsStayThoseOfTheFile() throws {
    let file = try SourceFile(path: "mixed.log", bytes: mixed)
    let secondLine = file.location(line: 2, column: 1).offset
    // "ok" on line 3 and "€" on line 2 keep the columns they have in the file.
    let euro = Array(file.lineText(2).unicodeScalars).firstIndex(of: "€")! + 1
    #expect(euro == 33)
    let prefix = Array("2011-01-15T20:38:43  <ka> aišku ".utf8).count
    #expect(file.location(ofOffset: secondLine + prefix).column == 33)
    #expect(file.location(ofOffset: file.location(line: 3, column: 1).offset + 27).column == 28)
  }

  @Test func aWholeFileInWindows1252IsReadWithAnIconvNote() throws {
    let bytes = Array("> ol".utf8) + [0xE1] + Array("\n< ok\n> caf".utf8) + [0xE9, 0x0A]
    let file = try SourceFile(path: "old.chat", bytes: bytes)
    #expect(file.text == "> olá\n< ok\n> café\n")
    let warning = try #require(file.encodingWarning)
    #expect(warning.message == "2 lines are not UTF-8; read as Windows-1252")
    #expect(warning.notes.count == 1)
    #expect(warning.notes.first?.contains("iconv -f ENCODING -t UTF-8 'old.chat' > 'old.chat.utf8'") == true)
  }

  @Test func theWarningReachesTheReader() throws {
    let input = ImportInput(file: try SourceFile(path: "mixed.log", bytes: mixed))
    let (transcript, warnings) = try ImportFixtures.read(input)
    #expect(transcript.messages.map(\.text) == ["lietuviškai", "aišku €5", "ok"])
    #expect(warnings.first?.message == "1 line is not UTF-8; read as Windows-1252")
  }

  @Test(arguments: [
    ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00], "file is a PNG picture, not a chat export"),
    (Array("%PDF-1.7\n%".utf8) + [0xE2, 0xE3, 0xCF, 0xD3, 0x0A], "file is a PDF document, not a chat export"),
    ([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10], "file is a JPEG picture, not a chat export"),
    ([0x41, 0x00, 0x00, 0x00, 0xFF, 0x42, 0x43, 0x00, 0x01, 0x02], "file is a binary file, not a chat export"),
  ])
  func aBinaryFileIsNamedWithoutIconv(bytes: [UInt8], message: String) {
    let error = #expect(throws: DiagnosticError.self) { try SourceFile(path: "x", bytes: bytes) }
    #expect(error?.diagnostics.map(\.message) == [message])
    #expect(error?.diagnostics.first?.notes == [])
  }

  @Test func aTextFileWithAFewNULsIsReadWithoutThemAndOneWarning() throws {
    let chat =
      Array("14/03/2024, 09:01 - Ana: one\n14/03/2024, 09:02 - Bo: t".utf8) + [0]
      + Array("w".utf8) + [0, 0] + Array("o\n14/03/2024, 09:03 - Ana: three\n".utf8)
    let input = ImportInput(file: try SourceFile(path: "chat.txt", bytes: chat))
    let (transcript, warnings) = try ImportFixtures.read(input)
    #expect(transcript.messages.map(\.text) == ["one", "two", "three"])
    let warning = try #require(warnings.first { $0.message.contains("NUL") })
    #expect(warning.message == "3 NUL bytes were dropped (this is the first)")
    #expect(warning.location?.description == "chat.txt:2:26")
  }

  @Test func aFileMostlyOfControlBytesOrUTF16IsStillRefused() {
    let utf16 = Array("14/03/2024, 09:01 - Ana: hello there\n".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    let utf16Error = #expect(throws: DiagnosticError.self) { try SourceFile(path: "x", bytes: utf16) }
    #expect(utf16Error?.diagnostics.first?.message == "file is UTF-16LE without a byte-order mark, not UTF-8")
    let binary = (0..<4096).map { UInt8(($0 * 131) % 256) }
    let binaryError = #expect(throws: DiagnosticError.self) { try SourceFile(path: "x", bytes: binary) }
    #expect(binaryError?.diagnostics.first?.message == "file is a binary file, not a chat export")
  }

  /// The line decoder never fails and keeps every line: any bytes come out as valid UTF-8.
  @Test func anyBytesDecodeToTheSameNumberOfLines() {
    var bytes: [UInt8] = []
    for value in 0..<512 { bytes.append(UInt8((value * 37) % 256)) }
    let decoded = TextEncoding.decodingLineByLine(bytes)
    #expect(decoded.map { TextEncoding.firstInvalidUTF8Offset($0.bytes[...]) } == .some(nil))
    let lineEnds = { (bytes: [UInt8]) in bytes.filter { $0 == 0x0A || $0 == 0x0D }.count }
    #expect(decoded.map { lineEnds($0.bytes) } == lineEnds(bytes))
  }
}
