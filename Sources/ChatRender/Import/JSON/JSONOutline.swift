import Foundation

/// The shape of the start of a JSON document, for cheap format detection.
///
/// Walks at most `limit` bytes and `maximumDepth` levels without building values and records,
/// for each path such as `messages/*/type` (`*` stands for any array element, the root is ""),
/// the kind of value found there and the first few short strings. A document cut off at the limit is fine:
/// what was seen so far stays. Several top-level values (JSON Lines) all share the root path.
struct JSONOutline {
  enum Kind: Sendable, Hashable {
    case object, array, string, number, bool, null
  }

  /// Kinds of value seen at each path.
  private(set) var kinds: [String: Set<Kind>] = [:]
  /// Up to `maximumStrings` distinct short strings seen at each path, in order.
  private(set) var strings: [String: [String]] = [:]
  /// How many top-level values started (more than one for JSON Lines).
  private(set) var topLevelCount = 0

  private static let maximumStrings = 8
  private static let maximumStringLength = 200
  /// Deeper containers end the outline: every format is told apart by its first few levels,
  /// and a path kept per level would otherwise cost memory growing with the square of the
  /// depth (100,000 `[` took gigabytes).
  static let maximumDepth = 32

  /// Outlines the first `limit` bytes of `file`.
  init(_ file: SourceFile, limit: Int = 256 * 1024) {
    scan(file.bytes, limit: min(limit, file.bytes.count))
  }

  /// The kind of the first top-level value.
  private(set) var rootKind: Kind?

  func has(_ path: String, _ kind: Kind) -> Bool { kinds[path]?.contains(kind) == true }

  func has(_ path: String) -> Bool { kinds[path] != nil }

  /// The first string seen at `path`.
  func firstString(_ path: String) -> String? { strings[path]?.first }

  /// The kinds of value seen at `path`, in a fixed order.
  func kinds(at path: String) -> [Kind] {
    let seen = kinds[path] ?? []
    return [Kind.object, .array, .string, .number, .bool, .null].filter(seen.contains)
  }

  /// The keys of a root object seen so far, sorted.
  var topKeys: [String] { kinds.keys.filter { !$0.isEmpty && $0 != "*" && !$0.contains("/") }.sorted() }

  // MARK: - Scanning

  private struct Frame {
    /// The path of the container itself; its elements are at `path/*` (or `*` at the root).
    var path: String
    var isObject: Bool
  }

  private mutating func record(_ path: String, _ kind: Kind, string: String? = nil) {
    kinds[path, default: []].insert(kind)
    if path.isEmpty, rootKind == nil { rootKind = kind }
    if let string {
      var seen = strings[path, default: []]
      if seen.count < JSONOutline.maximumStrings, !seen.contains(string) {
        seen.append(string)
        strings[path] = seen
      }
    }
  }

  private mutating func scan(_ bytes: [UInt8], limit: Int) {
    var stack: [Frame] = []
    var pendingKey: String?
    var index = 0
    while index < limit {
      let byte = bytes[index]
      switch byte {
      case 0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ","), UInt8(ascii: ":"):
        index += 1
        continue
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        if stack.popLast() == nil { return }
        pendingKey = nil
        index += 1
        continue
      default: break
      }
      let path: String
      if let top = stack.last {
        if top.isObject {
          guard let key = pendingKey else {
            guard byte == UInt8(ascii: "\""),
              let (key, next) = readString(bytes, from: index, limit: limit)
            else { return }
            pendingKey = key ?? ""
            index = next
            continue
          }
          path = top.path.isEmpty ? key : top.path + "/" + key
          pendingKey = nil
        } else {
          path = top.path.isEmpty ? "*" : top.path + "/*"
        }
      } else {
        path = ""
        topLevelCount += 1
      }
      switch byte {
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        guard stack.count < JSONOutline.maximumDepth else { return }
      default: break
      }
      switch byte {
      case UInt8(ascii: "{"):
        record(path, .object)
        stack.append(Frame(path: path, isObject: true))
        index += 1
      case UInt8(ascii: "["):
        record(path, .array)
        stack.append(Frame(path: path, isObject: false))
        index += 1
      case UInt8(ascii: "\""):
        guard let (text, next) = readString(bytes, from: index, limit: limit) else { return }
        record(path, .string, string: text)
        index = next
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        record(path, .number)
        index = skipWord(bytes, from: index, limit: limit)
      case UInt8(ascii: "t"), UInt8(ascii: "f"):
        record(path, .bool)
        index = skipWord(bytes, from: index, limit: limit)
      case UInt8(ascii: "n"):
        record(path, .null)
        index = skipWord(bytes, from: index, limit: limit)
      default:
        return
      }
    }
  }

  private func skipWord(_ bytes: [UInt8], from start: Int, limit: Int) -> Int {
    var index = start
    while index < limit {
      switch bytes[index] {
      case 0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"),
        UInt8(ascii: ":"):
        return index
      default: index += 1
      }
    }
    return index
  }

  /// Reads the string starting at the quote at `start`; the text is nil when it is too long
  /// to keep. Returns nil when the string runs past `limit`.
  private func readString(_ bytes: [UInt8], from start: Int, limit: Int) -> (String?, Int)? {
    var index = start + 1
    var hasEscape = false
    while index < limit {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\\") {
        hasEscape = true
        index += 2
        continue
      }
      if byte == UInt8(ascii: "\"") {
        let body = bytes[(start + 1)..<index]
        guard body.count <= JSONOutline.maximumStringLength else { return (nil, index + 1) }
        var text = String(decoding: body, as: UTF8.self)
        if hasEscape {
          // Enough for sniffing: the escapes that keys and type names could hold.
          text = text.replacingOccurrences(of: "\\\"", with: "\"")
            .replacingOccurrences(of: "\\/", with: "/")
            .replacingOccurrences(of: "\\\\", with: "\\")
        }
        return (text, index + 1)
      }
      index += 1
    }
    return nil
  }
}
