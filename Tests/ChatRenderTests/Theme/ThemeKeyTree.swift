@_spi(Pages) @testable import ChatRender

/// The keys of theme JSON as a tree, object by object: made from `ThemeSchema`'s table, the
/// schema file or a written theme, so the tests can compare them.
struct ThemeKeyTree: Sendable, Equatable {
  /// Each known key, with the keys of its value when that value is an object.
  var children: [String: ThemeKeyTree]

  /// A key whose value is not an object (a number, string, array or null).
  static let leaf = ThemeKeyTree(children: [:])

  init(children: [String: ThemeKeyTree]) { self.children = children }

  init(_ outline: ThemeObjectOutline) {
    var children: [String: ThemeKeyTree] = [:]
    for key in outline.keys { children[key.key] = key.object.map(ThemeKeyTree.init) ?? .leaf }
    self.children = children
  }

  /// The decoder's keys: the whole file, by `ThemeSchema`.
  static let root = ThemeKeyTree(ThemeSchema.theme.outline)

  /// Keys read from a theme file but not part of a theme's value (so `json(for:)` omits them).
  static let inputOnly: Set<String> = ["$schema", "extends"]
}
