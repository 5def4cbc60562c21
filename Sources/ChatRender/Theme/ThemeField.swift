/// One key of a theme JSON object: its name, documentation and value kind, and how it is read
/// onto and written from the style `Style` that object stands for.
struct ThemeField<Style>: Sendable {
  /// What the key holds, for the schema, the key reference and unknown-key warnings.
  let outline: ThemeKeyOutline
  /// Reads the member's value onto the style; `path` is the key's dotted path.
  let read: @Sendable (ThemeDecoder, JSONValue, _ path: String, inout Style, inout ThemeDecoder.Log) -> Void
  /// The key's value in the style, or nil when it is not written (`extends`).
  let write: @Sendable (Style) -> JSONNode?

  var key: String { outline.key }

  /// A key holding one value (a colour, a number…).
  static func value<Value>(
    _ key: String, _ property: WritableKeyPath<Style, Value> & Sendable, _ kind: ThemeValue<Value>,
    _ documentation: String
  ) -> ThemeField {
    ThemeField(
      outline: ThemeKeyOutline(key: key, documentation: documentation, value: kind),
      read: { decoder, value, path, style, log in
        log.record { style[keyPath: property] = try kind.read(decoder, value, path) }
      },
      write: { kind.write($0[keyPath: property]) })
  }

  /// A key holding an object: the keys it leaves out keep the parent's values.
  static func object<Part>(
    _ key: String, _ property: WritableKeyPath<Style, Part> & Sendable, _ object: ThemeObject<Part>,
    _ documentation: String
  ) -> ThemeField {
    ThemeField(
      outline: ThemeKeyOutline(key: key, documentation: documentation, object: object.outline, isNullable: false),
      read: { decoder, value, path, style, log in
        object.read(value, path: path, onto: &style[keyPath: property], decoder: decoder, log: &log)
      },
      write: { object.write($0[keyPath: property]) })
  }

  /// A key holding an object or `null` (none). An object where the parent has none adds to
  /// `start`; `required` names a key such an object must give (a background image's path).
  static func objectOrNull<Part: Sendable>(
    _ key: String, _ property: WritableKeyPath<Style, Part?> & Sendable, _ object: ThemeObject<Part>,
    adding start: Part, required: String? = nil, _ documentation: String
  ) -> ThemeField {
    ThemeField(
      outline: ThemeKeyOutline(key: key, documentation: documentation, object: object.outline, isNullable: true),
      read: { decoder, value, path, style, log in
        let parent = style[keyPath: property]
        if value.isNull {
          style[keyPath: property] = nil
          return
        }
        var part = parent ?? start
        object.read(value, path: path, onto: &part, decoder: decoder, log: &log)
        if parent == nil, let required, value.members != nil, value[required] == nil {
          log.errors.append(
            .error("missing key '\(required)' in '\(path)'", at: decoder.file.location(ofOffset: value.offset)))
          return
        }
        style[keyPath: property] = part
      },
      write: { $0[keyPath: property].map(object.write) ?? .null })
  }

  /// A key `ThemeLoader` reads before the rest (`version`, `extends`, `$schema`): known here
  /// so it is not warned about, and written as `written` (nil: not at all).
  static func readByLoader(
    _ key: String, schema: JSONNode, summary: String, written: JSONNode?, _ documentation: String
  ) -> ThemeField {
    ThemeField(
      outline: ThemeKeyOutline(
        key: key, documentation: documentation,
        value: ThemeValue<Void>(
          read: { _, _, _ in }, write: { _ in .null }, schema: schema, summary: summary)),
      read: { _, _, _, _, _ in }, write: { _ in written })
  }
}
