import Foundation
import Testing

/// `--help`, `-h` and `--version`.
@Suite("help and version")
struct HelpTests {
  @Test("--help is the long help: usage, exit statuses and examples within 80 columns")
  func longHelp() throws {
    let sandbox = try Sandbox()
    let result = try sandbox.chatrender(["--help"])
    #expect(result.status == 0)
    #expect(result.standardError == "")
    let text = result.outputText
    #expect(text.hasPrefix("chatrender: "))
    for heading in [
      "USAGE:", "ARGUMENTS:", "INPUT OPTIONS:", "OUTPUT OPTIONS:", "BATCH OPTIONS:", "EXIT STATUS:",
      "EXAMPLES:",
    ] {
      #expect(text.contains("\n" + heading + "\n"), "missing \(heading)")
    }
    for status in ["0", "1", "2", "130"] {
      #expect(text.contains("\n  \(status) "), "exit status \(status) is not documented")
    }
    for option in [
      "--output", "--format", "--scale", "--jobs", "--shard", "--fail-fast", "--include",
      "--version",
    ] {
      #expect(text.contains(option), "\(option) is not documented")
    }
    for line in text.split(separator: "\n") {
      #expect(line.count <= 80, "too long: \(line)")
    }
  }

  @Test("-h is the short help", arguments: [["-h"], ["render", "-h"]])
  func shortHelp(_ arguments: [String]) throws {
    let sandbox = try Sandbox()
    let short = try sandbox.chatrender(arguments)
    let long = try sandbox.chatrender(["--help"])
    #expect(short.status == 0)
    #expect(short.outputText.contains("USAGE:"))
    #expect(short.outputText.contains("See 'chatrender --help'"))
    #expect(!short.outputText.contains("EXIT STATUS:"))
    #expect(!short.outputText.contains("EXAMPLES:"))
    #expect(short.outputText.count < long.outputText.count)
  }

  @Test(
    "every command's help fits in 80 columns",
    arguments: ["render", "parse", "formats", "themes", "theme"], ["-h", "--help"])
  func commandHelp(_ command: String, _ flag: String) throws {
    let sandbox = try Sandbox()
    let result = try sandbox.chatrender([command, flag])
    #expect(result.status == 0)
    #expect(result.outputText.contains("USAGE:\n  chatrender \(command)"))
    for line in result.outputText.split(separator: "\n") {
      #expect(line.count <= 80, "too long: \(line)")
    }
  }

  @Test("help short-circuits: no file is read")
  func helpReadsNothing() throws {
    let sandbox = try Sandbox()
    let result = try sandbox.chatrender(["render", "missing.chat", "--help"])
    #expect(result.status == 0)
    #expect(result.standardError == "")
    #expect(result.outputText.contains("EXIT STATUS:"))
  }

  @Test("--version prints the name and a semantic version, then the C libraries' versions")
  func version() throws {
    let sandbox = try Sandbox()
    let result = try sandbox.chatrender(["--version"])
    #expect(result.status == 0)
    #expect(result.standardError == "")
    let lines = result.outputText.split(separator: "\n").map(String.init)
    #expect(result.outputText.hasSuffix("\n"))
    let first = lines.first ?? ""
    #expect(first.hasPrefix("chatrender "))
    let numbers = first.dropFirst("chatrender ".count).split(separator: ".")
    #expect(numbers.count == 3)
    #expect(numbers.allSatisfy { Int($0) != nil })
    let libraries = lines.dropFirst().first ?? ""
    for library in ["cairo 1.", "pango 1.", "fontconfig 2."] {
      #expect(libraries.contains(library), "\(library) missing: \(libraries)")
    }
  }

  @Test("no arguments at all shows the short help on stderr with status 2")
  func noArguments() throws {
    let sandbox = try Sandbox()
    let result = try sandbox.chatrender([])
    #expect(result.status == 2)
    #expect(result.standardError.contains("USAGE:"))
    #expect(result.standardOutput.isEmpty)
  }
}
