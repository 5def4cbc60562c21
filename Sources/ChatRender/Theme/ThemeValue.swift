/// One kind of value a theme key holds (a colour, a number within a rule, a choice…): how it
/// is read from theme JSON (checked, with a located error), written back, and described in the
/// JSON schema and the key reference.
struct ThemeValue<Value>: Sendable {
  /// Reads the value at `key` (the dotted path, for messages), or throws a located error.
  let read: @Sendable (ThemeDecoder, JSONValue, _ key: String) throws -> Value
  /// The value as theme JSON.
  let write: @Sendable (Value) -> JSONNode
  /// The value's JSON schema.
  let schema: JSONNode
  /// What to write, for the key reference: "color", "0 or more".
  let summary: String
}

extension ThemeValue {
  /// A value read by one of `ThemeDecoder`'s readers (`ThemeDecoder.color`).
  init(
    reader: @escaping @Sendable (ThemeDecoder) -> (JSONValue, String) throws -> Value,
    write: @escaping @Sendable (Value) -> JSONNode, schema: JSONNode, summary: String
  ) {
    self.init(
      read: { decoder, value, key in try reader(decoder)(value, key) }, write: write, schema: schema,
      summary: summary)
  }
}

extension ThemeValue where Value == Color {
  static var color: ThemeValue {
    ThemeValue(
      reader: ThemeDecoder.color, write: ThemeEncoder.color,
      schema: ThemeSchemaDocument.reference("color"), summary: "color")
  }
}

extension ThemeValue where Value == [Color] {
  /// Each error names its index: `names.colors[2]`.
  static var colors: ThemeValue {
    ThemeValue(
      reader: ThemeDecoder.colors,
      write: { .array($0.map(ThemeEncoder.color)) },
      schema: .object([.init("type", .string("array")), .init("items", ThemeSchemaDocument.reference("color"))]),
      summary: "array of colors")
  }
}

extension ThemeValue where Value == Double {
  static func number(_ rule: ThemeDecoder.NumberRule = .any) -> ThemeValue {
    ThemeValue(
      read: { decoder, value, key in try decoder.number(value, key, rule) }, write: JSONNode.number,
      schema: ThemeSchemaDocument.number(rule),
      summary: rule.range.lowerBound < 0 ? "any number" : rule.expectation)
  }
}

extension ThemeValue where Value == Bool {
  static var bool: ThemeValue {
    ThemeValue(
      reader: ThemeDecoder.bool, write: JSONNode.bool,
      schema: .object([.init("type", .string("boolean"))]), summary: "`true` or `false`")
  }
}

extension ThemeValue where Value == String {
  /// A theme's name: any text but "".
  static var name: ThemeValue {
    ThemeValue(
      read: { decoder, value, key in
        let name = try decoder.string(value, key)
        guard !name.isEmpty else { throw decoder.file.error("expected a non-empty name", at: value) }
        return name
      }, write: JSONNode.string, schema: ThemeSchemaDocument.nonEmptyString, summary: "a string")
  }

  /// A file relative to the theme file, which must exist in the theme's folder.
  static var existingFile: ThemeValue {
    ThemeValue(
      reader: ThemeDecoder.existingFile, write: JSONNode.string,
      schema: ThemeSchemaDocument.nonEmptyString, summary: "a file in the theme's folder, relative to the theme file")
  }
}

extension ThemeValue where Value: RawRepresentable & CaseIterable, Value.RawValue == String {
  /// One of the enumeration's raw values.
  static var choice: ThemeValue {
    let names = Value.allCases.map(\.rawValue)
    return ThemeValue(
      read: { decoder, value, key in try decoder.choice(value, key, of: Value.self) },
      write: { .string($0.rawValue) },
      schema: .object([.init("enum", .array(names.map(JSONNode.string)))]),
      summary: names.map { "`\"\($0)\"`" }.joined(separator: ", "))
  }
}

extension ThemeValue where Value == EdgeInsets {
  /// Padding or margins: one number, or 1, 2 or 4 in CSS order.
  static var insets: ThemeValue {
    ThemeValue(
      reader: ThemeDecoder.insets, write: ThemeEncoder.insets,
      schema: ThemeSchemaDocument.reference("insets"), summary: "padding (1, 2 or 4 numbers, as in CSS)")
  }
}

extension ThemeValue where Value == [String] {
  /// Font families: an array of names, or one comma-separated string.
  static var families: ThemeValue {
    ThemeValue(
      reader: ThemeDecoder.families,
      write: { .array($0.map(JSONNode.string)) }, schema: ThemeSchemaDocument.families,
      summary: "font families, in order")
  }
}

extension ThemeValue where Value == PageStyle.Sides {
  /// A paper name or `[width, height]` in points.
  static var paperSize: ThemeValue {
    ThemeValue(
      read: { decoder, value, key in
        let (width, height) = try decoder.paperSize(value, key)
        return PageStyle.Sides(width: width, height: height)
      }, write: ThemeEncoder.paperSize, schema: ThemeSchemaDocument.paperSize,
      summary: "a paper name (`\"A4\"`, `\"Letter\"`…) or `[width, height]`")
  }
}

extension ThemeValue {
  /// The value, or `null` for none.
  static func orNull<Wrapped>(_ wrapped: ThemeValue<Wrapped>) -> ThemeValue where Value == Wrapped? {
    ThemeValue(
      read: { decoder, value, key in value.isNull ? nil : try wrapped.read(decoder, value, key) },
      write: { $0.map(wrapped.write) ?? .null },
      schema: .object([.init("anyOf", .array([wrapped.schema, ThemeSchemaDocument.null]))]),
      summary: wrapped.summary + " or `null`")
  }
}
