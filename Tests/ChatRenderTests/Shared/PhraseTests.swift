import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

/// Sentences of ours kept as words and values (`Phrase`), written in the reader's language,
/// and what `--redact` writes in it (issue 42).
struct PhraseTests {
  static let call = Phrase(.noticeCallFromLength, ["actor": .text("Ana"), "length": .length(3_900)])
  static let added = Phrase(
    .noticeAdded,
    ["actor": .text("Ana"), "names": .list([.text("Bo"), .text("Cy"), .phrase(Phrase(.deletedAccount))])])

  @Test func englishIsTheMessagesText() {
    #expect(Self.call.english == "Call from Ana (1:05:00)")
    #expect(Self.added.english == "Ana added Bo, Cy and Deleted Account")
    #expect(
      Phrase(.noticeAutoDelete, ["actor": .text("Ana"), "period": .length(86_400 * 7)]).english
        == "Ana set messages to auto-delete after 7 days")
  }

  @Test func otherLanguagesListAndCountTheirWay() throws {
    let japanese = try #require(Translation.named("ja"))
    #expect(japanese.text(Self.added, digits: { $0 }) == "AnaがBo、Cy、削除されたアカウントを追加しました")
    let german = try #require(Translation.named("de"))
    #expect(german.text(Self.added, digits: { $0 }) == "Ana hat Bo, Cy und Gelöschtes Konto hinzugefügt")
    let arabic = try #require(Translation.named("ar"))
    let labels = LocalizedLabels(try #require(TextLocale.named("ar_EG")))
    #expect(arabic.text(Self.call, digits: labels.localDigits) == "مكالمة من \u{2068}Ana\u{2069} (١:٠٥:٠٠)")
    // Names, channels and reasons keep their place in a right-to-left sentence.
    let left = Phrase(
      .noticeReason,
      [
        "notice": .phrase(Phrase(.noticeLeftChannel, ["actor": .text("marla"), "channel": .text("#klettern")])),
        "reason": .text("Tschüss"),
      ])
    #expect(
      arabic.text(left, digits: { $0 })
        == "غادر \u{2068}marla\u{2069} \u{2068}#klettern\u{2069} (\u{2068}Tschüss\u{2069})")
    #expect(german.text(left, digits: { $0 }) == "marla hat #klettern verlassen (Tschüss)")
  }

  @Test func theFacadeWritesPhrasesAndNamesInTheLocale() {
    var notice = Message(authorID: nil, text: Self.call.english, kind: .system)
    notice.extras.phrase = Self.call
    var them = Participant(id: "them", name: "Them")
    them.namePhrase = Phrase(.them)
    let transcript = Transcript(title: nil, participants: [them], meID: nil, messages: [notice])
    let german = try? #require(Translation.named("de"))
    let written = transcript.withPhrasesWritten { german?.text($0, digits: { $0 }) ?? "" }
    #expect(written.messages.map(\.text) == ["Anruf von Ana (1:05:00)"])
    #expect(written.participants.map(\.name) == ["Die anderen"])
  }

  @Test("a transcript is worded once: what is written holds no phrase, so writing it again writes none")
  func wordedOnce() {
    var notice = Message(authorID: nil, text: "", kind: .system)
    notice.say(Self.call)
    var saved = Transcript(
      participants: [Participant(id: "me", word: .me)], meID: "me",
      messages: [notice, Message(authorID: "me", text: "Notiz")])
    saved.name(by: Phrase(.savedMessages))
    var written: [Phrase] = []
    let once = saved.withPhrasesWritten {
      written.append($0)
      return "·"
    }
    #expect(written == [Phrase(.savedMessages), Phrase(.me), Self.call])
    #expect(once.title == "·" && once.participants[0].name == "·" && once.messages.map(\.text) == ["·", "Notiz"])
    written = []
    let twice = once.withPhrasesWritten {
      written.append($0)
      return "?"
    }
    #expect(written.isEmpty)
    #expect(twice == once)
  }

  @Test func redactionWritesAliasesAndMasksInTheLanguage() throws {
    var notice = Message(authorID: nil, text: Self.call.english, kind: .system)
    notice.extras.phrase = Self.call
    let transcript = Transcript(
      title: nil, participants: [Participant(id: "ana", name: "Ana")], meID: nil,
      messages: [Message(authorID: "ana", text: "Ruf mich an: +49 151 23456789"), notice])
    var filter = TranscriptFilter(redact: true)
    filter.words = try #require(Translation.named("fr"))
    let redacted = filter.apply(to: transcript)
    #expect(redacted.participants.map(\.name) == ["Personne A"])
    #expect(redacted.messages[0].text == "Ruf mich an: [téléphone]")
    // The name inside a sentence of ours is replaced too, not written back by the façade.
    #expect(redacted.messages[1].extras.phrase?.values["actor"] == .text("Personne A"))
  }
}
