import Foundation
import FoundationXML
import Testing

/// stdin with `-`, stdout with `-o -`, broken pipes, terminals and colours.
@Suite("standard streams")
struct StreamTests {
  static let chat = "me: Sam\n\n> hello\n< hi there\n"
  static let escape = "\u{1B}"

  @Test("stdin to PNG on stdout")
  func standardInputToPNG() throws {
    let sandbox = try Sandbox()
    let result = try sandbox.chatrender(
      ["render", "-", "-o", "-", "--width", "400"], stdin: Array(Self.chat.utf8))
    #expect(result.status == 0)
    #expect(result.standardError == "")
    #expect(Array(result.standardOutput.prefix(8)) == PNGHeader.signature)
    #expect(PNGHeader(result.standardOutput)?.width == 400)
    #expect(sandbox.files() == [])
  }

  @Test("stdin to SVG on stdout")
  func standardInputToSVG() throws {
    let sandbox = try Sandbox()
    let result = try sandbox.chatrender(
      ["render", "-", "-f", "svg", "-o", "-", "--width", "400"], stdin: Array(Self.chat.utf8))
    #expect(result.status == 0)
    #expect(result.standardError == "")
    #expect(result.outputText.hasPrefix("<?xml"))
    let document = try XMLDocument(data: Data(result.standardOutput))
    #expect(document.rootElement()?.localName == "svg")
    #expect(document.rootElement()?.attributeValue("width") == "400px")
    #expect(sandbox.files() == [])
  }

  @Test("PDF on stdout, with the format named by -f")
  func pdfToStandardOutput() throws {
    let sandbox = try Sandbox(writing: Self.chat, to: "a.chat")
    let result = try sandbox.chatrender(["render", "a.chat", "-f", "pdf", "-o", "-"])
    #expect(result.status == 0)
    #expect(result.standardOutput.starts(with: Array("%PDF-".utf8)))
    #expect(sandbox.files() == ["a.chat"])
  }

  @Test("stdin to a file takes the format from the extension")
  func standardInputToFile() throws {
    let sandbox = try Sandbox()
    let result = try sandbox.chatrender(
      ["render", "-", "-o", "chat.pdf"], stdin: Array(Self.chat.utf8))
    #expect(result.status == 0)
    #expect(try sandbox.bytes("chat.pdf").starts(with: Array("%PDF-".utf8)))
    #expect(result.standardOutput.isEmpty)
  }

  @Test("a closed stdout ends rendering quietly with status 0")
  func brokenPipeWhileRendering() throws {
    let sandbox = try Sandbox()
    // Big enough (well over a pipe buffer) that writing must hit the closed pipe.
    let result = try sandbox.chatrender(
      ["render", TestPaths.sample("lisbon-trip.chat"), "-f", "pdf", "-o", "-"],
      closesStandardOutput: true)
    #expect(result.status == 0)
    #expect(result.standardError == "")
  }

  @Test("a closed stdout ends parse quietly with status 0, without crashing")
  func brokenPipeWhileParsing() throws {
    let sandbox = try Sandbox()
    let lisbon = try String(contentsOfFile: TestPaths.sample("lisbon-trip.chat"), encoding: .utf8)
    try sandbox.write(String(repeating: lisbon + "\n", count: 8), to: "big.chat")
    let result = try sandbox.chatrender(["parse", "big.chat"], closesStandardOutput: true)
    #expect(result.status == 0)
    #expect(result.standardError == "")
  }

  @Test("no ANSI escapes in stderr when it is a pipe")
  func noEscapesInPipes() throws {
    let sandbox = try Sandbox(writing: "> fine\n", to: "in/good.chat")
    try sandbox.write("> fine\nnot a message\n", to: "in/bad.chat")
    try sandbox.write("title: x\nbogus: y\n\n> hi\n", to: "in/warn.chat")
    let runs = [
      ["render", "in", "-o", "out", "-v"],
      ["render", "--nope"],
      ["render", "in/bad.chat", "-o", "bad.png"],
      ["parse", "in/bad.chat"],
    ]
    for arguments in runs {
      let result = try sandbox.chatrender(arguments)
      #expect(result.status != 0)
      #expect(!result.standardError.isEmpty)
      #expect(!result.standardError.contains(Self.escape), "\(arguments): \(result.standardError)")
      #expect(!result.standardError.contains("\r"))
    }
    // A file name holding an escape sequence is printed escaped.
    try sandbox.write("> fine\nnot a message\n", to: "odd/red\u{1B}[31m.chat")
    let odd = try sandbox.chatrender(["render", "odd", "-o", "odd-out"])
    #expect(odd.status == 1)
    #expect(odd.standardError.hasPrefix("chatrender: odd/red\\u{1b}[31m.chat:2:1: error: "))
    #expect(!odd.standardError.contains(Self.escape))
    // --color always is the only way to get colours into a pipe: the check above can fail.
    let forced = try sandbox.chatrender([
      "render", "in/bad.chat", "-o", "bad.png", "--color", "always",
    ])
    #expect(forced.standardError.contains(Self.escape + "[1;31merror:"))
  }

  // MARK: - Terminals, through script(1)

  static let script = TestPaths.tool("script")

  /// Runs chatrender with stdout and stderr on a terminal; returns what the terminal showed.
  private func onTerminal(
    _ sandbox: Sandbox, _ arguments: [String], environment: String = ""
  ) throws -> Command.Output {
    let binary = try #require(TestPaths.chatrender)
    let line = ([binary] + arguments).map {
      "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
    let command = "exec env \(environment) " + line.joined(separator: " ")
    return try sandbox.run(try #require(Self.script), ["-qec", command, "/dev/null"])
  }

  @Test("PNG to a terminal is refused with status 2; SVG is printed", .enabled(if: script != nil))
  func binaryToTerminal() throws {
    let sandbox = try Sandbox(writing: Self.chat, to: "a.chat")
    let png = try onTerminal(sandbox, ["render", "a.chat", "-o", "-", "-f", "png"])
    #expect(png.status == 2)
    #expect(png.outputText.contains("refusing to write binary PNG to a terminal"))
    #expect(!png.standardOutput.contains(0x89))
    let svg = try onTerminal(sandbox, ["render", "a.chat", "-o", "-", "-f", "svg"])
    #expect(svg.status == 0)
    #expect(svg.outputText.contains("<svg"))
  }

  @Test("colours on a terminal, none with NO_COLOR", .enabled(if: script != nil))
  func noColor() throws {
    let sandbox = try Sandbox(writing: "> fine\nnot a message\n", to: "bad.chat")
    let arguments = ["render", "bad.chat", "-o", "bad.png"]
    let colored = try onTerminal(sandbox, arguments)
    #expect(colored.status == 1)
    #expect(colored.outputText.contains(Self.escape + "[1;31merror:"))
    let plain = try onTerminal(sandbox, arguments, environment: "NO_COLOR=1")
    #expect(plain.status == 1)
    #expect(plain.outputText.contains("bad.chat:2:1: error: "))
    #expect(!plain.outputText.contains(Self.escape + "[1;31m"))
    let never = try onTerminal(sandbox, arguments + ["--color", "never"])
    #expect(!never.outputText.contains(Self.escape + "[1;31m"))
  }
}
