/// A theme JSON object and the style it stands for: its keys in the order they are written.
/// Reading it onto a style changes only the keys given, so the rest keep the parent's values.
struct ThemeObject<Style>: Sendable {
  let fields: [ThemeField<Style>]
  /// What the keys hold, for the schema, the key reference and unknown-key warnings.
  let outline: ThemeObjectOutline

  /// An object of `fields`; `definition` names it in the schema's `$defs` when several keys
  /// share it (`bubble` for `me`, `them` and `system`).
  init(_ documentation: String, definition: String? = nil, _ fields: [ThemeField<Style>]) {
    self.fields = fields
    self.outline = ThemeObjectOutline(
      documentation: documentation, definition: definition, keys: fields.map(\.outline))
  }

  /// Reads the members of `value` onto `style`, warning about unknown keys first and
  /// recording each bad value's error.
  func read(
    _ value: JSONValue, path: String, onto style: inout Style, decoder: ThemeDecoder, log: inout ThemeDecoder.Log
  ) {
    for member in decoder.members(of: value, path: path, known: outline.keyNames, log: &log) {
      guard let field = fields.first(where: { $0.key == member.key }) else { continue }
      let memberPath = path.isEmpty ? member.key : path + "." + member.key
      field.read(decoder, member.value, memberPath, &style, &log)
    }
  }

  /// The style as a JSON object with every key, in order.
  func write(_ style: Style) -> JSONNode {
    .object(fields.compactMap { field in field.write(style).map { JSONNode.Member(field.key, $0) } })
  }
}
