import Foundation
import Testing

/// Google Voice's Takeout through the command line (issue 38): the Voice folder is one
/// export, its chats rendered each, and the cap on its pages.
@Suite("Google Voice export")
struct GoogleVoiceCommandTests {
  static let fixture = TestPaths.packageRoot.appendingPathComponent(
    "Tests/ChatRenderTests/Fixtures/formats/google-voice-takeout/Takeout/Voice")

  @Test("render VOICE --all-chats renders a chat per contact or group, not a picture per page")
  func renderAllChats() throws {
    let result = try Sandbox().chatrender(["render", Self.fixture.path, "--all-chats", "-o", "out/"])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardError.contains("2 files written"), "\(result.standardError)")
  }

  @Test("CHATRENDER_MAX_VOICE_PAGES refuses an export of more pages, naming it")
  func pageLimit() throws {
    let result = try Sandbox().chatrender(
      ["parse", Self.fixture.path, "--chat", "1"], environment: ["CHATRENDER_MAX_VOICE_PAGES": "2"])
    #expect(result.status == 1)
    #expect(
      result.standardError.contains(
        "error: pages of one Google Voice export (Voice/Calls/*.html) over the 2 limit "
          + "(raise it with CHATRENDER_MAX_VOICE_PAGES)"),
      "\(result.standardError)")
  }
}
