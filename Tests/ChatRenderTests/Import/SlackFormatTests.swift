import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

/// A Slack export held in memory, as a zip would give it.
private struct MemoryTree: FileTree {
  var root: String
  var files: [String: String]

  func filePaths() throws -> [String] { files.keys.sorted() }

  func read(_ relativePath: String) throws -> [UInt8] {
    guard let text = files[relativePath] else {
      throw FileError(path: displayPath(of: relativePath), reason: "no such file or directory")
    }
    return Array(text.utf8)
  }

  func displayPath(of relativePath: String) -> String { root + "/" + relativePath }
}

@Suite struct SlackFormatTests {
  let format = SlackFormat()

  var sample: ImportInput { get throws { try ImportFixtures.input("slack-export") } }

  func read(
    _ input: ImportInput, chat: String? = nil, me: [String] = []
  ) throws -> (Transcript, [Diagnostic]) {
    try ImportFixtures.read(input, as: format, options: ImportOptions(me: me, chat: chat))
  }

  /// A minimal export: users.json with `users`, channels.json naming `channels`, and
  /// `days` (path → JSON text) under `export/`.
  func export(
    users: String = Self.defaultUsers, channels: [String] = ["general"],
    extra: [String: String] = [:]
  ) -> ImportInput {
    var files = [
      "users.json": users,
      "channels.json": "["
        + channels.map { "{\"id\": \"C-\($0)\", \"name\": \"\($0)\"}" }
        .joined(separator: ", ") + "]",
    ]
    for (path, text) in extra { files[path] = text }
    return ImportInput(path: "export", tree: MemoryTree(root: "export", files: files))
  }

  static let defaultUsers = """
    [{"id": "U1", "name": "ana.h", "real_name": "Ana Hart", "profile": {"display_name": "Ana"}},
     {"id": "U2", "name": "bo", "profile": {"real_name": "Bo Lind", "display_name": ""}},
     {"id": "U3", "name": "cy", "deleted": true, "profile": {}},
     {"id": "U9", "name": "builds", "is_bot": true, "profile": {"bot_id": "B9", "real_name": "Build Bot"}}]
    """

  func one(_ messageJSON: String, users: String = Self.defaultUsers) throws -> Message {
    let input = export(users: users, extra: ["general/2024-01-02.json": "[\(messageJSON)]"])
    let (transcript, _) = try read(input)
    return try #require(transcript.messages.first)
  }

  // MARK: - The sample export

  @Test func readsTheGeneralChannelMessageByMessage() throws {
    let (transcript, warnings) = try read(sample, chat: "general", me: ["Ines"])
    #expect(transcript.title == "#general")
    #expect(warnings.isEmpty)
    let expected: [(String?, MessageSide, String, Message.Kind, String)] = [
      ("アイコ", .center, "2024-03-08T09:00:00Z", .system, "@アイコ has joined the channel"),
      (
        "Ines", .sent, "2024-03-08T09:10:00Z", .message,
        "Morning team 👋 the deploy window is 14:00–15:00 UTC today"
      ),
      (
        "Kwame", .received, "2024-03-08T10:30:00Z", .message,
        "Heads-up: status page shows degraded API & CDN"
      ),
      ("Ines", .sent, "2024-03-08T10:32:00Z", .message, "Looking into it now"),
      (
        "Kwame", .received, "2024-03-08T10:40:00Z", .message,
        "Resolved ✅ root cause was an expired cert"
      ),
      ("Kwame", .received, "2024-03-08T10:50:00Z", .message, "p95 latency since noon"),
      (
        "Deploy Bot", .received, "2024-03-08T14:02:00Z", .message,
        "Deploy v2.14.0 finished in 4m 12s 🚀"
      ),
      (
        "Sam Okafor", .received, "2024-03-08T14:10:00Z", .message,
        "nice, thanks all! dashboards look green now"
      ),
      ("アイコ", .received, "2024-03-09T09:05:00Z", .message, "週末のオンコールは私が担当します 💪"),
      (
        "Ines", .sent, "2024-03-09T09:20:00Z", .message,
        "Checklist for Monday:\n• rotate keys\n• update the runbook\n• ping @here when done\n\"measure twice, cut once\""
      ),
      ("Sam Okafor", .received, "2024-03-09T09:36:40Z", .message, "is grabbing coffee ☕"),
      (
        "Kwame", .center, "2024-03-09T10:15:00Z", .system,
        "@Kwame set the channel topic: Deploys & incidents"
      ),
      (nil, .center, "2024-03-09T10:26:40Z", .system, "This message was deleted."),
      (
        "Pat Lindqvist", .received, "2024-03-09T10:28:20Z", .message,
        "welp, my original question is gone 😅 cc @Ines in #random"
      ),
    ]
    try #require(transcript.messages.count == expected.count)
    for (message, (author, side, time, kind, text)) in zip(transcript.messages, expected) {
      #expect(message.authorID.flatMap { transcript.participant(id: $0)?.name } == author)
      #expect(transcript.side(of: message) == side)
      #expect(message.time.map(ISO8601.format) == time)
      #expect(message.kind == kind)
      #expect(message.text == text)
    }
    let messages = transcript.messages
    #expect(
      messages[0].location?.description == ImportFixtures.path("slack-export") + "/general/2024-03-08.json:2:5")
    #expect(messages[1].extras.spans == [TextSpan(start: 36, length: 15, style: .bold)])
    #expect(messages[2].id == "1709893800.000200")
    #expect(
      messages[2].extras.spans == [
        TextSpan(start: 10, length: 11, style: .link("https://status.example.com"))
      ])
    #expect(
      messages[2].extras.reactions == [
        Reaction(emoji: "👀", count: 2, by: ["U06INES0001", "U06AIKO0003"]),
        Reaction(emoji: "👍🏽", count: 1, by: ["U06SAM00004"]),
      ])
    #expect(messages[3].extras.replyTo == "1709893800.000200")
    #expect(messages[4].extras.replyTo == "1709893800.000200")
    #expect(messages[2].extras.replyTo == nil)
    #expect(
      messages[5].extras.attachments == [
        Attachment(kind: .image, fileName: "latency.png", mimeType: "image/png", byteCount: 48213)
      ])
    #expect(transcript.participant(id: "U06DEPLOYB9")?.isBot == true)
    #expect(messages[6].extras.spans == [TextSpan(start: 7, length: 7, style: .bold)])
    #expect(messages[7].extras.isEdited)
    #expect(messages[9].extras.spans == [TextSpan(start: 80, length: 25, style: .quote)])
    #expect(messages[10].extras.spans == [TextSpan(start: 0, length: 20, style: .italic)])
    #expect(messages[12].extras.isDeleted)
    #expect(messages[12].id == "1709980000.000500")
    #expect(messages[13].extras.replyTo == "1709980000.000500")
    #expect(
      messages[13].extras.spans == [
        TextSpan(start: 40, length: 5, style: .mention("U06INES0001")),
        TextSpan(start: 49, length: 7, style: .mention("C06RANDOM02")),
      ])
    #expect(transcript.meID == "U06INES0001")
  }

  @Test(arguments: ["random", "#random", "RANDOM", "#Random", "C06RANDOM02"])
  func choosesTheChannelByNameInAnyCase(chat: String) throws {
    let (transcript, _) = try read(sample, chat: chat)
    #expect(transcript.title == "#random")
    #expect(
      transcript.messages.map(\.text) == ["מישהו רוצה קפה? ☕", "me! oat flat white please 🙏"])
    #expect(transcript.messages.map(\.authorID) == ["U06INES0001", "U06SAM00004"])
    #expect(
      transcript.messages[1].extras.reactions == [
        Reaction(emoji: "❤️", count: 1, by: ["U06INES0001"])
      ])
    #expect(transcript.participants.map(\.name) == ["Ines", "Sam Okafor"])
  }

  @Test func listsTheChannels() throws {
    #expect(try format.listChats(sample) == ["general", "random"])
  }

  @Test func asksForAChannelWhenThereAreSeveral() throws {
    let error = try #require(throws: DiagnosticError.self) { try read(sample) }
    let diagnostic = try #require(error.diagnostics.first)
    #expect(
      diagnostic.message.hasSuffix("the export holds 2 channels; choose one"))
    #expect(diagnostic.notes == ["channels: general, random"])
    #expect(diagnostic.hint == .chooseChat(candidates: ["general", "random"]))
  }

  @Test func namesTheNearestChannelForAnUnknownOne() throws {
    let error = try #require(throws: DiagnosticError.self) { try read(sample, chat: "#genral") }
    let diagnostic = try #require(error.diagnostics.first)
    #expect(diagnostic.message.hasSuffix("no channel '#genral' in the export"))
    #expect(diagnostic.notes == ["did you mean 'general'?", "channels: general, random"])
  }

  // MARK: - Detection

  @Test func detectsTheSampleExport() throws {
    #expect(format.detect(try sample))
    #expect(Importer.detect(try sample)?.name == "slack")
  }

  @Test(
    arguments: try ImportFixtures.fixtureNames(except: "slack-export"))
  func rejectsTheOtherSamples(name: String) throws {
    #expect(!format.detect(try ImportFixtures.input(name)))
  }

  @Test func readsFoldersWithoutUsersOrChannelsAndRejectsOtherJSON() {
    let day = "[{\"type\": \"message\", \"user\": \"U1\", \"text\": \"x\", \"ts\": \"1\"}]"
    let layouts: [[String: String]] = [
      ["channels.json": "[]", "a/2024-01-01.json": day],
      ["users.json": "[]", "a/2024-01-01.json": day],
      ["a/2024-01-01.json": day, "b/2024-01-02.json": day],
      ["Export/a/2024-01-01.json": day],
    ]
    for files in layouts {
      #expect(format.detect(ImportInput(path: "x", tree: MemoryTree(root: "x", files: files))))
    }
    let notSlack: [[String: String]] = [
      ["users.json": "[]"],
      ["a/2024-01-01.json": day, "result.json": "{}"],
      ["a/notes.json": "[]"],
      ["a/b/c/2024-01-01.json": day],
    ]
    for files in notSlack {
      #expect(!format.detect(ImportInput(path: "x", tree: MemoryTree(root: "x", files: files))))
    }
  }

  /// Real exports with only the channel folders: people are named by their ids unless a
  /// message names them.
  @Test func readsAnExportOfChannelFoldersOnlyNamingPeopleByTheirIDs() throws {
    let tree = MemoryTree(
      root: "team",
      files: [
        "garden/2024-05-01.json": """
        [{"type": "message", "user": "U0ANNA", "text": "seeds are in", "ts": "1714550400.000100"},
         {"type": "message", "user": "U0BEN", "text": "great", "ts": "1714550460.000200",
          "user_profile": {"real_name": "Ben Ortiz", "display_name": "ben"}}]
        """,
        "garden/2024-05-02.json": """
        [{"type": "message", "user": "U0ANNA", "text": "watered", "ts": "1714636800.000100"}]
        """,
      ])
    let input = ImportInput(path: "team", tree: tree)
    #expect(format.detect(input))
    let (transcript, warnings) = try read(input)
    #expect(transcript.title == "#garden")
    #expect(transcript.messages.map(\.text) == ["seeds are in", "great", "watered"])
    #expect(transcript.participants.map(\.name) == ["U0ANNA", "ben"])
    #expect(
      warnings.map(\.message).contains(
        "no users.json in the export; people are named as their messages name them, else by their ids"))
  }

  // MARK: - Traps

  @Test func readsAnExportInsideAFolderAsZipsHoldIt() throws {
    let tree = MemoryTree(
      root: "slack.zip",
      files: [
        "Team Export/channels.json": "[{\"id\": \"C1\", \"name\": \"ops\"}]",
        "Team Export/users.json": Self.defaultUsers,
        "Team Export/ops/2024-01-02.json":
          "[{\"type\": \"message\", \"user\": \"U1\", \"text\": \"hi\", \"ts\": \"1704186000.000100\"}]",
      ])
    let input = ImportInput(path: "slack.zip", tree: tree)
    #expect(format.detect(input))
    let (transcript, _) = try read(input)
    #expect(transcript.title == "#ops")
    #expect(transcript.messages.map(\.text) == ["hi"])
    #expect(
      transcript.messages.first?.location?.description
        == "slack.zip/Team Export/ops/2024-01-02.json:1:2")
  }

  @Test func readsEnterpriseGridUsersPrivateChannelsAndDirectMessages() throws {
    let tree = MemoryTree(
      root: "grid",
      files: [
        "org_users.json":
          "[{\"id\": \"W1\", \"name\": \"ana\", \"profile\": {\"display_name\": \"Ana\"}}, {\"id\": \"W2\", \"name\": \"bo\", \"real_name\": \"Bo Lind\"}]",
        "groups.json": "[{\"id\": \"G1\", \"name\": \"secret\", \"members\": [\"W1\", \"W2\"]}]",
        "dms.json": "[{\"id\": \"D1\", \"members\": [\"W1\", \"W2\"]}]",
        "mpims.json":
          "[{\"id\": \"G2\", \"name\": \"mpdm-ana--bo-1\", \"members\": [\"W2\", \"W1\"]}]",
        "D1/2024-01-02.json":
          "[{\"type\": \"message\", \"user\": \"W2\", \"text\": \"psst\", \"ts\": \"1704186000.000100\"}]",
        "mpdm-ana--bo-1/2024-01-02.json":
          "[{\"type\": \"message\", \"user\": \"W1\", \"text\": \"all\", \"ts\": \"1704186000.000100\"}]",
        "secret/2024-01-02.json":
          "[{\"type\": \"message\", \"user\": \"W1\", \"text\": \"sh\", \"ts\": \"1704186000.000100\"}]",
      ])
    let input = ImportInput(path: "grid", tree: tree)
    #expect(format.detect(input))
    #expect(try format.listChats(input) == ["secret", "mpdm-ana--bo-1", "D1"])
    let (dm, _) = try read(input, chat: "d1")
    #expect(dm.title == "Ana, Bo Lind")
    #expect(dm.messages.map(\.text) == ["psst"])
    #expect(dm.participants == [Participant(id: "W2", name: "Bo Lind")])
    let (group, _) = try read(input, chat: "mpdm-ana--bo-1")
    #expect(group.title == "Bo Lind, Ana")
    let (secret, _) = try read(input, chat: "#secret")
    #expect(secret.title == "#secret")
  }

  @Test func prefersTheMessageProfileThenDisplayNameThenRealNameThenHandle() throws {
    let days = """
      [{"type": "message", "user": "U1", "text": "a", "ts": "1704186000.000100",
        "user_profile": {"display_name": "Annie", "real_name": "Ana Hart", "name": "ana.h"}},
       {"type": "message", "user": "U2", "text": "b", "ts": "1704186001.000100"},
       {"type": "message", "user": "U3", "text": "c", "ts": "1704186002.000100"},
       {"type": "message", "user": "U7", "text": "d <@U1> <@U8|ghost>", "ts": "1704186003.000100",
        "user_profile": {"display_name": "", "real_name": "", "name": "seven"}}]
      """
    let (transcript, _) = try read(export(extra: ["general/2024-01-02.json": days]))
    #expect(transcript.participants.map(\.name) == ["Annie", "Bo Lind", "cy", "seven"])
    #expect(transcript.messages[3].text == "d @Annie @ghost")
  }

  @Test func decodesSlackMarkup() throws {
    let channels = """
      [{"id": "C1", "name": "general"}, {"id": "C2", "name": "ops"}]
      """
    let text =
      #"x &lt;b&gt; &amp;amp; <#C2> <!channel> <!subteam^S1|@devs> <!date^1392734382^{date}|Feb 18> <mailto:a@b.io|a@b.io> <https://x.io/a?b=1&amp;c=2> ~gone~ _it_ `a*b*c` snake_case_name 2*3*4 :custom_emoji: :+1::skin-tone-2:"#
    let input = ImportInput(
      path: "e",
      tree: MemoryTree(
        root: "e",
        files: [
          "users.json": Self.defaultUsers, "channels.json": channels,
          "general/2024-01-02.json":
            "[{\"type\": \"message\", \"user\": \"U1\", \"text\": \(JSONNode.quote(text)), \"ts\": \"1704186000.1\"}]",
        ]))
    let (transcript, _) = try read(input, chat: "general")
    let message = try #require(transcript.messages.first)
    #expect(
      message.text
        == "x <b> &amp; #ops @channel @devs Feb 18 a@b.io https://x.io/a?b=1&c=2 gone it a*b*c snake_case_name 2*3*4 :custom_emoji: 👍🏻"
    )
    #expect(
      message.extras.spans == [
        TextSpan(start: 12, length: 4, style: .mention("C2")),
        TextSpan(start: 39, length: 6, style: .link("mailto:a@b.io")),
        TextSpan(start: 46, length: 22, style: .link("https://x.io/a?b=1&c=2")),
        TextSpan(start: 69, length: 4, style: .strikethrough),
        TextSpan(start: 74, length: 2, style: .italic),
        TextSpan(start: 77, length: 5, style: .code),
      ])
  }

  @Test func keepsCodeBlocksLiteral() throws {
    let message = try one(
      #"{"type": "message", "user": "U1", "text": "see:\n```\nlet *a* = :wave:\n```", "ts": "1704186000.1"}"#
    )
    #expect(message.text == "see:\nlet *a* = :wave:")
    #expect(message.extras.spans == [TextSpan(start: 5, length: 16, style: .codeBlock(language: nil))])
  }

  @Test func turnsBotsAndUnknownSubtypesIntoSpeakersAndNotices() throws {
    let days = """
      [{"type": "message", "subtype": "bot_message", "bot_id": "B9", "text": "built", "ts": "1704186000.1"},
       {"type": "message", "subtype": "bot_message", "bot_id": "B5", "username": "Pager", "text": "paged", "ts": "1704186001.1"},
       {"type": "message", "subtype": "pinned_item", "user": "U1", "text": "<@U1> pinned a message", "ts": "1704186002.1"},
       {"type": "message", "subtype": "huddle_mystery", "user": "U2", "text": "something new", "ts": "1704186003.1"},
       {"type": "message", "subtype": "message_changed", "hidden": true, "ts": "1704186004.1"},
       {"type": "presence_change", "user": "U1", "ts": "1704186005.1"},
       {"type": "message", "subtype": "channel_leave", "user": "U2", "text": "", "ts": "1704186006.1"}]
      """
    let (transcript, warnings) = try ImportFixtures.parse(
      export(extra: ["general/2024-01-02.json": days]), with: format)
    #expect(
      transcript.messages.map(\.text) == [
        "built", "paged", "@Ana pinned a message", "something new",
      ])
    #expect(transcript.messages.map(\.kind) == [.message, .message, .system, .system])
    #expect(transcript.messages.map(\.authorID) == ["U9", "B5", "U1", "U2"])
    #expect(transcript.participants.map(\.name) == ["Build Bot", "Pager", "Ana", "Bo Lind"])
    #expect(transcript.participants.map(\.isBot) == [true, true, false, false])
    #expect(warnings.map(\.message) == ["skipped 3 hidden or non-message records"])
    #expect(warnings.first?.location?.description == "export/general/2024-01-02.json:5:2")
  }

  @Test func keepsRepliesStoredInALaterDayFile() throws {
    let input = export(extra: [
      "general/2024-01-02.json":
        #"[{"type": "message", "user": "U1", "text": "q", "ts": "1704186000.000100", "thread_ts": "1704186000.000100", "reply_count": 1}]"#,
      "general/2024-01-03.json":
        #"[{"type": "message", "user": "U2", "text": "a", "ts": "1704272400.000200", "thread_ts": "1704186000.000100", "parent_user_id": "U1"}]"#,
    ])
    let (transcript, _) = try read(input)
    #expect(transcript.messages.map(\.text) == ["q", "a"])
    #expect(transcript.messages.map(\.extras.replyTo) == [nil, "1704186000.000100"])
    #expect(
      transcript.messages.map { $0.time.map(ISO8601.format) } == [
        "2024-01-02T09:00:00Z", "2024-01-03T09:00:00Z",
      ])
  }

  @Test func fallsBackToBlocksAndLegacyAttachments() throws {
    let fromBlocks = try one(
      """
      {"type": "message", "user": "U1", "text": "", "ts": "1704186000.1", "blocks": [{"type": "rich_text",
        "elements": [{"type": "rich_text_section", "elements": [{"type": "text", "text": "hi "},
          {"type": "user", "user_id": "U2"}, {"type": "emoji", "name": "wave"}]},
          {"type": "rich_text_list", "elements": [{"type": "rich_text_section", "elements": [{"type": "text", "text": "one"}]}]}]}]}
      """)
    #expect(fromBlocks.text == "hi @Bo Lind👋\n• one")
    let legacy = try one(
      """
      {"type": "message", "subtype": "bot_message", "username": "CI", "text": "", "ts": "1704186000.1",
       "attachments": [{"fallback": "Build *42* failed", "color": "danger"}]}
      """)
    #expect(legacy.text == "Build 42 failed")
    #expect(legacy.authorID == "CI")
  }

  @Test func drawsLegacyAttachmentsAsCards() throws {
    let message = try one(
      """
      {"type": "message", "subtype": "bot_message", "bot_id": "B5", "text": "", "ts": "1704186000.1",
       "attachments": [{"fallback": "[app] 1 new commit", "pretext": "[app] 1 new commit by Ana:",
        "title": "Build *42*", "title_link": "https://ci.example/42", "service_name": "CI",
        "text": "<https://git.example/c/ab12|ab12>: fix the *build*",
        "fields": [{"title": "Branch", "value": "main", "short": true}, {"title": "", "value": "fast"},
          {"title": "", "value": ""}],
        "footer": "ci.example", "color": "4183C4"}]}
      """)
    #expect(message.text == "[app] 1 new commit by Ana:")
    #expect(
      message.extras.linkPreviews == [
        LinkPreview(
          url: "https://ci.example/42", title: "Build 42", description: "ab12: fix the build", siteName: "CI",
          fields: [
            LinkPreview.Field(title: "Branch", value: "main", isShort: true),
            LinkPreview.Field(title: "", value: "fast"),
          ],
          footer: "ci.example", color: Color(rgb: 0x4183C4))
      ])
  }

  @Test(arguments: [("good", 0x2EB886), ("danger", 0xA30200), ("#36a64f", 0x36A64F), ("36a64f", 0x36A64F)])
  func takesTheCardColourByNameOrHex(name: String, rgb: Int) throws {
    let message = try one(
      """
      {"type": "message", "subtype": "bot_message", "username": "CI", "text": "", "ts": "1704186000.1",
       "attachments": [{"text": "deployed", "color": "\(name)"}]}
      """)
    #expect(message.extras.linkPreviews.first?.color == Color(rgb: UInt32(rgb)))
  }

  @Test func keepsThePretextUnderTheMessagesOwnText() throws {
    let message = try one(
      """
      {"type": "message", "subtype": "bot_message", "username": "CI", "text": "Nightly", "ts": "1704186000.1",
       "attachments": [{"pretext": "3 jobs:", "text": "all green"}]}
      """)
    #expect(message.text == "Nightly\n3 jobs:")
    #expect(message.extras.linkPreviews.map(\.description) == ["all green"])
  }

  @Test func namesBotsByTheirProfileOrTheNoticeThatAddedThem() throws {
    let days = """
      [{"type": "message", "subtype": "bot_add", "user": "U1", "bot_id": "B7",
        "text": "added an integration to this channel: <https://t.slack.com/services/B7|github>", "ts": "1704186000.1"},
       {"type": "message", "subtype": "bot_message", "bot_id": "B7", "text": "pushed", "ts": "1704186001.1"},
       {"type": "message", "subtype": "bot_message", "bot_id": "B8", "text": "beep", "ts": "1704186002.1"},
       {"type": "message", "bot_id": "B6", "bot_profile": {"name": "Deploy"}, "text": "done", "ts": "1704186003.1"}]
      """
    let (transcript, _) = try read(export(extra: ["general/2024-01-02.json": days]))
    #expect(transcript.messages.map(\.authorID) == ["U1", "B7", "B8", "B6"])
    #expect(
      transcript.participants.map(\.name) == ["Ana", "github", SlackChannelReader.unnamedBot, "Deploy"])
  }

  @Test func aFileCommentKeepsItsAuthor() throws {
    let message = try one(
      """
      {"type": "message", "subtype": "file_comment", "text": "<@U2> commented on a file: nice",
       "comment": {"id": "Fc1", "user": "U2", "comment": "nice"}, "ts": "1704186000.1"}
      """)
    #expect(message.authorID == "U2")
    #expect(message.kind == .message)
  }

  @Test func keepsFilesAsAttachments() throws {
    let message = try one(
      """
      {"type": "message", "subtype": "file_share", "user": "U1", "text": "", "ts": "1704186000.1",
       "files": [{"id": "F1", "name": "notes.pdf", "mimetype": "application/pdf"},
                 {"id": "F2", "title": "clip", "mimetype": "video/mp4"},
                 {"id": "F3", "mode": "hidden_by_limit"}]}
      """)
    #expect(message.kind == .message)
    #expect(
      message.extras.attachments == [
        Attachment(kind: .file, fileName: "notes.pdf", mimeType: "application/pdf"),
        Attachment(kind: .video, fileName: "clip", mimeType: "video/mp4"),
        Attachment(kind: .file),
      ])
  }

  @Test func readsAChannelListWithoutAUsersFile() throws {
    let tree = MemoryTree(
      root: "e",
      files: [
        "channels.json": "[{\"id\": \"C1\", \"name\": \"a\"}]",
        "a/2024-01-02.json":
          "[{\"type\": \"message\", \"user\": \"U1\", \"text\": \"x\", \"ts\": \"1\"}]",
      ])
    let input = ImportInput(path: "e", tree: tree)
    #expect(format.detect(input))
    let (transcript, _) = try read(input)
    #expect(transcript.participants.map(\.name) == ["U1"])
  }

  @Test func refusesATreeThatIsNoSlackExport() throws {
    let input = ImportInput(path: "e", tree: MemoryTree(root: "e", files: ["notes/a.json": "[]"]))
    let error = try #require(throws: DiagnosticError.self) { try read(input) }
    #expect(
      error.diagnostics.first?.message
        == "not a Slack export (expected channels.json and users.json, or channel folders of YYYY-MM-DD.json day files)"
    )
  }

  // MARK: - Errors

  @Test(arguments: [
    (
      "[\n  {\"type\": \"message\", \"ts\": 12}\n]", "2:29",
      "expected a string for 'ts', found a number"
    ),
    (
      "[\n  {\"type\": \"message\", \"ts\": \"soon\"}\n]", "2:29",
      "invalid timestamp 'soon' (expected epoch seconds such as \"1709893800.000200\")"
    ),
    (
      "[\n  {\"type\": \"message\", \"ts\": \"1e300\"}\n]", "2:29",
      "invalid timestamp '1e300' (expected epoch seconds such as \"1709893800.000200\")"
    ),
    ("[\n  {\"type\": \"message\"}\n]", "2:3", "missing key 'ts'"),
    (
      "[\n  {\"type\": \"message\", \"ts\": \"1\", \"user\": [1]}\n]", "2:42",
      "expected a string for 'user', found an array"
    ),
    ("[\n  \"hello\"\n]", "2:3", "expected an object for a message, found a string"),
    ("{\"messages\": []}", "1:1", "expected an array of messages, found an object"),
    (
      "[\n  {\"type\": \"message\",\n    \"ts\": \"1\" \"text\": \"x\"}\n]", "3:15",
      "expected ',' or '}' in the object, found '\"'"
    ),
  ])
  func reportsErrorsAtTheMemberPath(json: String, position: String, message: String) throws {
    let input = export(extra: ["general/2024-01-02.json": json])
    let error = try #require(throws: DiagnosticError.self) { try read(input) }
    let diagnostic = try #require(error.diagnostics.first)
    #expect(diagnostic.message == message)
    #expect(diagnostic.location?.description == "export/general/2024-01-02.json:" + position)
  }

  @Test func reportsBrokenUsersFile() throws {
    let input = export(users: "[\n  {\"id\": 7}\n]")
    let error = try #require(throws: DiagnosticError.self) { try read(input) }
    #expect(
      error.diagnostics.first?.description
        == "export/users.json:2:10: error: expected a string for 'id', found a number")
  }
}
