import Foundation

/// The shape of a JSON document, for cheap format detection, whatever the order of its keys
/// and the length of its values.
///
/// Records, for each path such as `messages/*/type` (`*` stands for any array element, the root
/// is ""), the kind of value found there and the first few short strings: every value of the
/// first `limit` bytes; past them, every key of the root object wherever it is (our JSON's
/// `version` after a million messages), and the first `elementsPastLimit` elements of each array
/// down to `valuesPastLimit` values in all (a Telegram chat's messages after a name a megabyte
/// long). The rest is skipped without building anything: strings by `memchr`, containers by
/// counting brackets. Several top-level values (JSON Lines) all share the root path.
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
  /// Deeper containers are skipped: every format is told apart by its first few levels, and a
  /// path kept per level would otherwise cost memory growing with the square of the depth
  /// (100,000 `[` took gigabytes).
  static let maximumDepth = 32
  /// Past `limit`, the elements of each array that are recorded.
  static let elementsPastLimit = 8
  /// Past `limit`, the values recorded in all besides the root's keys.
  static let valuesPastLimit = 4096
  /// Past `limit`, the root's keys recorded (a root of a million keys is no export).
  static let maximumRootKeys = 4096

  /// Outlines `file`, every value of its first `limit` bytes and the structure of the rest.
  init(_ file: SourceFile, limit: Int = 256 * 1024) {
    file.bytes.withUnsafeBufferPointer { scan($0, limit: limit) }
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
    /// Values started in it so far.
    var count = 0
  }

  private mutating func record(_ path: String, _ kind: Kind, string: String? = nil) {
    if path.isEmpty, rootKind == nil { rootKind = kind }
    kinds[path, default: []].insert(kind)
    if let string {
      var seen = strings[path, default: []]
      if seen.count < JSONOutline.maximumStrings, !seen.contains(string) {
        seen.append(string)
        strings[path] = seen
      }
    }
  }

  private mutating func scan(_ bytes: UnsafeBufferPointer<UInt8>, limit: Int) {
    var stack: [Frame] = []
    var pendingKey: String?
    var pastLimitBudget = JSONOutline.valuesPastLimit
    var rootKeysPastLimit = 0
    var index = 0
    while index < bytes.count {
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
      var isRecorded = index < limit
      if let top = stack.last {
        if top.isObject {
          guard let key = pendingKey else {
            guard byte == UInt8(ascii: "\""), let (key, next) = Self.readString(bytes, from: index) else { return }
            pendingKey = key ?? ""
            index = next
            continue
          }
          path = top.path.isEmpty ? key : top.path + "/" + key
          pendingKey = nil
        } else {
          path = top.path.isEmpty ? "*" : top.path + "/*"
        }
        // Past the limit: the root's keys always, else the first elements of each array while
        // the budget lasts.
        if !isRecorded, stack.count == 1, top.isObject {
          isRecorded = rootKeysPastLimit < JSONOutline.maximumRootKeys
          rootKeysPastLimit += 1
        } else if !isRecorded, pastLimitBudget > 0, top.isObject || top.count < JSONOutline.elementsPastLimit {
          pastLimitBudget -= 1
          isRecorded = true
        }
        stack[stack.count - 1].count += 1
      } else {
        path = ""
        topLevelCount += 1
      }
      let isContainer = byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[")
      if !isRecorded || isContainer && stack.count >= JSONOutline.maximumDepth {
        guard let next = Self.skipValue(bytes, from: index) else { return }
        index = next
        continue
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
        guard let (text, next) = Self.readString(bytes, from: index) else { return }
        record(path, .string, string: text)
        index = next
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        record(path, .number)
        index = Self.skipWord(bytes, from: index)
      case UInt8(ascii: "t"), UInt8(ascii: "f"):
        record(path, .bool)
        index = Self.skipWord(bytes, from: index)
      case UInt8(ascii: "n"):
        record(path, .null)
        index = Self.skipWord(bytes, from: index)
      default:
        return
      }
    }
  }

  private static func skipWord(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
    var index = start
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"),
        UInt8(ascii: ":"):
        return index
      default: index += 1
      }
    }
    return index
  }

  /// Where the value starting at `start` ends, nested containers and all, with nothing
  /// built; nil when the document ends first or is not JSON there.
  private static func skipValue(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
    var depth = 0
    var index = start
    repeat {
      guard index < bytes.count else { return nil }
      switch bytes[index] {
      case UInt8(ascii: "\""):
        guard let end = stringEnd(bytes, from: index) else { return nil }
        index = end
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        depth += 1
        index += 1
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        guard depth > 0 else { return nil }
        depth -= 1
        index += 1
      case 0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ","), UInt8(ascii: ":"):
        guard depth > 0 else { return index }
        index += 1
      default:
        index = skipWord(bytes, from: index)
      }
    } while depth > 0
    return index
  }

  /// The offset just past the string whose quote is at `start`; nil when it never ends.
  private static func stringEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
    guard let base = bytes.baseAddress else { return nil }
    var index = start + 1
    while index < bytes.count {
      guard let found = memchr(base + index, Int32(UInt8(ascii: "\"")), bytes.count - index) else { return nil }
      let quote = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
      // Escaped when an odd number of backslashes comes before it.
      var backslashes = 0
      while quote - backslashes - 1 > start, bytes[quote - backslashes - 1] == UInt8(ascii: "\\") { backslashes += 1 }
      if backslashes % 2 == 0 { return quote + 1 }
      index = quote + 1
    }
    return nil
  }

  /// Reads the string starting at the quote at `start`; the text is nil when it is too long
  /// to keep. Returns nil when the string never ends.
  private static func readString(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> (String?, Int)? {
    guard let end = stringEnd(bytes, from: start) else { return nil }
    let body = bytes[(start + 1)..<(end - 1)]
    guard body.count <= JSONOutline.maximumStringLength else { return (nil, end) }
    var text = String(decoding: body, as: UTF8.self)
    if body.contains(UInt8(ascii: "\\")) {
      // Enough for sniffing: the escapes that keys and type names could hold.
      text = text.replacingOccurrences(of: "\\\"", with: "\"")
        .replacingOccurrences(of: "\\/", with: "/")
        .replacingOccurrences(of: "\\\\", with: "\\")
    }
    return (text, end)
  }
}
