import Foundation
import Testing

/// The sentences chatrender makes while reading (Telegram's joins, pins and calls, Messenger's
/// and Skype's member changes) are drawn in `--locale`'s language, with no English word of ours
/// left (issue 42).
@Suite("our own sentences in the user's language")
struct OwnSentencesLanguageTests {
  static let pdftotext = TestPaths.tool("pdftotext")

  /// A Telegram group: made, joined by link and by request (of a deleted account), a pin, a
  /// call from someone outside the chat, missed calls, a group call, members added and one
  /// leaving.
  static let telegram = """
    {"name": "Klettern", "type": "private_group", "id": 42, "messages": [
      {"id": 1, "type": "service", "date": "2024-03-01T10:00:00", "date_unixtime": "1709287200",
       "actor": "Ana Lima", "actor_id": "user1", "action": "create_group", "title": "Klettern",
       "members": ["Bo Chen"]},
      {"id": 2, "type": "service", "date": "2024-03-01T10:01:00", "date_unixtime": "1709287260",
       "actor": "Bo Chen", "actor_id": "user2", "action": "join_group_by_link", "inviter": "Ana Lima"},
      {"id": 3, "type": "message", "date": "2024-03-01T10:02:00", "date_unixtime": "1709287320",
       "from": "Ana Lima", "from_id": "user1", "text": "Samstag?",
       "text_entities": [{"type": "plain", "text": "Samstag?"}]},
      {"id": 4, "type": "service", "date": "2024-03-01T10:03:00", "date_unixtime": "1709287380",
       "actor": "Ana Lima", "actor_id": "user1", "action": "pin_message", "message_id": 3},
      {"id": 5, "type": "service", "date": "2024-03-01T10:04:00", "date_unixtime": "1709287440",
       "actor": "Cy Park", "action": "phone_call", "duration_seconds": 312},
      {"id": 6, "type": "service", "date": "2024-03-01T10:05:00", "date_unixtime": "1709287500",
       "actor": "Cy Park", "action": "phone_call", "discard_reason": "missed"},
      {"id": 7, "type": "service", "date": "2024-03-01T10:06:00", "date_unixtime": "1709287560",
       "actor": "Ana Lima", "actor_id": "user1", "action": "group_call", "duration": 3900},
      {"id": 8, "type": "service", "date": "2024-03-01T10:07:00", "date_unixtime": "1709287620",
       "actor": "Ana Lima", "actor_id": "user1", "action": "invite_members", "members": ["Dara Ode", "Eli Moss", "Fe Ruiz"]},
      {"id": 9, "type": "service", "date": "2024-03-01T10:08:00", "date_unixtime": "1709287680",
       "actor": "Eli Moss", "actor_id": "user5", "action": "remove_members", "members": ["Eli Moss"]},
      {"id": 10, "type": "service", "date": "2024-03-01T10:09:00", "date_unixtime": "1709287740",
       "action": "join_group_by_request"},
      {"id": 11, "type": "service", "date": "2024-03-01T10:10:00", "date_unixtime": "1709287800",
       "actor": "Bo Chen", "actor_id": "user2", "action": "phone_call", "discard_reason": "missed"}
    ]}
    """

  /// A Messenger group: members added and leaving (in Facebook's English), a message.
  static let messenger = """
    {"participants": [{"name": "Ana Lima"}, {"name": "Bo Chen"}, {"name": "Cy Park"}],
     "messages": [
      {"sender_name": "Bo Chen", "timestamp_ms": 1709366580000, "content": "Bo Chen left the group.",
       "type": "Unsubscribe", "users": [{"name": "Bo Chen"}]},
      {"sender_name": "Cy Park", "timestamp_ms": 1709366520000, "content": "Hallo!", "type": "Generic"},
      {"sender_name": "Ana Lima", "timestamp_ms": 1709366400000, "content": "",
       "type": "Subscribe", "users": [{"name": "Bo Chen"}, {"name": "Cy Park"}]}
     ],
     "title": "Klettern", "is_still_participant": true, "thread_path": "inbox/klettern_1"}
    """

  /// A Skype group: a member added, the topic changed, a message.
  static let skype = """
    {"userId": "8:live:ana", "exportDate": "2024-01-06T09:00:00Z", "conversations": [
      {"id": "19:abc@thread.skype", "displayName": "Klettern", "version": 1, "properties": null,
       "threadProperties": {"membercount": 3, "topic": "Klettern"},
       "MessageList": [
        {"id": "3", "displayName": "Ana Lima", "originalarrivaltime": "2024-01-05T07:35:00.000Z",
         "messagetype": "Text", "version": 3, "content": "Hallo!", "conversationid": "19:abc@thread.skype",
         "from": "8:live:ana", "properties": null, "amsreferences": null},
        {"id": "2", "displayName": null, "originalarrivaltime": "2024-01-05T07:34:00.000Z",
         "messagetype": "ThreadActivity/TopicUpdate", "version": 2,
         "content": "<topicupdate><eventtime>2</eventtime><initiator>8:live:ana</initiator><value>Klettern</value></topicupdate>",
         "conversationid": "19:abc@thread.skype", "from": "19:abc@thread.skype", "properties": null, "amsreferences": null},
        {"id": "1", "displayName": null, "originalarrivaltime": "2024-01-05T07:33:00.000Z",
         "messagetype": "ThreadActivity/AddMember", "version": 1,
         "content": "<addmember><eventtime>1</eventtime><initiator>8:live:ana</initiator><target>8:live:bo</target><target>8:live:cy</target></addmember>",
         "conversationid": "19:abc@thread.skype", "from": "19:abc@thread.skype", "properties": null, "amsreferences": null}
       ]}
    ]}
    """

  /// Words of the English sentences the three importers make; none is in the names or texts above.
  static let englishWords: Set<String> = [
    "created", "joined", "via", "invite", "link", "pinned", "message", "Call", "call", "from", "Missed", "started",
    "added", "removed", "left", "and", "Deleted", "Account", "group", "changed", "name", "to", "the",
  ]

  /// The text of the PDF made from `file` (written at `path`) in `locale`.
  private func text(of file: String, at path: String, locale: String) throws -> String {
    let sandbox = try Sandbox(writing: file, to: path)
    let result = try sandbox.chatrender(["render", path, "-o", "chat.pdf", "--me", "Ana Lima", "--locale", locale])
    #expect(result.status == 0, "\(result.standardError)")
    return try sandbox.run(try #require(Self.pdftotext), ["chat.pdf", "-"]).outputText
  }

  /// `text` without white space, where a PDF's lines may break.
  private func joined(_ text: String) -> String { text.filter { !$0.isWhitespace } }

  @Test(
    "Telegram, Messenger and Skype notices in German and Japanese hold no English word of ours",
    .enabled(if: pdftotext != nil),
    arguments: [
      (telegram, "result.json", "de_DE", "hat eine Nachricht angeheftet"),
      (telegram, "result.json", "ja_JP", "メッセージを固定しました"),
      (messenger, "message_1.json", "de_DE", "hat die Gruppe verlassen"),
      (messenger, "message_1.json", "ja_JP", "退出しました"),
      (skype, "messages.json", "de_DE", "Ana Lima hat bo und cy hinzugefügt"),
      (skype, "messages.json", "ja_JP", "名前を「Klettern」に変更しました"),
    ])
  func noEnglish(_ file: String, path: String, locale: String, expected: String) throws {
    let text = try text(of: file, at: path, locale: locale)
    let words = text.split { $0.isWhitespace || $0.isPunctuation || $0.isSymbol }.map(String.init)
    let english = words.filter(Self.englishWords.contains)
    #expect(english.isEmpty, "English words \(english) in \(text)")
    #expect(joined(text).contains(joined(expected)), "\(text)")
  }

  @Test("the same export in English keeps its sentences", .enabled(if: pdftotext != nil))
  func english() throws {
    let text = joined(try text(of: Self.telegram, at: "result.json", locale: "en_GB"))
    for sentence in ["Ana Lima pinned a message", "Missed call from Cy Park", "Deleted Account joined"] {
      #expect(text.contains(joined(sentence)), "\(text)")
    }
  }
}
