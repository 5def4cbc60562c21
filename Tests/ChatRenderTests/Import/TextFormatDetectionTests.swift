import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

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
    let input = try ImportFixtures.input(name)
    #expect(Importer.detect(input)?.name == format)
    #expect(TextFormatDetectionTests.mine.filter { $0.detect(input) }.map(\.name) == [format])
  }

  @Test(arguments: [
    "telegram-result.json", "telegram-full-export-result.json", "discord-export.json",
    "chatgpt-conversations.json", "openai-messages.json", "sms-backup.xml", "slack-export",
    "slack-export/users.json", "slack-export/general/2024-03-09.json",
  ])
  func rejectsOtherFormatsSamples(name: String) throws {
    let input = try ImportFixtures.input(name)
    #expect(TextFormatDetectionTests.mine.filter { $0.detect(input) }.map(\.name) == [])
  }

  @Test func refusesTheWrongKindOfInput() throws {
    let folder = try ImportFixtures.input("slack-export")
    let file = try ImportFixtures.input("irc.log")
    func error(_ format: any TranscriptFormat, _ input: ImportInput) -> String? {
      ImportFixtures.firstError { _ = try ImportFixtures.read(input, as: format) }
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

  @Test(arguments: [
    ("lunch.txt", "title: Lunch\n\n[2025-03-01 09:30] > hi\n< hello\n-- Ana left\n"),
    ("lunch.chat", "[2025-03-01 09:30] Ana: hi\n[2025-03-01 09:31] Sam: hello\n"),
    ("<stdin>", "[2025-03-01 09:30] > hi\n[2025-03-01 09:31] > more\n[2025-03-01 09:32] Ana: ok\n"),
    ("<stdin>", "title: Lunch\nme: Sam\n\n[2025-03-01 09:30] > hi\n< hello\n"),
  ])
  func leavesChatTextFilesToTheChatFormat(path: String, text: String) throws {
    let input = try ImportFixtures.input(text: text, path: path)
    #expect(TextFormatDetectionTests.mine.filter { $0.detect(input) }.map(\.name) == [])
    #expect(Importer.detect(input)?.name == "chat")
  }

  @Test(arguments: ["Samples/world.chat", "Samples/lisbon-trip.chat"])
  func leavesTheRepositorySamplesToTheChatFormat(path: String) throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let file = try SourceFile(contentsOf: root.appendingPathComponent(path).path)
    #expect(Importer.detect(ImportInput(file: file))?.name == "chat")
    // Without the .chat name, by content alone, none of these formats claims them.
    let input = ImportInput(file: try SourceFile(path: "<stdin>", bytes: file.bytes))
    #expect(TextFormatDetectionTests.mine.filter { $0.detect(input) }.map(\.name) == [])
  }
}
