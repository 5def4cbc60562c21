import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

@Suite struct IMessageFormatTests {
  let format = IMessageFormat()

  func read(_ fixture: IMessageFixture, chat: String? = "Trip", options: (inout ImportOptions) -> Void = { _ in })
    throws -> (Transcript, [Diagnostic])
  {
    var importOptions = ImportOptions(chat: chat)
    options(&importOptions)
    return try ImportFixtures.read(try ImportInput.open(fixture.path), options: importOptions)
  }

  @Test func detectsAMessagesDatabaseByItsTables() throws {
    let fixture = try IMessageFixture.make("detect")
    let input = try ImportInput.open(fixture.path)
    #expect(input.database != nil && input.file == nil)
    #expect(Importer.detect(input)?.name == "imessage")
    // Another SQLite file is no Messages database.
    let other = IMessageFixture.folder("other") + "/notes.db"
    let database = try TestMessagesDatabase(path: other)
    try database.execute("DROP TABLE chat_message_join")
    #expect(Importer.detect(try ImportInput.open(other)) == nil)
    let error = try #require(throws: FileError.self) {
      _ = try format.parse(
        try ImportInput.open(other), options: ImportOptions(), warnings: &IMessageFormatTests.ignored)
    }
    #expect(error.description.contains("not a Messages database (no table 'chat_message_join')"))
  }

  nonisolated(unsafe) static var ignored: [Diagnostic] = []

  /// Reading stays linear in a chat of a million messages: SQLite hands the rows over as it
  /// finds them, building no temporary B-tree of every row (for DISTINCT or ORDER BY).
  @Test func theMessagesQueryBuildsNoTemporaryTableOfRows() throws {
    let fixture = try IMessageFixture.make("plan")
    let database = try IMessageDatabase(try DatabaseFile(path: fixture.path))
    let query = try database.messagesQuery(inChats: database.chats.map(\.rowID))
    let plan = try database.database.prepare("EXPLAIN QUERY PLAN " + query)
    var steps: [String] = []
    while try plan.step() { steps.append(plan.text(3) ?? "") }
    #expect(!steps.isEmpty)
    #expect(!steps.contains { $0.contains("TEMP B-TREE") }, "\(steps)")
    // Still oldest first, a message in two chats of a conversation once.
    let rows = try database.messages(inChats: database.chats.map(\.rowID))
    #expect(rows.map(\.rowID) == rows.sorted { ($0.date ?? .min, $0.rowID) < ($1.date ?? .min, $1.rowID) }.map(\.rowID))
    #expect(Set(rows.map(\.rowID)).count == rows.count)
  }

  @Test func readsAGroupChatWithNoticesRepliesEditsAndUnsends() throws {
    let (transcript, warnings) = try read(try IMessageFixture.make("group"))
    #expect(transcript.title == "Trip 🏔️")
    #expect(transcript.meID == "me")
    #expect(transcript.participants.map(\.id) == ["me", "+15551234567", "bo@example.com"])
    #expect(
      MessageRow.rows(transcript) == [
        MessageRow(nil, .center, "2024-03-01T09:00:00Z", "+15551234567 changed the name to “Trip 🏔️”", .system),
        MessageRow(
          nil, .center, "2024-03-01T09:01:00Z", "+15551234567 added bo@example.com", .system),
        MessageRow("+15551234567", .received, "2024-03-01T09:02:00Z", "Who's in for Saturday?"),
        MessageRow("Me", .sent, "2024-03-01T09:03:00Z", "I am! See example.com/trail @Bo"),
        MessageRow("bo@example.com", .received, "2024-03-01T09:09:00Z", "Count me in"),
        MessageRow("+15551234567", .received, "2024-03-01T09:10:00Z", "Meet at 8"),
        // Unsent: a centred line that keeps who took the message back.
        MessageRow("bo@example.com", .center, "2024-03-01T09:12:00Z", "bo@example.com unsent a message", .system),
        MessageRow("+15551234567", .center, "2024-03-01T09:14:00Z", "+15551234567 unsent a message", .system),
        MessageRow("+15551234567", .received, "2024-03-01T09:16:00Z", ""),
        MessageRow("Me", .sent, "2024-03-01T09:17:00Z", ""),
        MessageRow(nil, .center, "2024-03-01T09:18:00Z", "bo@example.com left", .system),
        MessageRow("bo@example.com", .received, "2024-03-01T09:19:00Z", ""),
      ])
    #expect(ImportFixtures.calls(transcript) == ["12 video answered -"])
    let messages = transcript.messages
    #expect(messages[4].extras.replyTo == "G1")
    #expect(messages[5].extras.isEdited && !messages[5].extras.isDeleted)
    // Unsent: by its summary (the text gone, `rp` listing the part) and by date_retracted.
    #expect(messages[6].extras.isDeleted && messages[7].extras.isDeleted)
    #expect(messages[6].extras.phrase == Phrase(.noticeUnsent, ["actor": .text("bo@example.com")]))
    #expect(messages.allSatisfy { $0.extras.service == ($0.kind == .message ? "iMessage" : nil) })
    // Neither photo is beside the database: one warning for both.
    #expect(warnings.count == 1)
    #expect(warnings.first?.message.hasPrefix("2 attachments not found under ") == true)
  }

  @Test func foldsTapbacksIntoReactionsOnTheirMessage() throws {
    let (transcript, _) = try read(try IMessageFixture.make("tapbacks"))
    let question = try #require(transcript.messages.first { $0.id == "G1" })
    // Bo's heart became a laugh; my like was taken back.
    #expect(question.extras.reactions == [Reaction(emoji: "😂", count: 1, by: ["bo@example.com"])])
    let answer = try #require(transcript.messages.first { $0.id == "G2" })
    #expect(answer.extras.reactions == [Reaction(emoji: "🔥", count: 1, by: ["+15551234567"])])
    #expect(!transcript.messages.contains { $0.text.contains("Loved") || $0.text.contains("Laughed") })
  }

  @Test func readsTheTextHeldOnlyInAttributedBodyWithItsLinkAndMention() throws {
    let (transcript, _) = try read(try IMessageFixture.make("body"))
    let message = try #require(transcript.messages.first { $0.id == "G2" })
    #expect(message.text == "I am! See example.com/trail @Bo")
    #expect(
      message.extras.spans == [
        TextSpan(start: 10, length: 17, style: .link("https://example.com/trail")),
        TextSpan(start: 28, length: 3, style: .mention("bo@example.com")),
      ])
  }

  @Test func readsAttachmentsBesideTheDatabaseAndWarnsOnceForTheMissing() throws {
    let fixture = try IMessageFixture.make("attachments")
    try fixture.addPhoto(Array("not really a picture".utf8))
    let (transcript, warnings) = try read(fixture)
    let photo = try #require(transcript.messages.first { $0.id == "G7" }?.extras.attachments.first)
    #expect(photo.kind == .image && photo.fileName == "IMG_0001.HEIC" && photo.mimeType == "image/heic")
    #expect(photo.source == .file(path: fixture.folder + "/Attachments/ab/12/A1B2/IMG_0001.HEIC"))
    let lost = try #require(transcript.messages.first { $0.id == "G8" }?.extras.attachments.first)
    #expect(lost.source == nil && lost.fileName == "lost.jpeg")
    #expect(
      warnings.map(\.message) == [
        "1 attachment not found under \(fixture.folder)/ (first: ~/Library/Messages/Attachments/cd/34/C3D4/lost.jpeg); "
          + "give the folder holding Attachments/ with --attachments"
      ])
  }

  @Test func takesAttachmentsFromTheFolderGivenOutsideTheDatabasesFolder() throws {
    let fixture = try IMessageFixture.make("elsewhere")
    let elsewhere = IMessageFixture.folder("elsewhere-attachments")
    try fixture.addPhoto([1, 2, 3], under: elsewhere)
    let (transcript, warnings) = try read(fixture) { $0.attachmentsFolder = elsewhere + "/Attachments" }
    let photo = try #require(transcript.messages.first { $0.id == "G7" }?.extras.attachments.first)
    // Outside the database's folder, but inside the folder the user named: read.
    #expect(photo.source == .file(path: elsewhere + "/Attachments/ab/12/A1B2/IMG_0001.HEIC"))
    #expect(!warnings.contains { $0.message.contains("outside the export") })
  }

  @Test func mergesAPersonsIMessageAndSMSChatsAndKeepsEachMessagesService() throws {
    let fixture = try IMessageFixture.make("direct")
    for wanted in ["+15551234567", "+1 (555) 123-4567", "5551234567"] {
      let (transcript, _) = try read(fixture, chat: wanted)
      #expect(transcript.title == "+15551234567")
      #expect(transcript.messages.map(\.text) == ["See you!", "No data here, sent as SMS", "Back on iMessage"])
      #expect(transcript.messages.map(\.extras.service) == ["iMessage", "SMS", "iMessage"])
    }
  }

  @Test func picksAChatByNameOrParticipantAndListsThemAll() throws {
    let fixture = try IMessageFixture.make("pick")
    #expect(try read(fixture, chat: "trip").0.title == "Trip 🏔️")
    // Bo is only in the group.
    #expect(try read(fixture, chat: "BO@example.com").0.title == "Trip 🏔️")
    let chats = try format.describeChats(try ImportInput.open(fixture.path))
    #expect(
      chats.map { "\($0.name) — \($0.detail)" } == [
        "Trip 🏔️ — 2 participants: +15551234567, bo@example.com; 8 messages, 2024-03-01 to 2024-03-01 (UTC); iMessage",
        "+15551234567 — 1 participant: +15551234567; 3 messages, 2024-03-01 to 2024-03-01 (UTC); SMS and iMessage",
      ])
    let error = try ImportFixtures.error { _ = try read(fixture, chat: nil) }
    #expect(error.message == "the export holds 2 chats; choose one")
    #expect(error.notes.first?.hasPrefix("1. Trip 🏔️ (id chat493827, 2 participants") == true)
  }

  @Test func namesHandlesFromAVCardFile() throws {
    let fixture = try IMessageFixture.make("names")
    let cards = fixture.folder + "/contacts.vcf"
    try """
    BEGIN:VCARD\r
    VERSION:3.0\r
    N:Souza;Ana;;;\r
    FN:Ana Souza\r
    item1.TEL;type=CELL;type=pref:(555) 123-45\r
     67\r
    END:VCARD\r
    BEGIN:VCARD\r
    VERSION:3.0\r
    N:Berg;Bo;;;\r
    EMAIL;type=INTERNET:Bo@Example.com\r
    END:VCARD\r

    """.write(toFile: cards, atomically: true, encoding: .utf8)
    let (transcript, _) = try read(fixture) { $0.namesFile = cards }
    #expect(transcript.participants.map(\.name) == ["Me", "Ana Souza", "Bo Berg"])
    #expect(transcript.messages[0].text == "Ana Souza changed the name to “Trip 🏔️”")
    #expect(transcript.messages.last { $0.kind == .system }?.text == "Bo Berg left")
  }

  @Test func readsAnOldSMSDatabaseFromAnIPhoneBackupDatedInSeconds() throws {
    let folder = IMessageFixture.folder("backup")
    let path = folder + "/3d0d7e5fb2ce288813306e4d4636395e047a3d28"
    let database = try TestMessagesDatabase(path: path, modern: false)
    let ana = try database.handle("+447700900123", service: "SMS")
    let chat = try database.chat(identifier: "+447700900123", service: "SMS", handles: [ana])
    try database.message(
      .init(chat: chat, guid: "S1", text: "Train is late", handle: ana, date: IMessageFixture.minute(0), service: "SMS")
    )
    try database.message(
      .init(chat: chat, guid: "S2", text: "No worries", isFromMe: true, date: IMessageFixture.minute(2), service: "SMS")
    )
    let input = try ImportInput.open(path)
    let (transcript, warnings) = try ImportFixtures.readDetected(input, as: "imessage")
    #expect(
      MessageRow.rows(transcript) == [
        MessageRow("+447700900123", .received, "2024-03-01T09:00:00Z", "Train is late"),
        MessageRow("Me", .sent, "2024-03-01T09:02:00Z", "No worries"),
      ])
    #expect(transcript.messages.allSatisfy { $0.extras.service == "SMS" })
    #expect(warnings.isEmpty)
  }

  @Test func opensTheDatabaseWithoutWritingAnything() throws {
    let fixture = try IMessageFixture.make("readonly")
    // A copy taken while Messages ran: a stray write-ahead log beside it, which is not read.
    try Data("garbage".utf8).write(to: URL(fileURLWithPath: fixture.path + "-wal"))
    let before = try FileManager.default.contentsOfDirectory(atPath: fixture.folder).sorted()
    let bytes = try Data(contentsOf: URL(fileURLWithPath: fixture.path))
    _ = try read(fixture)
    #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.folder).sorted() == before)
    #expect(try Data(contentsOf: URL(fileURLWithPath: fixture.path)) == bytes)
    #expect(try Data(contentsOf: URL(fileURLWithPath: fixture.path + "-wal")) == Data("garbage".utf8))
  }

  @Test func readsADatabaseFromMemoryAsFromStdin() throws {
    let fixture = try IMessageFixture.make("memory")
    let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: fixture.path)))
    let input = ImportInput(database: DatabaseFile(path: "<stdin>", bytes: bytes))
    let transcript = try ImportFixtures.read(input, options: ImportOptions(chat: "+15551234567")).0
    #expect(transcript.messages.count == 3)
  }

  @Test func refusesADamagedDatabaseNamingIt() throws {
    let path = IMessageFixture.folder("damaged") + "/chat.db"
    try Data(DatabaseFile.signature + [UInt8](repeating: 0xFF, count: 2000)).write(to: URL(fileURLWithPath: path))
    let input = try ImportInput.open(path)
    #expect(Importer.detect(input) == nil)
    let error = try #require(throws: FileError.self) {
      _ = try format.parse(input, options: ImportOptions(), warnings: &IMessageFormatTests.ignored)
    }
    #expect(error.description.contains("file is not a database"), "\(error.description)")
  }

  @Test func drawsSMSBubblesGreenInTheIMessageTheme() throws {
    let (transcript, _) = try read(try IMessageFixture.make("green"), chat: "+15551234567")
    let layout = ConversationLayout(theme: .imessage, measurer: FixedAdvanceMeasurer())
    let fills = layout.layout(transcript).pages.flatMap(\.items).compactMap { item -> Color? in
      if case .bubble(let bubble) = item { return bubble.fill }
      return nil
    }
    let green = Color(rgb: 0x34C759)
    let bubbles = [Theme.imessage.them.fill, green, Theme.imessage.me.fill]
    #expect(fills.filter(bubbles.contains) == bubbles)
    // Another theme sets no SMS colour: both sent bubbles have its one fill.
    let plain = ConversationLayout(theme: .default, measurer: FixedAdvanceMeasurer()).layout(transcript)
    let plainFills = plain.pages.flatMap(\.items).compactMap { item -> Color? in
      if case .bubble(let bubble) = item { return bubble.fill }
      return nil
    }
    #expect(plainFills.filter { $0 == Theme.default.me.fill }.count == 2 && !plainFills.contains(green))
  }
}
