/// A JSON value to write, object members in the order given: every JSON the package prints
/// (transcripts, themes, the theme schema) is built as nodes and written by `text(layout:)`.
indirect enum JSONNode: Sendable, Equatable {
  case number(Double)
  /// A count or size, written exactly however large.
  case integer(Int)
  case string(String)
  case bool(Bool)
  case null
  case array([JSONNode])
  case object([Member])

  /// One `"key": value` pair.
  struct Member: Sendable, Equatable {
    var key: String
    var value: JSONNode

    init(_ key: String, _ value: JSONNode) {
      self.key = key
      self.value = value
    }
  }

  /// Which arrays and objects are written one member a line rather than on one line.
  struct Layout: Sendable {
    /// Containers nested less deep than this (the root is depth 0) are always opened.
    var openDepth: Int
    /// Deeper objects that are an object's members are opened when their line, indent and
    /// key included, would be longer than this; nil keeps them on one line.
    var lineLimit: Int?

    /// A transcript: the root and its arrays opened, one participant or message a line.
    static let transcript = Layout(openDepth: 2, lineLimit: nil)
    /// A theme: the root opened, a nested object opened when it does not fit 100 columns.
    static let theme = Layout(openDepth: 1, lineLimit: 100)
    /// Every array and object opened (the theme schema).
    static let open = Layout(openDepth: .max, lineLimit: nil)
  }

  /// The value written with `layout`, without a final new line.
  func text(layout: Layout) -> String {
    var out = ""
    write(into: &out, layout: layout, depth: 0)
    return out
  }

  /// The value on one line: `{"a": 1, "b": [1, 2]}`.
  var compactText: String {
    switch self {
    case .number(let number): return number.jsonText
    case .integer(let number): return String(number)
    case .string(let text): return Self.quote(text)
    case .bool(let flag): return flag ? "true" : "false"
    case .null: return "null"
    case .array(let elements): return "[" + elements.map(\.compactText).joined(separator: ", ") + "]"
    case .object(let members):
      return "{" + members.map { Self.quote($0.key) + ": " + $0.value.compactText }.joined(separator: ", ") + "}"
    }
  }

  private func write(into out: inout String, layout: Layout, depth: Int) {
    let indent = String(repeating: " ", count: 2 * (depth + 1))
    switch self {
    case .array(let elements) where depth < layout.openDepth && !elements.isEmpty:
      let lines = elements.map { indent + $0.opened(layout: layout, depth: depth + 1) }
      out += "[\n" + lines.joined(separator: ",\n") + "\n" + indent.dropLast(2) + "]"
    case .object(let members) where !members.isEmpty:
      let lines = members.map { member in
        let start = indent + Self.quote(member.key) + ": "
        return start + member.value.memberText(layout: layout, depth: depth + 1, column: start.count)
      }
      out += "{\n" + lines.joined(separator: ",\n") + "\n" + indent.dropLast(2) + "}"
    default:
      out += compactText
    }
  }

  /// The value as an element of an opened container at `depth`.
  private func opened(layout: Layout, depth: Int) -> String {
    guard depth < layout.openDepth else { return compactText }
    var out = ""
    write(into: &out, layout: layout, depth: depth)
    return out
  }

  /// The value of an object's member at `depth`, its line starting `column` characters in.
  private func memberText(layout: Layout, depth: Int, column: Int) -> String {
    if depth < layout.openDepth { return opened(layout: layout, depth: depth) }
    let line = compactText
    guard case .object = self, let limit = layout.lineLimit, column + line.count > limit else {
      return line
    }
    var out = ""
    write(into: &out, layout: layout, depth: depth)
    return out
  }

  /// `text` as a JSON string literal; non-ASCII stays as UTF-8.
  static func quote(_ text: String) -> String {
    var out = "\""
    out.reserveCapacity(text.utf8.count + 2)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      default:
        if scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029 {
          out +=
            "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
            + String(scalar.value, radix: 16)
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out + "\""
  }
}
