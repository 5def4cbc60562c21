import Foundation
import Testing

/// The command does what it is asked or says why not: contradicting outputs, idle options,
/// help that leads somewhere, "did you mean".
@Suite("no surprises")
struct NoSurprisesTests {
  static let chat = "me: Sam\n\n> hello\n< hi there\n"

  /// Runs `arguments` in a sandbox holding `a.chat`.
  private func run(_ arguments: [String]) throws -> (Sandbox, Command.Output) {
    let sandbox = try Sandbox()
    try sandbox.write(Self.chat, to: "a.chat")
    return (sandbox, try sandbox.chatrender(arguments))
  }

  @Test(
    "an output whose extension contradicts its format is a usage error listing the formats",
    arguments: [["-o", "chat.jpg"], ["-o", "chat.webp"], ["-o", "chat.pdf", "-f", "png"]])
  func contradictingExtension(_ output: [String]) throws {
    let (sandbox, result) = try run(["render", "a.chat"] + output)
    #expect(result.status == 2)
    #expect(result.standardError.contains("png"))
    #expect(result.standardError.contains("pdf"))
    #expect(sandbox.files() == ["a.chat"])
  }

  @Test("an extension that agrees with -f, or no extension, is written")
  func agreeingExtension() throws {
    let (sandbox, result) = try run(["render", "a.chat", "-o", "chat.PNG", "-f", "png"])
    #expect(result.status == 0)
    #expect(sandbox.exists("chat.PNG"))
    let bare = try sandbox.chatrender(["render", "a.chat", "-o", "chat", "-f", "svg"])
    #expect(bare.status == 0)
    #expect(sandbox.exists("chat"))
  }

  @Test(
    "an option that does not apply to the format gets one warning line",
    arguments: [
      (["--page-size", "A4", "-o", "a.png"], "--page-size applies to PDF only"),
      (["--scale", "2", "-o", "a.pdf"], "--scale applies to PNG only"),
      (["--max-height", "500", "-o", "a.svg"], "--max-height applies to PNG only"),
    ])
  func idleOption(_ arguments: [String], warning: String) throws {
    let (_, result) = try run(["render", "a.chat"] + arguments)
    #expect(result.status == 0)
    #expect(result.standardError.contains("warning: " + warning))
    #expect(result.standardError.split(separator: "\n").count == 1)
  }

  @Test("an option for one of several formats is not warned about")
  func optionForOneOfSeveral() throws {
    let (_, result) = try run(["render", "a.chat", "--scale", "2", "-f", "png,pdf", "-o", "out"])
    #expect(result.status == 0)
    #expect(!result.standardError.contains("warning"))
  }

  @Test("'help COMMAND' is 'COMMAND --help'", arguments: ["render", "parse", "formats", "theme"])
  func helpCommand(_ command: String) throws {
    let (sandbox, viaHelp) = try run(["help", command])
    let viaFlag = try sandbox.chatrender([command, "--help"])
    #expect(viaHelp.status == 0)
    #expect(viaHelp.outputText == viaFlag.outputText)
  }

  @Test("'help' alone is the long help; an unknown command is suggested")
  func helpAlone() throws {
    let (sandbox, alone) = try run(["help"])
    #expect(alone.status == 0)
    #expect(alone.outputText.contains("EXIT STATUS:"))
    let typo = try sandbox.chatrender(["help", "rendr"])
    #expect(typo.status == 2)
    #expect(typo.standardError.contains("did you mean 'render'?"))
  }

  @Test("-h shows the input options a first real export needs, and where output goes")
  func shortHelpShowsFirstNeeds() throws {
    let (_, result) = try run(["-h"])
    for option in ["--me", "--chat", "--from"] {
      #expect(result.outputText.contains(option), "\(option) missing from -h")
    }
    #expect(!result.outputText.contains("--redact"))
    #expect(result.outputText.contains("default: the input's name"))
  }

  @Test(
    "formats and themes describe each with --long",
    arguments: [("formats", "whatsapp", "WhatsApp"), ("themes", "whatsapp-dark", "dark")])
  func describedLists(_ command: String, name: String, description: String) throws {
    let (_, result) = try run([command, "--long"])
    #expect(result.status == 0)
    let line = result.outputText.split(separator: "\n").first { $0.hasPrefix(name + " ") }
    #expect(line?.contains(description) == true)
  }

  @Test(
    "misspelt names get 'did you mean'",
    arguments: [
      (["render", "a.chat", "-f", "pnf"], "did you mean 'png'?"),
      (["render", "a.chat", "-i", "whatsap"], "did you mean 'whatsapp'?"),
      (["formats", "--lon"], "did you mean '--long'?"),
    ])
  func didYouMean(_ arguments: [String], suggestion: String) throws {
    let (_, result) = try run(arguments)
    #expect(result.status == 2)
    #expect(result.standardError.contains(suggestion))
  }

  @Test("a subcommand's flag is suggested among its own flags only")
  func subcommandSuggestion() throws {
    let (_, result) = try run(["formats", "--fnt"])
    #expect(result.status == 2)
    #expect(!result.standardError.contains("--font"))
  }

  @Test("a subcommand's usage error points at its own help")
  func ownHelp() throws {
    let (_, result) = try run(["theme", "--bogus"])
    #expect(result.status == 2)
    #expect(result.standardError.contains("See 'chatrender theme --help'."))
  }

  @Test("help and errors spell 'color' one way")
  func oneSpelling() throws {
    let (sandbox, help) = try run(["--help"])
    #expect(!help.outputText.contains("colour"))
    let error = try sandbox.chatrender(["render", "a.chat", "--background", "nope", "-o", "a.png"])
    #expect(error.status == 2)
    #expect(error.standardError.contains("invalid color"))
  }
}
