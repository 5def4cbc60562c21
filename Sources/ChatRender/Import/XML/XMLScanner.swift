/// A small pull scanner for XML documents that reports errors with line and column.
///
/// It checks well-formedness (matching tags, quoted attributes, entity references, one root)
/// but reads no DTD. Unlike libxml2 it accepts character references to UTF-16 surrogates
/// when a high one is directly followed by a low one (`&#55357;&#56832;` is 😀), as
/// SMS Backup & Restore writes every emoji; a lone surrogate becomes U+FFFD.
/// Attribute values are kept as byte ranges and decoded on demand, so large base64 payloads
/// cost one pass over their bytes.
struct XMLScanner {
  /// One attribute of a start tag.
  struct Attribute {
    var name: String
    /// UTF-8 offset of the attribute's name.
    var offset: Int
    /// The raw value, without its quotes.
    var valueRange: Range<Int>
  }

  /// A start tag (`<name a="b">` or `<name/>`).
  struct Tag {
    var name: String
    /// UTF-8 offset of the `<`.
    var offset: Int
    var attributes: [Attribute]
    var isEmpty: Bool

    func attribute(_ name: String) -> Attribute? { attributes.first { $0.name == name } }
  }

  enum Event {
    case start(Tag)
    case end(name: String, offset: Int)
    case endOfFile
  }

  let file: SourceFile
  private let bytes: [UInt8]
  private var index = 0
  private var openTags: [(name: String, offset: Int)] = []
  private var rootClosed = false
  /// An empty-element tag reported as a start, whose end is reported next.
  private var pendingEnd: (name: String, offset: Int)?

  init(file: SourceFile) {
    self.file = file
    self.bytes = file.bytes
  }

  /// How many elements are open, counting one just reported by `.start`.
  var depth: Int { openTags.count + (pendingEnd == nil ? 0 : 1) }

  /// Whether every byte has been read: an error thrown now was caused by the file's end.
  var isAtEnd: Bool { index >= bytes.count }

  func error(_ message: String, at offset: Int) -> DiagnosticError {
    DiagnosticError(.error(message, at: file.location(ofOffset: offset)))
  }

  // MARK: - Events

  /// The next start tag, end tag or the end of the file; text between tags is checked and
  /// skipped.
  mutating func next() throws -> Event {
    if let pending = pendingEnd {
      pendingEnd = nil
      if openTags.isEmpty { rootClosed = true }
      return .end(name: pending.name, offset: pending.offset)
    }
    while true {
      try skipText()
      guard index < bytes.count else {
        if let open = openTags.last {
          throw error(
            "element <\(open.name)> is never closed (the file ends first)", at: open.offset)
        }
        if !rootClosed { throw error("no root element", at: index) }
        return .endOfFile
      }
      // bytes[index] is "<".
      if startsWith("<?") {
        try skip(past: "?>", what: "processing instruction", start: index)
      } else if startsWith("<!--") {
        try skip(past: "-->", what: "comment", start: index)
      } else if startsWith("<![CDATA[") {
        guard !openTags.isEmpty else { throw error("text outside the root element", at: index) }
        try skip(past: "]]>", what: "CDATA section", start: index)
      } else if startsWith("<!") {
        try skipDeclaration()
      } else if startsWith("</") {
        return try readEndTag()
      } else {
        return .start(try readStartTag())
      }
    }
  }

  /// Skips the rest of the element whose start tag was just returned.
  mutating func skipElement() throws {
    let target = depth - 1
    while depth > target {
      if case .endOfFile = try next() { return }
    }
  }

  // MARK: - Values

  /// The decoded value of `attribute`: entities and character references replaced.
  func value(of attribute: Attribute) -> String {
    let range = attribute.valueRange
    guard bytes[range].contains(UInt8(ascii: "&")) else {
      return String(decoding: bytes[range], as: UTF8.self)
    }
    // Built as UTF-8 bytes: cost linear in the value, however many references it holds.
    var utf8: [UInt8] = []
    utf8.reserveCapacity(range.count)
    var plainStart = range.lowerBound
    var position = range.lowerBound
    func flushPlain(upTo end: Int) { utf8.append(contentsOf: bytes[plainStart..<end]) }
    while position < range.upperBound {
      guard bytes[position] == UInt8(ascii: "&"),
        let (value, length) = reference(at: position, end: range.upperBound)
      else {
        position += 1
        continue
      }
      flushPlain(upTo: position)
      var next = position + length
      var scalarValue = value
      if (0xD800...0xDBFF).contains(value), next < range.upperBound,
        let (low, lowLength) = reference(at: next, end: range.upperBound),
        (0xDC00...0xDFFF).contains(low)
      {
        scalarValue = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
        next += lowLength
      }
      utf8.append(contentsOf: Character(Unicode.Scalar(scalarValue) ?? "\u{FFFD}").utf8)
      position = next
      plainStart = next
    }
    flushPlain(upTo: range.upperBound)
    return String(decoding: utf8, as: UTF8.self)
  }

  /// The code point and byte length of the reference starting at `start` (an `&`).
  private func reference(at start: Int, end: Int) -> (UInt32, Int)? {
    var position = start + 1
    guard position < end else { return nil }
    if bytes[position] == UInt8(ascii: "#") {
      position += 1
      let hex = position < end && (bytes[position] == UInt8(ascii: "x"))
      if hex { position += 1 }
      let digitsStart = position
      var value: UInt32 = 0
      while position < end, let digit = XMLScanner.digit(bytes[position], hex: hex) {
        value = min(value &* (hex ? 16 : 10) &+ digit, 0x11_0000)
        position += 1
      }
      guard position > digitsStart, position < end, bytes[position] == UInt8(ascii: ";"),
        value > 0, value < 0x11_0000
      else { return nil }
      return (value, position + 1 - start)
    }
    for (utf8, value) in XMLScanner.entities {
      if position + utf8.count <= end, bytes[position..<(position + utf8.count)].elementsEqual(utf8) {
        return (value, utf8.count + 1)
      }
    }
    return nil
  }

  /// The predefined entities, after their `&`.
  private static let entities: [([UInt8], UInt32)] = [
    (Array("lt;".utf8), 0x3C), (Array("gt;".utf8), 0x3E), (Array("amp;".utf8), 0x26),
    (Array("quot;".utf8), 0x22), (Array("apos;".utf8), 0x27),
  ]

  private static func digit(_ byte: UInt8, hex: Bool) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f") where hex:
      return UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F") where hex:
      return UInt32(byte - UInt8(ascii: "A") + 10)
    default: return nil
    }
  }

  // MARK: - Scanning

  private func startsWith(_ text: StaticString) -> Bool {
    let count = text.utf8CodeUnitCount
    guard index + count <= bytes.count else { return false }
    return text.withUTF8Buffer { buffer in
      (0..<count).allSatisfy { bytes[index + $0] == buffer[$0] }
    }
  }

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }

  private static func isNameByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"),
      UInt8(ascii: "."), UInt8(ascii: ":"), 0x80...0xFF:
      return true
    default: return false
    }
  }

  private func describe(_ offset: Int) -> String {
    guard offset < bytes.count else { return "the end of the file" }
    let byte = bytes[offset]
    if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
    if XMLScanner.isSpace(byte) { return "a space" }
    return "byte 0x\(String(byte, radix: 16))"
  }

  /// Skips character data up to the next `<`, checking its references; text outside the root
  /// element must be blank.
  private mutating func skipText() throws {
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "<") { return }
      if openTags.isEmpty && !XMLScanner.isSpace(byte) {
        throw error(
          rootClosed ? "text after the root element" : "text before the root element", at: index)
      }
      if byte == UInt8(ascii: "&") {
        guard let (_, length) = reference(at: index, end: bytes.count) else {
          throw error("'&' must start an entity such as &amp; or &#10;", at: index)
        }
        index += length
      } else {
        index += 1
      }
    }
  }

  private mutating func skip(past terminator: StaticString, what: String, start: Int) throws {
    let count = terminator.utf8CodeUnitCount
    let term = terminator.withUTF8Buffer { Array($0) }
    var position = index + 2
    while position + count <= bytes.count {
      if bytes[position] == term[0], bytes[position..<(position + count)].elementsEqual(term) {
        index = position + count
        return
      }
      position += 1
    }
    throw error("unterminated \(what)", at: start)
  }

  /// `<!DOCTYPE …>`, with an internal subset in brackets.
  private mutating func skipDeclaration() throws {
    let start = index
    var brackets = 0
    var position = index + 2
    while position < bytes.count {
      switch bytes[position] {
      case UInt8(ascii: "["): brackets += 1
      case UInt8(ascii: "]"): brackets -= 1
      case UInt8(ascii: ">") where brackets <= 0:
        index = position + 1
        return
      default: break
      }
      position += 1
    }
    throw error("unterminated declaration", at: start)
  }

  private mutating func readName(what: String) throws -> String {
    let start = index
    while index < bytes.count, XMLScanner.isNameByte(bytes[index]) { index += 1 }
    guard index > start, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[start]),
      bytes[start] != UInt8(ascii: "-"), bytes[start] != UInt8(ascii: ".")
    else { throw error("expected \(what), found \(describe(start))", at: start) }
    return String(decoding: bytes[start..<index], as: UTF8.self)
  }

  private mutating func skipSpaces() {
    while index < bytes.count, XMLScanner.isSpace(bytes[index]) { index += 1 }
  }

  private mutating func readStartTag() throws -> Tag {
    let start = index
    if rootClosed { throw error("a second root element", at: start) }
    index += 1
    let name = try readName(what: "an element name after '<'")
    var attributes: [Attribute] = []
    // A set, not a search of `attributes`: 500,000 attributes took minutes.
    var names = Set<String>()
    while true {
      let beforeSpace = index
      skipSpaces()
      guard index < bytes.count else { throw error("unterminated tag <\(name)>", at: start) }
      if bytes[index] == UInt8(ascii: ">") {
        index += 1
        openTags.append((name, start))
        return Tag(name: name, offset: start, attributes: attributes, isEmpty: false)
      }
      if bytes[index] == UInt8(ascii: "/") {
        guard index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: ">") else {
          throw error("expected '>' after '/' in <\(name)>", at: index + 1)
        }
        index += 2
        pendingEnd = (name, start)
        return Tag(name: name, offset: start, attributes: attributes, isEmpty: true)
      }
      guard index > beforeSpace else {
        throw error(
          "expected a space, '>' or '/>' in <\(name)>, found \(describe(index))", at: index)
      }
      let attribute = try readAttribute(in: name)
      guard names.insert(attribute.name).inserted else {
        throw error("duplicate attribute '\(attribute.name)' in <\(name)>", at: attribute.offset)
      }
      attributes.append(attribute)
    }
  }

  private mutating func readAttribute(in tag: String) throws -> Attribute {
    let nameOffset = index
    let name = try readName(what: "an attribute name in <\(tag)>")
    skipSpaces()
    guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else {
      throw error("expected '=' after attribute '\(name)', found \(describe(index))", at: index)
    }
    index += 1
    skipSpaces()
    guard index < bytes.count,
      bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'")
    else {
      throw error("expected a quoted value for '\(name)', found \(describe(index))", at: index)
    }
    let quote = bytes[index]
    let valueStart = index + 1
    index = valueStart
    while index < bytes.count {
      // Values can be megabytes of base64: find the next byte that matters in one tight loop.
      index = bytes.withUnsafeBufferPointer { buffer in
        var position = index
        while position < buffer.count {
          let byte = buffer[position]
          if byte == quote || byte == UInt8(ascii: "<") || byte == UInt8(ascii: "&") { break }
          position += 1
        }
        return position
      }
      guard index < bytes.count, bytes[index] != quote else { break }
      switch bytes[index] {
      case UInt8(ascii: "<"):
        throw error(
          "'<' is not allowed in the value of '\(name)' (missing closing quote?)", at: index)
      case UInt8(ascii: "&"):
        guard let (_, length) = reference(at: index, end: bytes.count) else {
          throw error("'&' must start an entity such as &amp; or &#10;", at: index)
        }
        index += length
      default:
        index += 1
      }
    }
    guard index < bytes.count else {
      throw error("unterminated value of '\(name)'", at: valueStart - 1)
    }
    let attribute = Attribute(name: name, offset: nameOffset, valueRange: valueStart..<index)
    index += 1
    return attribute
  }

  private mutating func readEndTag() throws -> Event {
    let start = index
    index += 2
    let name = try readName(what: "an element name after '</'")
    skipSpaces()
    guard index < bytes.count, bytes[index] == UInt8(ascii: ">") else {
      throw error("expected '>' to end </\(name)>, found \(describe(index))", at: index)
    }
    index += 1
    guard let open = openTags.popLast() else {
      throw error("closing tag </\(name)> without an opening tag", at: start)
    }
    guard open.name == name else {
      throw error("expected </\(open.name)>, found </\(name)>", at: start)
    }
    if openTags.isEmpty { rootClosed = true }
    return .end(name: name, offset: start)
  }
}
