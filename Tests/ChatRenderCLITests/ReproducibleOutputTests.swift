import Foundation
import Testing

/// The same input and options give the same bytes, run after run and on any number of threads
/// (docs/ARCHITECTURE.md, "Reproducible output"; `SOURCE_DATE_EPOCH` is set by the sandbox).
@Suite struct ReproducibleOutputTests {
  /// Samples with pictures, emoji, CJK, Korean, Arabic, code and links between them.
  static let samples = [
    "WhatsApp_Chat_-_Ana_Costa.zip", "world.chat", "kakaotalk-jeju-trip.txt", "chatgpt-dinner-bill.json",
  ]

  /// Each sample rendered into `folder` in `format`, as one batch on `jobs` workers.
  func render(_ sandbox: Sandbox, into folder: String, format: String, jobs: Int) throws -> [String: [UInt8]] {
    let inputs = Self.samples.map(TestPaths.sample)
    let result = try sandbox.chatrender(["render"] + inputs + ["-o", folder, "-f", format, "--jobs", "\(jobs)"])
    #expect(result.status == 0, "\(result.standardError)")
    let files = sandbox.files(in: folder)
    #expect(files.count >= Self.samples.count, "\(files)")
    return try Dictionary(uniqueKeysWithValues: files.map { ($0, try sandbox.bytes(folder + "/" + $0)) })
  }

  @Test(arguments: ["png", "pdf", "svg"])
  func twoRunsOnOneAndTwoWorkersGiveTheSameBytes(format: String) throws {
    let sandbox = try Sandbox()
    let first = try render(sandbox, into: "first", format: format, jobs: 1)
    let again = try render(sandbox, into: "again", format: format, jobs: 1)
    let together = try render(sandbox, into: "together", format: format, jobs: 2)
    let alone = try sandbox.chatrender(["render", TestPaths.sample("world.chat"), "-o", "alone." + format])
    #expect(alone.status == 0, "\(alone.standardError)")
    #expect(try sandbox.bytes("alone." + format) == first["world." + format] ? true : false, "world.chat alone differs")
    // Compared as booleans: a failure prints the file's name, not its bytes.
    for (name, bytes) in first {
      #expect(again[name] == bytes ? true : false, "\(name) differs between two runs")
      #expect(together[name] == bytes ? true : false, "\(name) differs when two workers render together")
    }
  }
}
