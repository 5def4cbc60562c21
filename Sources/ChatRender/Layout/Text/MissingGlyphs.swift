import CPango
import Synchronization

/// Characters no installed font could draw (Pango draws them as boxes), collected over a
/// run so a front end can warn once, naming them and the Debian package with a font for them.
@_spi(Pages) public enum MissingGlyphs {
  private struct State {
    var missing: Set<Unicode.Scalar> = []
    var checked: Set<Unicode.Scalar> = []
  }

  private static let state = Mutex(State())

  /// Records which characters of `text` `layout` could not draw; `layoutOf` lays out one
  /// character alone in the same font, to tell which of them it was. Cheap when nothing is
  /// missing: one call to Pango.
  static func check(_ layout: OpaquePointer, text: String, layoutOf: (String) -> OpaquePointer) {
    guard pango_layout_get_unknown_glyphs_count(layout) > 0 else { return }
    let candidates = Set(text.unicodeScalars.filter(isVisible))
    let unchecked = state.withLock { candidates.subtracting($0.checked) }
    var found: Set<Unicode.Scalar> = []
    for scalar in unchecked {
      let single = layoutOf(String(Character(scalar)))
      if pango_layout_get_unknown_glyphs_count(single) > 0 { found.insert(scalar) }
      g_object_unref(UnsafeMutableRawPointer(single))
    }
    state.withLock {
      $0.checked.formUnion(unchecked)
      $0.missing.formUnion(found)
    }
  }

  /// The characters found missing since the last call, in code point order; clears them.
  public static func take() -> [Unicode.Scalar] {
    state.withLock { state in
      defer { state.missing = [] }
      return state.missing.sorted { $0.value < $1.value }
    }
  }

  /// Debian packages with fonts for scripts that default installs lack, by code point range.
  static let fontPackages: [(range: ClosedRange<UInt32>, package: String)] = [
    (0x1100...0x11FF, "fonts-noto-cjk"), (0x2E80...0x9FFF, "fonts-noto-cjk"),
    (0xAC00...0xD7AF, "fonts-noto-cjk"), (0xF900...0xFAFF, "fonts-noto-cjk"),
    (0xFF00...0xFFEF, "fonts-noto-cjk"), (0x20000...0x3FFFF, "fonts-noto-cjk"),
    (0x2600...0x27BF, "fonts-noto-color-emoji"), (0x1F000...0x1FAFF, "fonts-noto-color-emoji"),
  ]

  /// The Debian packages whose fonts cover `scalars`: the table's, else the Noto core fonts
  /// (Arabic, Hebrew, Indic, Thai and most other scripts). Private-use characters mean what
  /// the app that wrote them decided, so no package covers them.
  public static func fontPackages(for scalars: [Unicode.Scalar]) -> [String] {
    var packages: [String] = []
    for scalar in scalars where scalar.properties.generalCategory != .privateUse {
      let package = fontPackages.first { $0.range.contains(scalar.value) }?.package ?? "fonts-noto-core"
      if !packages.contains(package) { packages.append(package) }
    }
    return packages
  }

  /// Spaces, controls and format characters draw nothing, so they cannot be missing;
  /// private-use characters draw as boxes when no font has them, so they can.
  private static func isVisible(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .spaceSeparator, .lineSeparator, .paragraphSeparator, .control, .format, .nonspacingMark,
      .enclosingMark, .surrogate, .unassigned:
      return false
    default:
      return scalar.value >= 0x80 && !(0xFE00...0xFE0F).contains(scalar.value)
    }
  }
}
