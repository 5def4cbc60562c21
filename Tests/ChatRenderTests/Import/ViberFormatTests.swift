import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

/// Viber's e-mailed message history in the two layouts seen in public repositories
/// (docs/FORMATS.md, "Viber"), on fixtures of our own.
@Suite struct ViberFormatTests {
  let format = ViberFormat()

  @Test func readsTheCommaSeparatedLayout() throws {
    let (transcript, warnings) = try ImportFixtures.readDetected(
      ImportFixtures.input("viber-history-fr.csv"), as: "viber")
    #expect(warnings.isEmpty)
    // "Moi" is the owner of the phone (French).
    #expect(transcript.meID == "+33600000009")
    #expect(
      MessageRow.rows(transcript) == [
        MessageRow("Moi", .sent, "2015-03-14T09:15:02", "Salut ! On se voit ce soir ?"),
        MessageRow("Sara", .received, "2015-03-14T09:16:40", "Oui, à 19h devant le cinéma"),
        MessageRow("Sara", .received, "2015-03-14T09:17:05", "Tu peux réserver ?\nJe n'ai plus de réseau"),
        MessageRow("Moi", .sent, "2015-03-14T21:02:11", "C'était super 😊"),
      ])
    #expect(transcript.participants.map(\.handles) == [["+33600000009"], ["+33600000006"]])
  }

  @Test func readsTheTabSeparatedLayoutWithExcelGuards() throws {
    let (transcript, _) = try ImportFixtures.readDetected(
      ImportFixtures.input("viber-history-tabs.csv"), as: "viber")
    #expect(transcript.meID == "+14155550101")
    #expect(
      MessageRow.rows(transcript) == [
        MessageRow("Me", .sent, "2014-08-17T12:52:56", "Hi"),
        MessageRow("Dana", .received, "2014-08-17T12:58:34", "Hey, \"movie\" tonight?"),
      ])
  }

  @Test func aDateWhoseSecondNumberIsNoMonthIsReadMonthFirst() throws {
    let text = "03/14/2015, 09:15:02, Me, +14155550101, hi\n"
    let (transcript, _) = try ImportFixtures.parse(ImportFixtures.input(text: text, path: "t.csv"), with: format)
    #expect(transcript.messages.first.flatMap { $0.time.map(ISO8601.format) } == "2015-03-14T09:15:02")
  }

  @Test func otherFilesAreNotViber() throws {
    for text in [
      "14/03/2015, 09:15 - Ana: hi\n", "Date,User,Message\n2015-03-14 09:15:02,Ana,hi\n",
      "14/03/2015, 09:15:02, Ana, not a number, hi\n",
    ] {
      #expect(!format.detect(try ImportFixtures.input(text: text, path: "t.csv")), "\(text)")
    }
  }

  @Test func aFirstLineThatIsNoRowIsAnErrorAtItsLine() throws {
    try ImportFixtures.expectParseError(
      "hello\n", with: format, at: "1:1", "expected a Viber row: date, time, sender, phone number, message")
  }

  @Test func aRowOfNoDateIsAnErrorAtItsLine() throws {
    try ImportFixtures.expectParseError(
      "14/03/2015, 09:15:00, Me, +33600000001, Salut\n31/31/2015, 09:16:00, Me, +33600000001, Oui\n",
      with: format, at: "2:1", "'31/31/2015' is not a date")
  }
}
