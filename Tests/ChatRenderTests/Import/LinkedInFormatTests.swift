import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

@Suite struct LinkedInFormatTests {
  let format = LinkedInFormat()

  @Test func readsAConversationOfMessagesCSV() throws {
    let input = try ImportFixtures.input("linkedin-messages.csv")
    #expect(Importer.detect(input)?.name == "linkedin")
    #expect(try format.listChats(input) == ["Jonas Berg", "Harbour Analytics role"])
    let (transcript, warnings) = try ImportFixtures.read(input, options: ImportOptions(chat: "jonas berg"))
    #expect(warnings.isEmpty)
    // The one person in every conversation is the owner.
    #expect(transcript.meID == "Mira Holt")
    #expect(transcript.title == "Jonas Berg")
    // Newest first in the file; drawn in time order.
    #expect(
      MessageRow.rows(transcript) == [
        MessageRow(
          "Mira Holt", .sent, "2024-05-04T14:22:11Z", "Hi Jonas, thanks for connecting.\nWould Tuesday work for a call?"
        ),
        MessageRow("Jonas Berg", .received, "2024-05-04T14:30:00Z", "Great, see you Tuesday!"),
      ])
    #expect(
      transcript.participants.map(\.handles) == [
        ["https://www.linkedin.com/in/jonas-berg-fixture"], ["https://www.linkedin.com/in/mira-holt-fixture"],
      ])
  }

  /// InMail's HTML is read as text with its formatting; text that only has a `<` stays text.
  @Test func readsHTMLContentAsText() throws {
    let (transcript, _) = try ImportFixtures.read(
      ImportFixtures.input("linkedin-messages.csv"), as: format, options: ImportOptions(chat: "harbour"))
    #expect(transcript.title == "Harbour Analytics role")
    let messages = transcript.messages
    #expect(messages[0].text == "Hello Mira,\nWe are hiring a data analyst & I thought of you. The role")
    #expect(messages[0].extras.spans.contains { $0.style == .bold })
    #expect(messages[0].extras.spans.contains { $0.style == .link("https://example.org/job") })
    #expect(messages[1].text == "Thanks Ana <3 I will read it tonight.")
    #expect(messages[1].extras.attachments.map(\.fileName) == ["cv-mira.pdf"])
    #expect(transcript.side(of: messages[1]) == .sent)
  }

  /// The 2020-2021 layout has no `RECIPIENT PROFILE URLS`; columns are found by name.
  @Test func readsTheNineColumnLayout() throws {
    let text = """
      CONVERSATION ID,CONVERSATION TITLE,FROM,SENDER PROFILE URL,TO,DATE,SUBJECT,CONTENT,FOLDER
      c2,,Bo Lind,https://www.linkedin.com/in/bo,Ana Costa,2021-05-14 10:05:00 UTC,,Hi Ana,INBOX
      c1,,Ana Costa,https://www.linkedin.com/in/ana,"Cy Moss, Dee Park",2021-05-14 10:00:00 UTC,,Hello both,SENT

      """
    let input = try ImportFixtures.input(text: text, path: "messages.csv")
    #expect(Importer.detect(input)?.name == "linkedin")
    let (transcript, _) = try ImportFixtures.read(input, options: ImportOptions(chat: "Cy Moss, Dee Park"))
    #expect(transcript.meID == "Ana Costa")
    #expect(MessageRow.rows(transcript) == [MessageRow("Ana Costa", .sent, "2021-05-14T10:00:00Z", "Hello both")])
  }

  @Test func errorsNameTheLineAndColumn() throws {
    try ImportFixtures.expectParseError(
      "CONVERSATION ID,FROM,TO,DATE,CONTENT\n1,Ana,Bo,last week,hi\n", with: format, at: "2:10",
      "invalid date 'last week' (expected LinkedIn's '2024-01-02 15:04:05 UTC')")
    try ImportFixtures.expectParseError(
      "CONVERSATION ID,FROM,TO,DATE,CONTENT\n1,Ana,Bo\n", with: format, at: "2:1", "expected 5 fields, found 3")
  }

  @Test func detectsByHeaderNotName() throws {
    #expect(!format.detect(try ImportFixtures.input(text: "ID,Timestamp,Contents,Attachments\n", path: "messages.csv")))
    #expect(format.detect(try ImportFixtures.input(text: "CONVERSATION ID,FROM,TO,DATE,CONTENT\n", path: "x.txt")))
  }
}
