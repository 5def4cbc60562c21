import Foundation
import Testing

/// Day labels and times in the user's language and clock; characters no font has.
@Suite("speaking the user's language")
struct LanguageTests {
  static let pdftotext = TestPaths.tool("pdftotext")

  static let usWhatsApp = """
    [3/1/25, 7:41:02 PM] Dana: Saturday hike?
    [3/1/25, 7:42:10 PM] Sam: I'm in

    """
  static let germanWhatsApp = """
    13.03.25, 21:30 - Ingrid: Hallo Sam
    13.03.25, 21:31 - Sam: Hallo!

    """

  /// The text of the PDF rendered from `chat` with `arguments` and `environment`, spaces
  /// collapsed.
  private func renderedText(
    _ chat: String, _ arguments: [String], environment: [String: String] = [:]
  ) throws -> String {
    let sandbox = try Sandbox(writing: chat, to: "chat.txt")
    let result = try sandbox.chatrender(
      ["render", "chat.txt", "-o", "chat.pdf", "--me", "Sam"] + arguments, environment: environment)
    #expect(result.status == 0, "\(result.standardError)")
    let text = try sandbox.run(try #require(Self.pdftotext), ["chat.pdf", "-"]).outputText
    return text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }

  @Test(
    "--locale gives day labels in the language",
    .enabled(if: pdftotext != nil),
    arguments: [
      ("de_DE", "Donnerstag, 13. März 2025"), ("fr_FR.UTF-8", "jeudi 13 mars 2025"),
      ("es", "jueves, 13 de marzo de 2025"), ("pt_BR", "quinta-feira, 13 de março de 2025"),
      ("it_IT", "giovedì 13 marzo 2025"), ("nl_NL", "donderdag 13 maart 2025"),
      ("en_US", "Thursday, March 13, 2025"), ("en_GB", "Thursday, 13 March 2025"),
    ])
  func locale(_ locale: String, label: String) throws {
    let text = try renderedText(Self.germanWhatsApp, ["--locale", locale])
    #expect(text.contains(label), "\(text)")
  }

  @Test("the locale comes from LC_TIME or LANG when not given", .enabled(if: pdftotext != nil))
  func environmentLocale() throws {
    let text = try renderedText(
      Self.germanWhatsApp, [], environment: ["LC_ALL": "", "LC_TIME": "de_DE.UTF-8", "LANG": "en_US.UTF-8"])
    #expect(text.contains("Donnerstag, 13. März 2025"))
  }

  @Test("a US export keeps its 12-hour times; --clock 24 changes them", .enabled(if: pdftotext != nil))
  func clock() throws {
    let twelve = try renderedText(Self.usWhatsApp, [])
    #expect(twelve.contains("7:41 PM"))
    let twentyFour = try renderedText(Self.usWhatsApp, ["--clock", "24"])
    #expect(twentyFour.contains("19:41"))
    #expect(!twentyFour.contains("PM"))
    let german = try renderedText(Self.germanWhatsApp, ["--clock", "12"])
    #expect(german.contains("9:30 PM"))
  }

  @Test("an unknown locale or clock is a usage error", arguments: [["--locale", "xx_YY"], ["--clock", "13"]])
  func badLocale(_ arguments: [String]) throws {
    let sandbox = try Sandbox(writing: Self.germanWhatsApp, to: "chat.txt")
    let result = try sandbox.chatrender(["render", "chat.txt", "-o", "chat.png"] + arguments)
    #expect(result.status == 2)
  }

  @Test("characters no font has are named once, with the Debian package that has them")
  func missingGlyphs() throws {
    let sandbox = try Sandbox()
    try sandbox.write(
      """
      <?xml version="1.0"?>
      <!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
      <fontconfig>
        <dir>/usr/share/fonts/truetype/dejavu</dir>
        <cachedir>\(sandbox.path)/cache</cachedir>
      </fontconfig>
      """, to: "fonts.conf")
    try sandbox.write("> 東京に着いた\n< 東京 again\n", to: "a.chat")
    try sandbox.write("> 東\n", to: "b.chat")
    let result = try sandbox.chatrender(
      ["render", "a.chat", "b.chat", "-o", "out"], environment: ["FONTCONFIG_FILE": sandbox.path + "/fonts.conf"])
    #expect(result.status == 0)
    let warnings = result.standardError.split(separator: "\n").filter { $0.contains("no installed font has") }
    #expect(warnings.count == 1)
    #expect(warnings.first?.contains("東 (U+6771)") == true)
    #expect(result.standardError.contains("apt-get install fonts-noto-cjk"))
  }

  @Test("text every font covers gives no glyph warning")
  func noMissingGlyphs() throws {
    let sandbox = try Sandbox()
    try sandbox.copySample("lisbon-trip.chat", to: "trip.chat")
    let result = try sandbox.chatrender(["render", "trip.chat", "-o", "trip.png"])
    #expect(result.status == 0)
    #expect(!result.standardError.contains("no installed font"))
  }
}
