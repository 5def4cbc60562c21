import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

/// Detection of the Telegram, Discord, ChatGPT and OpenAI formats: each claims its own files
/// and none claims another's, nor ChatRender's own JSON.
@Suite struct JSONImportDetectionTests {
  static let formats: [any TranscriptFormat] = [
    TelegramFormat(), DiscordFormat(), ChatGPTFormat(), OpenAIMessagesFormat(), MessengerFormat(),
    ClaudeFormat(),
  ]

  /// Every sample and trap fixture with the format that must claim it (nil: none of ours).
  static let expected: [(String, String?)] =
    ImportFixtures.samples.map { sample in
      let owner: String? =
        sample.hasPrefix("telegram")
        ? "telegram"
        : sample.hasPrefix("discord")
          ? "discord"
          : sample.hasPrefix("chatgpt")
            ? "chatgpt"
            : sample.hasPrefix("openai") ? "openai" : nil
      return (sample, owner)
    } + [
      ("json-traps/telegram-old-export.json", "telegram"),
      ("json-traps/telegram-control-escape.json", "telegram"),
      ("json-traps/discord-direct-message.json", "discord"),
      ("json-traps/chatgpt-wrapped.json", "chatgpt"),
      ("json-traps/chatgpt-export", "chatgpt"),
      ("json-traps/openai-chat.jsonl", "openai"),
      ("json-traps/openai-finetune.jsonl", "openai"),
      ("messenger-export", "messenger"),
      ("messenger-export/messages/inbox/trailcrew_2002/message_1.json", "messenger"),
      ("instagram-export", "messenger"),
      ("messenger-e2ee/ana_costa_1.json", "messenger"),
      ("claude-conversations.json", "claude"),
    ]

  @Test(arguments: expected)
  func eachFileIsClaimedByItsFormatOnly(name: String, owner: String?) throws {
    let input = try ImportFixtures.input(name)
    for format in Self.formats {
      #expect(format.detect(input) == (format.name == owner), "\(format.name) on \(name)")
    }
    if let owner { #expect(Importer.detect(input)?.name == owner) }
  }

  @Test func ourOwnJSONIsLeftToItsFormat() throws {
    let text = """
      {"version": 1, "participants": [{"id": "ana", "name": "Ana"}],
       "messages": [{"from": "ana", "text": "hi"}, {"kind": "system", "text": "Ana left"}]}
      """
    let input = try ImportFixtures.input(text: text)
    #expect(Importer.detect(input)?.name == "json")
    for format in Self.formats { #expect(!format.detect(input), "\(format.name)") }
  }

  /// The error `Importer.read` gives a JSON file no format reads.
  func refusal(_ text: String) throws -> Diagnostic {
    var warnings: [Diagnostic] = []
    do {
      _ = try Importer.read(try ImportFixtures.input(text: text), warnings: &warnings)
    } catch let error as DiagnosticError {
      return try #require(error.diagnostics.first)
    }
    Issue.record("read without an error")
    return .error("")
  }

  @Test func ourJSONIsOursOnlyWithItsVersion() throws {
    let text = """
      {"participants": [{"id": "ana", "name": "Ana"}], "messages": [{"from": "ana", "text": "hi"}]}
      """
    #expect(Importer.detect(try ImportFixtures.input(text: text)) == nil)
    let refused = try refusal(text)
    #expect(refused.message == "not a format chatrender reads: it looks like ChatRender JSON, but it has no 'version'")
    #expect(refused.notes == [#"ChatRender JSON begins with "version": 1, as 'chatrender parse' writes it"#])
    #expect(refused.location == SourceLocation(file: "t.json", line: 1, column: 1))
    #expect(refused.hint == .chooseInputFormat)
  }

  @Test(
    arguments: [
      (
        #"{"participants": [{"name": "Ana"}], "messages": [{"sender_name": "Ana", "timestamp_ms": "1415147732056", "content": "Hi"}]}"#,
        "it looks like a Facebook Messenger export, but messages[].timestamp_ms is a string, not a number"
      ),
      (
        #"{"messages": [{"senderName": "Ana", "text": "Hi"}]}"#,
        "it looks like a Facebook Messenger export, but it has no messages[].timestamp"
      ),
      (
        #"{"guild": "x", "messages": [{"author": {"id": "1"}, "content": "Hi"}]}"#,
        "it looks like a DiscordChatExporter export, but 'guild' is a string, not an object"
      ),
      (#"[{"ts": "1704186000.1", "user": "U1", "text": "hi"}]"#, "it looks like a Slack day file"),
      (#"{"name": "Ana", "age": 3}"#, "JSON with the keys 'age', 'name'"),
      (#"[1, 2]"#, "a JSON array of no kind it knows"),
    ] as [(String, String)])
  func otherJSONIsRefusedSayingWhatItLooksLike(text: String, looks: String) throws {
    #expect(try refusal(text).message == "not a format chatrender reads: " + looks)
  }

  @Test func brokenJSONOfAKnownFamilyIsLocated() throws {
    let refused = try refusal("{\"messages\": [{\"sender_name\": \"Ana\",\n \"timestamp_ms\": }]}")
    #expect(
      refused.message.hasPrefix(
        "not a format chatrender reads: it looks like a Facebook Messenger export, but its JSON is broken ("))
    #expect(refused.location?.line == 2)
  }

  @Test func aTextFileOfNoFormatIsRefusedPlainly() throws {
    let refused = try refusal("[nothing here] is a chat\n")
    #expect(refused.message == "not a format chatrender reads")
  }

  /// What `chatrender parse` prints for an import is our JSON, never the source format again.
  @Test(
    arguments: [
      ("telegram-result.json", nil), ("discord-export.json", nil),
      ("chatgpt-conversations.json", "1"), ("openai-messages.json", nil),
    ] as [(String, String?)])
  func parsedOutputIsOurJSON(name: String, chat: String?) throws {
    let source = try ImportFixtures.input(name)
    let format = try #require(Importer.detect(source))
    let (transcript, _) = try ImportFixtures.read(source, as: format, options: ImportOptions(chat: chat))
    let output = try ImportFixtures.input(text: TranscriptJSONWriter.write(transcript))
    #expect(Importer.detect(output)?.name == "json")
    for format in Self.formats { #expect(!format.detect(output), "\(format.name)") }
  }

  @Test func telegramFullExportIsFoundEvenAfterLongSections() throws {
    let contacts = (0..<5000).map { #"{"first_name": "C\#($0)", "phone_number": "+1"}"# }
    let text =
      #"{"about": "x", "contacts": {"about": "y", "list": ["#
      + contacts.joined(separator: ",") + #"]}, "chats": {"list": []}}"#
    #expect(TelegramFormat().detect(try ImportFixtures.input(text: text)))
  }

  @Test func outlineRecordsPathsKindsAndStrings() throws {
    let file = try SourceFile(
      path: "t.json",
      bytes: Array(#"{"a": [{"role": "user", "n": 1}, {"role": "tool\"x"}], "b": null}"#.utf8))
    let outline = JSONOutline(file)
    #expect(outline.rootKind == .object)
    #expect(outline.has("a", .array))
    #expect(outline.has("a/*", .object))
    #expect(outline.has("a/*/n", .number))
    #expect(outline.has("b", .null))
    #expect(outline.strings["a/*/role"] == ["user", "tool\"x"])
    #expect(!outline.has("role"))
    // Past the limit, the root's keys are still seen.
    let cut = JSONOutline(file, limit: 24)
    #expect(cut.firstString("a/*/role") == "user")
    #expect(cut.has("b", .null))
  }

  @Test func ourJSONIsOursWhateverTheOrderOfItsKeys() throws {
    let messages = (0..<20_000).map { #"{"from": "ana", "text": "message \#($0)"}"# }
    let text =
      #"{"participants": [{"id": "ana", "name": "Ana"}], "messages": ["#
      + messages.joined(separator: ",") + #"], "version": 1}"#
    let input = try ImportFixtures.input(text: text)
    #expect(Importer.detect(input)?.name == "json")
    let (transcript, _) = try ImportFixtures.read(input)
    #expect(transcript.messages.count == 20_000)
  }

  @Test func telegramChatIsTelegramAfterAMegabyteLongName() throws {
    let name = String(repeating: "n", count: 1_000_000)
    let text = """
      {"name": "\(name)", "type": "personal_chat", "id": 2, "messages": [
       {"id": 1, "type": "message", "date": "2024-01-01T10:00:00", "from": "Bo", "from_id": "user2", "text": "hi"}]}
      """
    #expect(Importer.detect(try ImportFixtures.input(text: text))?.name == "telegram")
  }

  @Test func everyJSONFormatIsFoundWhateverCameBeforeItsKeys() throws {
    // A long first value of no meaning: each format's keys come after it.
    let filler = #""a_long_note": "\#(String(repeating: "x", count: 300_000))", "#
    let shapes: [(String, String)] = [
      (
        "matrix",
        #"{\#(filler)"room_name": "R", "messages": [{"type": "m.room.message", "origin_server_ts": 1, "event_id": "$1", "sender": "@a:b", "content": {"msgtype": "m.text", "body": "hi"}}]}"#
      ),
      (
        "messenger",
        #"{\#(filler)"participants": [{"name": "A"}], "messages": [{"sender_name": "A", "timestamp_ms": 1, "content": "hi"}], "title": "A"}"#
      ),
      ("skype", #"{\#(filler)"userId": "live:a", "exportDate": "2024", "conversations": []}"#),
      ("chatgpt", #"{\#(filler)"title": "T", "mapping": {}, "current_node": "x"}"#),
    ]
    for (name, text) in shapes {
      #expect(Importer.detect(try ImportFixtures.input(text: text))?.name == name, "\(name)")
    }
  }
}
