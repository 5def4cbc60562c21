import Testing

@testable import ChatRender

/// Every sample in `Fixtures/formats` against the WhatsApp, IRC and plain detectors.
@Suite struct TextFormatDetectionTests {
  static let mine: [any TranscriptFormat] = [
    WhatsAppZipFormat(), WhatsAppFormat(), IRCFormat(), PlainTranscriptFormat(),
  ]

  @Test(arguments: [
    ("whatsapp-android-24h.txt", "whatsapp"),
    ("whatsapp-android-us-12h.txt", "whatsapp"),
    ("whatsapp-ios-12h.txt", "whatsapp"),
    ("whatsapp-ios-24h-de.txt", "whatsapp"),
    ("whatsapp-ios.zip", "whatsapp-zip"),
    ("whatsapp-android.zip", "whatsapp-zip"),
    ("irc.log", "irc"),
    ("irc-irssi.log", "irc"),
    ("plain.txt", "plain"),
  ])
  func detectsOurSamples(name: String, format: String) throws {
    let input = try TextFormatFixtures.input(name)
    #expect(Importer.detect(input)?.name == format)
    #expect(TextFormatDetectionTests.mine.filter { $0.detect(input) }.map(\.name) == [format])
  }

  @Test(arguments: [
    "telegram-result.json", "telegram-full-export-result.json", "discord-export.json",
    "chatgpt-conversations.json", "openai-messages.json", "sms-backup.xml", "slack-export",
    "slack-export/users.json", "slack-export/general/2024-03-09.json",
  ])
  func rejectsOtherFormatsSamples(name: String) throws {
    let input = try TextFormatFixtures.input(name)
    #expect(TextFormatDetectionTests.mine.filter { $0.detect(input) }.map(\.name) == [])
  }

  @Test func refusesTheWrongKindOfInput() throws {
    let folder = try TextFormatFixtures.input("slack-export")
    let file = try TextFormatFixtures.input("irc.log")
    func error(_ format: any TranscriptFormat, _ input: ImportInput) -> String? {
      TextFormatFixtures.firstError { _ = try TextFormatFixtures.read(input, format: format) }
    }
    #expect(error(IRCFormat(), folder) == "expected an IRC log file, found a folder")
    #expect(error(PlainTranscriptFormat(), folder) == "expected a text file, found a folder")
    #expect(
      error(WhatsAppZipFormat(), file)
        == "expected a WhatsApp .zip export or its folder, found a single file")
    #expect(
      error(WhatsAppFormat(), folder)
        == "no WhatsApp chat found (expected _chat.txt or 'WhatsApp Chat with ….txt')")
  }

  @Test func rejectsChatTextFiles() throws {
    let input = try TextFormatFixtures.input(
      text: "title: Lunch\n\n[2025-03-01 09:30] > hi\n< hello\n-- Ana left\n", path: "lunch.txt")
    #expect(TextFormatDetectionTests.mine.filter { $0.detect(input) }.map(\.name) == [])
    #expect(Importer.detect(input)?.name == "chat")
  }
}
