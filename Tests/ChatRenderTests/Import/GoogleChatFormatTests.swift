import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

@Suite struct GoogleChatFormatTests {
  let format = GoogleChatFormat()
  static let space = "google-chat-takeout/Takeout/Google Chat/Groups/Space AAAA1234"

  @Test func readsASpaceOfATakeout() throws {
    let input = try ImportFixtures.input("google-chat-takeout")
    #expect(Importer.detect(input)?.name == "googlechat")
    #expect(try format.listChats(input) == ["Ana Costa", "Harbour Walk"])
    let (transcript, warnings) = try ImportFixtures.read(
      input, as: format, options: ImportOptions(chat: "harbour walk"))
    #expect(warnings.isEmpty)
    #expect(transcript.title == "Harbour Walk")
    #expect(transcript.participants.map(\.name) == ["Ana Costa", "Bo Silva"])
    // The Takeout's owner (Users/…/user_info.json) is "me".
    #expect(transcript.meID == "bo@example.com")
    #expect(
      MessageRow.rows(transcript) == [
        MessageRow(
          "Ana Costa", .received, "2024-01-05T10:02:00Z", "Meet at 9 by the pier? https://example.org/pier @Bo Silva"),
        MessageRow("Bo Silva", .sent, "2024-01-05T10:03:00Z", "Yes 🙌 9 works"),
        MessageRow("Ana Costa", .received, "2024-01-05T10:04:00Z", ""),
        MessageRow("Bo Silva", .sent, "2024-01-05T12:05:00Z", "see you at noon"),
        MessageRow("Ana Costa", .received, "2024-01-05T12:07:00Z", ""),
      ])
    let messages = transcript.messages
    #expect(
      messages[0].extras.spans == [
        TextSpan(start: 8, length: 1, style: .bold),
        TextSpan(start: 23, length: 24, style: .link("https://example.org/pier")),
        TextSpan(start: 48, length: 9, style: .mention("111222333")),
      ])
    #expect(messages[1].extras.replyTo == "AAAA1234/t1/t1")
    let picture = try #require(messages[2].extras.attachments.first)
    #expect(picture.kind == .image)
    #expect(picture.fileName == "trail.png")
    #expect(picture.byteCount == 112)
    #expect(messages[3].extras.isEdited)
    #expect(messages[4].extras.isDeleted)
  }

  @Test func aDirectMessageIsNamedAfterTheOtherPerson() throws {
    let (transcript, _) = try ImportFixtures.read(
      ImportFixtures.input("google-chat-takeout"), as: format, options: ImportOptions(chat: "Ana Costa"))
    #expect(transcript.messages.map(\.text) == ["Thanks for the walk!"])
    #expect(transcript.meID == nil)
  }

  @Test func readsAMessagesFileAndItsFolder() throws {
    for name in [Self.space, Self.space + "/messages.json"] {
      let input = try ImportFixtures.input(name)
      #expect(Importer.detect(input)?.name == "googlechat")
      let (transcript, _) = try ImportFixtures.read(input, as: format, options: ImportOptions(me: ["Bo"]))
      #expect(transcript.title == "Harbour Walk")
      #expect(transcript.messages.count == 5)
      #expect(transcript.messages[2].extras.attachments.first?.source != nil)
    }
  }

  @Test func readsTakeoutDates() {
    #expect(
      GoogleChatSpaceReader.time("Tuesday, January 2, 2024 at 3:04:05 PM UTC").map(ISO8601.format)
        == "2024-01-02T15:04:05Z")
    #expect(
      GoogleChatSpaceReader.time("Wednesday, April 15, 2015 at 12:51:41 AM UTC").map(ISO8601.format)
        == "2015-04-15T00:51:41Z")
    #expect(
      GoogleChatSpaceReader.time("Monday, March 4, 2024 at 9:00:00\u{202F}AM GMT+2").map(ISO8601.format)
        == "2024-03-04T07:00:00Z")
    #expect(GoogleChatSpaceReader.time("January 2, 2024") == nil)
  }

  /// A message whose annotation holds `video_call_metadata` started a Meet call: a video call
  /// of its creator (issue 36).
  @Test func aMeetCallIsACallOfItsCreator() throws {
    let input = try ImportFixtures.input(
      text: """
        {"messages": [
          {"creator": {"name": "Ana", "email": "ana@example.com"},
           "created_date": "Tuesday, January 2, 2024 at 3:04:05 PM UTC", "text": "",
           "annotations": [{"start_index": 0, "length": 0,
             "video_call_metadata": {"meeting_space": {"meeting_url": "https://meet.google.com/abc-defg-hij"}}}]},
          {"creator": {"name": "Bo", "email": "bo@example.com"},
           "created_date": "Tuesday, January 2, 2024 at 3:05:05 PM UTC", "text": "joining"}
        ]}
        """, path: "messages.json")
    let (transcript, _) = try ImportFixtures.read(input, as: format)
    #expect(transcript.messages.map(\.authorID) == ["ana@example.com", "bo@example.com"])
    #expect(ImportFixtures.calls(transcript) == ["1 video answered -"])
  }

  @Test func aBadDateIsLocated() throws {
    let input = try ImportFixtures.input(
      text: """
        {"messages": [
          {"creator": {"name": "Ana"}, "created_date": "yesterday", "text": "hi"}
        ]}
        """, path: "messages.json")
    let error = try ImportFixtures.error { _ = try ImportFixtures.read(input, as: format) }
    #expect(error.position == "2:48")
    #expect(error.message.hasPrefix("invalid date 'yesterday'"))
  }
}
