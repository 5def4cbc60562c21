import Foundation
import Testing

/// Flags and outputs that used to do something unexpected without a word (issue "Trustworthy
/// output", no silent surprises), and the flag value table every value is checked against.
@Suite("no silent surprises")
struct SilentSurprisesTests {
  static let chat = "me: Sam\n\n> hello\n< hi there\n"

  private func sandbox() throws -> Sandbox {
    let sandbox = try Sandbox(writing: Self.chat, to: "a.chat")
    return sandbox
  }

  // MARK: - The flag value table

  /// A refused value, and what the error must say: the flag's name and what it expects.
  static let refusedValues: [(arguments: [String], message: String)] = [
    (["--clock", "13"], "invalid value '13' for --clock (expected 12 or 24)"),
    (
      ["--split-by", "dya"],
      "invalid value 'dya' for --split-by (did you mean 'day'? expected day, week, month, quarter or year)"
    ),
    (["--page-height", "50"], "invalid value '50' for --page-height (expected 100 to 32767 pixels)"),
    (["--max-height", "x"], "invalid value 'x' for --max-height (expected a whole number of at least 100 pixels)"),
    (["--last", "0"], "invalid value '0' for --last (expected a whole number of at least 1)"),
    (["--page-size", "B7"], "invalid value 'B7' for --page-size"),
    (["--font", " , "], "invalid value ' , ' for --font (expected one or more font families"),
    (["--locale", "xx_YY"], "invalid value 'xx_YY' for --locale"),
  ]

  @Test("a refused value names its flag and what it expects", arguments: 0..<refusedValues.count)
  func refusedValue(_ index: Int) throws {
    let (arguments, message) = Self.refusedValues[index]
    let result = try sandbox().chatrender(["a.chat", "-o", "a.png"] + arguments)
    #expect(result.status == 2)
    #expect(result.standardError.contains(message), "\(result.standardError)")
  }

  @Test(
    "a date range or --split-by on a chat without dates is refused (exit 2), not ignored",
    arguments: [
      (["render", "a.chat", "-o", "out.png", "--from", "2025-03-01"], "--from and --to need them"),
      (["render", "a.chat", "-o", "out.png", "--to", "2025-03-01"], "--from and --to need them"),
      (["parse", "a.chat", "-o", "out.png", "--from", "2025-03-01"], "--from and --to need them"),
      (["render", "a.chat", "-o", "out-{first}.png", "--split-by", "day"], "--split-by need them"),
      (["render", "a.chat", "-o", "out.png", "--split-by", "month"], "--split-by need them"),
    ])
  func undatedChatRefusesDateFlags(_ arguments: [String], message: String) throws {
    let sandbox = try sandbox()
    let result = try sandbox.chatrender(arguments)
    #expect(result.status == 2)
    #expect(result.standardError.contains("a.chat: error: the chat has no dates to filter by; " + message))
    #expect(sandbox.files().filter { $0.hasPrefix("out") }.isEmpty)
  }

  @Test("values people know from other tools are accepted: -V, version, --jobs 0, --clock 12h, CSS colours")
  func familiarValues() throws {
    let sandbox = try sandbox()
    for arguments in [["-V"], ["version"]] {
      let result = try sandbox.chatrender(arguments)
      #expect(result.status == 0)
      #expect(result.outputText.hasPrefix("chatrender "))
    }
    let render = try sandbox.chatrender([
      "a.chat", "-o", "a.png", "--jobs", "0", "--clock", "12h", "--background", "rebeccapurple",
    ])
    #expect(render.status == 0, "\(render.standardError)")
    #expect(sandbox.exists("a.png"))
  }

  @Test("the completions offer every closed list of values and the theme subcommands")
  func completionsOfferValues() throws {
    let sandbox = try sandbox()
    let bash = try sandbox.chatrender(["completions", "bash"]).outputText
    #expect(bash.contains("--split-by) COMPREPLY=($(compgen -W \"day week month quarter year\""))
    #expect(bash.contains("--page-size) COMPREPLY=($(compgen -W \"A3 A4"))
    #expect(bash.contains("compgen -W \"show check schema\""))
    // A theme is a built-in name or a file.
    #expect(
      bash.contains("--theme|-t) COMPREPLY=($(compgen -W \"default")
        && bash.contains("$(compgen -f -- \"$cur\")); return ;;"))
    let fish = try sandbox.chatrender(["completions", "fish"]).outputText
    #expect(fish.contains("-l split-by -x -a 'day week month quarter year'"))
    let zsh = try sandbox.chatrender(["completions", "zsh"]).outputText
    #expect(zsh.contains("'1:subcommand:(show check schema)'"))
  }

  // MARK: - Configuration file

  @Test("a bad value in the configuration file names the file, line and key, with no usage line")
  func configurationValue() throws {
    let sandbox = try sandbox()
    try sandbox.write("{\n  \"clock\": 13\n}\n", to: "config.json")
    let result = try sandbox.chatrender(
      ["a.chat", "-o", "a.png"], environment: ["CHATRENDER_CONFIG": sandbox.path + "/config.json"])
    #expect(result.status == 2)
    #expect(
      result.standardError.contains("config.json:2:12: error: invalid value '13' for 'clock' (expected 12 or 24)"))
    #expect(!result.standardError.contains("Usage:"))
    #expect(!sandbox.exists("a.png"))
  }

  @Test("a broken configuration file breaks neither --help nor --version")
  func brokenConfigurationLeavesHelp() throws {
    let sandbox = try sandbox()
    try sandbox.write("{\"clock\": ", to: "config.json")
    let environment = ["CHATRENDER_CONFIG": sandbox.path + "/config.json"]
    for arguments in [["--help"], ["--version"], ["render", "-h"]] {
      let result = try sandbox.chatrender(arguments, environment: environment)
      #expect(result.status == 0, "\(arguments): \(result.standardError)")
    }
    let render = try sandbox.chatrender(["a.chat", "-o", "a.png"], environment: environment)
    #expect(render.status == 2)
    #expect(render.standardError.contains("config.json:1:"))
  }

  // MARK: - Inputs

  @Test("--chat that names nothing is an error, even on an input of one chat")
  func chatThatMatchesNothing() throws {
    let sandbox = try sandbox()
    let wrong = try sandbox.chatrender(["a.chat", "--chat", "Zzzz nobody", "-o", "a.png"])
    #expect(wrong.status == 1)
    #expect(wrong.standardError.contains("no chat matches 'Zzzz nobody'"))
    #expect(!sandbox.exists("a.png"))
    for name in ["#1", "a.chat"] {
      let right = try sandbox.chatrender(["parse", "a.chat", "--chat", name])
      #expect(right.status == 0, "\(name): \(right.standardError)")
    }
  }

  @Test("a chat piped in is read without '-'")
  func pipedInput() throws {
    let sandbox = try sandbox()
    let result = try sandbox.chatrender(["parse"], stdin: Array(Self.chat.utf8))
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.outputText.contains("hi there"))
  }

  // MARK: - Outputs

  /// A chat tall enough to be cut into several images at `--max-height 300`.
  private func tallChat(_ sandbox: Sandbox) throws {
    try sandbox.write("me: Sam\n\n" + (1...40).map { "> message \($0)\n" }.joined(), to: "tall.chat")
  }

  @Test("a chat cut into several images says so, and the files of an earlier run's series are removed")
  func severalImagesAndStaleFiles() throws {
    let sandbox = try sandbox()
    try tallChat(sandbox)
    try sandbox.write("not ours\n", to: "tall-notes.png")
    let cut = try sandbox.chatrender(["tall.chat", "-o", "tall.png", "--max-height", "300"])
    #expect(cut.status == 0)
    let parts = sandbox.files().filter { $0.hasPrefix("tall-0") }
    #expect(parts.count > 1)
    #expect(cut.standardError.contains("tall.png: the chat became \(parts.count) files, tall-001.png … "))
    let whole = try sandbox.chatrender(["tall.chat", "-o", "tall.png"])
    #expect(whole.status == 0)
    #expect(whole.standardError.contains("removed tall-001.png"))
    #expect(whole.standardError.contains("left by an earlier run"))
    #expect(sandbox.files().filter { $0.hasPrefix("tall-0") }.isEmpty)
    #expect(sandbox.exists("tall.png") && sandbox.exists("tall-notes.png"))
  }

  @Test("--no-clobber fails an input whose output exists and leaves that file as it was")
  func noClobber() throws {
    let sandbox = try sandbox()
    try sandbox.write("mine\n", to: "a.png")
    let result = try sandbox.chatrender(["a.chat", "-o", "a.png", "--no-clobber"])
    #expect(result.status == 1)
    #expect(result.standardError.contains("a.png: error: exists; not replaced (--no-clobber)"))
    #expect(try sandbox.bytes("a.png") == Array("mine\n".utf8))
    #expect(try sandbox.chatrender(["a.chat", "-o", "b.png", "-n"]).status == 0)
  }

  @Test("options no output uses, and a shard that takes nothing, are warned about")
  func idleOptions() throws {
    let sandbox = try sandbox()
    let pdf = try sandbox.chatrender(["a.chat", "-o", "a.pdf", "--page-height", "500"])
    #expect(pdf.status == 0)
    #expect(pdf.standardError.contains("--page-height applies to PNG, SVG or WEBP only; ignored for PDF"))
    try sandbox.write(Self.chat, to: "b.chat")
    let shard = try sandbox.chatrender(["a.chat", "b.chat", "-o", "out", "--shard", "3/3"])
    #expect(shard.status == 0)
    #expect(shard.standardError.contains("--shard 3/3 takes none of the 2 inputs; nothing to do"))
  }

  // MARK: - Fonts

  @Test("a --font that is not installed is a warning naming the nearest family; 'fonts' lists them")
  func unknownFont() throws {
    let sandbox = try sandbox()
    let result = try sandbox.chatrender(["a.chat", "-o", "a.png", "--font", "Noto Sarif"])
    #expect(result.status == 0)
    #expect(result.standardError.contains("no installed font family 'Noto Sarif'"))
    #expect(result.standardError.contains("did you mean 'Noto Serif'?"))
    let fonts = try sandbox.chatrender(["fonts"])
    #expect(fonts.status == 0)
    #expect(fonts.outputText.split(separator: "\n").contains("Noto Serif"))
    #expect(!fonts.outputText.split(separator: "\n").contains("Sans"), "generic names are not families")
  }

  @Test("--font takes a font file, whose family the PDF then embeds; a missing file is an error")
  func fontFile() throws {
    let sandbox = try sandbox()
    let file = "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf"
    try #require(FileManager.default.fileExists(atPath: file))
    try FileManager.default.copyItem(atPath: file, toPath: sandbox.path + "/My Font.ttf")
    let result = try sandbox.chatrender(["a.chat", "-o", "a.pdf", "--font", "./My Font.ttf"])
    #expect(result.status == 0, "\(result.standardError)")
    let fonts = try sandbox.run(try #require(TestPaths.tool("pdffonts")), ["a.pdf"])
    #expect(fonts.outputText.contains("DejaVuSerif"))
    let missing = try sandbox.chatrender(["a.chat", "-o", "b.pdf", "--font", "./none.ttf"])
    #expect(missing.status == 2)
    #expect(missing.standardError.contains("./none.ttf: error: no such file or directory"))
    #expect(!sandbox.exists("b.pdf"))
  }

  @Test("with no font installed, the error says so and names the package")
  func noFonts() throws {
    let sandbox = try sandbox()
    try sandbox.write(
      "<?xml version=\"1.0\"?>\n<fontconfig><dir>\(sandbox.path)/empty</dir>"
        + "<cachedir>\(sandbox.path)/cache</cachedir></fontconfig>\n", to: "fonts.conf")
    try FileManager.default.createDirectory(atPath: sandbox.path + "/empty", withIntermediateDirectories: true)
    let result = try sandbox.chatrender(
      ["a.chat", "-o", "a.png"], environment: ["FONTCONFIG_FILE": sandbox.path + "/fonts.conf"])
    #expect(result.status == 2)
    #expect(
      result.standardError.contains("no font is installed; install one, e.g. sudo apt-get install fonts-noto-core"))
    #expect(!sandbox.exists("a.png"))
  }

  // MARK: - Output names

  @Test("{chat} is the chat's title and {format} the output's; two outputs of one name get (2)")
  func namePlaceholders() throws {
    let sandbox = try Sandbox()
    let titled = "title: Trip to Porto\nme: Sam\n\n> hello\n< hi\n"
    try sandbox.write(titled, to: "a/chat.chat")
    try sandbox.write(titled, to: "b/chat.chat")
    let result = try sandbox.chatrender(
      ["a/chat.chat", "b/chat.chat", "-o", "out", "-f", "png,pdf", "--name", "{chat} {format}"])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(
      sandbox.files(in: "out") == [
        "Trip to Porto pdf (2).pdf", "Trip to Porto pdf.pdf", "Trip to Porto png (2).png", "Trip to Porto png.png",
      ])
  }

  @Test("with --split-by, {first} and {last} are each part's days")
  func partDates() throws {
    let sandbox = try Sandbox()
    try sandbox.write(
      "me: Sam\n\n[2025-03-01 09:30] > one\n[2025-03-01 10:30] < two\n[2025-03-03 09:00] > three\n",
      to: "days.chat")
    let result = try sandbox.chatrender(["days.chat", "-o", "out", "--split-by", "day", "--name", "{first} to {last}"])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(sandbox.files(in: "out") == ["2025-03-01 to 2025-03-01.png", "2025-03-03 to 2025-03-03.png"])
  }

  @Test("a title of 120 CJK characters is cut to a name the file system takes, on a character boundary")
  func longTitle() throws {
    let sandbox = try Sandbox(
      writing: "title: \(String(repeating: "会", count: 120))\nme: Sam\n\n> hi\n", to: "long.chat")
    let result = try sandbox.chatrender(["long.chat", "-o", "out", "--name", "{chat}"])
    #expect(result.status == 0, "\(result.standardError)")
    let names = sandbox.files(in: "out")
    #expect(names.count == 1)
    #expect(names.first.map { $0.utf8.count <= 204 && $0.hasPrefix("会会") && $0.hasSuffix("会.png") } == true)
  }

  @Test("theme check - reads the theme from standard input")
  func themeFromStandardInput() throws {
    let sandbox = try Sandbox()
    let good = try sandbox.chatrender(["theme", "check", "-"], stdin: Array("{\"version\": 1}\n".utf8))
    #expect(good.status == 0, "\(good.standardError)")
    #expect(good.standardError.contains("theme is valid"))
    let bad = try sandbox.chatrender(["theme", "check", "-"], stdin: Array("{\"version\": 1, \"canvas\": 3}\n".utf8))
    #expect(bad.status == 1)
    #expect(bad.standardError.contains("<stdin>:1:"))
  }
}
