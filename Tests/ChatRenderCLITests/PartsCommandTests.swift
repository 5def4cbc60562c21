import Foundation
import Testing

/// `--split-every`, `--split-size` and the parts' first pages (issue 42).
@Suite("parts")
struct PartsCommandTests {
  static let pdftotext = TestPaths.tool("pdftotext")

  func render(_ sandbox: Sandbox, _ flags: [String]) throws {
    let result = try sandbox.chatrender(["render", TestPaths.sample("lisbon-trip.chat")] + flags)
    try #require(result.status == 0, "chatrender: \(result.standardError)")
  }

  func firstPage(_ sandbox: Sandbox, _ name: String) throws -> String {
    let text = try sandbox.run(try #require(Self.pdftotext), ["-f", "1", "-l", "1", name, "-"]).outputText
    return text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }

  @Test(
    "--split-every 100: three PDFs named by part, each saying which part and linking its neighbours",
    .enabled(if: pdftotext != nil))
  func everyHundred() throws {
    let sandbox = try Sandbox()
    try render(sandbox, ["-o", "trip.pdf", "--split-every", "100"])
    let files = sandbox.files().filter { !$0.hasPrefix(".") }
    #expect(files == ["trip-part-01.pdf", "trip-part-02.pdf", "trip-part-03.pdf"])
    #expect(
      try firstPage(sandbox, "trip-part-02.pdf").contains("Part 2 of 3, messages 101–200 Previous part Next part"))
    #expect(try firstPage(sandbox, "trip-part-01.pdf").contains("Part 1 of 3, messages 1–100 Next part"))
    let third = try firstPage(sandbox, "trip-part-03.pdf")
    #expect(third.contains("Part 3 of 3, messages 201–") && !third.contains("Next part"), "\(third)")
    let middle = String(decoding: try sandbox.bytes("trip-part-02.pdf"), as: UTF8.self)
    #expect(middle.contains("/URI (trip-part-01.pdf)") && middle.contains("/URI (trip-part-03.pdf)"))
  }

  @Test("a part's first page speaks the locale's language", .enabled(if: pdftotext != nil))
  func translated() throws {
    let sandbox = try Sandbox()
    try render(sandbox, ["-o", "trip.pdf", "--split-every", "100", "--locale", "de_DE"])
    #expect(
      try firstPage(sandbox, "trip-part-02.pdf").contains(
        "Teil 2 von 3, Nachrichten 101–200 Vorheriger Teil Nächster Teil"))
  }

  @Test("--split-size cuts at about the size asked; --split-by takes quarters and years")
  func bySizeAndYear() throws {
    let sandbox = try Sandbox()
    try render(sandbox, ["-o", "trip.pdf", "--split-size", "100KB"])
    let files = sandbox.files().filter { !$0.hasPrefix(".") }
    #expect(files.count > 1 && files.allSatisfy { $0.hasPrefix("trip-part-") }, "\(files)")
    let byYear = try Sandbox()
    try render(byYear, ["-o", "trip.pdf", "--split-by", "year"])
    #expect(byYear.files().filter { !$0.hasPrefix(".") } == ["trip-2025.pdf"])
    let byQuarter = try Sandbox()
    try render(byQuarter, ["-o", "trip.pdf", "--split-by", "quarter"])
    #expect(byQuarter.files().filter { !$0.hasPrefix(".") } == ["trip-2025-Q2.pdf"])
  }

  @Test("two ways of cutting, or a size that is none, are usage errors")
  func refused() throws {
    let sandbox = try Sandbox()
    let both = try sandbox.chatrender(["a.chat", "--split-by", "month", "--split-every", "10", "-o", "a.pdf"])
    #expect(both.status == 2 && both.standardError.contains("--split-by and --split-every cut the chat two ways"))
    let size = try sandbox.chatrender(["a.chat", "--split-size", "20XB", "-o", "a.pdf"])
    #expect(size.status == 2 && size.standardError.contains("invalid value '20XB' for --split-size"))
    let stdout = try sandbox.chatrender(["a.chat", "--split-every", "10", "-o", "-"])
    #expect(stdout.status == 2 && stdout.standardError.contains("--split-every writes several files"))
  }
}
