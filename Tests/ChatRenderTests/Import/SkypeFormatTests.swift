import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

@Suite struct SkypeFormatTests {
  let format = SkypeFormat()

  @Test func readsAConversationWithEmoticonsAQuoteAndAnEdit() throws {
    let input = try ImportFixtures.input("skype-messages.json")
    #expect(Importer.detect(input)?.name == "skype")
    #expect(try format.listChats(input) == ["Ana Costa", "Harbour Walk"])
    let (transcript, warnings) = try ImportFixtures.read(input, as: format, options: ImportOptions(chat: "ana costa"))
    #expect(warnings.isEmpty)
    #expect(transcript.title == "Ana Costa")
    #expect(transcript.participants.map(\.name) == ["Ana Costa", "Bo Silva"])
    #expect(transcript.meID == "8:live:bo.silva")
    #expect(
      MessageRow.rows(transcript) == [
        MessageRow("Ana Costa", .received, "2024-01-05T10:02:00Z", "Bom dia 🙂 & welcome <3 (unknownthing)"),
        MessageRow("Bo Silva", .sent, "2024-01-05T10:03:00Z", "Shall we walk by the harbour?\nWeather looks fine ☀️"),
        MessageRow("Ana Costa", .received, "2024-01-05T10:05:00Z", "Yes! Map: https://example.org/map"),
        MessageRow("Bo Silva", .sent, "2024-01-05T10:07:00Z", "See you at 9 sharp 👋"),
        MessageRow("Ana Costa", .received, "2024-01-05T10:08:00Z", ""),
        MessageRow("Ana Costa", .received, "2024-01-05T10:09:00Z", ""),
      ])
    #expect(ImportFixtures.calls(transcript) == ["6 voice answered 95"])
    let messages = transcript.messages
    #expect(messages[2].extras.replyTo == "1704448980000")
    #expect(messages[2].extras.spans == [TextSpan(start: 10, length: 23, style: .link("https://example.org/map"))])
    #expect(messages[2].extras.reactions == [Reaction(emoji: "❤️", count: 1, by: ["8:live:bo.silva"])])
    #expect(messages[3].extras.isEdited)
    #expect(messages[3].extras.spans == [TextSpan(start: 11, length: 7, style: .bold)])
    let photo = try #require(messages[4].extras.attachments.first)
    #expect(photo.kind == .image)
    #expect(photo.fileName == "harbour.jpg")
    #expect(photo.byteCount == 2048)
  }

  /// A Teams export (an `8:orgid:` owner) is read by Skype's reader under the name "teams", so
  /// it is drawn in Teams' look; a Skype export stays Skype's (issue 37).
  @Test func aTeamsExportIsTeamsPart() throws {
    let teams = try Importer.part(of: format, input: ImportFixtures.input("teams-messages.json"), chat: "#1")
    #expect(teams.format.name == "teams" && teams.chat == "#1")
    #expect(FormatThemes.themeName(forFormat: teams.format.name, dark: true) == "teams-dark")
    let skype = try Importer.part(of: format, input: ImportFixtures.input("skype-messages.json"), chat: nil)
    #expect(skype.format.name == "skype")
  }

  /// Teams' personal export is Skype's layout with Teams' HTML (issue 38): its pictures and
  /// stickers are chips, its mentions mentions, its emoji pictures their emoji.
  @Test func readsATeamsPersonalExport() throws {
    let (transcript, warnings) = try ImportFixtures.readDetected(
      ImportFixtures.input("teams-messages.json"), as: "skype")
    #expect(warnings.isEmpty)
    #expect(transcript.meID == "8:orgid:2f1c0b7e-9a3d-4c61-8e55-0d7b4a1f9c22")
    #expect(
      MessageRow.rows(transcript) == [
        MessageRow("Ana Costa", .received, "2024-03-02T09:20:00Z", "Morning Bo,\nthe release build is green 🙂"),
        MessageRow("Bo Silva", .sent, "2024-03-02T09:21:00Z", "Thanks Ana! Looks great"),
        MessageRow("Ana Costa", .received, "2024-03-02T09:23:00Z", "Screenshot of the dashboard:"),
        MessageRow("Bo Silva", .sent, "2024-03-02T09:25:00Z", "Plain text from the old client"),
      ])
    #expect(ImportFixtures.chips(transcript) == ["2 sticker:Thumbs up", "3 image:dashboard.png"])
    #expect(
      transcript.messages[1].extras.spans == [
        TextSpan(start: 7, length: 3, style: .mention("0")), TextSpan(start: 18, length: 5, style: .bold),
      ])
  }

  /// A call's end is a call of its sender with its length, a missed call one without
  /// (issue 36); a call's start stays a notice.
  @Test func callEventsAreCalls() {
    let ended =
      #"<partlist type="ended" alt=""><part identity="a"><name>A</name><duration>61</duration></part></partlist>"#
    #expect(SkypeConversationReader.call(type: "Event/Call", content: ended) == Call(outcome: .answered, duration: 61))
    let missed = #"<partlist type="missed" alt=""><part identity="a"><name>A</name></part></partlist>"#
    #expect(SkypeConversationReader.call(type: "Event/Call", content: missed) == Call(outcome: .missed))
    let started = #"<partlist type="started" alt=""><part identity="a"><name>A</name></part></partlist>"#
    #expect(SkypeConversationReader.call(type: "Event/Call", content: started) == nil)
    #expect(SkypeConversationReader.call(type: "Text", content: ended) == nil)
  }

  @Test func readsAGroupWithItsMemberNoticesAndMentions() throws {
    let (transcript, _) = try ImportFixtures.read(
      ImportFixtures.input("skype-messages.json"), as: format, options: ImportOptions(chat: "Harbour Walk"))
    #expect(
      MessageRow.rows(transcript) == [
        MessageRow(nil, .center, "2024-01-05T07:33:20Z", "Bo Silva added cy", .system),
        MessageRow("Bo Silva", .sent, "2024-01-05T07:34:20Z", "Welcome Cy!"),
      ])
    #expect(transcript.messages[1].extras.spans == [TextSpan(start: 8, length: 2, style: .mention("8:live:cy"))])
  }

  @Test func severalConversationsNeedAChoice() throws {
    let error = try ImportFixtures.error {
      _ = try ImportFixtures.read(ImportFixtures.input("skype-messages.json"), as: format)
    }
    #expect(error.message == "the export holds 2 conversations; choose one")
    #expect(error.notes.count == 2)
  }

  @Test func aQuoteOfAMessageNotInTheFileIsAQuoteBlock() {
    let (text, markup) = SkypeConversationReader.read(
      "<quote messageid=\"9\"><legacyquote>[1:00] Ana: </legacyquote>old news</quote>fresh", knownIDs: [])
    #expect(text == "old news\nfresh")
    #expect(markup.spans == [TextSpan(start: 0, length: 8, style: .quote)])
    #expect(markup.replyTo == nil)
  }

  @Test func aBadTimeIsLocated() throws {
    let input = try ImportFixtures.input(
      text: """
        {"userId": "8:me", "conversations": [{"id": "8:a", "MessageList": [
          {"id": "1", "from": "8:a", "messagetype": "Text", "content": "hi", "originalarrivaltime": "soon"}
        ]}]}
        """, path: "messages.json")
    let error = try ImportFixtures.error { _ = try ImportFixtures.read(input, as: format) }
    #expect(error.position == "2:93")
    #expect(error.message.hasPrefix("invalid time 'soon'"))
  }
}
