import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

/// The key reference of docs/THEMES.md, between its markers, is what `ThemeKeyReference` makes
/// from the theme table.
@Suite struct ThemeKeyReferenceTests {
  static let docPath = BuiltinThemeTests.repository + "/docs/THEMES.md"
  static let begin = "<!-- key reference: begin -->\n"
  static let end = "<!-- key reference: end -->"

  /// `RECORD_THEME_DOCS=1 swift test --filter ThemeKeyReferenceTests` rewrites the text between
  /// the markers (and fails, so a recording run is never mistaken for a pass).
  @Test func docHoldsTheGeneratedReference() throws {
    let doc = try String(contentsOfFile: Self.docPath, encoding: .utf8)
    let start = try #require(doc.range(of: Self.begin), "no \(Self.begin) in docs/THEMES.md")
    let stop = try #require(doc.range(of: Self.end, range: start.upperBound..<doc.endIndex))
    let generated = "\n" + ThemeKeyReference.markdown + "\n"
    if ProcessInfo.processInfo.environment["RECORD_THEME_DOCS"] == "1" {
      let rewritten = doc.replacingCharacters(in: start.upperBound..<stop.lowerBound, with: generated)
      try Data(rewritten.utf8).write(to: URL(fileURLWithPath: Self.docPath))
      Issue.record("recorded \(Self.docPath)")
      return
    }
    #expect(
      String(doc[start.upperBound..<stop.lowerBound]) == generated,
      "docs/THEMES.md's key reference is not the table's: RECORD_THEME_DOCS=1 rewrites it")
  }

  @Test func sharedObjectsHaveOneTableNamingEveryKeyThatHoldsThem() {
    let markdown = ThemeKeyReference.markdown
    #expect(markdown.contains("### `me`, `them`, `system`: "))
    #expect(markdown.components(separatedBy: "| `arrow` |").count == 2)
  }
}
