import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

/// Reactions a library user or a stranger's file may hold: counts past Int's range when
/// summed, an "emoji" of a book's length. Each is drawn; none traps or shapes a book.
@Suite struct HostileReactionTests {
  init() { TestEnvironment.prepare() }

  static func transcript(_ reactions: [Reaction]) -> Transcript {
    Transcript(
      participants: [Participant(id: "a", name: "Ana")],
      messages: [Message(authorID: "a", text: "hello", extras: MessageExtras(reactions: reactions))])
  }

  @Test(
    "reaction counts that overflow when summed (a tapback shows the total) are drawn",
    arguments: [Theme.imessage, .default])
  func hugeCountsAreDrawn(theme: Theme) throws {
    let transcript = Self.transcript([Reaction(emoji: "👍", count: .max), Reaction(emoji: "❤️", count: .max)])
    let page = try TestTranscripts.firstPage(of: transcript, theme: theme)
    #expect(!page.items.isEmpty)
  }

  @Test("a reaction of 100,000 characters is drawn cut to a line")
  func longReactionsAreCut() throws {
    let transcript = Self.transcript([Reaction(emoji: String(repeating: "x", count: 100_000), count: 2)])
    for theme in [Theme.imessage, .default] {
      let page = try TestTranscripts.firstPage(of: transcript, theme: theme)
      let longest =
        page.items.map { item -> Int in
          if case .text(let block) = item { block.text.text.unicodeScalars.count { $0 == "x" } } else { 0 }
        }.max() ?? 0
      #expect(longest < Limit.nameLength.value, "\(theme.name)")
    }
  }
}
