import Foundation
import Testing

/// `make golden`'s comparison (`scripts/golden.py --compare`): the same render passes, and a
/// bubble colour moved by 12 levels, which a reader barely sees, fails.
struct GoldenScriptTests {
  @Test func passesTheSamePictureAndFailsAChangedColour() throws {
    let python = try #require(TestPaths.tool("python3"))
    let sandbox = try Sandbox()
    let theme = try sandbox.chatrender(["theme", "show", "whatsapp"])
    try #require(theme.status == 0, "\(theme.standardError)")
    let changed = theme.outputText.replacingOccurrences(of: "\"#d9fdd3\"", with: "\"#cdf1c7\"")
    try #require(changed != theme.outputText, "whatsapp's sent fill is no longer #d9fdd3")
    try sandbox.write(changed, to: "changed.json")
    for (theme, name) in [("whatsapp", "one.png"), ("whatsapp", "two.png"), ("changed.json", "changed.png")] {
      let render = try sandbox.chatrender([TestPaths.sample("world.chat"), "--theme", theme, "-o", name])
      try #require(render.status == 0, "\(render.standardError)")
    }
    let script = TestPaths.packageRoot.appendingPathComponent("scripts/golden.py").path
    let same = try sandbox.run(python, [script, "--compare", "two.png", "one.png"])
    #expect(same.status == 0, "\(same.standardError)")
    let moved = try sandbox.run(python, [script, "--compare", "changed.png", "one.png"])
    #expect(moved.status == 1)
    #expect(moved.standardError.contains("% of the pixels differ"), "\(moved.standardError)")
  }
}
