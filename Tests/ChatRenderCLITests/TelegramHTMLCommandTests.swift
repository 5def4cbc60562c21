import Foundation
import Testing

/// Telegram Desktop's HTML export folder through the command line (issue 36): rendered with
/// its pictures, and the cap on its pages.
@Suite("Telegram HTML export")
struct TelegramHTMLCommandTests {
  /// The test fixture's HTML export, without its JSON twin (which a folder would be read as).
  static let fixture = TestPaths.packageRoot.appendingPathComponent(
    "Tests/ChatRenderTests/Fixtures/formats/telegram-html")
  static let exportParts = [
    "messages.html", "messages2.html", "photos", "files", "voice_messages", "stickers", "video_files",
  ]

  static func sandboxWithExport() throws -> Sandbox {
    let sandbox = try Sandbox()
    let export = sandbox.url.appendingPathComponent("ChatExport_2024-03-20")
    try FileManager.default.createDirectory(at: export, withIntermediateDirectories: true)
    for part in exportParts {
      try FileManager.default.copyItem(
        at: fixture.appendingPathComponent(part), to: export.appendingPathComponent(part))
    }
    return sandbox
  }

  @Test("render FOLDER reads its pages and draws its pictures, with no warning")
  func renderFolder() throws {
    let sandbox = try Self.sandboxWithExport()
    let result = try sandbox.chatrender(["render", "ChatExport_2024-03-20", "-o", "out.png"])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardError == "chatrender: wrote out.png\n")
    #expect(sandbox.exists("out.png"))
    let parsed = try sandbox.chatrender(["parse", "ChatExport_2024-03-20"])
    #expect(parsed.outputText.contains("Last year's ride, for the mood"))
  }

  @Test("CHATRENDER_MAX_HTML_PAGES refuses an export of more pages, naming it")
  func pageLimit() throws {
    let sandbox = try Self.sandboxWithExport()
    let result = try sandbox.chatrender(
      ["parse", "ChatExport_2024-03-20"], environment: ["CHATRENDER_MAX_HTML_PAGES": "1"])
    #expect(result.status == 1)
    #expect(
      result.standardError.contains(
        "messages.html:1:1: error: pages of one HTML export (messagesN.html) over the 1 limit "
          + "(raise it with CHATRENDER_MAX_HTML_PAGES)"),
      "\(result.standardError)")
  }
}
