import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

@Suite struct ChatGPTFormatTests {
  let format = ChatGPTFormat()

  @Test(arguments: ["packing list for iceland 🇮🇸", "66ed1f0a-7c3e-8000-b1a2-3c4d5e6f7a8b", "1"])
  func followsTheCurrentBranchOfTheFirstConversation(chat: String) throws {
    let (transcript, warnings) = try ImportFixtures.read(
      ImportFixtures.input("chatgpt-conversations.json"), as: format, options: ImportOptions(chat: chat))
    #expect(warnings.isEmpty)
    #expect(transcript.title == "Packing list for Iceland 🇮🇸")
    #expect(transcript.meID == "user")
    #expect(
      transcript.participants == [
        Participant(id: "user", word: .you),
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
            + "harness and ice axe [1]. Wear stiff-soled hiking boots so the crampons fit."),
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
      ImportFixtures.input("chatgpt-conversations.json"), as: format, options: ImportOptions(chat: "誕生日から何日？"))
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
      _ = try ImportFixtures.read(input, as: format, options: ImportOptions(chat: "Lisbon"))
    }
    #expect(unknown.message == "no conversation matches 'Lisbon'")
    let farOut = try ImportFixtures.error {
      _ = try ImportFixtures.read(input, as: format, options: ImportOptions(chat: "-9223372036854775808"))
    }
    #expect(farOut.message == "no conversation matches '-9223372036854775808'")
  }

  /// `{conversations: […]}`, no `current_node` (the newest leaf is shown), a null title, a
  /// system prompt, custom instructions, a tool call, a generated image from a tool, an old
  /// citation mark, an unknown content type.
  @Test func readsTheTraps() throws {
    let input = try ImportFixtures.input("json-traps/chatgpt-wrapped.json")
    #expect(try format.listChats(input) == ["Untitled", "Second"])
    let (transcript, warnings) = try ImportFixtures.read(input, as: format, options: ImportOptions(chat: "untitled"))
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

    let (second, _) = try ImportFixtures.read(input, as: format, options: ImportOptions(chat: "conv-second"))
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

  @Test func removesOldCitationMarksAndPassageMarks() {
    var citations = ChatGPTCitations(metadata: nil)
    #expect(citations.read("see 【12†source】 and 【note】", markdown: false) == "see and 【note】")
    #expect(citations.read("\u{E203}quoted\u{E204} text", markdown: false) == "quoted text")
    #expect(
      citations.read("open \u{E200} without end", markdown: false) == "open \u{E200} without end")
  }

  /// One conversation of `nodes` (JSON members of `mapping`), without `current_node`.
  static func conversation(_ nodes: String) -> String {
    "[{\"title\": \"T\", \"mapping\": {\(nodes)}}]"
  }

  /// A node whose only link is `parent` (as some tools write), holding a message.
  static func node(
    _ id: String, parent: String?, role: String = "user", time: Int, content: String,
    metadata: String = "{}"
  ) -> String {
    "\"\(id)\": {\"id\": \"\(id)\", \"parent\": \(parent.map { "\"\($0)\"" } ?? "null"), "
      + "\"message\": {\"id\": \"m\(id)\", \"author\": {\"role\": \"\(role)\"}, "
      + "\"create_time\": \(time), \"content\": \(content), \"metadata\": \(metadata)}}"
  }

  static func text(_ parts: String) -> String { "{\"content_type\": \"text\", \"parts\": [\(parts)]}" }

  @Test func rebuildsThePathFromParentsToTheNewestLeaf() throws {
    let json = Self.conversation(
      [
        Self.node("r", parent: nil, role: "system", time: 1, content: Self.text("\"sys\"")),
        Self.node("a", parent: "r", time: 2, content: Self.text("\"question\"")),
        Self.node("old", parent: "a", role: "assistant", time: 3, content: Self.text("\"first try\"")),
        Self.node("new", parent: "a", role: "assistant", time: 5, content: Self.text("\"second try\"")),
        Self.node("b", parent: "new", time: 6, content: Self.text("\"thanks\"")),
        Self.node("late", parent: "old", time: 4, content: Self.text("\"on the old branch\"")),
      ].joined(separator: ", "))
    let (transcript, _) = try ImportFixtures.read(ImportFixtures.input(text: json), as: format)
    #expect(MessageRow.rows(transcript).map(\.text) == ["question", "second try", "thanks"])
  }

  @Test func keepsEveryTextPartAndShowsOtherPartsAsChips() throws {
    let json = Self.conversation(
      [
        Self.node("a", parent: nil, role: "assistant", time: 1, content: Self.text("\"One\", \"Two\"")),
        Self.node(
          "b", parent: "a", time: 2,
          content: "{\"content_type\": \"multimodal_text\", \"parts\": [\"Before\", "
            + "{\"content_type\": \"widget\"}, {\"content_type\": \"note\", \"text\": \"Noted\"}, \"After\"]}"),
        Self.node("c", parent: "b", role: "assistant", time: 3, content: Self.text("")),
      ].joined(separator: ", "))
    let (transcript, warnings) = try ImportFixtures.read(ImportFixtures.input(text: json), as: format)
    #expect(MessageRow.rows(transcript).map(\.text) == ["One\n\nTwo", "Before\n\nNoted\n\nAfter"])
    #expect(transcript.messages[1].extras.attachments == [Attachment(kind: .other)])
    #expect(warnings.map(\.message) == ["content parts of unknown type 'widget' kept as placeholders"])
  }

  @Test func readsCitationsAsNumberedReferences() throws {
    let cite = { (key: String) in "\\ue200cite\\ue202\(key)\\ue201" }
    let metadata =
      "{\"content_references\": [{\"matched_text\": \"\(cite("s1"))\", \"type\": \"webpage\", "
      + "\"url\": \"https://a.example/x\"}, {\"matched_text\": \"\(cite("s9"))\", \"type\": \"hidden\"}, "
      + "{\"matched_text\": \"\(cite("s3"))\", \"type\": \"grouped_webpages\", "
      + "\"items\": [{\"url\": \"https://a.example/x\"}]}]}"
    let answer =
      "\"\\ue203Ice is cold\\ue204 \(cite("s1")). Snow \(cite("s2")) too \(cite("s3"))\(cite("s9")) in "
      + "\\ue200entity\\ue202[\\\"city\\\",\\\"Reykjavík\\\"]\\ue201.\""
    let json = Self.conversation(
      Self.node("a", parent: nil, role: "assistant", time: 1, content: Self.text(answer), metadata: metadata))
    let (transcript, _) = try ImportFixtures.read(ImportFixtures.input(text: json), as: format)
    let message = try #require(transcript.messages.first)
    #expect(message.text == "Ice is cold [1]. Snow [2] too [1] in Reykjavík.")
    #expect(!message.text.unicodeScalars.contains { $0.properties.generalCategory == .privateUse })
    let links = message.extras.spans.filter { if case .link = $0.style { true } else { false } }
    #expect(
      links == [
        TextSpan(start: 12, length: 3, style: .link("https://a.example/x")),
        TextSpan(start: 30, length: 3, style: .link("https://a.example/x")),
      ])
  }

  @Test func aSandboxLinkKeepsItsWordsAndShowsTheFileNameNotClickable() throws {
    let answer =
      "\"Here is [the cleaned table](sandbox:/mnt/data/trail%20counts.csv) and "
      + "[chart.png](sandbox:/mnt/data/chart.png), see **[the site](https://b.example/)**.\""
    let json = Self.conversation(
      Self.node("a", parent: nil, role: "assistant", time: 1, content: Self.text(answer)))
    let (transcript, _) = try ImportFixtures.read(ImportFixtures.input(text: json), as: format)
    let message = try #require(transcript.messages.first)
    #expect(message.text == "Here is the cleaned table (trail counts.csv) and chart.png, see the site.")
    let links = message.extras.spans.filter { if case .link = $0.style { true } else { false } }
    #expect(links == [TextSpan(start: 64, length: 8, style: .link("https://b.example/"))])
  }

  @Test func warnsWhenNothingIsLeftToDraw() throws {
    let json = Self.conversation(
      Self.node("a", parent: nil, role: "system", time: 1, content: Self.text("\"sys\"")))
    let (transcript, warnings) = try ImportFixtures.read(ImportFixtures.input(text: json), as: format)
    #expect(transcript.messages.isEmpty)
    #expect(warnings.map(\.message) == ["'T' has no messages to draw"])
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
    try ImportFixtures.expectParseError(text, with: format, at: position, message)
  }
}
