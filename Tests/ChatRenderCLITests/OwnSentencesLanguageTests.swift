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
       "actor": "Bo Chen", "actor_id": "user2", "action": "phone_call", "discard_reason": "missed"},
      {"id": 12, "type": "message", "date": "2024-03-01T10:11:00", "date_unixtime": "1709287860",
       "from": "Bo Chen", "from_id": "user2", "text": "",
       "poll": {"question": "Wann?", "closed": false, "total_voters": 3,
        "answers": [{"text": "Samstag", "voters": 2, "chosen": false}, {"text": "Sonntag", "voters": 1, "chosen": true}]}},
      {"id": 13, "type": "message", "date": "2024-03-01T10:12:00", "date_unixtime": "1709287920",
       "from": "Ana Lima", "from_id": "user1", "forwarded_from": "Dara Ode", "text": "Seil nicht vergessen",
       "text_entities": [{"type": "plain", "text": "Seil nicht vergessen"}]},
      {"id": 14, "type": "message", "date": "2024-03-01T10:13:00", "date_unixtime": "1709287980",
       "from": "Bo Chen", "from_id": "user2", "text": "",
       "poll": {"question": "", "answers": [{"text": "Ja", "voters": 0}]}}
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

  /// An Element (Matrix) room: made, joined, an invitation, a ban, a new topic and name, a
  /// message that stayed encrypted, someone leaving.
  static let matrix = """
    {"room_name": "Klettern", "exported_by": "Ana", "messages": [
      {"type": "m.room.create", "sender": "@ana:x.org", "content": {}, "state_key": "", "origin_server_ts": 1709287200000, "event_id": "$1"},
      {"type": "m.room.member", "sender": "@ana:x.org", "content": {"membership": "join", "displayname": "Ana"}, "state_key": "@ana:x.org", "origin_server_ts": 1709287201000, "event_id": "$2"},
      {"type": "m.room.member", "sender": "@ana:x.org", "content": {"membership": "invite", "displayname": "Bo"}, "state_key": "@bo:x.org", "origin_server_ts": 1709287202000, "event_id": "$3"},
      {"type": "m.room.topic", "sender": "@ana:x.org", "content": {"topic": "Samstag"}, "state_key": "", "origin_server_ts": 1709287203000, "event_id": "$4"},
      {"type": "m.room.encryption", "sender": "@ana:x.org", "content": {}, "state_key": "", "origin_server_ts": 1709287204000, "event_id": "$5"},
      {"type": "m.room.encrypted", "sender": "@ana:x.org", "content": {}, "origin_server_ts": 1709287205000, "event_id": "$6"},
      {"type": "m.room.message", "sender": "@ana:x.org", "content": {"msgtype": "m.text", "body": "Hallo!"}, "origin_server_ts": 1709287206000, "event_id": "$7"},
      {"type": "m.room.member", "sender": "@ana:x.org", "content": {"membership": "ban", "displayname": "Cy"}, "state_key": "@cy:x.org", "origin_server_ts": 1709287207000, "event_id": "$8"},
      {"type": "m.room.member", "sender": "@ana:x.org", "content": {"membership": "join", "displayname": "Anabel"}, "state_key": "@ana:x.org", "unsigned": {"prev_content": {"membership": "join", "displayname": "Ana"}}, "origin_server_ts": 1709287208000, "event_id": "$9"},
      {"type": "m.room.member", "sender": "@bo:x.org", "content": {"membership": "leave"}, "state_key": "@bo:x.org", "unsigned": {"prev_content": {"membership": "invite"}}, "origin_server_ts": 1709287209000, "event_id": "$10"}
    ]}
    """

  /// An irssi log: a join, a message, a new nick, a new topic, a quit with its reason, a part.
  static let irc = """
    --- Log opened Sat Mar 09 09:55:02 2024
    09:58 -!- kestrel [~kestrel@user/kestrel] has joined #klettern
    09:59 <kestrel> Hallo!
    10:00 -!- kestrel is now known as kes
    10:01 -!- marla changed the topic of #klettern to: Samstag
    10:02 -!- kes [~kestrel@user/kestrel] has quit [Tschüss]
    10:03 -!- marla [~m@host] has left #klettern
    """

  /// OpenAI messages without names: the user, and an assistant that calls a tool.
  static let openAI = """
    [{"role": "user", "content": "Wetter?"},
     {"role": "assistant", "content": null, "tool_calls": [{"id": "c1", "type": "function",
       "function": {"name": "get_weather", "arguments": "{}"}}]},
     {"role": "tool", "tool_call_id": "c1", "content": "21"},
     {"role": "assistant", "content": "Sonnig."}]
    """

  /// Telegram's chat of notes to oneself, which has no name in the export.
  static let savedMessages = """
    {"type": "saved_messages", "id": 7, "messages": [
      {"id": 1, "type": "message", "date": "2024-03-01T10:00:00", "date_unixtime": "1709287200",
       "from": "Lia Berg", "from_id": "user1", "text": "Notiz", "text_entities": [{"type": "plain", "text": "Notiz"}]}
    ]}
    """

  /// Words of the English sentences the importers make; none is in the names or texts above.
  static let englishWords: Set<String> = [
    "created", "joined", "via", "invite", "link", "pinned", "message", "Call", "call", "from", "Missed", "started",
    "added", "removed", "left", "and", "Deleted", "Account", "group", "changed", "name", "to", "the",
    "room", "invited", "banned", "topic", "turned", "encryption", "Encrypted", "decrypted", "export", "rejected",
    "invitation", "now", "known", "as", "quit", "called", "User", "Assistant", "Saved", "Messages",
  ]

  /// The text of the PDF made from `file` (written at `path`) in `locale`, by `engine`'s writer.
  private func text(of file: String, at path: String, locale: String, engine: String = "cairo") throws -> String {
    let sandbox = try Sandbox(writing: file, to: path)
    // Ana Lima is me where she takes part; the other exports say who is me, or nobody is.
    let me = file.contains("Ana Lima") ? ["--me", "Ana Lima"] : []
    let result = try sandbox.chatrender(
      ["render", path, "-o", "chat.pdf", "--locale", locale, "--pdf-engine", engine] + me)
    #expect(result.status == 0, "\(result.standardError)")
    return try sandbox.run(try #require(Self.pdftotext), ["chat.pdf", "-"]).outputText
  }

  /// `text` without white space, where a PDF's lines may break.
  private func joined(_ text: String) -> String { text.filter { !$0.isWhitespace } }

  @Test(
    "Telegram, Messenger, Skype, Matrix, IRC and OpenAI sentences in German and Japanese hold no English word of ours",
    .enabled(if: pdftotext != nil),
    arguments: [
      (telegram, "result.json", "de_DE", "hat eine Nachricht angeheftet"),
      (telegram, "result.json", "ja_JP", "メッセージを固定しました"),
      (messenger, "message_1.json", "de_DE", "hat die Gruppe verlassen"),
      (messenger, "message_1.json", "ja_JP", "退出しました"),
      (skype, "messages.json", "de_DE", "Ana Lima hat bo und cy hinzugefügt"),
      (skype, "messages.json", "ja_JP", "名前を「Klettern」に変更しました"),
      (matrix, "export.json", "de_DE", "Anabel hat Bo eingeladen"),
      (matrix, "export.json", "ja_JP", "Anabelがトピックを「Samstag」に変更しました"),
      (irc, "klettern.log", "de_DE", "kestrel heißt jetzt kes"),
      (irc, "klettern.log", "ja_JP", "kesの接続が切れました（Tschüss）"),
      (openAI, "messages.json", "de_DE", "Assistent hat get_weather({}) aufgerufen"),
      (openAI, "messages.json", "ja_JP", "アシスタントがget_weather({})を呼び出しました"),
      (savedMessages, "result.json", "de_DE", "Gespeicherte Nachrichten"),
      (savedMessages, "result.json", "ja_JP", "保存済みのメッセージ"),
    ])
  func noEnglish(_ file: String, path: String, locale: String, expected: String) throws {
    let text = try text(of: file, at: path, locale: locale)
    let words = text.split { $0.isWhitespace || $0.isPunctuation || $0.isSymbol }.map(String.init)
    let english = words.filter(Self.englishWords.contains)
    #expect(english.isEmpty, "English words \(english) in \(text)")
    #expect(joined(text).contains(joined(expected)), "\(text)")
  }

  /// The English words of a Telegram chat's sentences, polls and forwards, and the furniture
  /// of its PDF; none is in the export's own names and texts.
  static let telegramWords = englishWords.union([
    "Poll", "vote", "votes", "Forwarded", "Page", "of", "messages", "Photo", "joined", "via", "Voice",
  ])

  @Test(
    "issue 42's check: a German and a Japanese PDF of a Telegram group with calls, pins, joins, leaves, a poll and a forward, by either PDF writer, hold no English word of ours",
    .enabled(if: pdftotext != nil),
    arguments: [
      (
        "de_DE", "cairo",
        [
          "Ana Lima hat eine Nachricht angeheftet", "Anruf von Cy Park (5:12)",
          "Bo Chen ist über einen Einladungslink beigetreten", "• Samstag (2 Stimmen)", "• Sonntag (1 Stimme)",
          "Umfrage", "Weitergeleitet von Dara Ode", "Eli Moss hat die Gruppe verlassen",
        ]
      ),
      (
        "de_DE", "own",
        [
          "Ana Lima hat eine Nachricht angeheftet", "Anruf von Cy Park (5:12)", "• Samstag (2 Stimmen)",
          "Weitergeleitet von Dara Ode",
        ]
      ),
      ("ja_JP", "cairo", ["Ana Limaがメッセージを固定しました", "• Samstag（2票）", "投票", "Eli Mossが退出しました"]),
      ("ja_JP", "own", ["Ana Limaがメッセージを固定しました", "• Samstag（2票）", "投票", "Eli Mossが退出しました"]),
    ])
  func telegramDocument(_ locale: String, engine: String, expected: [String]) throws {
    let text = try text(of: Self.telegram, at: "result.json", locale: locale, engine: engine)
    let words = text.split { $0.isWhitespace || $0.isPunctuation || $0.isSymbol }.map(String.init)
    let english = words.filter(Self.telegramWords.contains)
    #expect(english.isEmpty, "English words \(english) in \(text)")
    for sentence in expected {
      #expect(joined(text).contains(joined(sentence)), "\(sentence) not in \(text)")
    }
  }

  @Test("the same export in English keeps its sentences", .enabled(if: pdftotext != nil))
  func english() throws {
    let text = joined(try text(of: Self.telegram, at: "result.json", locale: "en_GB"))
    for sentence in [
      "Ana Lima pinned a message", "Missed call from Cy Park", "Deleted Account joined", "• Samstag (2 votes)",
      "• Sonntag (1 vote)", "Poll",
    ] {
      #expect(text.contains(joined(sentence)), "\(text)")
    }
  }
}
