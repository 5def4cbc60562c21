import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

@Suite struct DiscordFormatTests {
  let format = DiscordFormat()

  @Test func readsTheSampleMessageByMessage() throws {
    let (transcript, warnings) = try ImportFixtures.read(
      ImportFixtures.input("discord-export.json"), as: format)
    #expect(transcript.title == "#general")
    // A guild channel says nothing about who exported it.
    #expect(transcript.meID == nil)
    #expect(
      warnings.map(\.message) == ["cannot tell who is 'me'; every message is drawn as received"])
    #expect(
      transcript.participants == [
        Participant(id: "302111000000000002", name: "Lena", handles: ["lena.k"]),
        Participant(id: "302111000000000001", name: "Marco 📚", handles: ["marco_reads"]),
        Participant(id: "302111000000000099", name: "BookBot", isBot: true),
        Participant(id: "302111000000000003", name: "نادية", handles: ["nadia.h"]),
        Participant(id: "302111000000000004", name: "Sam", handles: ["sam.codes"]),
      ])
    let marco = "Marco 📚"
    #expect(
      MessageRow.rows(transcript) == [
        MessageRow("Lena", .center, "2024-03-09T18:40:58.512Z", "Lena joined the server", .system),
        MessageRow(
          marco, .received, "2024-03-09T18:41:30.070Z", "Welcome @Lena! 👋 grab a role in #roles"),
        MessageRow(
          "Lena", .received, "2024-03-09T18:43:02Z",
          "Thanks!\nCurrently reading 三体 (The Three-Body Problem)\nno spoilers please 🙏"),
        MessageRow(
          marco, .received, "2024-03-09T18:44:15.993Z",
          "Ch. 7 is where it gets wild, that's all I'll say 😶"),
        MessageRow("Lena", .received, "2024-03-09T18:45:40.201Z", ""),
        MessageRow("BookBot", .received, "2024-03-09T18:50:00Z", ""),
        MessageRow(
          "نادية", .received, "2024-03-09T19:02:11.640Z", "رواية رائعة! I finished it in two days 👏"
        ),
        MessageRow(marco, .center, "2024-03-09T19:05:00.500Z", "Marco 📚 pinned a message", .system),
        MessageRow("Sam", .received, "2024-03-09T19:06:31.300Z", ""),
        MessageRow(
          "Sam", .received, "2024-03-09T19:07:45.810Z",
          "Ch. 7 is where it gets wild\nok now I HAVE to read it :bookworm:"),
        MessageRow("Lena", .center, "2024-03-09T19:10:12.400Z", "Lena started a thread", .system),
        MessageRow(
          "Sam", .received, "2024-03-09T19:12:00.900Z", "see you all Thursday!\n木曜日に会いましょう 🌙"),
      ])
    let messages = transcript.messages
    #expect(messages.map(\.id) == (1...12).map { String(1_215_000_000_000_000_000 + $0) })
    #expect(messages[0].location?.line == 21)
    #expect(messages[0].location?.column == 5)
  }

  @Test func keepsExtrasOfTheSample() throws {
    let (transcript, _) = try ImportFixtures.read(
      ImportFixtures.input("discord-export.json"), as: format)
    let messages = transcript.messages
    #expect(messages[3].extras.replyTo == "1215000000000000003")
    #expect(
      messages[4].extras.attachments == [
        Attachment(kind: .image, fileName: "IMG_2041.jpg", byteCount: 284_511)
      ])
    #expect(messages[6].extras.isEdited)
    #expect(!messages[5].extras.isEdited)
    #expect(
      messages[6].extras.reactions == [
        Reaction(emoji: "❤️", count: 2, by: ["302111000000000002", "302111000000000001"]),
        Reaction(emoji: ":bookworm:", count: 1, by: ["302111000000000004"]),
      ])
    #expect(messages[7].extras.replyTo == "1215000000000000006")
    #expect(
      messages[8].extras.attachments == [
        Attachment(kind: .sticker, fileName: "Wave")
      ])
    // A bot's embed is its card: colour, title, description without Markdown, fields, footer.
    #expect(
      messages[5].extras.linkPreviews == [
        LinkPreview(
          title: "📖 Next meeting", description: "The Three-Body Problem — chapters 1–12\nVoice channel: Reading Room",
          fields: [
            LinkPreview.Field(title: "Host", value: "@Marco 📚", isShort: true),
            LinkPreview.Field(title: "Snacks", value: "Lena", isShort: true),
          ],
          footer: "BookBot • reply with !rsvp", color: Color(rgb: 0x5865F2))
      ])
    #expect(messages[9].extras.replyTo == "1215000000000000004")
    // A thread start's reference has a null message id: no reply.
    #expect(messages[10].extras.replyTo == nil)
  }

  @Test("a sticker and an embed's image the export downloaded are drawn from its files folder")
  func downloadedStickerAndEmbedImage() throws {
    try TemporaryFolder.with { url in
      let folder = url.path
      try FileManager.default.createDirectory(atPath: folder + "/chat_Files", withIntermediateDirectories: true)
      for name in ["1290357745001169026-70D49.png", "build-42.png"] {
        try FileManager.default.copyItem(
          atPath: PictureFixtures.path("quadrants.png"), toPath: folder + "/chat_Files/" + name)
      }
      let json = """
        {"guild": {"id": "1", "name": "Pedals"}, "channel": {"id": "2", "type": "GuildTextChat", "name": "builds"},
         "messages": [{"id": "3", "type": "Default", "timestamp": "2024-03-09T18:40:58Z", "content": "",
           "author": {"id": "9", "name": "Pedalbot", "isBot": true},
           "stickers": [{"id": "1290357745001169026", "name": "Fuzz face", "format": "PngImage",
                         "sourceUrl": "chat_Files/1290357745001169026-70D49.png"}],
           "embeds": [{"title": "Build #42 · Big Muff clone", "url": null, "color": "#E67E22",
                       "images": [{"url": "chat_Files/build-42.png"}], "fields": [], "footer": null}]}]}
        """
      try json.write(toFile: folder + "/chat.json", atomically: true, encoding: .utf8)
      let (transcript, _) = try ImportFixtures.read(try ImportInput.open(folder + "/chat.json"), as: format)
      let attachments = transcript.messages[0].extras.attachments
      #expect(attachments.map(\.kind) == [.sticker, .image])
      #expect(attachments[0].fileName == "Fuzz face")
      #expect(attachments[0].source == .file(path: folder + "/chat_Files/1290357745001169026-70D49.png"))
      #expect(attachments[1].source == .file(path: folder + "/chat_Files/build-42.png"))
      #expect(transcript.messages[0].extras.linkPreviews.first?.title == "Build #42 · Big Muff clone")
    }
  }

  @Test func meIsChosenByNameOrID() throws {
    let input = try ImportFixtures.input("discord-export.json")
    let (byName, warnings) = try ImportFixtures.read(input, as: format, options: ImportOptions(me: ["Lena"]))
    #expect(warnings.isEmpty)
    #expect(MessageRow.rows(byName).map(\.side)[1...4] == [.received, .sent, .received, .sent])
    let (byID, _) = try ImportFixtures.read(input, as: format, options: ImportOptions(me: ["302111000000000004"]))
    #expect(byID.meID == "302111000000000004")
  }

  /// Exported on Windows (CRLF), a direct message (the channel is named after the other
  /// person), a type the exporter has no name for, a forward, local and remote attachments,
  /// seven fractional digits.
  @Test func readsADirectMessageExport() throws {
    let (transcript, warnings) = try ImportFixtures.read(
      ImportFixtures.input("json-traps/discord-direct-message.json"), as: format)
    #expect(transcript.title == "Kai")
    #expect(transcript.meID == "401")
    #expect(
      MessageRow.rows(transcript) == [
        MessageRow("Kai", .received, "2024-04-01T18:00:00.123Z", "hey, did the build pass?"),
        MessageRow("Rin", .sent, "2024-04-01T18:01:00Z", "yes 🎉"),
        MessageRow(
          "Kai", .center, "2024-04-01T18:05:00Z", "Kai started a call that lasted 12 minutes",
          .system),
        MessageRow(
          "Kai", .center, "2024-04-01T18:20:00Z", "Kai added someone", .system),
        MessageRow("PollBot", .received, "2024-04-01T18:21:00Z", "Lunch? (poll)"),
        MessageRow("Rin", .sent, "2024-04-01T18:22:00Z", "release notes are out"),
        MessageRow("Kai", .received, "2024-04-01T18:23:00Z", ""),
      ])
    #expect(
      warnings.map(\.message) == ["1 message of unknown type '46' shown as ordinary messages"])
    #expect(warnings.first?.position == "118:5")
    let messages = transcript.messages
    #expect(messages[1].extras.replyTo == "1")
    #expect(messages[5].extras.forwardedFrom == "")
    #expect(messages[5].extras.replyTo == nil)
    #expect(
      messages[6].extras.attachments == [
        // Downloaded beside the export, but not there: the path is kept for a placeholder.
        Attachment(
          kind: .image, fileName: "diagram.png",
          source: .file(path: ImportFixtures.path("json-traps/attachments/diagram-1A2B.png")),
          byteCount: 1234),
        Attachment(kind: .file, fileName: "notes.pdf", byteCount: 99),
      ])
    #expect(messages[2].location?.line == 72)
  }

  @Test(arguments: [
    (
      "{\"guild\": {}, \"channel\": {}, \"messages\": [\n {\"id\": \"1\", \"type\": \"Default\"}]}",
      "2:2", "missing key 'author'"
    ),
    (
      "{\"guild\": {}, \"channel\": {}, \"messages\": [\n {\"author\": {\"id\": \"1\"},\n"
        + "  \"timestamp\": \"yesterday\"}]}",
      "3:16",
      "invalid timestamp 'yesterday' (expected ISO 8601 such as 2024-03-09T19:41:30+01:00)"
    ),
    (
      "{\"guild\": {}, \"channel\": {}, \"messages\": [\n {\"author\": {\"id\": \"1\"}}]}",
      "2:2", "missing key 'timestamp'"
    ),
    (
      "{\"guild\": {}, \"channel\": {}, \"messages\": [\n {\"author\": {\"id\": true}}]}",
      "2:20", "expected a string or a number for 'id', found a boolean"
    ),
    (
      "{\"guild\": {}, \"channel\": {}, \"messages\": {}}", "1:42",
      "expected an array for 'messages', found an object"
    ),
    // The messages are read after the rest, wherever they stand.
    (
      "{\"messages\": [\n {\"author\": {\"id\": \"1\"}}], \"guild\": {}, \"channel\": {\"name\": 5}}",
      "2:61", "expected a string for 'name', found a number"
    ),
    (
      "{\"guild\": {}}", "1:1",
      "expected a DiscordChatExporter export (an object with 'guild', 'channel' and 'messages')"
    ),
  ])
  func reportsErrorsAtLineAndColumn(text: String, position: String, message: String) throws {
    try ImportFixtures.expectParseError(text, with: format, at: position, message)
  }

  @Test func noticesUseTheExportersSentence() {
    #expect(DiscordFormat.notice(actor: "Ana", content: "Joined the server.") == "Ana joined the server")
    #expect(
      DiscordFormat.notice(actor: "Ana", content: "Changed the channel name: Books…")
        == "Ana changed the channel name: Books…")
  }
}
