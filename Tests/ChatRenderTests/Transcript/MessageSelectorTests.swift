import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

@Suite struct MessageSelectorTests {
  /// Entries "one"… with ids "m1"…, the third a system notice.
  let chat = Transcript(
    participants: [Participant(id: "a", name: "Ana")],
    messages: [
      Message(id: "m1", authorID: "a", text: "Deposit due Friday"),
      Message(id: "m2", authorID: "a", text: "the DEPOSIT is late"),
      Message(id: "m3", authorID: nil, text: "Ana changed the deposit rules", kind: .system),
      Message(id: "m4", authorID: "a", text: "ok"),
    ])

  @Test(arguments: [
    ("3", MessageSelector.entries(3...3)), ("2-4", .entries(2...4)), (" 7 ", .entries(7...7)),
    ("id:m2", .id("m2")), ("ID:abc", .id("abc")), ("text:deposit late", .text(["deposit", "late"])),
  ])
  func reads(text: String, selector: MessageSelector) throws {
    #expect(try MessageSelector(parsing: text) == selector)
  }

  @Test(arguments: ["0", "3-1", "abc", "1-2-3", "-2", "id:", "text:  ", "٣"])
  func refuses(text: String) {
    #expect(throws: MessageSelectorError.self) { try MessageSelector(parsing: text) }
  }

  @Test("entries count from 1, notices included; a range past the end stops at the end")
  func entries() {
    #expect(MessageSelector.entries(3...3).indexes(in: chat) == [2])
    #expect(MessageSelector.entries(3...9).indexes(in: chat) == [2, 3])
    #expect(MessageSelector.entries(5...6).indexes(in: chat) == [])
  }

  @Test("text: every message holding all the words, in any case")
  func text() {
    #expect(MessageSelector.text(["deposit"]).indexes(in: chat) == [0, 1, 2])
    #expect(MessageSelector.text(["late", "Deposit"]).indexes(in: chat) == [1])
    #expect(MessageSelector.text(["refund"]).indexes(in: chat) == [])
  }

  @Test func ids() {
    #expect(MessageSelector.id("m4").indexes(in: chat) == [3])
    #expect(MessageSelector.id("m9").indexes(in: chat) == [])
  }

  @Test("a selector is written back as it is read")
  func description() throws {
    for text in ["4", "2-5", "id:m1", "text:deposit late"] {
      #expect(try MessageSelector(parsing: text).description == text)
    }
  }
}
