import Foundation
import Testing

@testable import ChatRender

/// WhatsApp exports written in the phone's language (docs/FORMATS.md, "Languages").
@Suite struct WhatsAppLanguageTests {
  let fixtures = ImportFixtures.self

  func read(_ text: String) throws -> Transcript {
    try fixtures.read(fixtures.input(text: text, path: "chat.txt"), as: WhatsAppFormat()).0
  }

  /// One Android message whose body is `body`.
  func androidMessage(_ body: String) throws -> Message {
    let transcript = try read("14/03/2024, 09:01 - Ana: \(body)\n14/03/2024, 09:02 - Bo: ok\n")
    return try #require(transcript.messages.first)
  }

  /// One fixture of `whatsapp-languages/` and what it holds, counted by hand.
  struct LanguageFixture: Sendable, CustomTestStringConvertible {
    var file: String
    var messages: Int
    var authors: [String]
    var omitted: Int
    var deleted = 0
    var edited = 0
    var testDescription: String { file }
  }

  static let languageFixtures = [
    LanguageFixture(file: "android-hi.txt", messages: 4, authors: ["Ravi Kumar", "Meera"], omitted: 1),
    LanguageFixture(
      file: "android-arabic-script.txt", messages: 5, authors: ["سارہ", "عمر", "نرگس", "ليلى"], omitted: 3),
    LanguageFixture(file: "android-zh.txt", messages: 3, authors: ["王芳", "李雷"], omitted: 1),
    LanguageFixture(file: "android-ko.txt", messages: 2, authors: ["민지", "준호"], omitted: 1),
    LanguageFixture(file: "android-th.txt", messages: 3, authors: ["สมชาย", "มาลี"], omitted: 1),
    LanguageFixture(file: "android-he.txt", messages: 3, authors: ["נועה", "איתי"], omitted: 1),
    LanguageFixture(
      file: "android-latin-en-dash.txt", messages: 5, authors: ["Minh", "Lan", "Dewi", "Bruna"], omitted: 3),
    LanguageFixture(
      file: "android-ru.txt", messages: 4, authors: ["Олег", "Вера"], omitted: 1, deleted: 1, edited: 1),
    LanguageFixture(file: "ios-tr.txt", messages: 5, authors: ["Deniz", "Elif"], omitted: 2, deleted: 1, edited: 1),
  ]

  @Test(arguments: languageFixtures)
  func readsAnExportInItsLanguage(fixture: LanguageFixture) throws {
    let input = try fixtures.input("whatsapp-languages/" + fixture.file)
    let (transcript, _) = try fixtures.read(input, as: WhatsAppFormat())
    #expect(WhatsAppFormat().detect(input))
    #expect(transcript.messages.count == fixture.messages)
    #expect(transcript.messages.allSatisfy { $0.kind == .message })
    #expect(transcript.participants.map(\.name) == fixture.authors)
    let omitted = transcript.messages.filter { $0.extras.attachments.contains(where: \.isOmitted) }
    #expect(omitted.count == fixture.omitted)
    #expect(omitted.allSatisfy { $0.text.isEmpty })
    #expect(transcript.messages.filter(\.extras.isDeleted).count == fixture.deleted)
    #expect(transcript.messages.filter(\.extras.isEdited).count == fixture.edited)
  }

  @Test(arguments: WhatsAppBody.mediaOmitted.sorted())
  func everyMediaPlaceholderIsAnOmittedAttachment(placeholder: String) throws {
    let message = try androidMessage(placeholder)
    #expect(message.kind == .message)
    #expect(message.text == "")
    #expect(message.extras.attachments == [ChatRender.Attachment(kind: .other, isOmitted: true)])
  }

  @Test(arguments: WhatsAppBody.omittedKinds.keys.sorted())
  func everyIOSPlaceholderIsAnOmittedAttachmentOfItsKind(placeholder: String) throws {
    let transcript = try read("[14/03/2024, 09:01:00] Ana: \u{200E}\(placeholder)\r\n")
    let message = try #require(transcript.messages.first)
    let kind = try #require(WhatsAppBody.omittedKinds[placeholder])
    #expect(message.extras.attachments == [ChatRender.Attachment(kind: kind, isOmitted: true)])
  }

  @Test(arguments: WhatsAppBody.deletionMarkers.keys.sorted())
  func everyDeletionMarkerDeletesTheMessage(marker: String) throws {
    let message = try androidMessage(marker)
    #expect(message.extras.isDeleted)
    #expect(message.text == marker)
  }

  @Test(arguments: WhatsAppBody.editedMarkers)
  func everyEditedMarkerIsRemovedFromTheText(marker: String) throws {
    let message = try androidMessage("see you at 8 \(marker)")
    #expect(message.extras.isEdited)
    #expect(message.text == "see you at 8")
  }

  @Test(arguments: [
    "<Unbekannter Platzhalter>", "<media omitted", "Media omitted", "<Medya>", "imagen perdida",
  ])
  func anUnknownPlaceholderStaysAMessage(body: String) throws {
    let message = try androidMessage(body)
    #expect(message.kind == .message)
    #expect(message.text == body)
    #expect(message.extras.attachments.isEmpty)
    #expect(!message.extras.isDeleted)
  }

  @Test func anEnDashAfterTheTimeIsNotPartOfTheName() throws {
    let transcript = try read(
      "10/06/2025, 21:15 – Anna: see you at the station\n"
        + "10/06/2025, 21:16 – Jonas: <Media omitted>\n"
        + "10/06/2025, 21:17 – Jonas left\n")
    fixtures.expectRows(
      transcript,
      [
        "received anna 2025-06-10T21:15:00 message: see you at the station",
        "received jonas 2025-06-10T21:16:00 message: ",
        "center - 2025-06-10T21:17:00 system: Jonas left",
      ])
    #expect(transcript.participants.map(\.name) == ["Anna", "Jonas"])
  }
}
