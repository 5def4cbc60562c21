import Foundation
import Testing

/// Guards the layering (docs/ARCHITECTURE.md, "Stages"): only the text engine, Render/ and
/// Output/ touch cairo and Pango.
@Suite struct ArchitectureTests {
  @Test func onlyRenderAndOutputImportCLibraries() throws {
    let sources = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Sources/ChatRender")
    let enumerator = try #require(FileManager.default.enumerator(atPath: sources.path))
    var checked = 0
    for case let relative as String in enumerator where relative.hasSuffix(".swift") {
      checked += 1
      if ["Layout/Text/", "Render/", "Output/"].contains(where: relative.hasPrefix) { continue }
      let text = try String(contentsOf: sources.appendingPathComponent(relative), encoding: .utf8)
      for module in ["CCairo", "CPango"] {
        #expect(!text.contains("import \(module)"), "\(relative) imports \(module)")
      }
    }
    #expect(checked > 20)
  }
}
