import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

@Suite struct DiscordPackageFormatTests {
  let format = DiscordPackageFormat()
  static let directMessages = "discord-package/messages/c900000000000000001"

  @Test func readsADirectMessageOfThePackage() throws {
    let input = try ImportFixtures.input("discord-package")
    #expect(Importer.detect(input)?.name == "discord-package")
    #expect(try format.listChats(input) == ["jonas", "#general (Board Gamers)"])
    let (transcript, warnings) = try ImportFixtures.read(input, options: ImportOptions(chat: "jonas"))
    #expect(warnings.isEmpty)
    // account/user.json names the owner, whose messages are all the package holds.
    #expect(transcript.meID == "400000000000000001")
    #expect(transcript.title == "jonas")
    #expect(transcript.participants.map(\.name) == ["Mira Holt", "jonas"])
    #expect(
      MessageRow.rows(transcript) == [
        MessageRow(nil, .center, "2024-05-18T19:02:10Z", DiscordPackageReader.notice.english, .system),
        MessageRow("Mira Holt", .sent, "2024-05-18T19:02:10Z", "Are you coming on Friday?"),
        MessageRow("Mira Holt", .sent, "2024-05-18T19:05:00Z", "Photo from the game night so good"),
      ])
    // Contents is Discord's Markdown.
    #expect(transcript.messages[2].extras.spans == [TextSpan(start: 26, length: 7, style: .bold)])
    #expect(transcript.messages[2].id == "1160000000000000512")
    let picture = try #require(transcript.messages[2].extras.attachments.first)
    #expect(picture.kind == .image)
    #expect(picture.fileName == "board.png")
    #expect(picture.source == nil)
  }

  /// The older packages' `messages.csv`: quoted fields over several lines, offsets in the time.
  @Test func readsAServerChannelsCSV() throws {
    let (transcript, _) = try ImportFixtures.read(
      ImportFixtures.input("discord-package"), as: format, options: ImportOptions(chat: "general"))
    #expect(transcript.title == "#general (Board Gamers)")
    #expect(
      MessageRow.rows(transcript).dropFirst() == [
        MessageRow("Mira Holt", .sent, "2020-05-17T18:22:11.453Z", "Hello, everyone!"),
        MessageRow("Mira Holt", .sent, "2020-05-17T18:25:00Z", "Who brings \"Catan\"?\nI can."),
      ])
    #expect(transcript.messages[2].extras.attachments.map(\.fileName) == ["rules.pdf"])
  }

  @Test func readsAChannelsFileAlone() throws {
    let input = try ImportFixtures.input(Self.directMessages + "/messages.json")
    #expect(Importer.detect(input)?.name == "discord-package")
    let (transcript, _) = try ImportFixtures.read(input)
    // channel.json beside it names the channel; nothing names the owner.
    #expect(transcript.meID == "me")
    #expect(transcript.messages.count == 3)
    #expect(transcript.messages.dropFirst().allSatisfy { transcript.side(of: $0) == .sent })
  }

  @Test func errorsNameTheLineAndColumn() throws {
    try ImportFixtures.expectParseError(
      "[\n {\"ID\": 1, \"Timestamp\": \"today\", \"Contents\": \"hi\"}]", with: format, at: "2:25",
      "invalid date 'today' (expected '2024-01-02 15:04:05' or '2020-05-17 18:22:11.453000+00:00')")
    try ImportFixtures.expectParseError(
      "ID,Timestamp,Contents,Attachments\n1,2020-05-17 18:22:11.453000+00:00,hi\n", with: format, at: "2:1",
      "expected 4 fields, found 3")
  }

  @Test func detectsByContentNotName() throws {
    #expect(!format.detect(try ImportFixtures.input(text: "[]", path: "messages.json")))
    #expect(
      !format.detect(
        try ImportFixtures.input(text: "[{\"role\": \"user\", \"content\": \"hi\"}]", path: "messages.json")))
    #expect(format.detect(try ImportFixtures.input(text: "ID,Timestamp,Contents,Attachments\n", path: "x.txt")))
  }
}
