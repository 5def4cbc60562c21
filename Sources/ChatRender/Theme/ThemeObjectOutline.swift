/// A theme JSON object's keys without the style they set: what the JSON schema, the key
/// reference and unknown-key warnings are made from.
struct ThemeObjectOutline: Sendable {
  let documentation: String
  /// The object's name in the schema's `$defs` when keys share it.
  let definition: String?
  let keys: [ThemeKeyOutline]

  /// The known keys, sorted (the candidates of "did you mean").
  var keyNames: [String] { keys.map(\.key).sorted() }

  /// The outline of the object at `key`, if that key holds one.
  subscript(key: String) -> ThemeObjectOutline? {
    keys.first { $0.key == key }?.object
  }
}
