import Foundation

extension JSONValue {
  /// An identifier as text: a string as is, an integral number without a fraction
  /// (`5012345678`, not `5012345678.0`). Nil for other kinds.
  var idText: String? {
    switch kind {
    case .string(let text): return text
    case .number(let number): return number.jsonText
    default: return nil
    }
  }
}

extension SourceFile {
  /// The member `key` of `object`, which must be an object when present and not null.
  func objectMember(_ key: String, in object: JSONValue) throws -> JSONValue? {
    guard let value = object[key], !value.isNull else { return nil }
    guard value.members != nil else {
      throw error("expected an object for '\(key)', found \(value.typeName)", at: value)
    }
    return value
  }

  /// The member `key` of `object`, which must be a number when present and not null.
  func number(_ key: String, in object: JSONValue) throws -> Double? {
    guard let value = object[key], !value.isNull else { return nil }
    guard let number = value.numberValue else {
      throw error("expected a number for '\(key)', found \(value.typeName)", at: value)
    }
    return number
  }

  /// A recording's length in seconds at `key` of `object`, counted in `perSecond` units (1,000
  /// for milliseconds); nil when there is none. A length no recording has (not finite,
  /// negative, past `Limit.recordingLength`) is none as well, with a warning at it naming
  /// `path`, so no drawing is asked to show it.
  func recordingLength(
    _ key: String, in object: JSONValue, path: String, perSecond: Double = 1, warnings: inout [Diagnostic]
  ) throws -> Double? {
    guard let raw = try number(key, in: object) else { return nil }
    let seconds = raw / perSecond
    if seconds.isFinite, seconds >= 0, seconds <= Double(Limit.recordingLength.value) { return seconds }
    let reason = seconds > 0 ? Limit.recordingLength.exceededMessage() : "not a length"
    warnings.append(
      .warning(
        "'\(path)' of \(raw.jsonText) ignored: \(reason); the recording is drawn without its length",
        at: location(ofOffset: object[key]?.offset ?? object.offset)))
    return nil
  }

  /// The member `key` of `object`, which must be true or false when present and not null.
  func flag(_ key: String, in object: JSONValue) throws -> Bool? {
    guard let value = object[key], !value.isNull else { return nil }
    guard let flag = value.boolValue else {
      throw error("expected true or false for '\(key)', found \(value.typeName)", at: value)
    }
    return flag
  }

  /// The member `key` of `object` as an identifier: a string or a whole number.
  func id(_ key: String, in object: JSONValue, required: Bool = false) throws -> String? {
    guard let value = object[key], !value.isNull else {
      if required { throw error("missing key '\(key)'", at: object) }
      return nil
    }
    guard let text = value.idText else {
      throw error("expected a string or a number for '\(key)', found \(value.typeName)", at: value)
    }
    return text
  }
}

extension MessageTime {
  /// The instant `seconds` after 1970-01-01 UTC, or nil outside the years 1 to 9999, which
  /// no chat was written in and which calendars cannot format.
  static func epochSeconds(_ seconds: Double) -> MessageTime? {
    guard (-62_135_596_800...253_402_300_799).contains(seconds) else { return nil }
    return .instant(Date(timeIntervalSince1970: seconds))
  }
}
