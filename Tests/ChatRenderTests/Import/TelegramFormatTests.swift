import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

@Suite struct TelegramFormatTests {
  let format = TelegramFormat()

  // MARK: - Samples

  @Test func readsSingleChatSampleMessageByMessage() throws {
    let (transcript, warnings) = try ImportFixtures.read(
      ImportFixtures.input("telegram-result.json"), as: format)
    // The sample names two files it does not hold.
    #expect(warnings.map(\.message) == ["2 attached files are not in the export"])
    #expect(transcript.title == "Mira Kovač")
    // A personal chat's id is the other person, so the remaining author is "me".
    #expect(transcript.meID == "user4400112233")
    let mira = "Mira Kovač"
    let jonas = "Jonas Berg"
    #expect(
      MessageRow.rows(transcript) == [
        MessageRow(
          mira, .received, "2024-03-14T17:02:11Z",
          "Hey! Are you still coming to Ljubljana next week? 🇸🇮"),
        MessageRow(
          jonas, .sent, "2024-03-14T17:05:40Z", "Yes!\nLanding Thursday 18:40\nFlight JU 337"),
        MessageRow(
          mira, .received, "2024-03-14T17:07:02Z",
          "Great, the Tromostovje meetup is at 19:30 — details: https://example.org/meetup"),
        MessageRow(jonas, .sent, "2024-03-14T17:07:55Z", "Perfect, I'll be there 👍"),
        MessageRow(mira, .received, "2024-03-14T17:22:05Z", "Look what I found at the market"),
        MessageRow(jonas, .sent, "2024-03-14T17:22:41Z", "😂"),
        MessageRow(jonas, .sent, "2024-03-14T20:10:00Z", ""),
        MessageRow(
          mira, .received, "2024-03-15T07:55:19Z",
          "Service update: trains to Bled run hourly on weekends. Timetable"),
        MessageRow(jonas, .sent, "2024-03-15T08:12:44Z", ""),
        MessageRow(
          mira, .received, "2024-03-15T08:15:03Z",
          "The café wifi password is kava-2024 — and my friend Yuki wrote this for you:\n"
            + "ようこそ、リュブリャナへ！\n楽しんでね 🎉"),
        MessageRow(jonas, .sent, "2024-03-15T08:19:58Z", "@mira_k see you soon 🙌"),
        MessageRow(mira, .center, "2024-03-15T08:21:30Z", "Mira Kovač pinned a message", .system),
        MessageRow(
          mira, .received, "2024-03-15T08:24:12Z", "My neighbour Samir says: أهلاً وسهلاً 😊"),
        MessageRow(jonas, .sent, "2024-03-21T17:52:07Z", ""),
        MessageRow(mira, .received, "2024-03-21T17:53:30Z", "Welcome!! 5 10 minutes away 🚲"),
      ])
    let messages = transcript.messages
    #expect(messages.map(\.id) == (101...114).map(String.init) + ["116"])
    #expect(messages[0].location?.line == 6)
    #expect(messages[0].location?.column == 3)
  }

  @Test func keepsExtrasOfTheSingleChatSample() throws {
    let (transcript, _) = try ImportFixtures.read(
      ImportFixtures.input("telegram-result.json"), as: format)
    let byID = Dictionary(uniqueKeysWithValues: transcript.messages.map { ($0.id ?? "", $0) })
    let bold = TextSpan(start: 11, length: 11, style: .bold)
    let link = TextSpan(start: 53, length: 26, style: .link("https://example.org/meetup"))
    #expect(byID["103"]?.extras.spans == [bold, link])
    #expect(byID["104"]?.extras.replyTo == "103")
    #expect(byID["104"]?.extras.isEdited == true)
    #expect(byID["103"]?.extras.isEdited == false)
    #expect(
      byID["105"]?.extras.attachments
        == [Attachment(kind: .image, fileName: "photo_1@14-03-2024_18-22-05.jpg", byteCount: 183_204)])
    // The sticker was not downloaded: a skip notice stands where its path would be.
    #expect(
      byID["106"]?.extras.attachments == [
        Attachment(
          kind: .sticker, fileName: "sticker.webp", mimeType: "image/webp", byteCount: 23654,
          isOmitted: true)
      ])
    #expect(byID["108"]?.extras.forwardedFrom == "Slovenske železnice")
    #expect(
      byID["108"]?.extras.spans == [
        TextSpan(start: 0, length: 15, style: .italic),
        TextSpan(start: 55, length: 9, style: .link("https://example.org/timetable")),
      ])
    #expect(
      byID["109"]?.extras.attachments == [
        Attachment(
          kind: .audio, fileName: "audio_1@15-03-2024_09-12-44.ogg", mimeType: "audio/ogg",
          byteCount: 48213, duration: 14)
      ])
    // Spans count Unicode scalars: "café" and "—" are one each.
    #expect(
      byID["110"]?.extras.spans == [
        TextSpan(start: 26, length: 9, style: .code),
        TextSpan(start: 77, length: 21, style: .codeBlock(language: nil)),
      ])
    #expect(
      byID["111"]?.extras.spans == [TextSpan(start: 0, length: 7, style: .mention("@mira_k"))])
    #expect(
      byID["111"]?.extras.reactions == [Reaction(emoji: "❤", count: 1, by: ["user5012345678"])])
    #expect(byID["112"]?.extras.replyTo == "103")
    #expect(
      byID["114"]?.extras.attachments
        == [
          Attachment(
            kind: .location, fileName: "geo:46.051418,14.505971", detail: "46.051418, 14.505971")
        ])
    // The reply points at a message that is in the file; 115 is a gap.
    #expect(byID["116"]?.extras.replyTo == "114")
    #expect(
      byID["116"]?.extras.spans == [TextSpan(start: 10, length: 1, style: .strikethrough)])
  }

  @Test func fullExportWithoutChatListsTheChats() throws {
    let diagnostic = try ImportFixtures.error {
      _ = try ImportFixtures.read(
        ImportFixtures.input("telegram-full-export-result.json"), as: format)
    }
    #expect(diagnostic.message == "the export holds 2 chats; choose one")
    #expect(diagnostic.position == "13:11")
    #expect(
      diagnostic.notes == [
        "1. Board Game Night 🎲🍕 (id 880011223, private group, 7 messages)",
        "2. Saved Messages (id 4400112233, saved messages, 2 messages)",
      ])
  }

  @Test func listsTheChatsOfAFullExportOnly() throws {
    #expect(
      try format.listChats(ImportFixtures.input("telegram-full-export-result.json"))
        == ["Board Game Night 🎲🍕", "Saved Messages"])
    #expect(try format.listChats(ImportFixtures.input("telegram-result.json")) == nil)
  }

  @Test(arguments: ["board game night 🎲🍕", "880011223", "#1", "1", "game night"])
  func readsTheGroupOfTheFullExport(chat: String) throws {
    let (transcript, warnings) = try ImportFixtures.read(
      ImportFixtures.input("telegram-full-export-result.json"), as: format, options: ImportOptions(chat: chat))
    #expect(warnings.isEmpty)
    #expect(transcript.title == "Board Game Night 🎲🍕")
    // The owner (personal_information.user_id) is "me".
    #expect(transcript.meID == "user4400112233")
    #expect(
      MessageRow.rows(transcript) == [
        MessageRow(
          "Jonas Berg", .center, "2024-02-02T18:00:00Z",
          "Jonas Berg created the group “Board Game Night 🎲”", .system),
        MessageRow(
          "Jonas Berg", .center, "2024-02-02T18:00:05Z", "Jonas Berg added Deleted Account",
          .system),
        MessageRow(
          "Elif Şahin", .received, "2024-02-02T18:01:12Z",
          "Friday at mine? I have Azul and Wingspan 🐦"),
        MessageRow("Deleted Account", .received, "2024-02-02T18:03:40Z", "count me in"),
        MessageRow(
          "Jonas Berg", .sent, "2024-02-02T18:04:02Z", "Yes! I'll bring snacks.\nAny allergies?"),
        MessageRow("Tomasz Wójcik", .received, "2024-02-02T18:06:15Z", ""),
        MessageRow(
          "Tomasz Wójcik", .center, "2024-02-02T18:07:00Z",
          "Tomasz Wójcik changed the name to “Board Game Night 🎲🍕”", .system),
      ])
    #expect(transcript.messages[4].extras.replyTo == "3")
    #expect(
      transcript.messages[5].extras.attachments == [
        Attachment(
          kind: .video, fileName: "mp4.mp4", mimeType: "video/mp4", byteCount: 402_117, duration: 3,
          isOmitted: true)
      ])
    #expect(transcript.participants.map(\.id).contains("user6900000001"))
  }

  /// My notes in Saved Messages are mine; an entry forwarded there from someone else is drawn
  /// as theirs, received, though the export names me as its sender.
  @Test func savedMessagesForwardedFromOthersAreTheirs() throws {
    let (transcript, _) = try ImportFixtures.read(
      ImportFixtures.input("telegram-full-export-result.json"), as: format,
      options: ImportOptions(chat: "SAVED MESSAGES"))
    #expect(transcript.title == "Saved Messages")
    #expect(transcript.meID == "user4400112233")
    #expect(
      MessageRow.rows(transcript) == [
        MessageRow(
          "Jonas Berg", .sent, "2024-01-10T07:00:00Z", "passport expires 2026-07 — renew!"),
        MessageRow("Elif Şahin", .received, "2024-01-12T11:30:00Z", "Address: Vodnikova 12, 3rd floor"),
      ])
    // The bubble is Elif's: no "forwarded from Elif" line repeats her name.
    #expect(transcript.messages[1].extras.forwardedFrom == nil)
  }

  /// An edited export's stale `date_unixtime` ("0": 1 January 1970) gives way to `date`, with
  /// its zone when it has one, and one warning; a `date_unixtime` that agrees is kept.
  @Test func aDateUnixtimeThatDisagreesWithDateGivesWay() throws {
    let text = """
      {"type": "personal_chat", "id": 1, "messages": [
        {"id": 1, "type": "message", "date": "2024-03-14T18:02:11", "date_unixtime": "0",
         "from": "Ana", "from_id": "user1", "text": "stale"},
        {"id": 2, "type": "message", "date": "2024-03-14T18:05:00+01:00", "date_unixtime": "1",
         "from": "Ana", "from_id": "user1", "text": "stale, with a zone"},
        {"id": 3, "type": "message", "date": "2024-03-14T18:06:00", "date_unixtime": "1710435960",
         "from": "Ana", "from_id": "user1", "text": "agrees (UTC+1)"}]}
      """
    let (transcript, warnings) = try ImportFixtures.read(ImportFixtures.input(text: text), as: format)
    #expect(
      transcript.messages.map { $0.time.map(ISO8601.format) } == [
        "2024-03-14T18:02:11", "2024-03-14T17:05:00Z", "2024-03-14T17:06:00Z",
      ])
    #expect(warnings.first?.message == "2 messages' 'date_unixtime' disagree with 'date'; 'date' is used")
    #expect(warnings.first?.position == "2:3")
  }

  @Test func unknownChatIsAnErrorListingTheChats() throws {
    let diagnostic = try ImportFixtures.error {
      _ = try ImportFixtures.read(
        ImportFixtures.input("telegram-full-export-result.json"), as: format, options: ImportOptions(chat: "Work"))
    }
    #expect(diagnostic.message == "no chat matches 'Work'")
    #expect(diagnostic.notes.count == 2)
    let typo = try ImportFixtures.error {
      _ = try ImportFixtures.read(
        ImportFixtures.input("telegram-full-export-result.json"), as: format,
        options: ImportOptions(chat: "Saved Mesages"))
    }
    #expect(typo.notes.first == "did you mean 'Saved Messages'?")
  }

  // MARK: - Traps

  /// Exports before 2021: no `date_unixtime` (wall-clock times), no `text_entities` (text as an
  /// array of strings and entities), `from: null`, `type: unsupported`, hidden forwards,
  /// replies to messages outside the export, members joining and leaving by themselves.
  @Test func readsAnOldGroupExport() throws {
    let input = try ImportFixtures.input("json-traps/telegram-old-export.json")
    let (transcript, warnings) = try ImportFixtures.read(input, as: format)
    #expect(transcript.meID == nil)
    #expect(
      MessageRow.rows(transcript) == [
        MessageRow(
          "Ana Lima", .center, "2020-06-01T09:00:00", "Ana Lima joined", .system),
        MessageRow("Ana Lima", .received, "2020-06-01T09:01:30", "Crag on Saturday? Ask Bo"),
        MessageRow(
          "Deleted Account", .received, "2020-06-01T09:05:00", "forwarded tip: bring tape"),
        MessageRow("Bo Chen", .center, "2020-06-01T09:06:00", "Bo Chen left", .system),
        MessageRow("Ana Lima", .received, "2020-06-01T09:07:00", ""),
        MessageRow(
          "Ana Lima", .center, "2020-06-01T09:08:00", "Ana Lima performed an action (some_future_action)",
          .system),
      ])
    let messages = transcript.messages
    #expect(
      messages[1].extras.spans == [
        TextSpan(start: 8, length: 8, style: .bold),
        TextSpan(start: 22, length: 2, style: .mention("user222")),
      ])
    #expect(messages[2].extras.forwardedFrom == "")
    #expect(messages[2].extras.replyTo == "99")
    #expect(messages[4].extras.attachments == [Attachment(kind: .image, isOmitted: true)])
    #expect(
      warnings.map(\.message) == [
        "skipped 1 message of unsupported type 'unsupported'",
        "cannot tell who is 'me'; every message is drawn as received",
      ])
    #expect(warnings.first?.position == "38:3")

    let (chosen, _) = try ImportFixtures.read(input, as: format, options: ImportOptions(me: ["ana lima"]))
    #expect(MessageRow.rows(chosen)[1].side == .sent)
  }

  @Test func repairsControlCharacterEscapes() throws {
    let (transcript, warnings) = try ImportFixtures.read(
      ImportFixtures.input("json-traps/telegram-control-escape.json"), as: format)
    #expect(warnings.isEmpty)
    #expect(
      MessageRow.rows(transcript) == [
        MessageRow("Bell", .received, "2024-05-01T10:00:00Z", "ding \u{07} dong"),
        MessageRow("Me", .sent, "2024-05-01T10:01:00Z", "path C:\\xfiles"),
      ])
    #expect(transcript.messages[1].location?.line == 21)
    #expect(TelegramFormat.repairHexEscapes(Array(#"{"a": "C:\\x41"}"#.utf8)) == nil)
  }

  @Test func theBotOfABotChatIsABot() throws {
    let text = """
      {"name": "WeatherBot", "type": "bot_chat", "id": 999, "messages": [
       {"id": 1, "type": "message", "date": "2024-01-01T10:00:00", "date_unixtime": "1704103200",
        "from": "Sam", "from_id": "user5", "text": "/start"},
       {"id": 2, "type": "message", "date": "2024-01-01T10:00:01", "date_unixtime": "1704103201",
        "from": "WeatherBot", "from_id": "user999", "text": "Sunny"}]}
      """
    let (transcript, _) = try ImportFixtures.read(ImportFixtures.input(text: text), as: format)
    #expect(transcript.meID == "user5")
    #expect(
      transcript.participants == [
        Participant(id: "user5", name: "Sam"),
        Participant(id: "user999", name: "WeatherBot", isBot: true),
      ])
  }

  /// A `phone_call` is a message of its caller with a call (issue 36); a group's voice chat
  /// stays a notice.
  @Test func callsAreMessagesOfTheCaller() throws {
    let text = """
      {"name": "Ana", "type": "personal_chat", "id": 7, "messages": [
       {"id": 1, "type": "service", "date": "2024-01-01T10:00:00", "actor": "Ana",
        "actor_id": "user7", "action": "phone_call", "duration_seconds": 5517, "discard_reason": "hangup"},
       {"id": 2, "type": "service", "date": "2024-01-01T10:01:00", "actor": "Sam",
        "actor_id": "user5", "action": "phone_call", "discard_reason": "missed"},
       {"id": 3, "type": "service", "date": "2024-01-01T10:02:00", "actor": "Ana",
        "actor_id": "user7", "action": "phone_call", "discard_reason": "busy"},
       {"id": 4, "type": "service", "date": "2024-01-01T10:03:00", "actor": "Sam",
        "actor_id": "user5", "action": "group_call"}]}
      """
    let (transcript, _) = try ImportFixtures.read(ImportFixtures.input(text: text), as: format)
    #expect(transcript.messages.map(\.kind) == [.message, .message, .message, .system])
    #expect(transcript.messages.map(\.authorID) == ["user7", "user5", "user7", "user5"])
    #expect(
      ImportFixtures.calls(transcript) == ["1 voice answered 5517", "2 voice missed -", "3 voice cancelled -"])
  }

  /// Older exports, and tools that write the format, give ids as numbers.
  @Test func readsNumericIdsAsTheirStrings() throws {
    let text = """
      {"name": "Ana", "type": "personal_chat", "id": 7, "messages": [
       {"id": 1, "type": "service", "date": "2024-01-01T10:00:00", "actor": "Ana",
        "actor_id": 7, "action": "phone_call"},
       {"id": 2, "type": "message", "date": "2024-01-01T10:00:01", "from": "Ana", "from_id": 7,
        "text": "hi", "reactions": [{"type": "emoji", "emoji": "👍", "count": 1,
        "recent": [{"from": "Sam", "from_id": 5}]}]},
       {"id": 3, "type": "message", "date": "2024-01-01T10:00:02", "from": "Sam", "from_id": "user5",
        "reply_to_message_id": 2, "text": "", "contact_information": {"first_name": "Bo",
        "phone_number": 5550100}}]}
      """
    let (transcript, _) = try ImportFixtures.read(ImportFixtures.input(text: text), as: format)
    #expect(transcript.participants.map(\.id) == ["user7", "user5"])
    #expect(transcript.messages.map(\.authorID) == ["user7", "user7", "user5"])
    #expect(transcript.messages[1].extras.reactions.first?.by == ["user5"])
    #expect(transcript.messages[2].extras.replyTo == "2")
    #expect(transcript.messages[2].extras.attachments.first?.detail == "5550100")
  }

  @Test func personalChatWithoutMyMessagesHasNobodyAsMe() throws {
    let text = """
      {"name": "Ana", "type": "personal_chat", "id": 7, "messages": [
       {"id": 1, "type": "message", "date": "2024-01-01T10:00:00", "from": "Ana",
        "from_id": "user7", "text": "hello?"}]}
      """
    let (transcript, warnings) = try ImportFixtures.read(
      ImportFixtures.input(text: text), as: format)
    #expect(transcript.meID == nil)
    #expect(warnings.count == 1)
  }

  @Test func hugeNumbersDoNotTrap() throws {
    let text = """
      {"messages": [{"type": "message", "text": "x",
        "reactions": [{"emoji": "👍", "count": 1e300}]}]}
      """
    let (transcript, _) = try ImportFixtures.read(ImportFixtures.input(text: text), as: format)
    #expect(transcript.messages.first?.extras.reactions.first?.count == Int.max)
    let call = Phrase(.noticeCallFromLength, ["actor": .text("Ana"), "length": .length((1e300).saturatingInt)])
    #expect(call.english == "Call from Ana (2562047788015215:30:07)")
  }

  @Test func theHTMLExportGetsAHint() throws {
    let diagnostic = try ImportFixtures.error {
      _ = try ImportFixtures.read(
        ImportFixtures.input(text: "\n<!DOCTYPE html>\n<html>", path: "messages.html"), as: format)
    }
    #expect(diagnostic.message == "this looks like Telegram's HTML export, not JSON")
    #expect(diagnostic.position == "2:1")
  }

  // MARK: - Errors

  @Test(arguments: [
    (
      #"{"type": "personal_chat", "id": 1, "messages": [{"id": 1, "type": "message","#
        + "\n"
        + #"  "date_unixtime": "yesterday", "from_id": "user1", "text": "hi"}]}"#,
      "2:20",
      "expected epoch seconds for 'date_unixtime' (such as \"1710435731\"), found 'yesterday'"
    ),
    (
      #"{"type": "personal_chat", "id": 1, "messages": [{"id": 1, "type": "message","#
        + "\n" + #"  "date": "2024-13-01T00:00:00", "text": "hi"}]}"#,
      "2:11", "invalid date '2024-13-01T00:00:00' (expected such as 2024-03-14T18:02:11)"
    ),
    (
      "{\"messages\": [\n {\"id\": 1, \"type\": \"message\", \"text\": 5}]}", "2:39",
      "expected a string or an array for 'text', found a number"
    ),
    (
      "{\"messages\": [\n {\"type\": \"message\", \"text_entities\": [{\"type\": \"bold\"}]}]}",
      "2:40", "missing key 'text'"
    ),
    ("{\"messages\": [\n  1]}", "2:3", "expected an object for a message, found a number"),
    (
      "{\"messages\": [\n {\"type\": \"message\", \"date_unixtime\": \"99999999999999999999\"}]}",
      "2:39", "'date_unixtime' is out of range"
    ),
    ("{\"messages\": [\n  {\"id\": 1}]}", "2:3", "missing key 'type'"),
    ("{\"messages\": [\n  {\"type\": \"message\",}]}", "2:22", "trailing comma before '}'"),
    (
      "[1, 2]", "1:1",
      "expected a Telegram export (an object with 'messages' or 'chats'), found an array"
    ),
    ("{\"chats\": {\"list\": 3}}", "1:20", "expected an array for 'list', found a number"),
  ])
  func reportsErrorsAtLineAndColumn(text: String, position: String, message: String) throws {
    let diagnostic = try ImportFixtures.expectParseError(text, with: format, at: position, message)
    #expect(diagnostic.location?.file == "t.json")
  }
}
