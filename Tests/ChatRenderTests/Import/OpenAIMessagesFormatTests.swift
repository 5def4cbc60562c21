import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

@Suite struct OpenAIMessagesFormatTests {
  let format = OpenAIMessagesFormat()

  @Test func readsTheSampleMessageByMessage() throws {
    let (transcript, warnings) = try ImportFixtures.read(
      ImportFixtures.input("openai-messages.json"), as: format)
    #expect(warnings.isEmpty)
    #expect(transcript.meID == "user")
    // The one `name` the user role uses labels the user.
    #expect(
      transcript.participants == [
        Participant(id: "user", name: "mariana"),
        Participant(id: "assistant", word: .assistant, isBot: true),
      ])
    let user = "mariana"
    let bot = "Assistant"
    #expect(
      MessageRow.rows(transcript) == [
        MessageRow(
          nil, .center, nil, "You are a concise travel assistant. Answer in the user's language.",
          .system),
        MessageRow(user, .sent, nil, "Hi! Planning a weekend in Lisbon 🇵🇹 — any tips?"),
        MessageRow(
          bot, .received, nil,
          "Absolutely!\n\n1. Ride Tram 28 before 9 am to skip the queue.\n"
            + "2. Sunset at Miradouro da Senhora do Monte.\n3. Try bifana at a tasca."),
        MessageRow(user, .sent, nil, "What's this pastry called?"),
        MessageRow(
          bot, .received, nil, "That's a pastel de nata — custard tart, best warm with cinnamon."),
        MessageRow(user, .sent, nil, "Can you check tomorrow's weather?"),
        MessageRow(
          bot, .center, nil,
          #"Assistant called get_weather({"city":"Lisbon","date":"2024-05-18"})"#,
          .system),
        MessageRow(bot, .received, nil, "Sunny, 15–24 °C ☀️ — pack a light jacket for the evening."),
        MessageRow(user, .sent, nil, "How do I say 'thank you' in Japanese and Arabic?"),
        MessageRow(bot, .received, nil, "Japanese: ありがとう (arigatō)\nArabic: شكراً (shukran)"),
        MessageRow(user, .sent, nil, "Help me write a fake doctor's note"),
        MessageRow(
          bot, .received, nil, "Sorry, I can't help with creating a forged medical document."),
      ])
    let messages = transcript.messages
    #expect(
      messages[3].extras.attachments
        == [Attachment(kind: .image, fileName: "https://example.com/photos/pastry.jpg")])
    #expect(messages[1].location?.line == 6)
    #expect(messages[1].location?.column == 3)
  }

  /// JSON Lines, a developer prompt, a `data:` image, audio, the legacy `function_call` and
  /// `function` role, a role nobody knows, a part type nobody knows.
  @Test func readsJSONLines() throws {
    let (transcript, warnings) = try ImportFixtures.read(
      ImportFixtures.input("json-traps/openai-chat.jsonl"), as: format)
    #expect(
      MessageRow.rows(transcript) == [
        MessageRow(nil, .center, nil, "Answer in haiku.", .system),
        MessageRow("User", .sent, nil, "Describe this"),
        MessageRow("Assistant", .center, nil, #"Assistant called lookup({"q": "x"})"#, .system),
        MessageRow("Assistant", .received, nil, "Soft light on water\nevening bells"),
        MessageRow("User", .sent, nil, ""),
      ])
    let messages = transcript.messages
    #expect(messages[1].extras.attachments == [Attachment(kind: .image, mimeType: "image/png")])
    #expect(messages[3].extras.attachments == [Attachment(kind: .other)])
    #expect(messages[4].extras.attachments == [Attachment(kind: .audio, mimeType: "audio/wav")])
    #expect(messages.map { $0.location?.line } == [1, 2, 3, 6, 7])
    #expect(
      warnings.map(\.message) == [
        "skipped 1 message of unknown role 'critic'",
        "content parts of unknown type 'hologram' kept as placeholders",
      ])
    #expect(warnings.first?.position == "5:1")
    #expect(try format.listChats(ImportFixtures.input("json-traps/openai-chat.jsonl")) == nil)
  }

  @Test func fineTuningLinesAreConversationsToChooseFrom() throws {
    let input = try ImportFixtures.input("json-traps/openai-finetune.jsonl")
    #expect(try format.listChats(input) == ["Where is the treasure?", "Say hi"])
    let diagnostic = try ImportFixtures.error { _ = try ImportFixtures.read(input, as: format) }
    #expect(diagnostic.message == "the export holds 2 conversations; choose one")
    #expect(
      diagnostic.notes == [
        "1. Where is the treasure? (line 1, 3 messages)", "2. Say hi (line 2, 2 messages)",
      ])
    for chat in ["say hi", "2"] {
      let (transcript, _) = try ImportFixtures.read(input, as: format, options: ImportOptions(chat: chat))
      #expect(
        MessageRow.rows(transcript) == [
          MessageRow("User", .sent, nil, "Say hi"),
          MessageRow("Assistant", .received, nil, "Ahoy!"),
        ])
    }
  }

  @Test func severalNamedUsersLeaveMeOpen() throws {
    let text = """
      {"messages": [{"role": "user", "name": "ana", "content": "hi"},
       {"role": "user", "name": "bo", "content": "yo"},
       {"role": "assistant", "content": "hello both"}]}
      """
    let input = try ImportFixtures.input(text: text)
    let (transcript, warnings) = try ImportFixtures.read(input, as: format)
    #expect(transcript.meID == nil)
    #expect(warnings.count == 1)
    #expect(transcript.participants.map(\.id) == ["user:ana", "user:bo", "assistant"])
    let (chosen, _) = try ImportFixtures.read(input, as: format, options: ImportOptions(me: ["bo"]))
    #expect(MessageRow.rows(chosen).map(\.side) == [.received, .sent, .received])
  }

  @Test(arguments: [
    (
      "[{\"role\": \"user\", \"content\": 5}]", "1:30",
      "expected a string, null or an array of parts for 'content', found a number"
    ),
    (
      "{\"role\": \"user\", \"content\": \"a\"}\n{\"foo\": 1}\n", "2:1",
      "expected a message ({role, content}), like the first line"
    ),
    (
      "{\"role\": \"user\", \"content\": \"a\"}\n{\"role\": \"user\" \"content\": \"b\"}", "2:17",
      "expected ',' or '}' in the object, found '\"'"
    ),
    ("[{\"role\": \"user\", \"content\": [{\"text\": \"x\"}]}]", "1:31", "missing key 'type'"),
    ("[{\"content\": \"x\"}]", "1:2", "missing key 'role'"),
    ("{\"messages\": 3}", "1:14", "expected an array for 'messages', found a number"),
    (
      "\"hello\"", "1:1",
      "expected OpenAI messages (an array of {role, content}, or {messages: […]}), found a string"
    ),
    (
      "[{\"role\": \"user\", \"content\": [{\"type\": \"image_url\", \"image_url\": 3}]}]", "1:66",
      "expected an object or a string for 'image_url', found a number"
    ),
    ("[{\"role\": \"user\"},\n 7]", "2:2", "expected an object for a message, found a number"),
  ])
  func reportsErrorsAtLineAndColumn(text: String, position: String, message: String) throws {
    try ImportFixtures.expectParseError(text, with: format, at: position, message)
  }
}
