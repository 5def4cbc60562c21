import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

/// `Sources/ChatRender/Themes/theme.schema.json` (installed by `make install`) is the schema `ThemeSchemaDocument`
/// makes from the theme table; it, the table and the encoder's output name the same keys,
/// object by object.
@Suite struct ThemeSchemaTests {
  static let schemaPath = BuiltinThemeTests.repository + "/Sources/ChatRender/Themes/theme.schema.json"

  static func schema() throws -> JSONValue {
    try JSONReader.parse(SourceFile(contentsOf: schemaPath))
  }

  /// Follows a local `$ref` ("#/$defs/bubble").
  static func resolve(_ value: JSONValue, in root: JSONValue) -> JSONValue {
    guard let reference = value["$ref"]?.stringValue, reference.hasPrefix("#/") else {
      return value
    }
    var target = root
    for part in reference.dropFirst(2).split(separator: "/") {
      guard let next = target[String(part)] else { return value }
      target = next
    }
    return resolve(target, in: root)
  }

  /// The keys a schema allows when its value is an object (in any `anyOf`/`oneOf` branch),
  /// or nil when it describes something else.
  static func keys(of schema: JSONValue, in root: JSONValue) -> ThemeKeyTree? {
    let schema = resolve(schema, in: root)
    if let properties = schema["properties"]?.members {
      var children: [String: ThemeKeyTree] = [:]
      for property in properties {
        children[property.key] = keys(of: property.value, in: root) ?? .leaf
      }
      return ThemeKeyTree(children: children)
    }
    for combinator in ["anyOf", "oneOf", "allOf"] {
      for branch in schema[combinator]?.arrayValue ?? [] {
        if let found = keys(of: branch, in: root) { return found }
      }
    }
    return nil
  }

  /// The keys of a JSON document, objects nested.
  static func keys(of value: JSONValue) -> ThemeKeyTree {
    var children: [String: ThemeKeyTree] = [:]
    for member in value.members ?? [] {
      children[member.key] = member.value.members == nil ? .leaf : keys(of: member.value)
    }
    return ThemeKeyTree(children: children)
  }

  /// "missing from the schema: me.arrow.offset" lines for every difference.
  static func differences(
    _ left: ThemeKeyTree, _ right: ThemeKeyTree, leftName: String, rightName: String, path: String = ""
  ) -> [String] {
    var found: [String] = []
    for key in Set(left.children.keys).union(right.children.keys).sorted() {
      let full = path.isEmpty ? key : path + "." + key
      switch (left.children[key], right.children[key]) {
      case (nil, _): found.append("\(full) is missing from \(leftName)")
      case (_, nil): found.append("\(full) is missing from \(rightName)")
      case (let a?, let b?):
        if a.children.isEmpty != b.children.isEmpty {
          found.append("\(full) is an object in only one of \(leftName) and \(rightName)")
        }
        found += differences(a, b, leftName: leftName, rightName: rightName, path: full)
      }
    }
    return found
  }

  /// `RECORD_THEME_SCHEMA=1 swift test --filter ThemeSchemaTests` rewrites the file from the
  /// table (and fails, so a recording run is never mistaken for a pass).
  @Test func schemaFileIsTheGeneratedSchema() throws {
    let generated = ThemeSchemaDocument.text
    if ProcessInfo.processInfo.environment["RECORD_THEME_SCHEMA"] == "1" {
      try Data(generated.utf8).write(to: URL(fileURLWithPath: Self.schemaPath))
      Issue.record("recorded \(Self.schemaPath)")
      return
    }
    let file = try String(contentsOfFile: Self.schemaPath, encoding: .utf8)
    #expect(
      file == generated,
      "Sources/ChatRender/Themes/theme.schema.json is not the table's schema: RECORD_THEME_SCHEMA=1 rewrites it")
  }

  @Test func schemaIsDraft202012AndClosed() throws {
    let schema = try Self.schema()
    #expect(schema["$schema"]?.stringValue == "https://json-schema.org/draft/2020-12/schema")
    #expect(schema["additionalProperties"]?.boolValue == false)
  }

  @Test func schemaAndDecoderKnowTheSameKeys() throws {
    let schema = try Self.schema()
    let fromSchema = try #require(Self.keys(of: schema, in: schema))
    let problems = Self.differences(
      fromSchema, ThemeKeyTree.root, leftName: "the schema", rightName: "the decoder")
    #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
  }

  /// Every name in the tables of docs/THEMES.md's "Key reference": the backquoted words of
  /// each row's key columns (`note.shadow` gives "note" and "shadow").
  static func documentedKeyNames() throws -> Set<String> {
    let text = try String(contentsOfFile: BuiltinThemeTests.repository + "/docs/THEMES.md", encoding: .utf8)
    let reference = try #require(text.components(separatedBy: "## Key reference").last)
    var names: Set<String> = []
    for row in reference.split(separator: "\n") where row.hasPrefix("| `") {
      // Key columns are the first cell, and the cell after an empty one (side-by-side tables).
      let cells = row.split(separator: "|", omittingEmptySubsequences: false).map {
        $0.trimmingCharacters(in: .whitespaces)
      }
      let keyCells = cells.indices.filter { $0 == 1 || ($0 > 1 && cells[$0 - 1].isEmpty && $0 < cells.count - 1) }
      for index in keyCells {
        for quoted in cells[index].split(separator: "`", omittingEmptySubsequences: false).enumerated()
        where quoted.offset % 2 == 1 {
          names.formUnion(quoted.element.split(separator: ".").map(String.init))
        }
      }
    }
    return names
  }

  @Test func keyReferenceDocumentsEveryKeyAndNoOther() throws {
    var known: Set<String> = []
    func collect(_ keys: ThemeKeyTree) {
      for (name, child) in keys.children {
        known.insert(name)
        collect(child)
      }
    }
    collect(ThemeKeyTree.root)
    let documented = try Self.documentedKeyNames().subtracting(["key"])
    #expect(known.subtracting(documented).isEmpty, "not in docs/THEMES.md: \(known.subtracting(documented).sorted())")
    #expect(documented.subtracting(known).isEmpty, "not theme keys: \(documented.subtracting(known).sorted())")
  }

  @Test func encoderWritesEveryKeyTheDecoderReads() throws {
    let folder = try ThemeFolder()
    let theme = ThemeLoaderTests.fullTheme(imagePath: try folder.write("bg.png", "x"))
    let written = try JSONReader.parse(
      SourceFile(path: "dump.json", bytes: Array(ThemeLoader.json(for: theme).utf8)))
    var readable = ThemeKeyTree.root
    for key in ThemeKeyTree.inputOnly { readable.children[key] = nil }
    let problems = Self.differences(
      Self.keys(of: written), readable, leftName: "json(for:)", rightName: "the decoder")
    #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
  }

  /// The schema's `enum` lists match the decoder's choices.
  @Test func schemaEnumsMatchTheChoices() throws {
    let schema = try Self.schema()
    func values(at path: String) -> [String] {
      var node = schema
      for key in path.split(separator: ".") {
        node = Self.resolve(node, in: schema)
        let branches =
          [node] + (node["anyOf"]?.arrayValue ?? []).map { Self.resolve($0, in: schema) }
        guard let next = branches.lazy.compactMap({ $0["properties"]?[String(key)] }).first else {
          return []
        }
        node = next
      }
      node = Self.resolve(node, in: schema)
      let branches = [node] + (node["anyOf"]?.arrayValue ?? [])
      return branches.lazy.compactMap { $0["enum"]?.arrayValue }.first?.compactMap(\.stringValue)
        ?? []
    }
    #expect(values(at: "me.arrow.side") == ArrowStyle.Side.allCases.map(\.rawValue))
    #expect(values(at: "them.arrow.style") == ArrowStyle.Style.allCases.map(\.rawValue))
    #expect(values(at: "system.arrow.anchor") == BubbleShape.Anchor.allCases.map(\.rawValue))
    #expect(values(at: "me.arrow.carrier") == ArrowStyle.Carrier.allCases.map(\.rawValue))
    #expect(
      values(at: "canvas.backgroundImage.mode") == BackgroundImage.Mode.allCases.map(\.rawValue))
    #expect(values(at: "names.show") == LabelStyle.Visibility.allCases.map(\.rawValue))
    #expect(values(at: "timestamps.placement") == TimestampStyle.Placement.allCases.map(\.rawValue))
    #expect(values(at: "avatars.show") == AvatarStyle.Visibility.allCases.map(\.rawValue))
    #expect(values(at: "avatars.carrier") == AvatarStyle.Carrier.allCases.map(\.rawValue))
    #expect(values(at: "names.placement") == LabelStyle.Placement.allCases.map(\.rawValue))
    #expect(values(at: "extends") == ThemeLoader.builtinNames)
  }
}

extension ThemeSchemaTests {
  @Test func keyComparisonNamesAMissingKey() {
    var decoder = ThemeKeyTree.root
    decoder.children["me"]?.children["arrow"]?.children["offset"] = nil
    decoder.children["page"]?.children["paper"] = .leaf
    let problems = Self.differences(
      ThemeKeyTree.root, decoder, leftName: "the schema", rightName: "the decoder")
    #expect(
      problems == [
        "me.arrow.offset is missing from the decoder", "page.paper is missing from the schema",
      ])
  }
}
