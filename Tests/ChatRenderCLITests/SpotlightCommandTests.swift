import Foundation
import Testing

/// `--highlight`, `--note`, `--crop`, `--context` and `parse --numbered`.
@Suite("spotlight flags")
struct SpotlightCommandTests {
  static let chat = """
    me: Sam

    [2025-03-01 09:30] Ana: Morning! Did you see the contract draft?
    [2025-03-01 09:31] Sam: Yes, just now. Clause 4 looks odd.
    -- Ana renamed the group
    [2025-03-01 09:33] Sam: The deposit is refundable only until Friday.
    [2025-03-02 11:06] Sam: Deal.
    """

  func sandbox() throws -> Sandbox {
    let sandbox = try Sandbox(writing: Self.chat, to: "deal.chat")
    return sandbox
  }

  @Test("parse --numbered counts entries from 1, notices included")
  func numbered() throws {
    let result = try sandbox().chatrender(["parse", "--numbered", "deal.chat"])
    #expect(result.status == 0)
    let lines = result.outputText.split(separator: "\n")
    #expect(lines.count == 5)
    #expect(lines[0].hasPrefix("1  2025-03-01 09:30  Ana: Morning!"))
    #expect(lines[2].hasPrefix("3  ") && lines[2].contains("* Ana renamed the group"))
    #expect(lines[4].hasPrefix("5  2025-03-02 11:06  Sam: Deal."))
  }

  @Test("PNG, PDF and SVG each render a spotlight with a note")
  func renders() throws {
    let sandbox = try sandbox()
    let result = try sandbox.chatrender([
      "deal.chat", "--highlight", "4", "--note", "Only until Friday", "--highlight", "text:deal",
      "-f", "png,pdf,svg", "-o", "out",
    ])
    #expect(result.status == 0, "\(result.standardError)")
    for name in ["out/deal.png", "out/deal.pdf", "out/deal.svg"] { #expect(sandbox.exists(name), "\(name)") }
    #expect(String(decoding: try sandbox.bytes("out/deal.svg"), as: UTF8.self).contains("fill-rule:evenodd"))
  }

  @Test("a selector matching nothing fails the file, naming the selector; nothing is written")
  func unmatched() throws {
    let sandbox = try sandbox()
    let result = try sandbox.chatrender(["deal.chat", "--highlight", "text:invoice", "-o", "deal.png"])
    #expect(result.status == 1)
    #expect(result.standardError.contains("deal.chat"))
    #expect(result.standardError.contains("--highlight 'text:invoice' matches no message"))
    #expect(result.standardError.contains("note: 'chatrender parse --numbered' lists them"))
    #expect(!sandbox.exists("deal.png"))
  }

  @Test(
    "flags that cannot go together are usage errors",
    arguments: [
      (["--highlight", "0"], "invalid selector '0'"),
      (["--highlight", "2-x"], "invalid selector '2-x'"),
      (["--note", "hello"], "--note needs --highlight"),
      (["--crop"], "--crop needs --highlight"),
      (["--highlight", "2", "--context", "3"], "--context needs --crop"),
      (
        ["--highlight", "2", "--crop", "--context", "-1"],
        "invalid value '-1' for --context (expected a whole number of at least 0)"
      ),
      (["--highlight", "2", "--note", "a", "--note", "b"], "2 --note for 1 --highlight"),
    ])
  func usage(arguments: [String], message: String) throws {
    let sandbox = try sandbox()
    let result = try sandbox.chatrender(["deal.chat", "-o", "deal.png"] + arguments)
    #expect(result.status == 2)
    #expect(result.standardError.contains(message), "\(result.standardError)")
    #expect(!sandbox.exists("deal.png"))
  }
}
