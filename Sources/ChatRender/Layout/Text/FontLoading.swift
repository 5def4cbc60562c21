import Foundation

/// The one lock for whatever may make, open or free a font, held on any thread.
///
/// Cairo 1.16 keeps one list of font faces per font file for the whole process and changes it
/// without a lock when a face is made or freed, and opens FreeType faces outside its own lock;
/// Pango 1.50 then also wraps a long word at another place now and then. Two threads that
/// load fonts at once (two workers of a batch, a PDF's writer thread) got "error occurred in
/// libfreetype" in 1 of 40 two-file batches, or crashed (docs/ARCHITECTURE.md, "Threads").
/// Work with fonts already loaded, which is most of it, goes on alongside.
enum FontLoading {
  /// Recursive: drawing a new text may shape one, and both take it.
  private static let lock = NSRecursiveLock()

  static func run<T>(_ body: () throws -> T) rethrows -> T {
    try lock.withLock(body)
  }
}

/// The characters one owner (a text engine measuring, a painter drawing) has used each font
/// for: a text of only those loads no font, so it goes without `FontLoading`.
final class FontUse {
  private var seen: [FontSpec: ScalarSet] = [:]
  /// Whether a text took the lock since `takeLoaded()` last asked.
  private var loaded = false

  /// `body` for `text`, inside `FontLoading` unless `text` can load no font.
  func run<T>(_ text: StyledText, _ body: () throws -> T) rethrows -> T {
    // Spans that change the font (bold, italic, code) may load one whatever the characters.
    let keepsFont = text.runs.allSatisfy(\.style.keepsFont)
    if keepsFont, seen[text.font]?.contains(allOf: text.text) == true { return try body() }
    return try FontLoading.run {
      if keepsFont { seen[text.font, default: ScalarSet()].insert(allOf: text.text) }
      loaded = true
      return try body()
    }
  }

  /// Whether any text loaded fonts since the last call.
  func takeLoaded() -> Bool {
    defer { loaded = false }
    return loaded
  }

  /// Forgets what was used: a new PDF or SVG makes its own copies of the fonts it uses.
  func forget() {
    seen.removeAll()
    loaded = false
  }
}
