import Foundation
import Testing

/// `--names contacts.vcf` beyond iMessage (issue 42): a WhatsApp chat's unsaved numbers and an
/// SMS backup's addresses get names; a file that names no one says so.
@Suite("--names")
struct NamesCommandTests {
  static let contacts = """
    BEGIN:VCARD
    VERSION:3.0
    FN:Lena Vogel
    TEL;TYPE=CELL:0151 23456789
    END:VCARD
    """

  @Test("a WhatsApp author known by an international number gets the name of its national form")
  func whatsApp() throws {
    let sandbox = try Sandbox(writing: Self.contacts, to: "contacts.vcf")
    try sandbox.write(
      "12/7/25, 10:00 - \u{202A}+49 151 23456789\u{202C}: Hallo!\n12/7/25, 10:01 - Sam: Hi Lena\n",
      to: "WhatsApp Chat with Lena.txt")
    let result = try sandbox.chatrender(
      ["parse", "--numbered", "WhatsApp Chat with Lena.txt", "--names", "contacts.vcf", "--me", "Sam"])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.outputText.contains("Lena Vogel: Hallo!"), "\(result.outputText)")
    #expect(!result.standardError.contains("names no one"), "\(result.standardError)")
  }

  @Test("a file that names no one in the chat is a warning")
  func namesNoOne() throws {
    let sandbox = try Sandbox(writing: Self.contacts, to: "contacts.vcf")
    try sandbox.write("12/7/25, 10:00 - +33 6 12 34 56 78: Salut\n12/7/25, 10:01 - Sam: Hi\n", to: "chat.txt")
    let result = try sandbox.chatrender(["parse", "--numbered", "chat.txt", "--names", "contacts.vcf", "--me", "Sam"])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(
      result.standardError.contains("warning: 'contacts.vcf' names no one in this chat"), "\(result.standardError)")
  }
}
