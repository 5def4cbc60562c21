import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

@Suite struct ImporterTests {
  @Test func theParticipantListCountsMessagesNotNotices() {
    let transcript = Transcript(
      participants: [Participant(id: "h", name: "hamza"), Participant(id: "a", name: "Ana")],
      messages: [
        Message(authorID: "h", text: "hi"), Message(authorID: "h", text: "hamza joined", kind: .system),
        Message(authorID: "a", text: "hello"),
      ])
    #expect(Importer.participantList(transcript) == "hamza (1 message), Ana (1 message)")
  }
}
