import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

@Suite struct MatrixFormatTests {
  let format = MatrixFormat()

  @Test func readsAnElementExportWithAReplyAnEditAndAReaction() throws {
    for name in ["matrix-export", "matrix-export/export.json"] {
      let input = try ImportFixtures.input(name)
      #expect(Importer.detect(input)?.name == "matrix")
      let (transcript, warnings) = try ImportFixtures.read(input, as: format)
      #expect(warnings.isEmpty)
      #expect(transcript.title == "Harbour Walk")
      #expect(transcript.participants.map(\.name) == ["Ana", "Bo"])
      #expect(transcript.meID == "@bo:example.org")
      #expect(
        MessageRow.rows(transcript) == [
          MessageRow("Ana", .center, "2024-01-05T10:00:00Z", "Ana created the room", .system),
          MessageRow("Ana", .center, "2024-01-05T10:00:01Z", "Ana joined", .system),
          MessageRow("Bo", .center, "2024-01-05T10:01:00Z", "Bo joined", .system),
          MessageRow("Ana", .received, "2024-01-05T10:02:00Z", "Meet at 9 by the pier? <b> stays text"),
          MessageRow("Bo", .sent, "2024-01-05T10:03:00Z", "Yes, 9 works"),
          MessageRow("Bo", .sent, "2024-01-05T10:03:20Z", "I'll bring the coffee ☕"),
          MessageRow("Ana", .received, "2024-01-05T10:06:00Z", ""),
          MessageRow("Bo", .sent, "2024-01-05T10:07:00Z", "waves"),
          MessageRow("Ana", .received, "2024-01-05T10:08:00Z", ""),
          MessageRow("Ana", .center, "2024-01-05T10:09:00Z", "Ana left", .system),
        ])
      let messages = transcript.messages
      #expect(
        messages[3].extras.spans == [
          TextSpan(start: 8, length: 1, style: .bold),
          TextSpan(start: 17, length: 4, style: .link("https://example.org/pier")),
        ])
      #expect(messages[4].extras.replyTo == "$m1")
      #expect(messages[5].extras.isEdited)
      #expect(messages[5].extras.reactions == [Reaction(emoji: "👍", count: 1, by: ["@ana:example.org"])])
      let picture = try #require(messages[6].extras.attachments.first)
      #expect(picture.kind == .image)
      #expect(picture.fileName == "harbour.png")
      #expect(picture.source != nil)
      #expect(messages[7].extras.spans == [TextSpan(start: 0, length: 5, style: .italic)])
      #expect(messages[8].extras.isDeleted)
    }
  }

  @Test func anEventWithoutATimeIsLocated() throws {
    let input = try ImportFixtures.input(
      text: """
        {"room_name": "R", "exported_by": "Bo", "messages": [
          {"type": "m.room.message", "sender": "@bo:x", "content": {"body": "hi"}}
        ]}
        """, path: "room.json")
    let error = try ImportFixtures.error { _ = try ImportFixtures.read(input, as: format) }
    #expect(error.position == "2:3")
    #expect(error.message == "missing key 'origin_server_ts'")
  }

  @Test func unknownEventTypesAreCountedInOneWarning() throws {
    let input = try ImportFixtures.input(
      text: """
        {"room_name": "R", "exported_by": "Bo", "messages": [
          {"type": "org.example.poll", "sender": "@bo:x", "origin_server_ts": 1, "content": {}},
          {"type": "org.example.poll", "sender": "@bo:x", "origin_server_ts": 2, "content": {}}
        ]}
        """, path: "room.json")
    let (_, warnings) = try ImportFixtures.read(input, as: format)
    #expect(warnings.map(\.message).first == "skipped 2 messages of event type 'org.example.poll'")
    #expect(warnings.filter { $0.message.hasPrefix("skipped") }.count == 1)
  }
}
