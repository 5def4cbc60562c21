/// One key of a theme JSON object without the style it sets: its documentation and either
/// its value's schema or its object's outline.
struct ThemeKeyOutline: Sendable {
  let key: String
  /// One line for the schema's `description` and the key reference.
  let documentation: String
  /// A value's schema, or nil for an object.
  let schema: JSONNode?
  /// What a value is written as, for the key reference ("color"); "" for an object.
  let summary: String
  /// The keys of the object the key holds, if it holds one.
  let object: ThemeObjectOutline?
  /// Whether `null` is allowed (and means "none").
  let isNullable: Bool

  init<Value>(key: String, documentation: String, value: ThemeValue<Value>) {
    self.key = key
    self.documentation = documentation
    self.schema = value.schema
    self.summary = value.summary
    self.object = nil
    self.isNullable = false
  }

  init(key: String, documentation: String, object: ThemeObjectOutline, isNullable: Bool) {
    self.key = key
    self.documentation = documentation
    self.schema = nil
    self.summary = ""
    self.object = object
    self.isNullable = isNullable
  }
}
