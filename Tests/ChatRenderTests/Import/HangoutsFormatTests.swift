import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

@Suite struct HangoutsFormatTests {
  let format = HangoutsFormat()
  let takeout = "hangouts-takeout"

  @Test func readsAConversationWithFormattingALinkAPhotoAndCalls() throws {
    let input = try ImportFixtures.input(takeout)
    #expect(Importer.detect(input)?.name == "hangouts")
    #expect(try format.listChats(input) == ["Ana Costa", "Harbour Walk"])
    let (transcript, warnings) = try ImportFixtures.read(input, options: ImportOptions(chat: "ana costa"))
    #expect(warnings.isEmpty)
    #expect(transcript.title == "Ana Costa")
    #expect(transcript.participants.map(\.name) == ["Ana Costa", "Bo Silva"])
    #expect(transcript.meID == "110000000000000000002")
    #expect(
      MessageRow.rows(transcript) == [
        MessageRow("Ana Costa", .received, "2024-01-05T10:02:00Z", "Bom dia! Harbour walk at nine?"),
        MessageRow("Bo Silva", .sent, "2024-01-05T10:03:00Z", "Yes\nthe map: example.org/map"),
        MessageRow("Ana Costa", .received, "2024-01-05T10:05:00Z", ""),
        MessageRow("Bo Silva", .sent, "2024-01-05T10:10:00Z", ""),
        MessageRow("Ana Costa", .received, "2024-01-05T10:30:00Z", ""),
        MessageRow("Bo Silva", .sent, "2024-01-05T10:32:00Z", "Sorry, missed it again"),
      ])
    let messages = transcript.messages
    #expect(
      messages[0].extras.spans == [
        TextSpan(start: 9, length: 12, style: .bold), TextSpan(start: 25, length: 4, style: .italic),
      ])
    #expect(messages[1].extras.spans == [TextSpan(start: 13, length: 15, style: .link("https://example.org/map"))])
    #expect(ImportFixtures.chips(transcript) == ["3 image:harbour.jpg"])
    // Bo's call, answered by Ana for 95 seconds; Ana's video call nobody answered.
    #expect(ImportFixtures.calls(transcript) == ["4 voice answered 95", "5 video missed -"])
    #expect(messages[5].extras.spans == [TextSpan(start: 17, length: 5, style: .strikethrough)])
  }

  @Test func readsAGroupWithItsMemberNoticesAndRename() throws {
    let (transcript, warnings) = try ImportFixtures.read(
      ImportFixtures.input(takeout), options: ImportOptions(chat: "Harbour Walk"))
    #expect(
      MessageRow.rows(transcript) == [
        MessageRow(nil, .center, "2024-01-05T10:40:00Z", "Bo Silva added Cy Mendes", .system),
        MessageRow("Cy Mendes", .received, "2024-01-05T10:41:00Z", "Hi all 👋"),
        MessageRow(nil, .center, "2024-01-05T10:42:00Z", "Bo Silva changed the name to “Harbour Walk”", .system),
        MessageRow(nil, .center, "2024-01-05T10:45:00Z", "Cy Mendes left", .system),
      ])
    #expect(transcript.participants.map(\.name) == ["Bo Silva", "Ana Costa", "Cy Mendes"])
    #expect(transcript.meID == "110000000000000000002")
    // The off-the-record switch is no message: one warning counts it.
    #expect(warnings.map(\.message) == ["skipped 1 message of unknown kind 'OTR_MODIFICATION'"])
  }

  @Test func readsTheOlderLayoutOfConversationStates() throws {
    let (transcript, _) = try ImportFixtures.readDetected(ImportFixtures.input("hangouts-2016.json"), as: "hangouts")
    #expect(transcript.title == "Ana Costa")
    #expect(transcript.meID == "110000000000000000002")
    #expect(
      MessageRow.rows(transcript).map(\.text) == ["Bom dia! Harbour walk at nine?", "Yes\nthe map: example.org/map"])
  }

  @Test func aTakeoutWithSeveralConversationsAsksForOne() throws {
    let message = ImportFixtures.firstError { _ = try ImportFixtures.read(ImportFixtures.input(takeout), as: format) }
    #expect(message?.hasSuffix("the export holds 2 conversations; choose one") == true)
  }

  @Test func badEventsAreLocated() throws {
    let head = #"{"conversations": [{"conversation": {"conversation": {"participant_data": []}}, "events": ["#
    try ImportFixtures.expectParseError(
      head + #"{"sender_id": {"gaia_id": "1"}, "timestamp": "soon"}]}]}"#, with: format, at: "1:137",
      #"invalid timestamp 'soon' (expected microseconds since 1970 such as "1704448920000000")"#)
    try ImportFixtures.expectParseError(
      head + #"{"timestamp": "1"}]}]}"#, with: format, at: "1:92",
      "missing key 'sender_id' (an object with 'gaia_id')")
    try ImportFixtures.expectParseError(
      #"{"conversations": [{"events": []}]}"#, with: format, at: "1:20", "missing key 'conversation'")
  }

  @Test func aCallLongerThanAWeekKeepsNoLength() throws {
    let text = #"""
      {"conversations": [{"conversation": {"conversation": {"participant_data": []}}, "events": [
      {"sender_id": {"gaia_id": "1"}, "timestamp": "1704448800000000",
       "hangout_event": {"event_type": "END_HANGOUT", "hangout_duration_secs": "99999999"}}]}]}
      """#
    let (transcript, warnings) = try ImportFixtures.parse(ImportFixtures.input(text: text), with: format)
    #expect(ImportFixtures.calls(transcript) == ["1 video answered -"])
    #expect(warnings.count == 1)
  }

  @Test func googleRedirectsAreUnwrapped() {
    #expect(
      HangoutsConversationReader.unwrapped("http://www.google.com/url?q=https%3A%2F%2Fa.example%2Fx%3Fy%3D1&sa=D")
        == "https://a.example/x?y=1")
    #expect(HangoutsConversationReader.unwrapped("https://example.org/url?q=x") == "https://example.org/url?q=x")
  }

  @Test func otherFixturesAreNotHangouts() throws {
    for name in try ImportFixtures.fixtureNames(except: takeout) where name != "hangouts-2016.json" {
      guard let input = try? ImportFixtures.input(name) else { continue }
      #expect(!format.detect(input), "\(name)")
    }
  }
}
