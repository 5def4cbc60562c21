import Foundation
import Testing

/// Issue 35, "Never touch what is not ours", for the command line's outputs: what a run may
/// remove, where it may write, and what names it gives.
@Suite struct OwnFilesOnlyTests {
  static let chat = "me: Sam\n\n> hello\n< hi there\n"

  @Test("a one-character output name is written, not a crash")
  func oneCharacterOutputName() throws {
    let sandbox = try Sandbox(writing: Self.chat, to: "a.chat")
    let result = try sandbox.chatrender(["a.chat", "-o", "x"])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(try sandbox.bytes("x").starts(with: [0x89, 0x50, 0x4E, 0x47]))
  }
}
