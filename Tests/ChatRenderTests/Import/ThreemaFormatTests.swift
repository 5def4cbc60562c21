import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

@Suite struct ThreemaFormatTests {
  let format = ThreemaFormat()

  @Test func readsAnExportFolderWithItsMediaAndContinuationLines() throws {
    let (transcript, warnings) = try ImportFixtures.readDetected(ImportFixtures.input("threema-export"), as: "threema")
    #expect(warnings.isEmpty)
    #expect(transcript.title == "Ana Costa")
    #expect(transcript.participants.map(\.name) == ["Ana Costa", "Me"])
    #expect(transcript.participant(id: transcript.meID ?? "")?.name == "Me")
    #expect(
      MessageRow.rows(transcript) == [
        MessageRow(
          "Ana Costa", .received, "2024-05-19T10:23:00", "Bom dia! Are we still on for the market on Saturday?"),
        MessageRow("Me", .sent, "2024-05-19T10:25:00", "Yes! Eight sharp, by the fountain"),
        MessageRow(
          "Ana Costa", .received, "2024-05-19T10:26:00", "Perfect. Bring bags:\n- the big one\n- the blue one"),
        MessageRow("Me", .sent, "2024-05-19T10:31:00", ""),
        MessageRow("Ana Costa", .received, "2024-05-19T10:32:00", "😍 <3 that view"),
        MessageRow("Ana Costa", .received, "2024-05-20T08:02:00", ""),
      ])
    #expect(transcript.messages[0].extras.spans == [TextSpan(start: 33, length: 6, style: .bold)])
    #expect(transcript.messages[1].extras.spans == [TextSpan(start: 5, length: 11, style: .italic)])
    #expect(
      ImportFixtures.chips(transcript) == [
        "4 image:5f0c2a91-7d3e-4b8a-9c1e-2f6b8d4a7e10.png", "6 audio:a4c1e7d0-0b2f-4c55-8f3e-9a1d2b3c4d5e.ogg",
      ])
    #expect(transcript.messages[3].extras.attachments.first?.source != nil)
  }

  @Test func readsTheGermanDayFirstLayoutWithIchAsMe() throws {
    let (transcript, _) = try ImportFixtures.readDetected(ImportFixtures.input("threema-de.txt"), as: "threema")
    #expect(
      MessageRow.rows(transcript) == [
        MessageRow("Bo Silva", .received, "2020-05-19T10:23:00", "Hallo!"),
        MessageRow("Ich", .sent, "2020-05-19T10:24:00", "Hi Bo, heute morgen?"),
        MessageRow("Bo Silva", .received, "2020-05-20T18:05:00", "Gut."),
      ])
  }

  @Test func headerShapes() {
    #expect(
      ThreemaLine.parse("[19/05/2020, 10:23] Ana: hi")?.date(monthFirst: false)
        == LocalDate(year: 2020, month: 5, day: 19))
    #expect(
      ThreemaLine.parse("[05/19/2020, 10:23] Ana: hi")?.date(monthFirst: true)
        == LocalDate(year: 2020, month: 5, day: 19))
    // WhatsApp's bracketed headers carry seconds; Threema's do not.
    #expect(ThreemaLine.parse("[19/05/2020, 10:23:45] Ana: hi") == nil)
    #expect(ThreemaLine.parse("[19.05.20, 10:23] Ana: hi") == nil)
    #expect(ThreemaLine.parse("[2020/05/19, 10:23] Ana: hi") == nil)
    #expect(ThreemaReader.fileReferences(in: "see <a b.png> <x.jpg> <3 <.png>") == ["<x.jpg>"])
  }

  @Test func aFileWithoutHeadersIsAnErrorAtItsStart() throws {
    try ImportFixtures.expectParseError(
      "just some text\n", with: format, at: "1:1", "no Threema message line (such as '[2024-05-19, 10:23] Ana: text')")
  }

  @Test func otherFixturesAreNotThreema() throws {
    for name in try ImportFixtures.fixtureNames(except: "threema-export") where name != "threema-de.txt" {
      guard let input = try? ImportFixtures.input(name) else { continue }
      #expect(!format.detect(input), "\(name)")
    }
  }
}
