/// The key reference of docs/THEMES.md, made from `ThemeSchema`'s table: a table of the top
/// level, then one of each object, with the default theme's values. An object several keys
/// share (`bubble`, `border`) has one table, its defaults listed key by key.
enum ThemeKeyReference {
  /// The Markdown between the doc's markers.
  static var markdown: String {
    let root = ThemeSchema.theme.outline
    let defaults = ThemeSchema.theme.write(.default)
    var sections = [table(heading: "Top level", of: root, at: [""], defaults: defaults)]
    for (object, paths) in objects(in: root) {
      let heading = paths.map { "`\($0)`" }.joined(separator: ", ") + ": " + object.documentation
      sections.append(table(heading: heading, of: object, at: paths, defaults: defaults))
    }
    return sections.joined(separator: "\n")
  }

  /// Every object below `root` once, depth first, with the dotted paths of the keys holding it.
  private static func objects(in root: ThemeObjectOutline) -> [(ThemeObjectOutline, [String])] {
    var found: [(ThemeObjectOutline, [String])] = []
    func visit(_ object: ThemeObjectOutline, path: String) {
      for key in object.keys {
        guard let child = key.object else { continue }
        let childPath = path.isEmpty ? key.key : path + "." + key.key
        if let name = child.definition, let index = found.firstIndex(where: { $0.0.definition == name }) {
          found[index].1.append(childPath)
        } else {
          found.append((child, [childPath]))
        }
        visit(child, path: childPath)
      }
    }
    visit(root, path: "")
    return found
  }

  private static func table(
    heading: String, of object: ThemeObjectOutline, at paths: [String], defaults: JSONNode
  ) -> String {
    var lines = ["### \(heading)", "", "| key | value | default |", "| --- | --- | --- |"]
    for key in object.keys {
      let kind = key.object == nil ? key.summary : (key.isNullable ? "object or `null`" : "object")
      let cell = defaultCell(of: key, at: paths, in: defaults)
      lines.append("| `\(key.key)` | \(kind): \(key.documentation) | \(cell) |")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The default theme's value of `key` at each of `paths`: once when they agree, in the
  /// heading's order when they differ, each with its path when some paths have none (the key
  /// of an object that is `null` there).
  private static func defaultCell(of key: ThemeKeyOutline, at paths: [String], in defaults: JSONNode) -> String {
    let found = paths.compactMap { path -> (String, String)? in
      let fullPath = path.isEmpty ? key.key : path + "." + key.key
      guard let value = defaults.member(at: fullPath) else { return nil }
      return (path, "`\(key.object == nil || value == .null ? value.compactText : "{…}")`")
    }
    guard found.count == paths.count else { return found.map { "`\($0.0)`: \($0.1)" }.joined(separator: ", ") }
    let shown = found.map(\.1)
    return Set(shown).count == 1 ? shown[0] : shown.joined(separator: " / ")
  }
}

extension JSONNode {
  /// The value at a dotted path of object keys (`me.arrow.width`), if there is one.
  fileprivate func member(at path: String) -> JSONNode? {
    var node = self
    for key in path.split(separator: ".") {
      guard case .object(let members) = node, let next = members.first(where: { $0.key == key }) else {
        return nil
      }
      node = next.value
    }
    return node
  }
}
