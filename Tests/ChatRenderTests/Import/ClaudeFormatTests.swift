import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

@Suite struct ClaudeFormatTests {
  let format = ClaudeFormat()

  @Test(arguments: ["packing for iceland 🇮🇸", "c-0001", "1", "iceland"])
  func followsTheShownBranchAndLeavesToolsOut(chat: String) throws {
    let input = try ImportFixtures.input("claude-conversations.json")
    #expect(Importer.detect(input)?.name == "claude")
    let (transcript, warnings) = try ImportFixtures.read(input, as: format, options: ImportOptions(chat: chat))
    #expect(transcript.title == "Packing for Iceland 🇮🇸")
    #expect(transcript.meID == "human")
    #expect(
      transcript.participants == [
        Participant(id: "human", word: .you), Participant(id: "assistant", name: "Claude", isBot: true),
      ])
    // The retried first answer (m-03) is off the branch; the tool use and its result are not
    // shown; the human's Markdown stays as typed, Claude's is read.
    #expect(
      MessageRow.rows(transcript) == [
        MessageRow("You", .sent, "2024-09-01T08:00:00Z", "What should I pack for **5 days** in Iceland?"),
        MessageRow("Claude", .received, "2024-09-01T08:00:20.500Z", "Layers:\n\n• thermal base\n• waterproof shell"),
        MessageRow("You", .sent, "2024-09-01T08:02:00Z", "And for the glacier walk?"),
        MessageRow("Claude", .received, "2024-09-01T08:02:30Z", "Guides lend crampons; bring stiff boots."),
      ])
    let messages = transcript.messages
    #expect(messages.map(\.id) == ["m-01", "m-02", "m-04", "m-05"])
    #expect(messages[1].extras.spans.contains(TextSpan(start: 26, length: 10, style: .bold)))
    // A document named in both `attachments` and `files` is one attachment.
    #expect(
      messages[0].extras.attachments == [
        Attachment(kind: .file, fileName: "itinerary.pdf", mimeType: "application/pdf", byteCount: 20480),
        Attachment(kind: .image, fileName: "jacket.png"),
      ])
    #expect(warnings.map(\.message) == ["skipped the content of 1 message of unknown content type 'hologram'"])
    #expect(warnings.first?.position == "107:11")
  }

  @Test func skipsTurnsThatHoldOnlyToolResults() throws {
    let (transcript, _) = try ImportFixtures.read(
      ImportFixtures.input("claude-conversations.json"), as: format, options: ImportOptions(chat: "誕生日から何日？"))
    #expect(
      MessageRow.rows(transcript) == [
        MessageRow("You", .sent, "2023-07-15T09:00:00Z", "1989年7月15日生まれは何日生きていますか？"),
        MessageRow("Claude", .received, "2023-07-15T09:00:07Z", "ちょうど 12,418日 です。🎂"),
        MessageRow("You", .sent, "2023-07-15T09:00:50Z", "وكم أسبوعاً هذا؟"),
      ])
  }

  @Test func listsConversationsAndAsksForOne() throws {
    let input = try ImportFixtures.input("claude-conversations.json")
    #expect(try format.listChats(input) == ["Packing for Iceland 🇮🇸", "誕生日から何日？", "Untitled"])
    let diagnostic = try ImportFixtures.error { _ = try ImportFixtures.read(input, as: format) }
    #expect(diagnostic.message == "the export holds 3 conversations; choose one")
    #expect(diagnostic.notes.first == "1. Packing for Iceland 🇮🇸 (id c-0001, 5 messages, created 2024-09-01)")
    let (empty, _) = try ImportFixtures.read(input, as: format, options: ImportOptions(chat: "3"))
    #expect(empty.messages.isEmpty && empty.title == nil)
  }

  @Test func readsTheExportFolder() throws {
    try TemporaryFolder.with { folder in
      try FileManager.default.copyItem(
        atPath: ImportFixtures.path("claude-conversations.json"),
        toPath: folder.appendingPathComponent("conversations.json").path)
      try Data("[]".utf8).write(to: folder.appendingPathComponent("users.json"))
      let input = try ImportInput.open(folder.path)
      #expect(Importer.detect(input)?.name == "claude")
      #expect(ImportInput.isExportFolder(folder.path))
      let (transcript, _) = try ImportFixtures.read(input, as: format, options: ImportOptions(chat: "c-0002"))
      #expect(transcript.messages.count == 3)
    }
  }

  @Test func isToldApartFromChatGPT() throws {
    #expect(Importer.detect(try ImportFixtures.input("chatgpt-conversations.json"))?.name == "chatgpt")
    let single = #"{"uuid": "x", "name": "One", "chat_messages": [{"sender": "human", "text": "hi"}]}"#
    let input = try ImportFixtures.input(text: single)
    #expect(Importer.detect(input)?.name == "claude")
    // Without content blocks, the message's own text.
    let (transcript, _) = try ImportFixtures.read(input, as: format)
    #expect(MessageRow.rows(transcript) == [MessageRow("You", .sent, nil, "hi")])
  }

  @Test func locatesBadValues() throws {
    let badDate = #"[{"name": "A", "chat_messages": [{"sender": "human", "text": "hi", "created_at": "yesterday"}]}]"#
    let date = try ImportFixtures.error { _ = try ImportFixtures.read(ImportFixtures.input(text: badDate), as: format) }
    #expect(date.message == "invalid date 'yesterday' (expected such as 2025-10-01T18:42:28.370875Z)")
    #expect(date.position == "1:82")
    let badBlock = #"[{"name": "A", "chat_messages": [{"sender": "assistant", "content": ["hi"]}]}]"#
    let block = try ImportFixtures.error {
      _ = try ImportFixtures.read(ImportFixtures.input(text: badBlock), as: format)
    }
    #expect(block.message == "expected an object in 'content', found a string")
    #expect(block.position == "1:70")
    let notList = #"{"conversations": 1}"#
    let root = try ImportFixtures.error { _ = try ImportFixtures.read(ImportFixtures.input(text: notList), as: format) }
    #expect(root.message == "expected Claude conversations (an array of objects with 'chat_messages'), found an object")
  }
}
