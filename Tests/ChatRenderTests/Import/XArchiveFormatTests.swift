import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

@Suite struct XArchiveFormatTests {
  let format = XArchiveFormat()
  static let mediaName = "1760000000000000003-pier.png"

  @Test func readsAOneToOneConversation() throws {
    let input = try ImportFixtures.input("x-archive")
    #expect(Importer.detect(input)?.name == "x")
    #expect(try format.listChats(input) == ["2700000002", "Saturday Ride"])
    let (transcript, warnings) = try ImportFixtures.read(input, options: ImportOptions(chat: "2700000002"))
    #expect(warnings.isEmpty)
    // account.js names the owner, who is "me"; the archive names nobody else.
    #expect(transcript.meID == "1500000001")
    #expect(transcript.participants.map(\.name) == ["Mira Holt", "2700000002"])
    #expect(transcript.title == "2700000002")
    // The archive lists the newest first.
    #expect(
      MessageRow.rows(transcript) == [
        MessageRow("Mira Holt", .sent, "2024-03-01T18:00:00Z", "Hi Jonas & welcome back 👋"),
        MessageRow("2700000002", .received, "2024-03-02T09:10:00Z", "Morning! Are we still on for Saturday?"),
        MessageRow("Mira Holt", .sent, "2024-03-02T09:12:00Z", "Took this at the pier"),
        MessageRow("2700000002", .received, "2024-03-02T09:15:00Z", "Ferry times: https://example.org/ferry"),
      ])
    let messages = transcript.messages
    #expect(messages[1].extras.reactions == [Reaction(emoji: "👍", count: 1, by: ["1500000001"])])
    #expect(messages[2].extras.reactions == [Reaction(emoji: "❤️", count: 1, by: ["2700000002"])])
    let picture = try #require(messages[2].extras.attachments.first)
    #expect(picture.kind == .image)
    #expect(picture.fileName == Self.mediaName)
    #expect(
      picture.source == .file(path: ImportFixtures.path("x-archive") + "/data/direct_messages_media/" + Self.mediaName))
  }

  @Test func readsAGroupWithItsNotices() throws {
    let (transcript, _) = try ImportFixtures.read(
      ImportFixtures.input("x-archive"), as: format, options: ImportOptions(chat: "saturday ride"))
    #expect(transcript.title == "Saturday Ride")
    #expect(transcript.meID == "1500000001")
    #expect(
      MessageRow.rows(transcript) == [
        MessageRow(nil, .center, "2024-03-03T08:00:00Z", "2700000002 added you", .system),
        MessageRow(nil, .center, "2024-03-03T08:01:00Z", "Mira Holt added 3100000003", .system),
        MessageRow("Mira Holt", .sent, "2024-03-03T08:02:00Z", "Ride on Saturday?"),
        MessageRow(nil, .center, "2024-03-03T08:03:00Z", "Mira Holt changed the name to “Saturday Ride”", .system),
        MessageRow("3100000003", .received, "2024-03-03T08:05:00Z", "Count me in 🚲"),
      ])
  }

  /// The .zip as downloaded is read in place: media are members of it.
  @Test func readsTheZipAsDownloaded() throws {
    var zip = TestZipWriter()
    let root = ImportFixtures.path("x-archive")
    for name in ["data/account.js", "data/direct-messages.js", "data/direct-messages-group.js"] {
      zip.add(name, try String(contentsOfFile: root + "/" + name, encoding: .utf8))
    }
    let media = "data/direct_messages_media/" + Self.mediaName
    zip.entries.append(
      TestZipWriter.Entry(
        name: Array(media.utf8), data: Array(try Data(contentsOf: URL(fileURLWithPath: root + "/" + media)))))
    try TemporaryFolder.withFile(named: "twitter-2024-03-04-abc.zip", holding: zip.bytes()) { path in
      let input = try ImportInput.open(path)
      #expect(Importer.detect(input)?.name == "x")
      let (transcript, _) = try ImportFixtures.read(input, options: ImportOptions(chat: "#1"))
      #expect(transcript.messages.count == 4)
      #expect(transcript.meID == "1500000001")
      #expect(transcript.messages[2].extras.attachments.first?.source == .archiveMember(archive: path, member: media))
    }
  }

  /// `direct-messages.js` given alone finds `account.js` and the media beside it.
  @Test func readsTheMessagesFileAlone() throws {
    let input = try ImportFixtures.input("x-archive/data/direct-messages.js")
    #expect(Importer.detect(input)?.name == "x")
    let (transcript, _) = try ImportFixtures.read(input)
    #expect(transcript.meID == "1500000001")
    #expect(transcript.messages.count == 4)
    #expect(transcript.messages[2].extras.attachments.first?.source != nil)
  }

  /// A message with media ends with its t.co link, which is dropped even when `urls` does not
  /// list it; other links are written out.
  @Test func dropsTheLinkToAMessagesOwnMedia() throws {
    let text = """
      window.YTD.direct_messages.part0 = [ { "dmConversation": { "conversationId": "1-2", "messages": [
        { "messageCreate": { "id": "7", "senderId": "2", "recipientId": "1", "createdAt": "2024-03-02T09:10:00.000Z",
          "text": "Look https://t.co/aaa at https://t.co/bbb", "mediaUrls": ["https://ton.twitter.com/dm/7/8/x.jpg"],
          "urls": [ { "url": "https://t.co/aaa", "expanded": "https://example.org/a", "display": "example.org/a" } ],
          "reactions": [ { "senderId": "1", "reactionKey": "funny", "eventId": "9", "createdAt": "2024-03-02T09:11:00.000Z" } ] } } ] } } ]
      """
    let (transcript, _) = try ImportFixtures.parse(
      try ImportFixtures.input(text: text, path: "direct-messages.js"), with: format)
    let message = try #require(transcript.messages.first)
    #expect(message.text == "Look https://example.org/a at")
    #expect(message.extras.attachments.map(\.fileName) == ["7-x.jpg"])
    #expect(message.extras.reactions == [Reaction(emoji: "😂", count: 1, by: ["1"])])
  }

  @Test func errorsNameTheLineAndColumn() throws {
    try ImportFixtures.expectParseError(
      "window.YTD.direct_messages.part0 = [\n  { \"dmConversation\": { \"messages\": [] } }\n]", with: format,
      at: "2:23", "missing key 'conversationId'")
    try ImportFixtures.expectParseError(
      "window.YTD.direct_messages.part0 = [\n  { \"dmConversation\": { \"conversationId\": \"1-2\", \"messages\": [\n"
        + "    { \"messageCreate\": { \"id\": \"9\", \"senderId\": \"1\", \"createdAt\": \"yesterday\" } } ] } } ]",
      with: format, at: "3:67", "invalid date 'yesterday' (expected '2024-01-02T15:04:05.000Z')")
    try ImportFixtures.expectParseError(
      "window.YTD.direct_messages.part0 = [ { \"dmConversation\": 3 } ]", with: format, at: "1:58",
      "expected an object for 'dmConversation', found a number")
  }

  @Test func detectsByContentNotName() throws {
    #expect(!format.detect(try ImportFixtures.input(text: "var messages = [];", path: "direct-messages.js")))
    #expect(!format.detect(try ImportFixtures.input(text: "window.YTD.tweets.part0 = []", path: "direct-messages.js")))
    #expect(format.detect(try ImportFixtures.input(text: "window.YTD.direct_messages_group.part0 = []", path: "x.txt")))
  }
}
