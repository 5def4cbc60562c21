import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

@Suite struct SnapchatFormatTests {
  let format = SnapchatFormat()

  @Test func readsTheNewerFormOfMyData() throws {
    let input = try ImportFixtures.input("snapchat-mydata")
    #expect(Importer.detect(input)?.name == "snapchat")
    #expect(try format.listChats(input) == ["jonas_k", "Trail Crew"])
    let (transcript, _) = try ImportFixtures.read(input, options: ImportOptions(chat: "jonas_k"))
    // `IsSender` true is the owner.
    #expect(transcript.meID == "mira_h")
    #expect(transcript.title == "jonas_k")
    // Newest first in the file; drawn in time order. Text is never markup.
    // friends.json names the friend.
    #expect(transcript.participants.map(\.name) == ["mira_h", "Jonas K"])
    #expect(
      MessageRow.rows(transcript) == [
        MessageRow("Jonas K", .received, "2024-04-20T09:29:22Z", "are you up? <b>not bold</b>"),
        MessageRow("mira_h", .sent, "2024-04-20T09:30:00Z", "yes! look at the harbour"),
        MessageRow("mira_h", .sent, "2024-04-20T09:31:00Z", ""),
        MessageRow("Jonas K", .received, "2024-04-20T09:32:00Z", ""),
        MessageRow("Jonas K", .received, "2024-04-20T09:35:00Z", ""),
        MessageRow("mira_h", .sent, "2024-04-20T09:40:00Z", ""),
      ])
    let messages = transcript.messages
    let photo = try #require(messages[2].extras.attachments.first)
    #expect(photo.fileName == "2024-04-20_b~EiQSFixtureOne.png")
    #expect(photo.kind == .image)
    #expect(
      photo.source
        == .file(path: ImportFixtures.path("snapchat-mydata") + "/chat_media/2024-04-20_b~EiQSFixtureOne.png"))
    #expect(messages[3].extras.attachments == [Attachment(kind: .image, title: "Snap")])
    // A voice note whose file is not in the download is a chip.
    #expect(messages[4].extras.attachments == [Attachment(kind: .audio, isOmitted: true)])
    #expect(messages[5].extras.isDeleted)
  }

  /// The .zip as downloaded is read in place: media are members of it.
  @Test func readsTheZipAsDownloaded() throws {
    var zip = TestZipWriter()
    let root = ImportFixtures.path("snapchat-mydata")
    zip.add("json/chat_history.json", try String(contentsOfFile: root + "/json/chat_history.json", encoding: .utf8))
    let media = "chat_media/2024-04-20_b~EiQSFixtureOne.png"
    zip.entries.append(
      TestZipWriter.Entry(
        name: Array(media.utf8), data: Array(try Data(contentsOf: URL(fileURLWithPath: root + "/" + media)))))
    try TemporaryFolder.withFile(named: "mydata~1713600000000.zip", holding: zip.bytes()) { path in
      let input = try ImportInput.open(path)
      #expect(Importer.detect(input)?.name == "snapchat")
      let (transcript, _) = try ImportFixtures.read(input, options: ImportOptions(chat: "#1"))
      #expect(transcript.meID == "mira_h")
      #expect(transcript.messages[2].extras.attachments.first?.source == .archiveMember(archive: path, member: media))
    }
  }

  @Test func namesAGroupByItsTitle() throws {
    let (transcript, _) = try ImportFixtures.read(
      ImportFixtures.input("snapchat-mydata/json/chat_history.json"), options: ImportOptions(chat: "trail crew"))
    #expect(transcript.title == "Trail Crew")
    #expect(transcript.meID == "mira_h")
    #expect(
      MessageRow.rows(transcript) == [
        MessageRow("ana_c", .received, "2024-04-21T07:00:00Z", "Trail at 8?"),
        MessageRow("mira_h", .sent, "2024-04-21T07:01:00Z", ""),
      ])
    #expect(transcript.messages[1].extras.attachments == [Attachment(kind: .sticker, isOmitted: true)])
  }

  /// The older form: received lists `From`, sent lists `To`; whoever sent is the owner.
  @Test func readsTheOlderFormByFriend() throws {
    let input = try ImportFixtures.input("snapchat-chat-history-2021.json")
    #expect(Importer.detect(input)?.name == "snapchat")
    #expect(try format.listChats(input) == ["jonas_k", "ana_c"])
    let (transcript, _) = try ImportFixtures.read(input, options: ImportOptions(chat: "jonas_k"))
    #expect(transcript.meID == "me")
    #expect(
      MessageRow.rows(transcript) == [
        MessageRow("Me", .sent, "2021-01-01T12:00:00Z", "Happy new year 🎉"),
        MessageRow("jonas_k", .received, "2021-01-01T12:00:05Z", "Happy new year!"),
        MessageRow("Me", .sent, "2021-01-01T12:01:00Z", ""),
      ])
    #expect(transcript.messages[2].extras.attachments == [Attachment(kind: .image, title: "Snap")])
    // A conversation of received messages only still has its owner.
    let (received, warnings) = try ImportFixtures.read(input, options: ImportOptions(chat: "ana_c"))
    #expect(received.meID == "me")
    #expect(warnings.isEmpty)
    #expect(received.messages.first?.extras.attachments == [Attachment(kind: .image, isOmitted: true)])
  }

  @Test func errorsNameTheLineAndColumn() throws {
    try ImportFixtures.expectParseError(
      "{\"Received Saved Chat History\": [\n {\"From\": \"a\", \"Media Type\": \"TEXT\", \"Created\": \"soon\"}]}",
      with: format, at: "2:49", "invalid date 'soon' (expected Snapchat's '2024-01-02 15:04:05 UTC')")
    try ImportFixtures.expectParseError(
      "{\"Sent Saved Chat History\": [\n {\"Media Type\": \"TEXT\", \"Created\": \"2021-01-01 12:00:00 UTC\"}]}",
      with: format, at: "2:2", "missing key 'To'")
  }

  @Test func detectsByContentNotName() throws {
    #expect(
      !format.detect(try ImportFixtures.input(text: "{\"jonas\": [{\"text\": \"hi\"}]}", path: "chat_history.json")))
    #expect(
      format.detect(
        try ImportFixtures.input(
          text: "{\"x\": [{\"From\": \"a\", \"Media Type\": \"TEXT\", \"Created\": \"2021-01-01 12:00:00 UTC\"}]}")))
  }
}
