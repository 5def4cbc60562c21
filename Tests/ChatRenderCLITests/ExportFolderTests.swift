import Foundation
import Testing

/// `render` on a folder that holds no logs of its own reads it as one export, as `parse` does.
@Suite("folders that are exports without a signature")
struct ExportFolderTests {
  static let slackDay = """
    [{"type": "message", "user": "U0MIRA", "text": "bikes are locked", "ts": "1714550400.000100"},
     {"type": "message", "user": "U0TEO", "text": "thanks", "ts": "1714550460.000200"}]
    """

  @Test("a Slack export of channel folders only renders, its people named by their ids")
  func slackChannelFoldersOnly() throws {
    let sandbox = try Sandbox()
    try sandbox.write(Self.slackDay, to: "team/bikes/2024-05-01.json")
    let result = try sandbox.chatrender(["render", "team", "-o", "team.png"])
    #expect(result.status == 0)
    #expect(result.standardError.contains("no users.json in the export"))
    #expect(PNGHeader(try sandbox.bytes("team.png")) != nil)
  }

  @Test("render on a folder that is no export says what parse says, and exits 1")
  func renderSaysWhatParseSays() throws {
    let sandbox = try Sandbox()
    try sandbox.write("[]", to: "notes/drafts/list.json")
    let render = try sandbox.chatrender(["render", "notes", "-o", "notes.png"])
    let parse = try sandbox.chatrender(["parse", "notes"])
    #expect(parse.status == 1)
    #expect(render.status == 1)
    #expect(!render.standardError.contains("no input files found"))
    #expect(!render.standardError.lowercased().contains("usage"))
    #expect(render.standardError == parse.standardError)
    #expect(!sandbox.exists("notes.png"))
  }
}
