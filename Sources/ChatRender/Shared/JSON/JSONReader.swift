/// A strict JSON parser (RFC 8259) that records the offset of every value, so that errors
/// and later checks can name a line and column.
struct JSONReader {
  /// An array of the top-level object that `parse(_:deferring:)` checked but did not keep:
  /// where it starts, how many elements it holds and how deep it is nested.
  struct DeferredArray {
    /// UTF-8 offset of its `[`.
    var offset: Int
    /// Number of elements.
    var count: Int
    /// Nesting depth outside it (1: a member of the top-level object).
    fileprivate var depth: Int
  }

  private let file: SourceFile
  private let bytes: [UInt8]
  private var index = 0
  private var depth = 0
  private let maximumDepth = Limit.nestingDepth.value
  /// The top-level member whose array is checked but not kept.
  private var deferredKey: String?
  private var deferred: DeferredArray?
  /// False while an array is only checked: strings are not decoded, elements not stored.
  private var keepsValues = true

  /// Parses the whole of `file` as one JSON value.
  ///
  /// - Throws: `DiagnosticError` at the first syntax error.
  static func parse(_ file: SourceFile) throws -> JSONValue {
    var reader = JSONReader(file: file)
    return try reader.parseDocument()
  }

  /// Parses `file` as `parse(_:)` does, except the array of the top-level member `key`: it is
  /// checked (a syntax error anywhere is still found first) but its elements are not kept; the
  /// tree holds an empty array in its place, and `forEachElement(of:in:_:)` reads them one at a
  /// time. A long list (a chat's messages) then never stands in memory as a whole tree.
  ///
  /// - Returns: the tree, and the deferred array when the last member named `key` of the
  ///   top-level object is an array.
  static func parse(_ file: SourceFile, deferring key: String) throws -> (
    root: JSONValue, deferred: DeferredArray?
  ) {
    var reader = JSONReader(file: file)
    reader.deferredKey = key
    let root = try reader.parseDocument()
    return (root, reader.deferred)
  }

  /// Reads the elements of an array that `parse(_:deferring:)` deferred, handing each to
  /// `body` in order.
  static func forEachElement(
    of array: DeferredArray, in file: SourceFile, _ body: (JSONValue) throws -> Void
  ) throws {
    var reader = JSONReader(file: file)
    reader.index = array.offset
    reader.depth = array.depth
    try reader.readElements(body)
  }

  /// Hands `body` each element of a top-level array: read from the file when `deferred` (the
  /// array was deferred), else taken from `elements` (it was not, as in a file where that
  /// member is not an array).
  static func forEachElement(
    of deferred: DeferredArray?, else elements: [JSONValue], in file: SourceFile,
    _ body: (JSONValue) throws -> Void
  ) throws {
    guard let deferred else { return try elements.forEach(body) }
    try forEachElement(of: deferred, in: file, body)
  }

  /// Parses one JSON value from each non-blank line (JSON Lines).
  static func parseLines(_ file: SourceFile) throws -> [JSONValue] {
    var reader = JSONReader(file: file)
    var values: [JSONValue] = []
    reader.skipWhitespace()
    while reader.index < reader.bytes.count {
      values.append(try reader.parseValue())
      reader.skipSpacesAndTabs()
      guard
        reader.index >= reader.bytes.count || reader.bytes[reader.index] == 0x0A
          || reader.bytes[reader.index] == 0x0D
      else { throw reader.error("expected a new line after a JSON value") }
      reader.skipWhitespace()
    }
    return values
  }

  private init(file: SourceFile) {
    self.file = file
    self.bytes = file.bytes
  }

  private mutating func parseDocument() throws -> JSONValue {
    skipWhitespace()
    let value = try parseValue()
    skipWhitespace()
    if index < bytes.count { throw error("unexpected text after the JSON value") }
    return value
  }

  private func error(_ message: String, at offset: Int? = nil) -> DiagnosticError {
    DiagnosticError(.error(message, at: file.location(ofOffset: offset ?? index)))
  }

  private mutating func skipWhitespace() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x09, 0x0A, 0x0D: index += 1
      default: return
      }
    }
  }

  private mutating func skipSpacesAndTabs() {
    while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
  }

  private func describeCurrent() -> String {
    guard index < bytes.count else { return "end of file" }
    let byte = bytes[index]
    if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
    return "byte 0x\(String(byte, radix: 16))"
  }

  private mutating func parseValue() throws -> JSONValue {
    guard index < bytes.count else { throw error("expected a JSON value, found end of file") }
    let start = index
    switch bytes[index] {
    case UInt8(ascii: "{"): return try parseObject()
    case UInt8(ascii: "["): return try parseArray()
    case UInt8(ascii: "\""): return JSONValue(kind: .string(try parseString(decoding: keepsValues)), offset: start)
    case UInt8(ascii: "t"):
      try expectWord("true")
      return JSONValue(kind: .bool(true), offset: start)
    case UInt8(ascii: "f"):
      try expectWord("false")
      return JSONValue(kind: .bool(false), offset: start)
    case UInt8(ascii: "n"):
      try expectWord("null")
      return JSONValue(kind: .null, offset: start)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      return JSONValue(kind: .number(try parseNumber()), offset: start)
    default:
      throw error("expected a JSON value, found \(describeCurrent())")
    }
  }

  private mutating func expectWord(_ word: String) throws {
    let start = index
    let expected = Array(word.utf8)
    let count = expected.count
    let matches =
      index + count <= bytes.count && (0..<count).allSatisfy { bytes[index + $0] == expected[$0] }
    guard matches else { throw error("invalid literal (expected '\(word)')", at: start) }
    index += count
  }

  private mutating func enter() throws {
    depth += 1
    if depth > maximumDepth { throw error(Limit.nestingDepth.exceededMessage()) }
  }

  private mutating func parseObject() throws -> JSONValue {
    let start = index
    try enter()
    defer { depth -= 1 }
    index += 1
    var members: [JSONValue.Member] = []
    skipWhitespace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
      index += 1
      return JSONValue(kind: .object(members), offset: start)
    }
    while true {
      skipWhitespace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
        throw error("expected a string key in the object, found \(describeCurrent())")
      }
      let keyOffset = index
      // Keys of an array that is only checked are not decoded either, but for an error.
      let key = try parseString(decoding: keepsValues)
      skipWhitespace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
        let name = keepsValues ? key : decodedString(at: keyOffset)
        throw error("expected ':' after the key \"\(name)\", found \(describeCurrent())")
      }
      index += 1
      skipWhitespace()
      let value = try parseMemberValue(key)
      if keepsValues { members.append(JSONValue.Member(key: key, keyOffset: keyOffset, value: value)) }
      skipWhitespace()
      guard index < bytes.count else {
        throw error("unterminated object (expected ',' or '}'), found end of file")
      }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
          throw error("trailing comma before '}'")
        }
        continue
      }
      if bytes[index] == UInt8(ascii: "}") {
        index += 1
        return JSONValue(kind: .object(members), offset: start)
      }
      throw error("expected ',' or '}' in the object, found \(describeCurrent())")
    }
  }

  /// A member's value; the deferred key's array, in the top-level object, is only checked.
  private mutating func parseMemberValue(_ key: String) throws -> JSONValue {
    guard depth == 1, key == deferredKey else { return try parseValue() }
    guard index < bytes.count, bytes[index] == UInt8(ascii: "[") else {
      deferred = nil  // A later duplicate that is not an array wins.
      return try parseValue()
    }
    let start = index
    keepsValues = false
    defer { keepsValues = true }
    var count = 0
    try readElements { _ in count += 1 }
    deferred = DeferredArray(offset: start, count: count, depth: 1)
    return JSONValue(kind: .array([]), offset: start)
  }

  private mutating func parseArray() throws -> JSONValue {
    let start = index
    var elements: [JSONValue] = []
    let keeps = keepsValues
    try readElements { if keeps { elements.append($0) } }
    return JSONValue(kind: .array(elements), offset: start)
  }

  /// Reads an array from its `[` to its `]`, handing each element to `each`.
  private mutating func readElements(_ each: (JSONValue) throws -> Void) throws {
    try enter()
    defer { depth -= 1 }
    index += 1
    skipWhitespace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
      index += 1
      return
    }
    while true {
      skipWhitespace()
      try each(try parseValue())
      skipWhitespace()
      guard index < bytes.count else {
        throw error("unterminated array (expected ',' or ']'), found end of file")
      }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
          throw error("trailing comma before ']'")
        }
        continue
      }
      if bytes[index] == UInt8(ascii: "]") {
        index += 1
        return
      }
      throw error("expected ',' or ']' in the array, found \(describeCurrent())")
    }
  }

  private mutating func parseNumber() throws -> Double {
    let start = index
    if bytes[index] == UInt8(ascii: "-") { index += 1 }
    func digits() -> Int {
      let from = index
      while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1 }
      return index - from
    }
    guard index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 else {
      throw error("invalid number: expected a digit")
    }
    if bytes[index] == 0x30 {
      index += 1
      if index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 {
        throw error("invalid number: leading zero", at: start)
      }
    } else {
      _ = digits()
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      index += 1
      guard digits() > 0 else { throw error("invalid number: expected a digit after '.'") }
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
      index += 1
      if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
        index += 1
      }
      guard digits() > 0 else { throw error("invalid number: expected a digit in the exponent") }
    }
    let text = String(decoding: bytes[start..<index], as: UTF8.self)
    guard let value = Double(text), value.isFinite else {
      throw error("invalid number '\(text)'", at: start)
    }
    return value
  }

  /// The text of the (well-formed) string at `offset`.
  private func decodedString(at offset: Int) -> String {
    var reader = self
    reader.index = offset
    return (try? reader.parseString()) ?? ""
  }

  /// A string's text; only checked, and "" returned, unless `decoding`.
  private mutating func parseString(decoding: Bool = true) throws -> String {
    let start = index
    index += 1
    // Fast path: no escapes.
    var runStart = index
    var scalars: [UInt8] = []
    var usedBuffer = false
    while true {
      index = endOfPlainRun(from: index)
      guard index < bytes.count else { throw error("unterminated string", at: start) }
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        if !decoding {
          index += 1
          return ""
        }
        if !usedBuffer {
          let text = String(decoding: bytes[runStart..<index], as: UTF8.self)
          index += 1
          return text
        }
        scalars.append(contentsOf: bytes[runStart..<index])
        index += 1
        return String(decoding: scalars, as: UTF8.self)
      }
      if byte < 0x20 {
        throw error(
          byte == 0x0A ? "unterminated string (raw new line; use \\n)" : "control character in string")
      }
      if byte == UInt8(ascii: "\\") {
        usedBuffer = true
        scalars.append(contentsOf: bytes[runStart..<index])
        let escapeStart = index
        index += 1
        guard index < bytes.count else { throw error("unterminated string", at: start) }
        let escape = bytes[index]
        index += 1
        switch escape {
        case UInt8(ascii: "\""): scalars.append(0x22)
        case UInt8(ascii: "\\"): scalars.append(0x5C)
        case UInt8(ascii: "/"): scalars.append(0x2F)
        case UInt8(ascii: "b"): scalars.append(0x08)
        case UInt8(ascii: "f"): scalars.append(0x0C)
        case UInt8(ascii: "n"): scalars.append(0x0A)
        case UInt8(ascii: "r"): scalars.append(0x0D)
        case UInt8(ascii: "t"): scalars.append(0x09)
        case UInt8(ascii: "u"):
          var code = try parseHex4()
          if (0xD800...0xDBFF).contains(code) {
            if index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
              bytes[index + 1] == UInt8(ascii: "u")
            {
              index += 2
              let low = try parseHex4()
              guard (0xDC00...0xDFFF).contains(low) else {
                throw error("invalid surrogate pair in \\u escape", at: escapeStart)
              }
              code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
            } else {
              throw error("unpaired surrogate in \\u escape", at: escapeStart)
            }
          } else if (0xDC00...0xDFFF).contains(code) {
            throw error("unpaired surrogate in \\u escape", at: escapeStart)
          }
          guard let scalar = Unicode.Scalar(code) else {
            throw error("invalid \\u escape", at: escapeStart)
          }
          scalars.append(contentsOf: Array(String(scalar).utf8))
        default:
          throw error("invalid escape '\\\(Character(Unicode.Scalar(escape)))' in string", at: escapeStart)
        }
        runStart = index
        continue
      }
    }
  }

  /// The index of the first quote, backslash or control character from `start` (or the end):
  /// where a run of bytes that a string holds as they are stops. Most of a file's reading is
  /// spent here, so it looks at eight bytes at a time until a word holds one of them.
  private func endOfPlainRun(from start: Int) -> Int {
    bytes.withUnsafeBytes { buffer in
      var index = start
      while index + 8 <= buffer.count {
        let word = buffer.loadUnaligned(fromByteOffset: index, as: UInt64.self)
        if Self.holdsZeroByte(word ^ Self.everyByte(0x22)) || Self.holdsZeroByte(word ^ Self.everyByte(0x5C))
          || Self.holdsByteBelow0x20(word)
        {
          break
        }
        index += 8
      }
      while index < buffer.count {
        let byte = buffer[index]
        if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { return index }
        index += 1
      }
      return index
    }
  }

  /// `byte` in each of a word's eight bytes.
  private static func everyByte(_ byte: UInt8) -> UInt64 { 0x0101_0101_0101_0101 &* UInt64(byte) }

  /// Whether one of the word's bytes is zero (exact: a borrow only follows a zero byte).
  private static func holdsZeroByte(_ word: UInt64) -> Bool {
    (word &- everyByte(0x01)) & ~word & everyByte(0x80) != 0
  }

  /// Whether one of the word's bytes is under 0x20.
  private static func holdsByteBelow0x20(_ word: UInt64) -> Bool {
    (word &- everyByte(0x20)) & ~word & everyByte(0x80) != 0
  }

  private mutating func parseHex4() throws -> UInt32 {
    guard index + 4 <= bytes.count else { throw error("incomplete \\u escape") }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = bytes[index]
      let digit: UInt32
      switch byte {
      case 0x30...0x39: digit = UInt32(byte - 0x30)
      case 0x41...0x46: digit = UInt32(byte - 0x41 + 10)
      case 0x61...0x66: digit = UInt32(byte - 0x61 + 10)
      default: throw error("invalid hex digit in \\u escape")
      }
      value = value * 16 + digit
      index += 1
    }
    return value
  }
}
