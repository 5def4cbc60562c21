import Foundation
import Testing

/// `--pdf-engine own` writes PDF/A: A-2u by default (XMP identification, an sRGB output
/// intent), A-3u with `--evidence`, carrying the source export whose SHA-256 the footer states.
@Suite("PDF/A of our own writer")
struct PDFArchiveTests {
  static let pdfdetach = TestPaths.tool("pdfdetach")
  static let qpdf = TestPaths.tool("qpdf")
  static let sha256sum = TestPaths.tool("sha256sum")
  static let pdftotext = TestPaths.tool("pdftotext")

  private func render(_ sandbox: Sandbox, _ input: String, _ flags: [String] = []) throws -> String {
    let result = try sandbox.chatrender(["render", input, "-o", "chat.pdf", "--pdf-engine", "own"] + flags)
    try #require(result.status == 0, "chatrender: \(result.standardError)")
    return PDFPlainText.of(try sandbox.bytes("chat.pdf"))
  }

  @Test("PDF/A-2u by default: the XMP says so and an sRGB profile is the output intent")
  func archivalByDefault() throws {
    let sandbox = try Sandbox()
    let pdf = try render(sandbox, TestPaths.sample("world.chat"))
    #expect(pdf.contains("<pdfaid:part>2</pdfaid:part><pdfaid:conformance>U</pdfaid:conformance>"))
    #expect(pdf.contains("<pdfaSchema:prefix>pdfuaid</pdfaSchema:prefix>"))
    #expect(pdf.contains("/S/GTS_PDFA1/OutputConditionIdentifier (sRGB IEC61966-2.1)"))
    #expect(pdf.contains("/OutputIntents["))
    #expect(!pdf.contains("/EmbeddedFiles"))
  }

  @Test("--pdf-standard none claims nothing; a-3u says part 3")
  func standardChosen() throws {
    let sandbox = try Sandbox()
    let plain = try render(sandbox, TestPaths.sample("world.chat"), ["--pdf-standard", "none"])
    #expect(!plain.contains("pdfaid:part"))
    #expect(!plain.contains("/OutputIntents"))
    let three = try render(sandbox, TestPaths.sample("world.chat"), ["--pdf-standard", "a-3u"])
    #expect(three.contains("<pdfaid:part>3</pdfaid:part>"))
  }

  @Test("with --evidence: PDF/A-3u carrying the source, whose SHA-256 is the footer's", .enabled(if: pdfdetach != nil))
  func evidenceCarriesItsSource() throws {
    let sandbox = try Sandbox()
    try sandbox.copySample("world.chat", to: "world.chat")
    let pdf = try render(sandbox, "world.chat", ["--evidence"])
    #expect(pdf.contains("<pdfaid:part>3</pdfaid:part>"))
    #expect(pdf.contains("/AFRelationship/Source"))
    let list = try sandbox.run(try #require(Self.pdfdetach), ["-list", "chat.pdf"])
    #expect(list.outputText.contains("world.chat"), "\(list.outputText)")
    let saved = try sandbox.run(try #require(Self.pdfdetach), ["-save", "1", "-o", "detached", "chat.pdf"])
    try #require(saved.status == 0, "\(saved.standardError)")
    #expect(try sandbox.bytes("detached") == sandbox.bytes("world.chat"))
    let manifest = String(decoding: try sandbox.bytes("chat.pdf.sha256"), as: UTF8.self)
    let hash = try #require(manifest.split(separator: " ").first.map(String.init))
    #expect(pdf.contains("sha256:\(hash)"), "the metadata states the embedded file's hash")
  }

  @Test(
    "with --evidence on a folder: a zip of the files read, whose SHA-256 the footer states",
    .enabled(if: pdfdetach != nil && sha256sum != nil && pdftotext != nil))
  func evidenceCarriesAZipOfAFolder() throws {
    let sandbox = try Sandbox()
    try FileManager.default.copyItem(
      atPath: TestPaths.sample("messenger-export"), toPath: sandbox.url.appendingPathComponent("messenger-export").path)
    var zips: [[UInt8]] = []
    for run in ["a", "b"] {
      let result = try sandbox.chatrender(
        ["render", "messenger-export", "--chat", "Ana Costa", "-o", run + ".pdf", "--evidence", "--pdf-engine", "own"])
      try #require(result.status == 0, "chatrender: \(result.standardError)")
      let list = try sandbox.run(try #require(Self.pdfdetach), ["-list", run + ".pdf"])
      #expect(list.outputText.contains("messenger-export.zip"), "\(list.outputText)")
      let saved = try sandbox.run(try #require(Self.pdfdetach), ["-save", "1", "-o", run + ".zip", run + ".pdf"])
      try #require(saved.status == 0, "\(saved.standardError)")
      zips.append(try sandbox.bytes(run + ".zip"))
    }
    #expect(zips[0] == zips[1], "the same files make the same zip")
    let zip = zips[0]
    #expect(zip.starts(with: [0x50, 0x4B, 0x03, 0x04]))
    // Every file the manifest lists is in the zip, stored byte for byte under its path in the folder.
    let manifest = String(decoding: try sandbox.bytes("a.pdf.sha256"), as: UTF8.self).split(separator: "\n")
      .compactMap { $0.split(separator: "  ", maxSplits: 1).last.map(String.init) }.filter {
        $0.hasPrefix("messenger-export/")
      }
    #expect(manifest.count > 1, "\(manifest)")
    for path in manifest {
      let bytes = try sandbox.bytes(path)
      #expect(zip.firstRange(of: bytes) != nil, "\(path) is not stored in the zip")
      #expect(zip.firstRange(of: Array(path.dropFirst("messenger-export/".count).utf8)) != nil, "\(path) is not named")
    }
    let hash = try sandbox.run(try #require(Self.sha256sum), ["a.zip"]).outputText.prefix(64)
    let footer = try sandbox.run(try #require(Self.pdftotext), ["a.pdf", "-"]).outputText
    #expect(footer.contains("SHA-256 \(hash) of messenger-export.zip"), "\(footer)")
    #expect(PDFPlainText.of(try sandbox.bytes("a.pdf")).contains("sha256:\(hash)"))
  }

  @Test("--no-embed-source leaves the source out")
  func sourceLeftOut() throws {
    let sandbox = try Sandbox()
    try sandbox.copySample("world.chat", to: "world.chat")
    let pdf = try render(sandbox, "world.chat", ["--evidence", "--no-embed-source"])
    #expect(!pdf.contains("/EmbeddedFiles"))
  }

  @Test("qpdf finds every PDF/A file sound", .enabled(if: qpdf != nil))
  func qpdfFindsNothing() throws {
    let sandbox = try Sandbox()
    try sandbox.copySample("world.chat", to: "world.chat")
    _ = try render(sandbox, "world.chat", ["--evidence"])
    let report = try sandbox.run(try #require(Self.qpdf), ["--check", "chat.pdf"])
    #expect(report.outputText.contains("No syntax or stream encoding errors found"), "\(report.outputText)")
    #expect(!report.outputText.contains("WARNING"))
  }
}
