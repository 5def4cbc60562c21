import Foundation
import Testing

/// `--filter` on the command line (issue 42): what it keeps, its located errors, the evidence
/// line's count, and its place in help, manual and completions.
@Suite("--filter")
struct FilterCommandTests {
  static let pdftotext = TestPaths.tool("pdftotext")
  static let chat = """
    me: Sam

    [2025-03-01 09:30] Inês: Morning! Did you see the contract draft?
    [2025-03-01 09:31] Sam: Yes, just now. Clause 4 looks odd.
    -- Inês renamed the group
    [2025-03-01 09:33] Sam: The deposit is refundable only until Friday.
    [2025-03-02 11:06] Inês: Deal, see you at the café.
    """

  func numbered(_ flags: [String]) throws -> [String] {
    let result = try Sandbox(writing: Self.chat, to: "deal.chat").chatrender(
      ["parse", "--numbered", "deal.chat"] + flags)
    try #require(result.status == 0, "\(result.standardError)")
    return result.outputText.split(separator: "\n").map(String.init)
  }

  @Test("keeps what the query matches, before --last")
  func keeps() throws {
    let ines = try numbered(["--filter", "from:ines"])
    #expect(ines.count == 2 && ines.allSatisfy { $0.contains("Inês:") }, "\(ines)")
    #expect(try numbered(["--filter", "cafe or \"clause 4\""]).count == 2)
    let later = try numbered(["--filter", "-from:me after:2025-03-01"])
    #expect(later.count == 1 && later[0].contains("Deal"), "\(later)")
    let last = try numbered(["--filter", "from:sam", "--last", "1"])
    #expect(last.count == 1 && last[0].contains("refundable"), "\(last)")
  }

  @Test("a query that cannot be read is a usage error at its column, before any file is read")
  func locatedError() throws {
    let result = try Sandbox().chatrender(["render", "missing.chat", "--filter", "from:Ana has:photo"])
    #expect(result.status == 2)
    #expect(
      result.standardError.contains(
        "invalid value 'from:Ana has:photo' for --filter: column 14: unknown 'has:photo'; expected has:image"),
      "\(result.standardError)")
    #expect(!result.standardError.contains("missing.chat"), "\(result.standardError)")
  }

  @Test("a query that keeps nothing fails that input")
  func keepsNothing() throws {
    let sandbox = try Sandbox(writing: Self.chat, to: "deal.chat")
    let result = try sandbox.chatrender(["deal.chat", "--filter", "has:image", "-o", "deal.png"])
    #expect(result.status == 1)
    #expect(
      result.standardError.contains("deal.chat:1:1: error: no message matches the filter"), "\(result.standardError)")
    #expect(!sandbox.exists("deal.png"))
  }

  @Test("--evidence counts what the filter left out and names it", .enabled(if: pdftotext != nil))
  func evidence() throws {
    let sandbox = try Sandbox(writing: Self.chat, to: "deal.chat")
    let result = try sandbox.chatrender(["deal.chat", "--filter", "from:Sam", "--evidence", "-o", "deal.pdf"])
    try #require(result.status == 0, "\(result.standardError)")
    let text = try sandbox.run(try #require(Self.pdftotext), ["-f", "1", "-l", "1", "deal.pdf", "-"]).outputText
    let flat = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    #expect(flat.contains("2 of 4 messages"), "\(flat)")
    #expect(flat.contains("--filter 'from:Sam'"), "\(flat)")
  }

  @Test("help, manual and completions offer it")
  func documented() throws {
    let sandbox = try Sandbox()
    #expect(try sandbox.chatrender(["--help"]).outputText.contains("--filter QUERY"))
    #expect(try sandbox.chatrender(["man"]).outputText.contains("filter"))
    for shell in ["bash", "zsh", "fish"] {
      #expect(try sandbox.chatrender(["completions", shell]).outputText.contains("filter"), "\(shell)")
    }
  }
}
