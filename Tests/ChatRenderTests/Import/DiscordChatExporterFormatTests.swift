import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

/// DiscordChatExporter's HTML, plain-text and CSV exports (issue 36), checked against the JSON
/// export of the same invented channel (Fixtures/formats/dce-channel/: 7 messages, 4 authors,
/// 2 replies, 3 reactions on 2 messages, a picture and a file in `media/`, a bot's embed).
@Suite struct DiscordChatExporterFormatTests {
  static let folder = "dce-channel/"
  /// The channel's offset (+01:00): the wall clock the text layouts show.
  static let zone = TimeZone(secondsFromGMT: 3600)!

  /// What two layouts of one message share: who, when (to the minute), what and its extras.
  struct Summary: Hashable, CustomStringConvertible {
    var author: String
    var minute: String
    var text: String
    var kind: Message.Kind
    var id: String?
    var replyTo: String?
    var reactions: [String]
    var media: [String]

    var description: String {
      "\(author) \(minute) \(kind) \(text) \(reactions) \(media) id:\(id ?? "-") ↩\(replyTo ?? "-")"
    }
  }

  static func summaries(_ transcript: Transcript, authorName: (Participant) -> String) -> [Summary] {
    let people = Dictionary(uniqueKeysWithValues: transcript.participants.map { ($0.id, $0) })
    return transcript.messages.map { message in
      let local = message.time?.local(in: zone)
      let person = message.authorID.flatMap { people[$0] }
      var text = message.text
      // A notice starts with its actor's name as the layout shows it.
      if let person, message.kind == .system, text.hasPrefix(person.name) {
        text = authorName(person) + text.dropFirst(person.name.count)
      }
      return Summary(
        author: person.map(authorName) ?? "?",
        minute: local.map { "\($0.date.map { "\($0.year)-\($0.month)-\($0.day)" } ?? "") \($0.hour):\($0.minute)" }
          ?? "",
        text: text, kind: message.kind, id: message.id, replyTo: message.extras.replyTo,
        reactions: message.extras.reactions.map { "\($0.emoji)×\($0.count)" },
        media: message.extras.attachments.map { "\($0.kind) \(Self.path($0.source))" })
    }
  }

  static func path(_ source: AttachmentSource?) -> String {
    guard case .file(let path)? = source else { return "none" }
    return (path as NSString).lastPathComponent
  }

  static func read(_ name: String, as format: String) throws -> Transcript {
    try ImportFixtures.readDetected(ImportFixtures.input(folder + name), as: format).0
  }

  @Test func theJSONFixtureIsTheChannelCountedByHand() throws {
    let json = try Self.read("channel.json", as: "discord")
    #expect(json.messages.count == 7)
    #expect(json.participants.map(\.name) == ["Aiko", "Juno", "Tomasz", "DiceBot"])
    #expect(json.messages.compactMap(\.extras.replyTo) == ["1240000000000000002", "1240000000000000005"])
    #expect(json.messages.flatMap(\.extras.reactions).count == 3)
    #expect(json.messages.flatMap(\.extras.attachments).map(\.fileName) == ["board.png", "parts-list.txt"])
  }

  @Test func htmlReadsTheSameChannelAsJSON() throws {
    let json = try Self.read("channel.json", as: "discord")
    let html = try Self.read("channel.html", as: "dce-html")
    #expect(html.title == json.title)
    #expect(html.participants.map(\.id) == json.participants.map(\.id))
    #expect(html.participants.map(\.name) == json.participants.map(\.name))
    #expect(html.participants.map(\.isBot) == json.participants.map(\.isBot))
    // The page names everything the JSON does, ids and replies included; its times are to
    // the minute, instants by the postamble's "Timezone: UTC+1".
    #expect(Self.summaries(html, authorName: \.name) == Self.summaries(json, authorName: \.name))
    #expect(html.messages.map(\.extras.linkPreviews) == json.messages.map(\.extras.linkPreviews))
    #expect(html.messages.map(\.extras.isEdited) == json.messages.map(\.extras.isEdited))
    #expect(
      html.messages.flatMap(\.extras.attachments).map(\.fileName)
        == json.messages.flatMap(\.extras.attachments).map(\.fileName))
    #expect(html.messages.allSatisfy { if case .instant = $0.time { true } else { false } })
  }

  /// The plain text holds no ids (so no replies), names people by account name (`juno`, not
  /// the nickname `Juno`), says nothing of edits and who reacted, and gives wall-clock times.
  @Test func textReadsTheSameChannelAsJSONButIdsAndReplies() throws {
    let json = try Self.read("channel.json", as: "discord")
    let text = try Self.read("channel.txt", as: "dce-text")
    #expect(text.title == json.title)
    #expect(text.participants.map(\.name) == json.participants.map(Self.accountName))
    #expect(text.participants.last?.handles == ["DiceBot#4242"])
    #expect(
      Self.summaries(text, authorName: \.name)
        == Self.summaries(json, authorName: Self.accountName).map(Self.withoutIdsAndReplies))
    #expect(
      text.messages[5].extras.linkPreviews == [LinkPreview(title: "Roll result", description: "Aiko rolled 17\nd20")])
  }

  /// A CSV row holds the author's id and an instant, but no message id, reply or embed.
  @Test func csvReadsTheSameChannelAsJSONButIdsAndReplies() throws {
    let json = try Self.read("channel.json", as: "discord")
    let csv = try Self.read("channel.csv", as: "dce-csv")
    #expect(csv.participants.map(\.id) == json.participants.map(\.id))
    #expect(csv.participants.map(\.name) == json.participants.map(Self.accountName))
    #expect(
      Self.summaries(csv, authorName: \.name)
        == Self.summaries(json, authorName: Self.accountName).map(Self.withoutIdsAndReplies))
    #expect(csv.messages.map(\.time) == json.messages.map(\.time))
  }

  static func accountName(_ person: Participant) -> String { person.handles.first ?? person.name }

  static func withoutIdsAndReplies(_ summary: Summary) -> Summary {
    var summary = summary
    (summary.id, summary.replyTo) = (nil, nil)
    return summary
  }

  @Test func layoutsAreDetectedByContentNotName() throws {
    for (name, format) in [("channel.html", "dce-html"), ("channel.txt", "dce-text"), ("channel.csv", "dce-csv")] {
      let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: ImportFixtures.path(Self.folder + name))))
      let renamed = ImportInput(file: try SourceFile(path: "export.dat", bytes: bytes))
      #expect(Importer.detect(renamed)?.name == format)
    }
    let otherPage = try ImportFixtures.input(
      text: "<html><body><div class=\"message\">hi</div></body></html>", path: "messages.html")
    #expect(DCEHTMLFormat().detect(otherPage) == false)
    let otherCSV = try ImportFixtures.input(text: "Date,Author,Content\n", path: "chat.csv")
    #expect(DCECSVFormat().detect(otherCSV) == false)
  }

  @Test func datesInTheExportersCultures() throws {
    let cases: [(String, Bool, String)] = [
      ("5/18/2024 7:02 PM", false, "2024-05-18T19:02:00"),
      ("18/05/2024 19:02", true, "2024-05-18T19:02:00"),
      ("18.05.2024 19:02", true, "2024-05-18T19:02:00"),
      ("2024-05-18 19:02", true, "2024-05-18T19:02:00"),
      ("18-May-24 07:02 PM", false, "2024-05-18T19:02:00"),
      ("5/18/2024 12:05 AM", false, "2024-05-18T00:05:00"),
    ]
    for (text, dayFirst, expected) in cases {
      #expect(DCEDate(text)?.wallClock(dayFirst: dayFirst)?.iso8601 == expected, "\(text)")
    }
    #expect(DCEDate("18/05/2024 19:02")?.showsDayFirst == true)
    #expect(DCEDate("hello there") == nil)
    #expect(DCEDate("5/18/2024 13:02 PM") == nil)
  }

  /// Only the rule before `Exported N message(s)` ends the messages.
  @Test func aRuleTypedInAMessageIsContent() throws {
    let rule = String(repeating: "=", count: 62)
    let text =
      "\(rule)\nGuild: G\nChannel: c\n\(rule)\n\n[18/05/2024 19:02] ana\nabove\n\(rule)\nbelow\n\n\n"
      + "[18/05/2024 19:03] ben\nok\n\n\n\(rule)\nExported 2 message(s)\n\(rule)\n"
    let (transcript, _) = try ImportFixtures.parse(
      ImportFixtures.input(text: text, path: "c.txt"), with: DCETextFormat())
    // (DiscordMarkdown, shared with the JSON reader, repeats the line after a row of `=`:
    // "below\nbelow"; reported, not this reader's.)
    #expect(transcript.messages.count == 2)
    #expect(transcript.messages.first?.text.hasPrefix("above\n\(rule)\nbelow") == true)
    #expect(transcript.messages.last?.text == "ok")
    #expect(
      transcript.messages.map { $0.time?.local(in: .gmt).iso8601 } == ["2024-05-18T19:02:00", "2024-05-18T19:03:00"])
  }

  @Test func aBrokenPageNamesTheMessagesLine() throws {
    let page = { (stamp: String, author: String) in
      "<html><body><div class=\"preamble\"></div><div class=\"chatlog__message-group\">\n"
        + "<div class=\"chatlog__message-container\" data-message-id=\"1\">\(author)"
        + "<span class=\"chatlog__timestamp\"><a>\(stamp)</a></span></div></div></body></html>"
    }
    try ImportFixtures.expectParseError(
      page("5/18/2024 7:02 PM", ""), with: DCEHTMLFormat(), at: "2:1",
      "a message group's first message names no 'chatlog__author'")
    try ImportFixtures.expectParseError(
      page("soon", "<span class=\"chatlog__author\" data-user-id=\"7\">Ana</span>"), with: DCEHTMLFormat(),
      at: "2:1", "unrecognised date 'soon' (expected a date such as 5/18/2024 7:02 PM)")
  }

  @Test func badInputNamesTheLine() throws {
    let rule = String(repeating: "=", count: 62)
    try ImportFixtures.expectParseError(
      "\(rule)\nGuild: G\nChannel: c\n\(rule)\n\nhello\n", with: DCETextFormat(), at: "6:1",
      "expected a message header such as '[5/18/2024 7:02 PM] juno'")
    try ImportFixtures.expectParseError(
      "AuthorID,Author,Date,Content,Attachments,Reactions\n\"1\",\"a\",\"yesterday\",\"hi\",\"\",\"\"\n",
      with: DCECSVFormat(), at: "2:9",
      "invalid date 'yesterday' (expected ISO 8601 such as 2024-05-18T19:02:10.4000000+01:00)")
    try ImportFixtures.expectParseError(
      "AuthorID,Author,Date,Content,Attachments,Reactions\n\"1\",\"a\"\n", with: DCECSVFormat(), at: "2:1",
      "expected 6 fields, found 2")
  }
}
