extension SourceFile {
  /// The file as one JSON document (strict RFC 8259), every value knowing where it stands.
  ///
  /// - Throws: `DiagnosticError` at the first syntax error, with its line and column.
  package func json() throws -> JSONValue { try JSONReader.parse(self) }

  /// An error at a JSON value: `file:line:col: error: message`.
  package func error(_ message: String, at value: JSONValue) -> DiagnosticError {
    DiagnosticError(.error(message, at: location(ofOffset: value.offset)))
  }

  /// An error at a key of an object.
  package func error(_ message: String, at member: JSONValue.Member) -> DiagnosticError {
    DiagnosticError(.error(message, at: location(ofOffset: member.keyOffset)))
  }

  /// The member `key` of `object`, which must be a string.
  ///
  /// - Throws: when the member is missing (and required) or not a string.
  package func string(_ key: String, in object: JSONValue, required: Bool = true) throws -> String? {
    guard let value = object[key], !value.isNull else {
      if required { throw error("missing key '\(key)'", at: object) }
      return nil
    }
    guard let text = value.stringValue else {
      throw error("expected a string for '\(key)', found \(value.typeName)", at: value)
    }
    return text
  }

  /// The member `key` of `object`, which must be an array.
  package func array(_ key: String, in object: JSONValue, required: Bool = true) throws -> [JSONValue]? {
    guard let value = object[key], !value.isNull else {
      if required { throw error("missing key '\(key)'", at: object) }
      return nil
    }
    guard let elements = value.arrayValue else {
      throw error("expected an array for '\(key)', found \(value.typeName)", at: value)
    }
    return elements
  }

  /// `value` itself, which must be an object.
  package func object(_ value: JSONValue, what: String) throws -> [JSONValue.Member] {
    guard let members = value.members else {
      throw error("expected an object for \(what), found \(value.typeName)", at: value)
    }
    return members
  }

  /// The warning for a key no reader of this object knows (`place` names the object, as
  /// " in 'me.arrow'"), with the nearest known key as a note.
  func unknownKeyWarning(_ member: JSONValue.Member, known: [String], place: String = "")
    -> Diagnostic
  {
    var warning = Diagnostic.warning(
      "unknown key '\(member.key)'\(place)", at: location(ofOffset: member.keyOffset))
    if let note = NearestWord.suggestion(for: member.key, in: known) { warning.notes = [note] }
    return warning
  }
}

/// Warns about keys that are not in `known`, suggesting the nearest one.
func warnUnknownKeys(
  _ members: [JSONValue.Member], known: [String], file: SourceFile, warnings: inout [Diagnostic]
) {
  for member in members where !known.contains(member.key) {
    warnings.append(file.unknownKeyWarning(member, known: known))
  }
}
