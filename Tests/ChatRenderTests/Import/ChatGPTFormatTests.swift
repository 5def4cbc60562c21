import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

@Suite struct ChatGPTFormatTests {
  let format = ChatGPTFormat()

  @Test(arguments: ["packing list for iceland 🇮🇸", "66ed1f0a-7c3e-8000-b1a2-3c4d5e6f7a8b", "1"])
  func followsTheCurrentBranchOfTheFirstConversation(chat: String) throws {
    let (transcript, warnings) = try ImportFixtures.read(
      ImportFixtures.input("chatgpt-conversations.json"), as: format, chat: chat)
    #expect(warnings.isEmpty)
    #expect(transcript.title == "Packing list for Iceland 🇮🇸")
    #expect(transcript.meID == "user")
    #expect(
      transcript.participants == [
        Participant(id: "user", name: "You"),
        Participant(id: "assistant", name: "ChatGPT", isBot: true),
      ])
    // The hidden system node, the first edit ("Do I need crampons?") with its answer, the
    // regenerated answer, the thoughts and the reasoning recap are all left out.
    #expect(
      MessageRow.rows(transcript) == [
        MessageRow(
          "You", .sent, "2024-03-10T09:00:00.123Z",
          "What should I pack for 5 days in Iceland in October?\n"
            + "I'll do the Golden Circle and a glacier walk."),
        MessageRow(
          "ChatGPT", .received, "2024-03-10T09:00:09.923Z",
          "Great trip! 🇮🇸 Essentials:\n\n• Layers: thermal base, fleece, waterproof shell\n"
            + "• Boots: waterproof, ankle support\n• Hat, gloves, buff\n"
            + "• Swimsuit for hot springs ♨️\n\n"
            + "October weather changes fast, so pack for rain and wind."),
        MessageRow(
          "You", .sent, "2024-03-10T09:01:35.623Z",
          "Do I need crampons for the Sólheimajökull glacier walk?"),
        MessageRow(
          "ChatGPT", .received, "2024-03-10T09:02:10.523Z",
          "You don't need to bring your own: guided Sólheimajökull walks include crampons, "
            + "harness and ice axe. Wear stiff-soled hiking boots so the crampons fit."),
        MessageRow("You", .sent, "2024-03-10T09:05:00.123Z", "Is this jacket warm enough? 🧥"),
        MessageRow(
          "ChatGPT", .received, "2024-03-10T09:05:12.823Z",
          "That looks like a light softshell — great as a mid layer, but add an insulated "
            + "jacket underneath a waterproof shell for the glacier."),
      ])
    let messages = transcript.messages
    let shown = ["0002", "0003", "0006", "0008", "0009", "0012"]
    #expect(messages.map(\.id) == shown.map { "b1f0c2e4-\($0)-4c1a-9d1e-5a7d2c00\($0)" })
    #expect(
      messages[4].extras.attachments == [
        Attachment(kind: .image, fileName: "IMG_5512.jpeg", mimeType: "image/jpeg")
      ])
    // The export is one line: locations differ only in their column.
    #expect(messages[0].location?.line == 1)
    #expect((messages[0].location?.column ?? 0) > 1)
  }

  @Test func readsTheSecondConversationWithoutToolTurns() throws {
    let (transcript, _) = try ImportFixtures.read(
      ImportFixtures.input("chatgpt-conversations.json"), as: format, chat: "誕生日から何日？")
    // The code cell sent to python and its execution output are not shown.
    #expect(
      MessageRow.rows(transcript) == [
        MessageRow(
          "You", .sent, "2023-07-15T09:00:00Z", "1989年7月15日生まれの人は、今日（2023年7月15日）で何日生きていますか？"),
        MessageRow("ChatGPT", .received, "2023-07-15T09:00:07.900Z", "ちょうど 12,418日 です。🎂"),
        MessageRow("You", .sent, "2023-07-15T09:00:40Z", "وكم أسبوعاً هذا؟"),
        MessageRow(
          "ChatGPT", .received, "2023-07-15T09:00:44.300Z",
          "هذا يساوي 1774 أسبوعاً بالضبط (12418 ÷ 7 = 1774)."),
      ])
  }

  @Test func severalConversationsNeedAChoice() throws {
    let input = try ImportFixtures.input("chatgpt-conversations.json")
    let diagnostic = try ImportFixtures.error { _ = try ImportFixtures.read(input, as: format) }
    #expect(diagnostic.message == "the export holds 2 conversations; choose one")
    #expect(diagnostic.position == "1:1")
    #expect(
      diagnostic.notes == [
        "1. Packing list for Iceland 🇮🇸 (id 66ed1f0a-7c3e-8000-b1a2-3c4d5e6f7a8b, created 2024-03-10)",
        "2. 誕生日から何日？ (id 9f1c2d3e-4b5a-6978-8a9b-0c1d2e3f4a5b, created 2023-07-15)",
      ])
    #expect(try format.listChats(input) == ["Packing list for Iceland 🇮🇸", "誕生日から何日？"])
    let unknown = try ImportFixtures.error {
      _ = try ImportFixtures.read(input, as: format, chat: "Lisbon")
    }
    #expect(unknown.message == "no conversation matches 'Lisbon'")
    let farOut = try ImportFixtures.error {
      _ = try ImportFixtures.read(input, as: format, chat: "-9223372036854775808")
    }
    #expect(farOut.message == "no conversation matches '-9223372036854775808'")
  }

  /// `{conversations: […]}`, no `current_node` (the newest leaf is shown), a null title, a
  /// system prompt, custom instructions, a tool call, a generated image from a tool, an old
  /// citation mark, an unknown content type.
  @Test func readsTheTraps() throws {
    let input = try ImportFixtures.input("json-traps/chatgpt-wrapped.json")
    #expect(try format.listChats(input) == ["Untitled", "Second"])
    let (transcript, warnings) = try ImportFixtures.read(input, as: format, chat: "untitled")
    #expect(transcript.title == nil)
    #expect(
      MessageRow.rows(transcript) == [
        MessageRow("You", .sent, "2023-11-14T22:13:20.500Z", "Draw a lighthouse at dusk"),
        MessageRow("ChatGPT", .received, "2023-11-14T22:13:30Z", ""),
        MessageRow("ChatGPT", .received, "2023-11-14T22:13:40Z", "Here it is."),
        MessageRow("You", .sent, "2023-11-14T22:14:00Z", "Make it stormy"),
      ])
    #expect(
      transcript.messages[1].extras.attachments == [
        Attachment(kind: .image, fileName: "file-AbC123")
      ])
    #expect(warnings.map(\.message) == ["skipped 1 message of unknown type 'quantum_text'"])
    #expect(warnings.first?.position == "254:17")

    let (second, _) = try ImportFixtures.read(input, as: format, chat: "conv-second")
    #expect(MessageRow.rows(second).map(\.text) == ["ping", "pong"])
  }

  @Test func readsAnExportFolderAndFindsItsFiles() throws {
    let input = try ImportFixtures.input("json-traps/chatgpt-export")
    #expect(Importer.detect(input)?.name == "chatgpt")
    let (transcript, _) = try ImportFixtures.read(input, as: format)
    #expect(transcript.messages.count == 4)
    #expect(
      transcript.messages[1].extras.attachments
        == [Attachment(kind: .image, fileName: "file-AbC123-lighthouse.png")])
    #expect(
      transcript.messages[0].location?.file.hasSuffix("chatgpt-export/conversations.json") == true)
  }

  @Test func removesCitationMarks() {
    #expect(
      ChatGPTFormat.removingCitations("axe \u{E200}cite\u{E202}turn0search1\u{E201}. Wear")
        == "axe. Wear")
    #expect(ChatGPTFormat.removingCitations("see 【12†source】 and 【note】") == "see and 【note】")
    #expect(
      ChatGPTFormat.removingCitations("open \u{E200} without end") == "open \u{E200} without end")
  }

  @Test(arguments: [
    (
      "[{\"title\": \"Loop\", \"current_node\": \"a\", \"mapping\": {\n"
        + " \"a\": {\"id\": \"a\", \"parent\": \"b\", \"message\": null},\n"
        + " \"b\": {\"id\": \"b\", \"parent\": \"a\", \"message\": null}}}]",
      "2:7", "the parents of node 'a' form a cycle"
    ),
    (
      "[{\"current_node\": \"a\", \"mapping\": {\n"
        + " \"a\": {\"id\": \"a\", \"parent\": \"zz\", \"message\": null}}}]",
      "2:29", "'zz' is not a node of 'mapping'"
    ),
    (
      "[{\"current_node\": \"q\",\n \"mapping\": {}}]", "1:19", "'q' is not a node of 'mapping'"
    ),
    (
      "[{\"current_node\": \"a\", \"mapping\": {\"a\": {\"parent\": null,\n"
        + "  \"message\": {\"content\": {\"parts\": [\"hi\"]}}}}}]",
      "2:14", "missing key 'author'"
    ),
    (
      "[{\"current_node\": \"a\", \"mapping\": {\"a\": {\"parent\": null,\n"
        + "  \"message\": {\"author\": {\"role\": \"user\"}, \"create_time\": \"noon\",\n"
        + "   \"content\": {\"parts\": [\"hi\"]}}}}}]",
      "2:58", "expected a number for 'create_time', found a string"
    ),
    (
      "[{\"current_node\": \"a\", \"mapping\": {\"a\": {\"parent\": null,\n"
        + "  \"message\": {\"author\": {\"role\": \"user\"}, \"content\": {\"parts\": [7]}}}}}]",
      "2:65", "expected a string or an object in 'parts', found a number"
    ),
    (
      "{\"a\": 1}", "1:1",
      "expected ChatGPT conversations (an array of objects with 'mapping'), found an object"
    ),
    ("[3]", "1:2", "expected an object for a conversation, found a number"),
    (
      "[{\"current_node\": \"a\", \"mapping\": {\"a\": {\"parent\": null,\n"
        + "  \"message\": {\"author\": {\"role\": \"user\"}, \"create_time\": 1e300,\n"
        + "   \"content\": {\"parts\": [\"hi\"]}}}}}]",
      "2:58", "'create_time' is out of range"
    ),
  ])
  func reportsErrorsAtLineAndColumn(text: String, position: String, message: String) throws {
    let diagnostic = try ImportFixtures.error {
      var warnings: [Diagnostic] = []
      _ = try format.parse(
        ImportFixtures.input(text: text), options: ImportOptions(), warnings: &warnings)
    }
    #expect(diagnostic.message == message)
    #expect(diagnostic.position == position)
  }
}
