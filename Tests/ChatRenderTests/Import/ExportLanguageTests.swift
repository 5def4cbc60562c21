import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

/// The language an export is written in, known for certain from its header, is kept on the
/// transcript (issue 42): the command line draws in it when no locale is chosen.
struct ExportLanguageTests {
  @Test(
    "KakaoTalk's saved-date line and LINE's header say the export's language",
    arguments: [
      ("kakaotalk-phone-ko.txt", "ko"), ("kakaotalk-android-ko.txt", "ko"), ("kakaotalk-pc.txt", "ko"),
      ("kakaotalk-phone-en.txt", "en"), ("kakaotalk-android-en.txt", "en"), ("line-ja.txt", "ja"),
      ("line-en.txt", "en"), ("line-ko.txt", "ko"), ("line-th.txt", "th"), ("line-zh-tw.txt", "zh-Hant"),
    ])
  func recognised(_ fixture: String, language: String) throws {
    let (transcript, _) = try ImportFixtures.read(ImportFixtures.input(fixture))
    #expect(transcript.language == language)
  }

  @Test("an export without a header, and a plain transcript, say no language")
  func unknown() throws {
    let line = "2024/01/05(金)\n15:04\t美咲\tこんにちは\n"
    #expect(try ImportFixtures.read(ImportFixtures.input(text: line, path: "chat.txt")).0.language == nil)
    #expect(try ImportFixtures.read(ImportFixtures.input(text: "Ana: hi\nBo: yo\n", path: "p.txt")).0.language == nil)
  }

  @Test("ChatRender JSON writes the language and reads it back")
  func throughJSON() throws {
    var transcript = Transcript(
      participants: [Participant(id: "ana", name: "Ana")], meID: "ana",
      messages: [Message(authorID: "ana", text: "안녕")])
    transcript.language = "ko"
    let json = TranscriptJSONWriter.write(transcript)
    #expect(json.contains("\"language\": \"ko\""))
    let (read, warnings) = try ImportFixtures.read(ImportFixtures.input(text: json, path: "chat.json"))
    #expect(read.language == "ko")
    #expect(warnings.isEmpty)
  }
}
