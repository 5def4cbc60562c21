import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

/// `--evidence` hashes the bytes an import read, as it read them.
@Suite("Source digests")
struct SourceDigestsTests {
  private func folder() throws -> String {
    let path = NSTemporaryDirectory() + "digests-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  @Test("a file opened for evidence is noted with its bytes' hash; one opened without is not")
  func recordsReadsInScope() throws {
    let root = try folder()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let chat = root + "/chat.txt"
    let other = root + "/other.txt"
    try Data("> hi\n".utf8).write(to: URL(fileURLWithPath: chat))
    try Data("> bye\n".utf8).write(to: URL(fileURLWithPath: other))
    let digests = SourceDigests()
    _ = try ImportInput.open(chat, recordingInto: digests)
    _ = try ImportInput.open(other)
    #expect(digests.all == [.init(path: chat, sha256: SHA256.hex(of: Array("> hi\n".utf8)))])
  }

  @Test("a zip archive is noted as its own bytes")
  func archiveAsItsBytes() throws {
    let root = try folder()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let zip = root + "/export.zip"
    // An empty archive: just the end-of-central-directory record.
    let empty: [UInt8] = [0x50, 0x4B, 0x05, 0x06] + [UInt8](repeating: 0, count: 18)
    try Data(empty).write(to: URL(fileURLWithPath: zip))
    let digests = SourceDigests()
    _ = try ImportInput.open(zip, recordingInto: digests)
    #expect(digests.all == [.init(path: zip, sha256: SHA256.hex(of: empty))])
  }

  @Test("a folder's files, a file beside the input and a database are noted as they are read")
  func foldersSiblingsAndDatabases() throws {
    let root = try folder()
    defer { try? FileManager.default.removeItem(atPath: root) }
    try FileManager.default.createDirectory(atPath: root + "/export", withIntermediateDirectories: true)
    try Data("one".utf8).write(to: URL(fileURLWithPath: root + "/export/a.json"))
    try Data("two".utf8).write(to: URL(fileURLWithPath: root + "/export/b.json"))
    try Data("page".utf8).write(to: URL(fileURLWithPath: root + "/beside.html"))
    let database = Array("SQLite format 3".utf8) + [0] + [UInt8](repeating: 0, count: 84)
    try Data(database).write(to: URL(fileURLWithPath: root + "/chat.db"))
    let digests = SourceDigests()
    let tree = try #require(try ImportInput.open(root + "/export", recordingInto: digests).tree)
    _ = try tree.read("a.json")
    let input = try ImportInput.open(root + "/chat.db", recordingInto: digests)
    _ = try input.sourceFile(atPath: root + "/beside.html")
    #expect(
      digests.all == [
        .init(path: root + "/beside.html", sha256: SHA256.hex(of: Array("page".utf8))),
        .init(path: root + "/chat.db", sha256: SHA256.hex(of: database)),
        .init(path: tree.displayPath(of: "a.json"), sha256: SHA256.hex(of: Array("one".utf8))),
      ])
  }

  @Test("several files make a manifest, and the evidence is the manifest's hash")
  func manifestOfSeveral() {
    let evidence = DocumentSummary.Evidence(
      files: [("a/one.json", String(repeating: "1", count: 64)), ("a/two.json", String(repeating: "2", count: 64))],
      totalMessages: 9, filters: ["--last 5"], timeZone: TimeZone(identifier: "Europe/Lisbon")!)
    let manifest =
      "\(String(repeating: "1", count: 64))  a/one.json\n\(String(repeating: "2", count: 64))  a/two.json\n"
    #expect(evidence.manifest.map { $0 + "\n" }.joined() == manifest)
    #expect(evidence.sourceSHA256 == SHA256.hex(of: Array(manifest.utf8)))
    #expect(evidence.source == "the manifest of 2 files")
    #expect(evidence.timeZone == "Europe/Lisbon")
  }
}
