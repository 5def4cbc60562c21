/// A JSON value that remembers where it stood in its file.
package struct JSONValue: Sendable {
  /// The six JSON types, each with its contents.
  package enum Kind: Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number (JSON numbers are doubles).
    case number(Double)
    /// A string, unescaped.
    case string(String)
    /// An array's elements, in order.
    case array([JSONValue])
    /// An object's members in file order, duplicates kept.
    case object([Member])
  }

  /// One `"key": value` pair of an object, in file order.
  package struct Member: Sendable {
    /// The member's name, unescaped.
    package var key: String
    /// UTF-8 offset of the key's opening quote.
    package var keyOffset: Int
    /// The member's value.
    package var value: JSONValue
  }

  /// What the value is, with its contents.
  package var kind: Kind
  /// UTF-8 offset of the value's first byte.
  package var offset: Int

  /// A value of `kind` starting at UTF-8 byte `offset` of its file.
  init(kind: Kind, offset: Int) {
    self.kind = kind
    self.offset = offset
  }

  /// "a string", "an object": for messages such as "expected a string, found an object".
  package var typeName: String {
    switch kind {
    case .null: return "null"
    case .bool: return "a boolean"
    case .number: return "a number"
    case .string: return "a string"
    case .array: return "an array"
    case .object: return "an object"
    }
  }

  /// The string, or nil when the value is not a string.
  package var stringValue: String? {
    if case .string(let value) = kind { return value }
    return nil
  }

  // The accessors stay out of line: inlined into optional chains they crash the 6.3
  // optimiser (CopyPropagation, "Found ownership error") in release builds.
  /// The number, or nil when the value is not a number.
  package var numberValue: Double? {
    @inline(never) get {
      if case .number(let value) = kind { return value }
      return nil
    }
  }

  /// The number as an `Int` when it is a whole number that fits; nil otherwise.
  package var intValue: Int? {
    @inline(never) get {
      guard case .number(let value) = kind, value == value.rounded(), abs(value) < 9e15 else {
        return nil
      }
      return Int(value)
    }
  }

  /// The boolean, or nil when the value is not `true` or `false`.
  package var boolValue: Bool? {
    if case .bool(let value) = kind { return value }
    return nil
  }

  /// The elements, or nil when the value is not an array.
  package var arrayValue: [JSONValue]? {
    if case .array(let value) = kind { return value }
    return nil
  }

  /// The members in file order (duplicates kept), or nil when the value is not an object.
  package var members: [Member]? {
    if case .object(let value) = kind { return value }
    return nil
  }

  /// Whether the value is `null`.
  package var isNull: Bool {
    if case .null = kind { return true }
    return false
  }

  /// The value of the last member named `key` (JSON objects take the last duplicate).
  package subscript(key: String) -> JSONValue? {
    guard case .object(let members) = kind else { return nil }
    return members.last { $0.key == key }?.value
  }
}
