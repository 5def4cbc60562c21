/// The JSON schema of theme files (`chatrender theme schema`, `Themes/theme.schema.json`),
/// made from `ThemeSchema`'s table: objects shared by several keys go to `$defs`.
package enum ThemeSchemaDocument {
  /// The schema as pretty-printed JSON ending in a new line.
  package static var text: String {
    document.text(layout: .open) + "\n"
  }

  static var document: JSONNode {
    var definitions: [JSONNode.Member] = [
      .init("color", color), .init("insets", insets),
    ]
    let root = ThemeSchema.theme.outline
    let properties = properties(of: root, definitions: &definitions)
    return .object([
      .init("$schema", .string("https://json-schema.org/draft/2020-12/schema")),
      .init("title", .string("ChatRender theme")),
      .init("description", .string(root.documentation)),
      .init("type", .string("object")),
      .init("additionalProperties", .bool(false)),
      .init("properties", properties),
      .init("$defs", .object(definitions)),
    ])
  }

  // MARK: - Objects

  private static func properties(of object: ThemeObjectOutline, definitions: inout [JSONNode.Member]) -> JSONNode {
    .object(object.keys.map { .init($0.key, schema(of: $0, definitions: &definitions)) })
  }

  private static func schema(of key: ThemeKeyOutline, definitions: inout [JSONNode.Member]) -> JSONNode {
    guard let object = key.object else { return described(key.schema ?? .object([]), key.documentation) }
    var value = closedObject(object, description: nil, definitions: &definitions)
    if let name = object.definition {
      if !definitions.contains(where: { $0.key == name }) {
        let definition = closedObject(object, description: object.documentation, definitions: &definitions)
        definitions.append(.init(name, definition))
      }
      value = reference(name)
    }
    if key.isNullable { value = .object([.init("anyOf", .array([null, value]))]) }
    return described(value, key.documentation)
  }

  /// An object schema allowing only its keys; a shared one says what it is, a key's own one
  /// leaves that to the key.
  private static func closedObject(
    _ object: ThemeObjectOutline, description: String?, definitions: inout [JSONNode.Member]
  ) -> JSONNode {
    .object(
      [.init("type", .string("object"))] + (description.map { [.init("description", .string($0))] } ?? []) + [
        .init("additionalProperties", .bool(false)),
        .init("properties", properties(of: object, definitions: &definitions)),
      ])
  }

  /// `schema` with a description first: the documentation as a sentence.
  private static func described(_ schema: JSONNode, _ documentation: String) -> JSONNode {
    guard case .object(let members) = schema else { return schema }
    let sentence = documentation.prefix(1).uppercased() + documentation.dropFirst() + "."
    return .object([.init("description", .string(sentence))] + members)
  }

  // MARK: - Values

  /// `{"$ref": "#/$defs/<name>"}`.
  static func reference(_ name: String) -> JSONNode {
    .object([.init("$ref", .string("#/$defs/" + name))])
  }

  static let null = JSONNode.object([.init("type", .string("null"))])

  static let nonEmptyString = JSONNode.object([.init("type", .string("string")), .init("minLength", .integer(1))])

  /// A number within `rule` and within what every length must keep to.
  static func number(_ rule: ThemeDecoder.NumberRule) -> JSONNode {
    let largest = ThemeDecoder.largestNumber
    let low = JSONNode.Member(
      rule.excludesLowerBound ? "exclusiveMinimum" : "minimum", .number(max(rule.range.lowerBound, -largest)))
    return .object([
      .init("type", .string("number")), low, .init("maximum", .number(min(rule.range.upperBound, largest))),
    ])
  }

  static let color = JSONNode.object([
    .init(
      "description",
      .string(
        "#RGB, #RRGGBB, #RRGGBBAA, rgba(r, g, b, a) with r, g, b 0…255 and a 0…1, or a CSS color keyword (rebeccapurple, transparent)."
      )),
    .init("type", .string("string")),
    .init(
      "pattern",
      .string(
        #"^(#([0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})|[rR][gG][bB]\(\s*[0-9.]+\s*,\s*[0-9.]+\s*,\s*[0-9.]+\s*\)|[rR][gG][bB][aA]\(\s*[0-9.]+\s*,\s*[0-9.]+\s*,\s*[0-9.]+\s*,\s*[0-9.]+\s*\)|[a-zA-Z]+)$"#
      )),
  ])

  static let insets: JSONNode = {
    let length = number(.nonNegative)
    func lengths(_ fewest: Int, _ most: Int) -> JSONNode {
      .object([
        .init("type", .string("array")), .init("items", length), .init("minItems", .integer(fewest)),
        .init("maxItems", .integer(most)),
      ])
    }
    return .object([
      .init(
        "description",
        .string("1 number (all sides), 2 (vertical, horizontal) or 4 (top, right, bottom, left), as in CSS.")),
      .init("anyOf", .array([length, lengths(1, 2), lengths(4, 4)])),
    ])
  }()

  /// An array of names, or one string of comma-separated names.
  static let families = JSONNode.object([
    .init(
      "anyOf",
      .array([
        .object([
          .init("type", .string("array")), .init("items", nonEmptyString), .init("minItems", .integer(1)),
          .init("maxItems", .integer(Limit.fontFamilies.defaultValue)),
        ]),
        nonEmptyString,
      ]))
  ])

  /// A paper name in either case, or `[width, height]`.
  static let paperSize = JSONNode.object([
    .init(
      "anyOf",
      .array([
        .object([
          .init(
            "enum",
            .array((PaperSize.all.map(\.name) + PaperSize.all.map { $0.name.lowercased() }).map(JSONNode.string)))
        ]),
        .object([
          .init("type", .string("array")), .init("items", number(.paperSide)), .init("minItems", .integer(2)),
          .init("maxItems", .integer(2)),
        ]),
      ]))
  ])

  /// A built-in theme's name, or a path.
  static let themeReference = JSONNode.object([
    .init(
      "anyOf",
      .array([.object([.init("enum", .array(ThemeLoader.builtinNames.map(JSONNode.string)))]), nonEmptyString]))
  ])
}
