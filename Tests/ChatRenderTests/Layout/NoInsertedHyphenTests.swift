import CPango
import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

/// A URL or a word broken where nothing else breaks is broken without a hyphen: Pango would
/// draw one at every forced break, inside URLs and as a Latin hyphen in Arabic (issue 22,
/// point 10).
@Suite struct NoInsertedHyphenTests {
  init() { TestEnvironment.prepare() }

  static let texts = [
    "https://example.com/averyveryverylongdomainnamewithoutanybreakpoints/and/a/path",
    "Supercalifragilisticexpialidocious",
    String(repeating: "مرحبابكم", count: 6),
  ]

  @Test("a text broken in a narrow bubble draws no glyph it has not on one line", arguments: texts)
  func noGlyphAdded(text: String) throws {
    let engine = TextEngine()
    let styled = StyledText(text, font: FontSpec(families: Theme.defaultFamilies, size: 15))
    let wrapped = try #require(engine.measure(styled, maxWidth: 90).shaped)
    let whole = engine.shape(styled, width: -1)
    #expect(Self.lineCount(wrapped.layout) > 2)
    // An inserted hyphen is a glyph of its own at the end of a line.
    #expect(Self.glyphCount(wrapped.layout) == Self.glyphCount(whole.layout))
  }

  static func lineCount(_ layout: OpaquePointer) -> Int { Int(pango_layout_get_line_count(layout)) }

  /// The glyphs of every run of every line of `layout`.
  static func glyphCount(_ layout: OpaquePointer) -> Int {
    guard let iterator = pango_layout_get_iter(layout) else { return 0 }
    defer { pango_layout_iter_free(iterator) }
    var count = 0
    repeat {
      if let run = pango_layout_iter_get_run_readonly(iterator) { count += Int(run.pointee.glyphs.pointee.num_glyphs) }
    } while pango_layout_iter_next_run(iterator) != 0
    return count
  }
}
