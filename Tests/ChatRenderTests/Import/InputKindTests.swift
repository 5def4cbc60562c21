import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

/// Every format forced (`-i NAME`) onto every kind of input: an SQLite database, an archive,
/// a text file. A format may refuse what it cannot read, but never crash; the fuzz targets
/// found Google Chat crashing on a database (the iMessage sample).
@Suite("every format on every kind of input")
struct InputKindTests {
  /// The inputs, with a database of `name`'s own (test cases run side by side).
  static func inputs(_ name: String) throws -> [(name: String, input: ImportInput)] {
    let fixture = try IMessageFixture.make("input-kinds-\(name)")
    let database = try ImportInput.open(fixture.path)
    var zip = TestZipWriter()
    zip.add("notes.txt", "hello\n")
    let archive = ImportInput(path: "notes.zip", tree: try ZipArchive(path: "notes.zip", bytes: zip.bytes()))
    let text = ImportInput(file: try SourceFile(path: "plain.txt", bytes: Array("hello\n".utf8)))
    return [("database", database), ("archive", archive), ("text", text)]
  }

  @Test("no format crashes on a database, an archive or a text", arguments: Importer.formats.map(\.name))
  func forcedFormat(_ name: String) throws {
    let format = try #require(Importer.format(named: name))
    for (kind, input) in try Self.inputs(name) {
      var warnings: [Diagnostic] = []
      do {
        _ = try format.parse(input, options: ImportOptions(), warnings: &warnings)
        _ = try format.listChats(input)
      } catch {
        #expect(!"\(error)".isEmpty, "\(name) on a \(kind): an error says what is wrong")
      }
    }
  }
}
