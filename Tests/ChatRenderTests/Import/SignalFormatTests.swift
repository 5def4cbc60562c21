import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

@Suite struct SignalFormatTests {
  let format = SignalFormat()

  @Test func readsASignalExportFolderWithItsPicture() throws {
    let input = try ImportFixtures.input("signal-export")
    #expect(Importer.detect(input)?.name == "signal")
    let (transcript, warnings) = try ImportFixtures.read(input, as: format)
    #expect(warnings.isEmpty)
    #expect(transcript.participants.map(\.name) == ["Ana Costa", "Me"])
    #expect(transcript.meID == "me")
    #expect(
      MessageRow.rows(transcript) == [
        MessageRow("Ana Costa", .received, "2024-01-05T10:01:12", "Bom dia! Are we still on for the hike?"),
        MessageRow("Me", .sent, "2024-01-05T10:02:40", "Yes! Starting at 9 tomorrow\nsecond line of mine"),
        MessageRow("Ana Costa", .received, "2024-01-05T10:03:05", "Perfect, I'll bring snacks 🥪"),
        MessageRow("Ana Costa", .received, "2024-01-05T10:04:00", "Look at the trail map"),
        MessageRow("Me", .sent, "2024-01-05T10:05:30", ""),
        MessageRow("Me", .sent, "2024-01-05T10:06:00", ""),
        MessageRow("Ana Costa", .received, "2024-01-05T10:07:10", ""),
        MessageRow("Me", .sent, "2024-01-05T10:08:00", "See you 👋"),
      ])
    #expect(ImportFixtures.calls(transcript) == ["6 voice missed -"])
    let messages = transcript.messages
    #expect(messages[1].extras.reactions == [Reaction(emoji: "👍", count: 1, by: ["ana-costa"])])
    #expect(messages[2].extras.replyTo == messages[1].id)
    let picture = try #require(messages[3].extras.attachments.first)
    #expect(picture.kind == .image)
    #expect(picture.fileName == "trail map.png")
    #expect(picture.byteCount == 112)
    #expect(picture.source != nil)
    #expect(messages[4].extras.isDeleted)
    #expect(messages[6].extras.attachments.map(\.kind) == [.sticker])
    #expect(messages[6].extras.attachments.first?.title == "😀")
    let file = try #require(messages[7].extras.attachments.first)
    #expect(file.kind == .file)
    #expect(file.fileName == "notes.pdf")
    #expect(file.source == nil)
    #expect(messages[7].location?.line == 16)
  }

  /// The call lines exporters write are calls of their sender (issue 36).
  @Test func callLinesAreCalls() {
    #expect(SignalFormat.call("Outgoing voice call (accepted, 2m 3s)") == Call(duration: 123))
    #expect(SignalFormat.call("Incoming video call (1h 0m 5s)") == Call(medium: .video, duration: 3605))
    #expect(SignalFormat.call("Missed video call") == Call(medium: .video, outcome: .missed))
    #expect(SignalFormat.call("Outgoing call (declined)") == Call(outcome: .cancelled))
    #expect(SignalFormat.call("Outgoing call (unanswered)") == Call(outcome: .unanswered))
    for text in ["Missed the bus", "Incoming call from Ana", "Outgoing voice call (accepted", "Voice call"] {
      #expect(SignalFormat.call(text) == nil, "\(text)")
    }
  }

  @Test func readsTheOlderCommaLayoutThatWhatsAppUsedToTake() throws {
    let input = try ImportFixtures.input(
      text: "[2019-12-24, 12:23] Jane Doe: Hello John!\n[2020-01-17, 21:49] John Doe: Hello\nJane!\n",
      path: "chat.md")
    #expect(Importer.detect(input)?.name == "signal")
    let (transcript, _) = try ImportFixtures.read(input, as: format, options: ImportOptions(me: ["John"]))
    #expect(
      MessageRow.rows(transcript) == [
        MessageRow("Jane Doe", .received, "2019-12-24T12:23:00", "Hello John!"),
        MessageRow("John Doe", .sent, "2020-01-17T21:49:00", "Hello\nJane!"),
      ])
  }

  @Test func aQuoteOfAMessageNotInTheFileStandsAboveTheAnswer() throws {
    let input = try ImportFixtures.input(
      text: "[2024-01-05 10:03:05] Ana: \n\n> from last year\n\nstill true  \n", path: "chat.md")
    let (transcript, _) = try ImportFixtures.read(input, as: format)
    let message = try #require(transcript.messages.first)
    #expect(message.text == "from last year\nstill true")
    #expect(message.extras.spans == [TextSpan(start: 0, length: 14, style: .quote)])
    #expect(message.extras.replyTo == nil)
  }

  @Test func readsSigtopText() throws {
    let input = try ImportFixtures.input("sigtop-text.txt")
    #expect(Importer.detect(input)?.name == "signal")
    let (transcript, warnings) = try ImportFixtures.read(input, as: format)
    #expect(warnings.isEmpty)
    #expect(transcript.title == "Ana Costa")
    #expect(transcript.participants.map(\.name) == ["Ana Costa", "You"])
    #expect(
      MessageRow.rows(transcript) == [
        MessageRow("Ana Costa", .received, "2024-01-05T09:01:12Z", "Bom dia! Are we still on for the hike?"),
        MessageRow("You", .sent, "2024-01-05T09:02:40Z", "Yes! Starting at 9 tomorrow\n\nsecond paragraph"),
        MessageRow("Ana Costa", .received, "2024-01-05T09:03:05Z", "Perfect, I'll bring snacks 🥪"),
        MessageRow("Ana Costa", .received, "2024-01-05T09:04:00Z", "Look at the trail map"),
        MessageRow("You", .sent, "2024-01-05T09:05:00Z", "See you at 9 sharp"),
        MessageRow(nil, .center, "2024-01-05T09:06:00Z", "The disappearing messages timer was changed", .system),
      ])
    let messages = transcript.messages
    #expect(messages[1].extras.reactions == [Reaction(emoji: "👍", count: 1, by: ["ana-costa"])])
    #expect(messages[2].extras.replyTo == messages[1].id)
    let picture = try #require(messages[3].extras.attachments.first)
    #expect(picture.kind == .image)
    #expect(picture.mimeType == "image/png")
    #expect(picture.byteCount == 112)
    #expect(messages[4].extras.isEdited)
  }

  @Test func readsSigtopJSON() throws {
    let input = try ImportFixtures.input("sigtop-messages.json")
    #expect(Importer.detect(input)?.name == "signal")
    let (transcript, _) = try ImportFixtures.read(input, as: format)
    let ana = "5e1f0a2b-0000-4000-8000-00000000ana1"
    #expect(
      MessageRow.rows(transcript) == [
        MessageRow(ana, .received, "2024-01-05T09:01:12Z", "Bom dia! Are we still on for the hike?"),
        MessageRow("You", .sent, "2024-01-05T09:02:40Z", "Yes! Starting at 9 tomorrow"),
        MessageRow(ana, .received, "2024-01-05T09:03:05Z", "Perfect, I'll bring snacks 🥪"),
        MessageRow(ana, .received, "2024-01-05T09:04:00Z", "Look at the trail map"),
        MessageRow("You", .sent, "2024-01-05T09:05:00Z", "See you at 9 sharp"),
        MessageRow(nil, .center, "2024-01-05T09:06:00Z", "The disappearing messages timer was changed", .system),
      ])
    let messages = transcript.messages
    #expect(messages[1].extras.reactions == [Reaction(emoji: "👍", count: 1)])
    #expect(messages[2].extras.replyTo == "a2")
    #expect(messages[3].extras.attachments.first?.kind == .image)
    #expect(messages[4].extras.isEdited)
  }

  @Test func aBadSigtopTimeIsLocated() throws {
    let input = try ImportFixtures.input(
      text: "Conversation: Ana\n\nFrom: Ana\nType: incoming\nSent: yesterday\n\nhi\n", path: "s.txt")
    let error = try ImportFixtures.error { _ = try ImportFixtures.read(input, as: format) }
    #expect(error.position == "5:7")
    #expect(error.message.contains("invalid time 'yesterday'"))
  }

  @Test func textBeforeTheFirstRecordIsAnError() throws {
    let input = try ImportFixtures.input(
      text: "notes\n[2024-01-05 10:01:12] Ana: hi\n[2024-01-05 10:01:13] Bo: hey\n", path: "chat.md")
    let error = try ImportFixtures.error { _ = try ImportFixtures.read(input, as: format) }
    #expect(error.position == "1:1")
  }

  @Test func whatsAppLinesInTheSameBracketsStayWhatsApp() throws {
    // whatstk's samples and WhatsApp on iOS in some languages: no two-space line ends, no "Me".
    for text in [
      "[2019-04-16 02:09] Mary: Et labore.\n[2019-04-16 03:01] John: Reprehenderit.\n",
      "[2021-05-05, 11:44:26] Mary: Et labore.\n[2021-05-05, 11:45:00] John: Reprehenderit.\n",
    ] {
      let input = try ImportFixtures.input(text: text, path: "chat.txt")
      #expect(Importer.detect(input)?.name == "whatsapp")
    }
  }

  @Test func whatsAppLinesAreNotSignal() throws {
    let input = try ImportFixtures.input(
      text: "[05/01/2024, 10:01:12] Ana: hi\n[05/01/2024, 10:01:13] Bo: hey\n", path: "chat.txt")
    #expect(!format.detect(input))
  }
}
