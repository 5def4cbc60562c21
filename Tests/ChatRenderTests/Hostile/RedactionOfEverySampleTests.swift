import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

/// `--redact` on every sample and fixture: no participant's name (nor a part of it), handle,
/// id, phone number or e-mail address survives in the redacted transcript, which holds every
/// text that is drawn.
@Suite struct RedactionOfEverySampleTests {
  static let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Samples")

  static let inputs: [String] =
    (ImportFixtures.samples + [
      "whatsapp-ios.zip", "whatsapp-android.zip", "json-traps/chatgpt-export",
      "json-traps/chatgpt-wrapped.json", "json-traps/discord-direct-message.json",
      "json-traps/openai-chat.jsonl", "json-traps/telegram-old-export.json",
      "messenger-e2ee/ana_costa_1.json", "messenger-export/messages/inbox/anacosta_1001/message_1.json",
      "instagram-export/your_instagram_activity/messages/inbox/luamendes_3003/message_1.json",
      "hangouts-takeout", "google-voice-takeout", "threema-export", "threema-de.txt",
      "teams-messages.json",
    ]).map(ImportFixtures.path)
    + ["lisbon-trip.chat", "world.chat", "assistant.json", "claude-porto-plan.json"].map {
      samples.appendingPathComponent($0).path
    }

  /// What must not survive: (text, whether only its exact case counts).
  static func secrets(of transcript: Transcript) -> [(String, Bool)] {
    var found: [(String, Bool)] = []
    func usable(_ text: String) -> Bool {
      text.unicodeScalars.count >= 3
        && !TranscriptRedactor.genericNames.contains(text.lowercased())
    }
    for participant in transcript.participants {
      let name = participant.name.trimmingCharacters(in: .whitespaces)
      if usable(name) { found.append((name, false)) }
      let words = name.split(separator: " ").map(String.init)
      if words.count > 1, usable(name) {
        for word in words where usable(word) && word.first?.isLetter == true {
          found.append((word, true))
        }
      }
      let id = participant.id
      if usable(id) && (id.unicodeScalars.count >= 5 || !id.allSatisfy(\.isNumber)) {
        found.append((id, false))
      }
      for text in [name, id] {
        let scalars = Array(text.unicodeScalars)
        for match in ContactDataFinder.matches(in: scalars) {
          found.append((String(String.UnicodeScalarView(scalars[match.range])), false))
        }
      }
    }
    return found
  }

  @Test(arguments: inputs)
  func nothingPersonalSurvives(path: String) throws {
    let input = try ImportInput.open(path)
    let format = try #require(Importer.detect(input), "no format for \(path)")
    let chats: [String?] = try format.listChats(input) ?? [nil]
    for chat in chats {
      let transcript = try ImportFixtures.read(input, as: format, options: ImportOptions(chat: chat)).0
      let redacted = TranscriptFilter(redact: true, timeZone: .gmt).apply(to: transcript)
      let output = Array(TranscriptJSONWriter.write(redacted).unicodeScalars)
      var matcher = NameMatcher()
      for (secret, caseSensitive) in Self.secrets(of: transcript) {
        matcher.add(secret, replacement: secret, caseSensitive: caseSensitive)
      }
      let survivors = Set(matcher.matches(in: output).map(\.replacement))
      #expect(survivors.isEmpty, "\(path) \(chat ?? ""): \(survivors.sorted())")
      #expect(redacted.participants.allSatisfy { $0.name.hasPrefix("Person ") || $0.name == "Someone" })
      #expect(redacted.participants.allSatisfy { $0.id.hasPrefix("person-") })
    }
  }
}
