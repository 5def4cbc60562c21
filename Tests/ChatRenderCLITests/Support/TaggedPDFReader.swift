import Foundation

/// Reads a tagged PDF's structure tree back, each element with the text of its own marked
/// content, as a screen reader would: glyphs through their fonts' ToUnicode maps, an
/// ActualText span in place of its glyphs, artifacts left out. The objects come from
/// `qpdf --json` (streams decoded), so any PDF qpdf reads will do.
struct TaggedPDFReader {
  /// One structure element: its type, title, alternative text, own text and kids in order.
  struct Element {
    var type: String
    var title: String?
    var alternative: String?
    var text = ""
    var kids: [Element] = []

    /// Its text and its kids', in reading order.
    var fullText: String { text + kids.map(\.fullText).joined() }

    /// Every element under this one of `type`, in reading order.
    func all(_ type: String) -> [Element] {
      (self.type == type ? [self] : []) + kids.flatMap { $0.all(type) }
    }
  }

  private var objects: [Int: [String: Any]] = [:]
  private var streams: [Int: [UInt8]] = [:]
  /// Text of marked content by page object and MCID.
  private var marked: [Int: [Int: String]] = [:]
  private var trailer: [String: Any] = [:]

  init(json: [UInt8]) throws {
    let root = try JSONSerialization.jsonObject(with: Data(json)) as? [String: Any]
    let entries = (root?["qpdf"] as? [Any])?.last as? [String: Any] ?? [:]
    for (key, value) in entries {
      guard let entry = value as? [String: Any] else { continue }
      if key == "trailer" {
        trailer = entry["value"] as? [String: Any] ?? [:]
        continue
      }
      guard let number = Int(key.dropFirst(4).split(separator: " ").first ?? "") else { continue }
      if let stream = entry["stream"] as? [String: Any] {
        objects[number] = stream["dict"] as? [String: Any] ?? [:]
        streams[number] = [UInt8](Data(base64Encoded: stream["data"] as? String ?? "") ?? Data())
      } else if let dictionary = entry["value"] as? [String: Any] {
        objects[number] = dictionary
      }
    }
  }

  /// The Document element under the structure tree root.
  mutating func document() -> Element? {
    guard let catalog = object(trailer["/Root"]), let tree = object(catalog["/StructTreeRoot"]) else { return nil }
    readPages()
    return element(tree["/K"])
  }

  private func object(_ reference: Any?) -> [String: Any]? {
    if let dictionary = reference as? [String: Any] { return dictionary }
    return number(of: reference).flatMap { objects[$0] }
  }

  private func number(of reference: Any?) -> Int? {
    (reference as? String).flatMap { Int($0.split(separator: " ").first ?? "") }
  }

  private func element(_ reference: Any?) -> Element? {
    guard let dictionary = object(reference) else { return nil }
    var element = Element(
      type: String((dictionary["/S"] as? String ?? "").dropFirst()), title: Self.text(dictionary["/T"]),
      alternative: Self.text(dictionary["/Alt"]))
    let page = number(of: dictionary["/Pg"])
    let kids = dictionary["/K"] as? [Any] ?? (dictionary["/K"].map { [$0] } ?? [])
    for kid in kids {
      if let mcid = kid as? Int {
        element.text += page.flatMap { marked[$0]?[mcid] } ?? ""
      } else if let child = object(kid), child["/Type"] as? String == "/MCR", let mcid = child["/MCID"] as? Int {
        element.text += number(of: child["/Pg"] ?? dictionary["/Pg"]).flatMap { marked[$0]?[mcid] } ?? ""
      } else if let child = object(kid), child["/S"] != nil {
        element.kids += self.element(kid).map { [$0] } ?? []
      }
    }
    return element
  }

  /// A PDF string from qpdf's JSON: "u:" text or "b:" hex bytes.
  static func text(_ value: Any?) -> String? {
    guard let value = value as? String else { return nil }
    if value.hasPrefix("u:") { return String(value.dropFirst(2)) }
    if value.hasPrefix("b:") { return decode(hexBytes(Substring(value.dropFirst(2)))) }
    return nil
  }

  /// Bytes of a PDF string: UTF-16 after a byte-order mark, else one a character.
  private static func decode(_ bytes: [UInt8]) -> String {
    guard bytes.count >= 2, bytes[0] == 0xFE, bytes[1] == 0xFF else { return String(decoding: bytes, as: UTF8.self) }
    let units = stride(from: 2, to: bytes.count - 1, by: 2).map { UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]) }
    return String(decoding: units, as: UTF16.self)
  }

  private static func hexBytes(_ hex: Substring) -> [UInt8] {
    let digits = hex.filter(\.isHexDigit).map { UInt8(String($0), radix: 16)! }
    return stride(from: 0, to: digits.count - 1, by: 2).map { digits[$0] << 4 | digits[$0 + 1] }
  }

  // MARK: - Pages

  private mutating func readPages() {
    for (page, dictionary) in objects where dictionary["/Type"] as? String == "/Page" {
      let resources = object(dictionary["/Resources"])
      var maps: [String: [Int: String]] = [:]
      for (name, font) in object(resources?["/Font"]) ?? [:] {
        maps[name] = object(font).flatMap { number(of: $0["/ToUnicode"]) }.flatMap { streams[$0] }.map(Self.unicodeMap)
      }
      let contents = dictionary["/Contents"] as? [Any] ?? [dictionary["/Contents"] as Any]
      let bytes = contents.compactMap { number(of: $0).flatMap { streams[$0] } }.joined(separator: [10])
      marked[page] = Self.markedText(Array(bytes), fonts: maps).mapValues(Self.logical)
    }
  }

  /// Right-to-left text as a reader orders it: glyphs are shown left to right, so each run of
  /// Arabic or Hebrew letters (with the spaces inside it) comes reversed.
  private static func logical(_ visual: String) -> String {
    func isRightToLeft(_ character: Character) -> Bool {
      character.unicodeScalars.first.map { (0x0590...0x08FF).contains($0.value) } ?? false
    }
    var result: [Character] = []
    var run: [Character] = []
    var pendingSpaces: [Character] = []
    for character in visual {
      if isRightToLeft(character) {
        run += pendingSpaces + [character]
        pendingSpaces = []
      } else if character == " ", !run.isEmpty {
        pendingSpaces.append(character)
      } else {
        result += run.reversed() + pendingSpaces + [character]
        run = []
        pendingSpaces = []
      }
    }
    return String(result + run.reversed() + pendingSpaces)
  }

  /// A ToUnicode CMap's glyph codes and their text (bfchar and bfrange).
  private static func unicodeMap(_ cmap: [UInt8]) -> [Int: String] {
    var map: [Int: String] = [:]
    let text = String(decoding: cmap, as: UTF8.self)
    let code = { (hex: Substring) in Int(hex.filter(\.isHexDigit), radix: 16) ?? 0 }
    for section in text.components(separatedBy: "beginbfchar").dropFirst() {
      let body = section.components(separatedBy: "endbfchar")[0]
      let hexes = body.components(separatedBy: "<").dropFirst().map { Substring($0.prefix { $0 != ">" }) }
      for pair in stride(from: 0, to: hexes.count - 1, by: 2) {
        map[code(hexes[pair])] = decode([0xFE, 0xFF] + hexBytes(hexes[pair + 1]))
      }
    }
    for section in text.components(separatedBy: "beginbfrange").dropFirst() {
      let body = section.components(separatedBy: "endbfrange")[0]
      let hexes = body.components(separatedBy: "<").dropFirst().map { Substring($0.prefix { $0 != ">" }) }
      for triple in stride(from: 0, to: hexes.count - 2, by: 3) {
        let first = code(hexes[triple])
        let last = code(hexes[triple + 1])
        let start = code(hexes[triple + 2])
        for value in first...max(first, last) {
          map[value] = Unicode.Scalar(start + value - first).map { String(Character($0)) } ?? ""
        }
      }
    }
    return map
  }

  /// The text of each marked-content sequence with an MCID: the strings shown inside it
  /// (two-byte codes through the font's map), or its ActualText spans instead of their glyphs.
  private static func markedText(_ content: [UInt8], fonts: [String: [Int: String]]) -> [Int: String] {
    var result: [Int: String] = [:]
    var stack: [(mcid: Int?, actual: String?)] = []
    var operands: [String] = []
    var font: [Int: String] = [:]
    var tokens = ContentTokens(content)
    func owner() -> Int? { stack.last { $0.mcid != nil }?.mcid }
    func inActualText() -> Bool { stack.contains { $0.actual != nil } }
    while let token = tokens.next() {
      switch token {
      case .operand(let value):
        operands.append(value)
      case .op(let name):
        switch name {
        case "Tf": font = fonts[operands.dropLast().last ?? ""] ?? [:]
        case "BMC": stack.append((nil, nil))
        case "BDC":
          let properties = operands.last ?? ""
          let mcid = properties.firstMatch(of: /\/MCID (\d+)/).flatMap { Int($0.output.1) }
          let actual = Self.actualText(in: properties)
          if let actual, !inActualText(), let owner = mcid ?? owner() { result[owner, default: ""] += actual }
          stack.append((mcid, actual))
        case "EMC": _ = stack.popLast()
        case "Tj", "TJ", "'", "\"":
          guard let owner = owner(), !inActualText() else { break }
          for string in operands where string.hasPrefix("<") || string.hasPrefix("[") {
            for hex in string.components(separatedBy: "<").dropFirst().map({ Substring($0.prefix { $0 != ">" }) }) {
              let bytes = hexBytes(hex)
              for index in stride(from: 0, to: bytes.count - 1, by: 2) {
                result[owner, default: ""] += font[Int(bytes[index]) << 8 | Int(bytes[index + 1])] ?? ""
              }
            }
          }
        default: break
        }
        operands = []
      }
    }
    return result
  }

  private static func actualText(in properties: String) -> String? {
    guard let range = properties.range(of: "/ActualText") else { return nil }
    let rest = properties[range.upperBound...].drop { $0 == " " }
    if rest.hasPrefix("<") { return decode(hexBytes(rest.dropFirst().prefix { $0 != ">" })) }
    if rest.hasPrefix("(") { return String(rest.dropFirst().prefix { $0 != ")" }) }
    return nil
  }
}

/// The tokens of a content stream: operands (a number, name, string, array or dictionary as
/// written) and operators.
private struct ContentTokens {
  enum Token {
    case operand(String)
    case op(String)
  }

  private let bytes: [UInt8]
  private var index = 0

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  mutating func next() -> Token? {
    while index < bytes.count, Self.isSpace(bytes[index]) { index += 1 }
    guard index < bytes.count else { return nil }
    let start = index
    switch bytes[index] {
    case UInt8(ascii: "["): skipBalanced(open: UInt8(ascii: "["), close: UInt8(ascii: "]"))
    case UInt8(ascii: "<") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "<"):
      skipBalanced(open: UInt8(ascii: "<"), close: UInt8(ascii: ">"))
    case UInt8(ascii: "<"):
      while index < bytes.count, bytes[index] != UInt8(ascii: ">") { index += 1 }
      index += 1
    case UInt8(ascii: "("): skipBalanced(open: UInt8(ascii: "("), close: UInt8(ascii: ")"))
    case UInt8(ascii: "/"):
      index += 1
      while index < bytes.count, !Self.isSpace(bytes[index]), !Self.isDelimiter(bytes[index]) { index += 1 }
    default:
      while index < bytes.count, !Self.isSpace(bytes[index]), !Self.isDelimiter(bytes[index]) { index += 1 }
      let word = String(decoding: bytes[start..<index], as: UTF8.self)
      return word.first.map { $0.isNumber || $0 == "-" || $0 == "." } == true ? .operand(word) : .op(word)
    }
    return .operand(String(decoding: bytes[start..<index], as: UTF8.self))
  }

  /// Moves past a bracketed value, nested brackets and escaped or string-held ones included.
  private mutating func skipBalanced(open: UInt8, close: UInt8) {
    var depth = 0
    var inString = false
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\\") {
        index += 2
        continue
      }
      if open != UInt8(ascii: "(") && byte == UInt8(ascii: "(") { inString = true }
      if inString {
        if byte == UInt8(ascii: ")") { inString = false }
      } else if byte == open {
        depth += 1
      } else if byte == close {
        depth -= 1
        if depth == 0 {
          index += 1
          return
        }
      }
      index += 1
    }
  }

  private static func isSpace(_ byte: UInt8) -> Bool { byte == 32 || byte == 10 || byte == 13 || byte == 9 }
  private static func isDelimiter(_ byte: UInt8) -> Bool { "[]<>()/".utf8.contains(byte) }
}
