import Foundation

/// Writes typedstreams as `NSArchiver` does (docs/FORMATS.md, "iMessage and SMS"): the
/// `attributedBody` of a Messages row is an archived `NSAttributedString`. Strings are shared
/// (written once, then referred to by number); objects and classes share a second table,
/// an object numbered before its class chain.
struct TypedStreamWriter {
  /// An attribute of a run of text.
  enum Attribute {
    case link(String)
    case mention(String)
    /// Messages' part number (`__kIMMessagePartAttributeName`), on every run.
    case part(Int)
  }

  private(set) var bytes: [UInt8] = [0x04, 0x0B] + Array("streamtyped".utf8) + [0x81, 0xE8, 0x03]
  private var strings: [[UInt8]: Int] = [:]
  private var classes: [String: Int] = [:]
  private var objectCount = 0

  /// `text` as an `NSAttributedString` whose runs (lengths in UTF-16 units) carry `runs`'
  /// attributes; one run over the whole text when `runs` is empty.
  static func attributedString(_ text: String, runs: [(length: Int, attributes: [Attribute])] = []) -> [UInt8] {
    var writer = TypedStreamWriter()
    let runs = runs.isEmpty ? [(text.utf16.count, [Attribute.part(0)])] : runs
    writer.group("@")
    writer.beginObject(["NSAttributedString", "NSObject"])
    writer.group("@")
    writer.string(text)
    var numbers: [String: Int] = [:]
    for run in runs {
      let key = "\(run.attributes)"
      let known = numbers[key]
      let number = known ?? numbers.count + 1
      numbers[key] = number
      writer.group("iI")
      writer.integer(number)
      writer.integer(run.length)
      if known == nil {
        writer.group("@")
        writer.dictionary(run.attributes)
      }
    }
    writer.endObject()
    return writer.bytes
  }

  // MARK: - Objects

  mutating func string(_ text: String, className: String = "NSString") {
    beginObject([className, "NSObject"])
    group("+")
    let utf8 = Array(text.utf8)
    integer(utf8.count)
    bytes += utf8
    endObject()
  }

  private mutating func dictionary(_ attributes: [Attribute]) {
    beginObject(["NSDictionary", "NSObject"])
    group("i")
    integer(attributes.count)
    for attribute in attributes {
      switch attribute {
      case .link(let url):
        group("@")
        string("__kIMLinkAttributeName")
        group("@")
        beginObject(["NSURL", "NSObject"])
        group("c")
        bytes.append(0)
        group("@")
        string(url)
        endObject()
      case .mention(let handle):
        group("@")
        string("__kIMMentionConfirmedMention")
        group("@")
        string(handle)
      case .part(let number):
        group("@")
        string("__kIMMessagePartAttributeName")
        group("@")
        beginObject(["NSNumber", "NSValue", "NSObject"])
        group("i")
        integer(number)
        endObject()
      }
    }
    endObject()
  }

  /// A new object of the class chain `names` (most derived first); the chain stops at the
  /// first class already written.
  mutating func beginObject(_ names: [String]) {
    bytes.append(0x84)
    objectCount += 1
    for name in names {
      if let known = classes[name] {
        reference(known)
        return
      }
      bytes.append(0x84)
      sharedString(name)
      integer(name == "NSString" ? 1 : 0)
      classes[name] = objectCount
      objectCount += 1
    }
    bytes.append(0x85)
  }

  mutating func endObject() { bytes.append(0x86) }

  // MARK: - Low level

  /// A value group's type encoding.
  mutating func group(_ encoding: String) { sharedString(encoding) }

  mutating func sharedString(_ text: String) {
    let utf8 = Array(text.utf8)
    if let known = strings[utf8] {
      reference(known)
      return
    }
    bytes.append(0x84)
    integer(utf8.count)
    bytes += utf8
    strings[utf8] = strings.count
  }

  private mutating func reference(_ number: Int) { integer(number - 110) }

  /// One byte outside the tag range (-128…-111), else a tagged 2- or 4-byte little-endian one.
  mutating func integer(_ value: Int) {
    if (-110...127).contains(value) {
      bytes.append(UInt8(bitPattern: Int8(value)))
    } else if let short = Int16(exactly: value) {
      bytes.append(0x81)
      bytes += withUnsafeBytes(of: short.littleEndian, Array.init)
    } else {
      bytes.append(0x82)
      bytes += withUnsafeBytes(of: Int32(truncatingIfNeeded: value).littleEndian, Array.init)
    }
  }

  /// Raw bytes, for damaged streams.
  mutating func append(_ raw: [UInt8]) { bytes += raw }
}
