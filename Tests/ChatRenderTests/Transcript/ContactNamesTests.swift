import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

/// `--names` for every format whose authors are numbers or addresses (issue 42).
@Suite struct ContactNamesTests {
  static let book = """
    BEGIN:VCARD
    VERSION:3.0
    FN:Lena Vogel
    TEL;TYPE=CELL:0151 23456789
    END:VCARD
    BEGIN:VCARD
    VERSION:3.0
    N:Okafor;Ben;;;
    item1.EMAIL:ben@example.org
    TEL:+1 (415) 555-0142
    END:VCARD
    """

  func names() throws -> ContactNames {
    try ContactNames(vCard: SourceFile(path: "contacts.vcf", bytes: Array(Self.book.utf8)))
  }

  @Test(arguments: [
    ("+49 151 23456789", "Lena Vogel"), ("\u{202A}+49 151 23456789\u{202C}", "Lena Vogel"),
    ("0049 151 2345 6789", "Lena Vogel"), ("015123456789", "Lena Vogel"), ("+4915123456789", "Lena Vogel"),
    ("+14155550142", "Ben Okafor"), ("(415) 555-0142", "Ben Okafor"), ("BEN@example.org", "Ben Okafor"),
    ("+49 151 99999999", "+49 151 99999999"), ("Lena", "Lena"),
  ])
  func matchesNationalAndInternationalForms(handle: String, name: String) throws {
    #expect(try names().name(of: handle) == name)
  }

  @Test func namesParticipantsKnownByNumberAndKeepsTheNumber() throws {
    var chat = Transcript(
      title: "+49 151 23456789",
      participants: [
        Participant(id: "+49 151 23456789", name: "+49 151 23456789"), Participant(id: "Sam", name: "Sam"),
      ],
      messages: [Message(authorID: "+49 151 23456789", text: "hi")])
    #expect(try names().name(&chat) == 1)
    #expect(chat.participants.map(\.name) == ["Lena Vogel", "Sam"])
    #expect(chat.participants[0].handles == ["+49 151 23456789"])
    #expect(chat.title == "Lena Vogel")
  }

  @Test func warnsWhenTheFileNamesNoOne() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("names-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("contacts.vcf").path
    try Data(Self.book.utf8).write(to: URL(fileURLWithPath: path))
    var chat = Transcript(
      participants: [Participant(id: "+33 6 12 34 56 78", name: "+33 6 12 34 56 78")],
      messages: [Message(authorID: "+33 6 12 34 56 78", text: "salut")])
    var warnings: [Diagnostic] = []
    try Importer.name(&chat, from: path, path: "chat.txt", warnings: &warnings)
    #expect(warnings.map(\.message) == ["'contacts.vcf' names no one in this chat"])
    chat.participants.append(Participant(id: "015123456789", name: "015123456789"))
    warnings = []
    try Importer.name(&chat, from: path, path: "chat.txt", warnings: &warnings)
    #expect(warnings.isEmpty && chat.participants[1].name == "Lena Vogel")
  }
}
