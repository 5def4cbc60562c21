import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

@Suite struct GoogleVoiceFormatTests {
  let format = GoogleVoiceFormat()
  let takeout = "google-voice-takeout"
  let calls = "google-voice-takeout/Takeout/Voice/Calls/"

  @Test func gathersAContactsTextsAndCallsIntoOneChat() throws {
    let input = try ImportFixtures.input(takeout)
    #expect(Importer.detect(input)?.name == "googlevoice")
    #expect(try format.listChats(input) == ["Ana Costa", "Ana Costa, Cy Mendes"])
    let (transcript, warnings) = try ImportFixtures.read(input, options: ImportOptions(chat: "ana costa"))
    #expect(warnings.isEmpty)
    #expect(transcript.title == "Ana Costa")
    #expect(transcript.participants.map(\.name) == ["Ana Costa", "Me"])
    #expect(transcript.meID == "me")
    #expect(
      MessageRow.rows(transcript) == [
        MessageRow("Ana Costa", .received, "2024-01-05T10:02:00.120Z", "Bom dia! Ferry at 9?\nOr the 10:30 one"),
        MessageRow("Me", .sent, "2024-01-05T10:03:10.500Z", "9 works & I'll bring the map"),
        MessageRow("Ana Costa", .received, "2024-01-05T10:05:00Z", ""),
        MessageRow("Ana Costa", .received, "2024-01-05T12:00:00Z", ""),
        MessageRow("Me", .sent, "2024-01-05T12:05:00Z", ""),
        MessageRow("Ana Costa", .received, "2024-01-06T09:00:00Z", ""),
        MessageRow("Ana Costa", .received, "2024-01-06T09:00:00Z", "Hi, it's Ana. Call me back about the ferry."),
      ])
    #expect(
      transcript.messages[1].extras.spans == [TextSpan(start: 21, length: 7, style: .link("https://example.org/map"))])
    // The MMS picture's name has no extension in the page: found beside it all the same.
    #expect(
      ImportFixtures.chips(transcript) == [
        "3 image:Ana Costa - Text - 2024-01-05T10_02_00Z-3-1.png",
        "7 audio:Ana Costa - Voicemail - 2024-01-06T09_00_00Z.mp3",
      ])
    #expect(transcript.messages[2].extras.attachments.first?.source != nil)
    #expect(transcript.messages[6].extras.attachments.first?.duration == 14)
    #expect(ImportFixtures.calls(transcript) == ["4 voice missed -", "5 voice answered 125", "6 voice missed -"])
  }

  @Test func readsAGroupConversationWithItsMembers() throws {
    let (transcript, _) = try ImportFixtures.read(ImportFixtures.input(takeout), options: ImportOptions(chat: "2"))
    #expect(transcript.title == "Ana Costa, Cy Mendes")
    #expect(
      MessageRow.rows(transcript) == [
        MessageRow("Cy Mendes", .received, "2024-01-07T18:00:00Z", "Who's in for Sunday lunch?"),
        MessageRow("Me", .sent, "2024-01-07T18:01:30Z", "Me! <3"),
        MessageRow("Ana Costa", .received, "2024-01-07T18:02:00Z", "Count me in"),
      ])
    #expect(ImportFixtures.chips(transcript) == ["3 contact:Group Conversation - 2024-01-07T18_00_00Z-3-1.vcf"])
  }

  @Test func readsOnePageGivenAlone() throws {
    let (transcript, _) = try ImportFixtures.readDetected(
      ImportFixtures.input(calls + "Ana Costa - Placed - 2024-01-05T12_05_00Z.html"), as: "googlevoice")
    #expect(transcript.title == "Ana Costa")
    #expect(ImportFixtures.calls(transcript) == ["1 voice answered 125"])
    let (texts, _) = try ImportFixtures.readDetected(
      ImportFixtures.input(calls + "Ana Costa - Text - 2024-01-05T10_02_00Z.html"), as: "googlevoice")
    #expect(texts.messages.count == 3)
    #expect(texts.messages[2].extras.attachments.first?.source != nil)
  }

  @Test func aMessageWithoutItsTimeIsLocated() throws {
    let page = """
      <html><body><div class="hChatLog hfeed">
      <div class="message"><abbr class="dt" title="soon">Soon</abbr>:
      <cite class="sender vcard"><a class="tel" href="tel:+1"><span class="fn">A</span></a></cite>:
      <q>hi</q></div></div></body></html>
      """
    try ImportFixtures.expectParseError(
      page, with: format, at: "2:1",
      "invalid time 'soon' (expected abbr.dt with a title such as 2019-03-04T09:38:01.000-08:00)")
  }

  @Test func isoDurations() {
    #expect(GoogleVoicePage.seconds(ofISODuration: "PT4S") == 4)
    #expect(GoogleVoicePage.seconds(ofISODuration: "PT1M") == 60)
    #expect(GoogleVoicePage.seconds(ofISODuration: "PT1H2M3S") == 3723)
    #expect(GoogleVoicePage.seconds(ofISODuration: "PT99999999H") == nil)
    #expect(GoogleVoicePage.seconds(ofISODuration: "P1D") == nil)
  }

  @Test func otherFixturesAreNotGoogleVoice() throws {
    for name in try ImportFixtures.fixtureNames(except: takeout) {
      guard let input = try? ImportFixtures.input(name) else { continue }
      #expect(!format.detect(input), "\(name)")
    }
  }
}
