import Foundation
import Testing

/// The command does what it is asked or says why not: contradicting outputs, idle options,
/// help that leads somewhere, "did you mean".
@Suite("no surprises")
struct NoSurprisesTests {
  static let chat = "me: Sam\n\n> hello\n< hi there\n"

  /// Runs `arguments` in a sandbox holding `a.chat`.
  private func run(_ arguments: [String]) throws -> (Sandbox, Command.Output) {
    let sandbox = try Sandbox(writing: Self.chat, to: "a.chat")
    return (sandbox, try sandbox.chatrender(arguments))
  }

  @Test(
    "an output whose extension contradicts its format is a usage error listing the formats",
    arguments: [["-o", "chat.jpg"], ["-o", "chat.tiff"], ["-o", "chat.pdf", "-f", "png"]])
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
      (["--scale", "2", "-o", "a.pdf"], "--scale applies to PNG or WEBP only"),
      (["--max-height", "500", "-o", "a.svg"], "--max-height applies to PNG or WEBP only"),
    ])
  func idleOption(_ arguments: [String], warning: String) throws {
    let (_, result) = try run(["render", "a.chat"] + arguments)
    #expect(result.status == 0)
    #expect(result.standardError.contains("warning: " + warning))
    #expect(result.standardError.split(separator: "\n").filter { !$0.hasPrefix("chatrender: wrote ") }.count == 1)
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
    #expect(error.standardError.contains("invalid value 'nope' for --background"))
  }

  // MARK: - Themes

  static let typoTheme = "{\"$schema\": \"theme.schema.json\", \"version\": 1, \"canvass\": {}}\n"

  @Test("theme check --strict fails on a warning; without it the theme is valid")
  func strictCheck() throws {
    let sandbox = try Sandbox(writing: Self.typoTheme, to: "typo.json")
    let lenient = try sandbox.chatrender(["theme", "check", "typo.json"])
    #expect(lenient.status == 0)
    #expect(lenient.standardError.contains("did you mean 'canvas'?"))
    let strict = try sandbox.chatrender(["theme", "check", "--strict", "typo.json"])
    #expect(strict.status == 1)
    #expect(strict.standardError.contains("--strict"))
    #expect(!strict.standardError.contains("theme is valid"))
  }

  @Test("theme show keeps the file's $schema; theme schema prints the schema")
  func schema() throws {
    let sandbox = try Sandbox(writing: Self.typoTheme, to: "typo.json")
    let shown = try sandbox.chatrender(["theme", "show", "typo.json"])
    #expect(shown.status == 0)
    #expect(shown.outputText.hasPrefix("{\n  \"$schema\": \"theme.schema.json\","))
    let schema = try sandbox.chatrender(["theme", "schema"])
    #expect(schema.status == 0)
    let expected = try String(
      contentsOf: TestPaths.packageRoot.appendingPathComponent("Sources/ChatRender/Themes/theme.schema.json"),
      encoding: .utf8)
    #expect(schema.outputText == expected)
  }

  // MARK: - Encodings

  @Test("a UTF-16 export with a byte-order mark is read")
  func utf16WithMark() throws {
    let sandbox = try Sandbox()
    var bytes: [UInt8] = [0xFF, 0xFE]
    for unit in "me: Sam\n\n> olá\n< 東京\n".utf16 { bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
    try Data(bytes).write(to: sandbox.url.appendingPathComponent("utf16.chat"))
    let result = try sandbox.chatrender(["parse", "utf16.chat"])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.outputText.contains("东京") || result.outputText.contains("東京"))
  }

  @Test("UTF-16 without a mark gets an error naming the encoding and an iconv line")
  func unmarkedUTF16() throws {
    let bytes: [UInt8] = [
      0x3E, 0x00, 0x20, 0x00, 0x68, 0x00, 0x69, 0x00, 0x0A, 0x00, 0x3C, 0x00, 0x20, 0x00, 0x79, 0x00, 0x6F, 0x00,
      0x0A, 0x00,
    ]
    let sandbox = try Sandbox()
    try Data(bytes).write(to: sandbox.url.appendingPathComponent("old.chat"))
    let result = try sandbox.chatrender(["parse", "old.chat"])
    #expect(result.status == 1)
    #expect(result.standardError.contains("iconv -f UTF-16LE -t UTF-8 'old.chat' > 'old.chat.utf8'"))
    #expect(result.standardOutput.isEmpty)
  }

  @Test("Latin-1 is read with a warning; a picture given as a chat is named, with no iconv")
  func latin1AndPictures() throws {
    let sandbox = try Sandbox()
    try Data(Array("> ol".utf8) + [0xE1] + Array("\n< ok\n".utf8)).write(
      to: sandbox.url.appendingPathComponent("old.chat"))
    let latin = try sandbox.chatrender(["parse", "old.chat"])
    #expect(latin.status == 0)
    #expect(latin.outputText.contains("olá"))
    #expect(latin.standardError.contains("old.chat:1:1: warning: 1 line is not UTF-8; read as Windows-1252"))
    try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00]).write(
      to: sandbox.url.appendingPathComponent("photo.txt"))
    let picture = try sandbox.chatrender(["parse", "photo.txt"])
    #expect(picture.status == 1)
    #expect(picture.standardError.contains("error: file is a PNG picture, not a chat export"))
    #expect(!picture.standardError.contains("iconv"))
  }

  // MARK: - Configuration

  @Test("the configuration file gives defaults; flags win; CHATRENDER_CONFIG points elsewhere")
  func configuration() throws {
    let sandbox = try Sandbox(
      writing: "[2025-03-01 09:00] Sam Whitfield: hi\n[2025-03-01 09:01] Bo: yo\n", to: "chat.chat")
    try sandbox.write(
      "{\"me\": [\"Samuel\", \"Sam Whitfield\"], \"theme\": \"no-such-theme\"}", to: "xdg/chatrender/config.json")
    let fromXDG = try sandbox.chatrender(
      ["parse", "chat.chat"], environment: ["XDG_CONFIG_HOME": sandbox.path + "/xdg"])
    #expect(fromXDG.status == 0, "\(fromXDG.standardError)")
    #expect(fromXDG.outputText.contains("\"me\": \"sam-whitfield\""))
    // The theme applies to render, where the flag wins over it.
    let flagWins = try sandbox.chatrender(
      ["render", "chat.chat", "-t", "default", "-o", "chat.png"],
      environment: ["XDG_CONFIG_HOME": sandbox.path + "/xdg"])
    #expect(flagWins.status == 0, "\(flagWins.standardError)")
    let configTheme = try sandbox.chatrender(
      ["render", "chat.chat", "-o", "chat.png"], environment: ["XDG_CONFIG_HOME": sandbox.path + "/xdg"])
    #expect(configTheme.status == 2)
    try sandbox.write("{\"locale\": \"de\", \"colour\": \"red\"}", to: "other.json")
    let pointed = try sandbox.chatrender(
      ["parse", "chat.chat"], environment: ["CHATRENDER_CONFIG": sandbox.path + "/other.json"])
    #expect(pointed.status == 0)
    #expect(pointed.standardError.contains("other.json:1:18: warning: unknown key 'colour'"))
    let missing = try sandbox.chatrender(
      ["parse", "chat.chat"], environment: ["CHATRENDER_CONFIG": sandbox.path + "/none.json"])
    #expect(missing.status == 2)
  }

  // MARK: - Progress

  /// `chatrender ARGUMENTS` under `script`, so stderr is a terminal; what the terminal showed.
  private func onTerminal(_ sandbox: Sandbox, _ arguments: String, columns: Int) throws -> Command.Output {
    let binary = try #require(TestPaths.chatrender)
    return try sandbox.run(
      try #require(TestPaths.tool("script")),
      ["-qec", "COLUMNS=\(columns) exec '\(binary)' \(arguments)", "/dev/null"])
  }

  @Test("the progress line never wraps a narrow terminal", .enabled(if: TestPaths.tool("script") != nil))
  func narrowProgress() throws {
    let sandbox = try Sandbox()
    for name in ["a", "b", "c", "d"] { try sandbox.write(Self.chat, to: "in/\(name).chat") }
    let result = try onTerminal(sandbox, "render in -o out --color never", columns: 40)
    #expect(result.status == 0)
    let drawn = result.outputText.components(separatedBy: "\r\u{1B}[K").filter { $0.hasPrefix("[") }
    #expect(!drawn.isEmpty)
    for line in drawn { #expect(line.count < 40, "wraps: \(line)") }
  }

  @Test("a single file shows no progress line", .enabled(if: TestPaths.tool("script") != nil))
  func singleFileQuiet() throws {
    let sandbox = try Sandbox(writing: Self.chat, to: "a.chat")
    let result = try onTerminal(sandbox, "render a.chat -o a.png", columns: 80)
    #expect(result.status == 0)
    #expect(!result.outputText.contains("[#"))
    #expect(!result.outputText.contains("[-"))
  }

  @Test("one big file shows its pages as they are laid out", .enabled(if: TestPaths.tool("script") != nil))
  func bigFilePages() throws {
    let sandbox = try Sandbox()
    // Some seconds of work in a debug build, well past the half second a quick file has.
    let words = String(repeating: "a few more words to wrap the bubble over several lines ", count: 3)
    let lines = (1...3000).map { $0 % 2 == 0 ? "> message \($0) \(words)" : "< reply \($0) \(words)" }
    try sandbox.write("title: Big\nme: Sam\n\n" + lines.joined(separator: "\n") + "\n", to: "big.chat")
    let result = try onTerminal(sandbox, "render big.chat -o big.pdf --color never", columns: 100)
    #expect(result.status == 0)
    let drawn = result.outputText.components(separatedBy: "\r\u{1B}[K").filter { $0.hasPrefix("big.chat ") }
    #expect(!drawn.isEmpty)
    // A PDF's pages are laid out first (their count unknown), then written as "page N/M".
    for line in drawn {
      if line.contains("laying out page") {
        #expect(line.contains("pages/s") && !line.contains("["), "\(line)")
      } else {
        let pages = try #require(line.split(separator: " ").first { $0.contains("/") && $0.first?.isNumber == true })
        #expect(line.contains("[") && pages.split(separator: "/").count == 2, "\(line)")
      }
    }
    #expect(drawn.first?.contains("laying out page") == true, "\(drawn.first ?? "")")
    #expect(result.outputText.hasSuffix("\r\u{1B}[K"), "the line is cleared at the end")
  }
}
