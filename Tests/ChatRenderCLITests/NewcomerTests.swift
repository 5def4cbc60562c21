import Foundation
import Testing

/// A newcomer's first minute and the smaller wishes of issue 42: the path written is named,
/// a unitless page size and an inverted range are usage errors, an empty NO_COLOR keeps
/// colour, `--me` ignores accents, `-h` lists every command.
@Suite("first minute")
struct NewcomerTests {
  static let chat = "[2025-03-01 09:30] Inês: Olá\n[2025-03-01 09:31] Ben: Hi\n"

  @Test("one input's render names the file written, unless -q")
  func namesTheFileWritten() throws {
    let sandbox = try Sandbox(writing: Self.chat, to: "chat.chat")
    let result = try sandbox.chatrender(["chat.chat", "--me", "Ben"])
    #expect(result.status == 0 && result.standardError == "chatrender: wrote chat.png\n", "\(result.standardError)")
    let quiet = try sandbox.chatrender(["chat.chat", "--me", "Ben", "-q", "-o", "q.png"])
    #expect(quiet.status == 0 && quiet.standardError.isEmpty, "\(quiet.standardError)")
  }

  @Test("--page-size without a unit is a usage error that says which")
  func pageSizeNeedsAUnit() throws {
    let result = try Sandbox().chatrender(["chat.chat", "-f", "pdf", "--page-size", "100x100"])
    #expect(result.status == 2)
    #expect(
      result.standardError.contains("invalid value '100x100' for --page-size: a size needs its unit: 100x100mm"),
      "\(result.standardError)")
  }

  @Test("an inverted date range is a usage error before any file is read")
  func invertedRange() throws {
    let result = try Sandbox().chatrender(["missing.chat", "--from", "2025-03", "--to", "2025-01"])
    #expect(result.status == 2)
    #expect(result.standardError.contains("--from 2025-03 is after --to 2025-01"), "\(result.standardError)")
    #expect(!result.standardError.contains("missing.chat"), "\(result.standardError)")
  }

  @Test("--me matches a name with or without its accents")
  func meWithoutAccents() throws {
    let sandbox = try Sandbox(writing: Self.chat, to: "chat.chat")
    for name in ["Ines", "inês", "INES"] {
      let result = try sandbox.chatrender(["parse", "--numbered", "chat.chat", "--me", name])
      #expect(result.status == 0, "\(name): \(result.standardError)")
    }
  }

  @Test("-h lists every subcommand")
  func shortHelpListsCommands() throws {
    let help = try Sandbox().chatrender(["-h"]).outputText
    let commands = try #require(help.components(separatedBy: "COMMANDS:").last?.components(separatedBy: "\n\n").first)
    for command in ["render", "parse", "formats", "themes", "theme", "fonts", "completions", "man", "help", "version"] {
      #expect(commands.contains(command), "\(command) in \(commands)")
    }
  }

  @Test(
    "an empty NO_COLOR keeps colour on a terminal (no-color.org); a set one turns it off",
    .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
  func emptyNoColor() throws {
    let sandbox = try Sandbox(writing: Self.chat, to: "chat.chat")
    let binary = try #require(TestPaths.chatrender)
    func warning(noColor: String) throws -> String {
      let command = "NO_COLOR=\(noColor) '\(binary)' parse chat.chat -o out.json"
      return try sandbox.run("/usr/bin/script", ["-qec", command, "/dev/null"]).outputText
    }
    #expect(try warning(noColor: "''").contains("\u{1B}["))
    #expect(!(try warning(noColor: "1").contains("\u{1B}[")))
  }
}
