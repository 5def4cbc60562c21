/// Reads a typedstream (see `TypedStream`): a header (`0x04 0x0B "streamtyped" 0x81 0xE8 0x03`:
/// streamer version 4, little-endian, system version 1000), then type-encoded values.
///
/// The format, as python-typedstream documents it: a value group starts with its type
/// encoding, a shared string ("@", "iI"); integers are one signed byte, or a tag (0x81 two
/// bytes, 0x82 four) and the bytes; 0x84 starts something new (a string, class or object),
/// 0x85 is nil, 0x86 ends an object; bytes from 0x92 up are references, numbered from 0,
/// into the shared strings or the table of objects and classes. Strings are a length and
/// bytes. An object is its class chain (each class a name and a version, up to nil or a
/// known class), then value groups up to 0x86.
///
/// A stranger's bytes: the stream is held to `Limit.typedStreamSize`, objects, arrays and
/// structs inside one another to `Limit.typedStreamNesting`, and the values it builds in all
/// to `Limit.typedStreamValues` (an element that reads no byte, `!`, costs nothing of the
/// stream, so `[80[80[80[80[80!]]]]]` would otherwise build 80⁵ values from 140 bytes).
struct TypedStreamDecoder {
  /// Why a typedstream cannot be read, with the offset of the byte at fault.
  struct Failure: Error, Equatable {
    var reason: String
    var offset: Int
  }

  private let bytes: [UInt8]
  private var offset = 0
  private var depth = 0
  /// Values built so far, across every level.
  private var valuesBuilt = 0
  private var sharedStrings: [[UInt8]] = []
  private var objects: [TypedStream.Object] = []
  /// Which entries of `objects` are classes (references to them name a class).
  private var isClass: [Bool] = []

  private static let header: [UInt8] = [0x04, 0x0B] + Array("streamtyped".utf8)
  private static let integer2: Int8 = -127
  private static let integer4: Int8 = -126
  private static let floating: Int8 = -125
  private static let new: Int8 = -124
  private static let nilTag: Int8 = -123
  private static let endOfObject: Int8 = -122
  /// Heads from -128 to -111 are tags; -110 is reference number 0.
  private static let tags: ClosedRange<Int8> = -128 ... -111
  private static let firstReference: Int64 = -110

  private init(_ bytes: [UInt8]) {
    self.bytes = bytes
  }

  /// Whether `bytes` start like a typedstream.
  static func hasHeader(_ bytes: [UInt8]) -> Bool { bytes.starts(with: header) }

  /// Decodes `bytes`.
  ///
  /// - Throws: `Failure` when the stream is damaged or passes a limit.
  static func decode(_ bytes: [UInt8]) throws(Failure) -> TypedStream {
    guard bytes.count <= Limit.typedStreamSize.value else {
      throw Failure(reason: Limit.typedStreamSize.exceededMessage(), offset: 0)
    }
    guard hasHeader(bytes) else { throw Failure(reason: "not a typedstream", offset: 0) }
    var decoder = TypedStreamDecoder(bytes)
    decoder.offset = header.count
    _ = try decoder.readInteger(decoder.readHead())  // the system version
    var values: [[TypedStream.Value]] = []
    while decoder.offset < bytes.count {
      values.append(try decoder.readGroup(decoder.readHead()))
    }
    return TypedStream(values: values, objects: decoder.objects)
  }

  // MARK: - Low level

  private mutating func readHead() throws(Failure) -> Int8 {
    guard offset < bytes.count else { throw Failure(reason: "the stream ends too soon", offset: offset) }
    defer { offset += 1 }
    return Int8(bitPattern: bytes[offset])
  }

  private mutating func readBytes(_ count: Int) throws(Failure) -> ArraySlice<UInt8> {
    guard count >= 0, count <= bytes.count - offset else {
      throw Failure(reason: "the stream ends too soon", offset: offset)
    }
    defer { offset += count }
    return bytes[offset..<offset + count]
  }

  private static func littleEndian(_ slice: ArraySlice<UInt8>) -> UInt64 {
    slice.reversed().reduce(0) { $0 << 8 | UInt64($1) }
  }

  private mutating func readInteger(_ head: Int8, signed: Bool = true) throws(Failure) -> Int64 {
    switch head {
    case Self.integer2:
      let raw = UInt16(Self.littleEndian(try readBytes(2)))
      return signed ? Int64(Int16(bitPattern: raw)) : Int64(raw)
    case Self.integer4:
      let raw = UInt32(Self.littleEndian(try readBytes(4)))
      return signed ? Int64(Int32(bitPattern: raw)) : Int64(raw)
    case Self.tags:
      throw Failure(reason: "expected an integer, found tag \(head)", offset: offset - 1)
    default:
      return signed ? Int64(head) : Int64(UInt8(bitPattern: head))
    }
  }

  private mutating func readFloat(_ head: Int8, width: Int) throws(Failure) -> Double {
    guard head == Self.floating else { return Double(try readInteger(head)) }
    let raw = Self.littleEndian(try readBytes(width))
    return width == 4 ? Double(Float(bitPattern: UInt32(raw))) : Double(bitPattern: raw)
  }

  /// A length and that many bytes; nil for nil.
  private mutating func readUnsharedString(_ head: Int8) throws(Failure) -> [UInt8]? {
    if head == Self.nilTag { return nil }
    let length = try readInteger(head, signed: false)
    guard length <= Int64(bytes.count) else { throw Failure(reason: "a string runs past the end", offset: offset) }
    return Array(try readBytes(Int(length)))
  }

  /// A string stored once and referred to later by number; nil for nil.
  private mutating func readSharedString(_ head: Int8) throws(Failure) -> [UInt8]? {
    switch head {
    case Self.nilTag:
      return nil
    case Self.new:
      guard let string = try readUnsharedString(readHead()) else {
        throw Failure(reason: "a shared string is nil", offset: offset - 1)
      }
      sharedStrings.append(string)
      return string
    default:
      let index = try reference(head, count: sharedStrings.count)
      return sharedStrings[index]
    }
  }

  /// The 0-based index a reference head stands for, checked against `count`.
  private mutating func reference(_ head: Int8, count: Int) throws(Failure) -> Int {
    let at = offset - 1
    let index = try readInteger(head) - Self.firstReference
    guard index >= 0, index < Int64(count) else { throw Failure(reason: "reference to nothing", offset: at) }
    return Int(index)
  }

  // MARK: - Values

  /// A type encoding and the values it describes.
  private mutating func readGroup(_ head: Int8) throws(Failure) -> [TypedStream.Value] {
    let at = offset - 1
    guard let encoding = try readSharedString(head), !encoding.isEmpty else {
      throw Failure(reason: "a value has no type", offset: at)
    }
    var values: [TypedStream.Value] = []
    for type in try Self.split(encoding, at: at) { values.append(try readValue(type)) }
    return values
  }

  private mutating func readValue(_ type: ArraySlice<UInt8>) throws(Failure) -> TypedStream.Value {
    guard let first = type.first else { throw Failure(reason: "empty type", offset: offset) }
    guard valuesBuilt < Limit.typedStreamValues.value else {
      throw Failure(reason: Limit.typedStreamValues.exceededMessage(), offset: offset)
    }
    valuesBuilt += 1
    switch first {
    case UInt8(ascii: "c"), UInt8(ascii: "C"), UInt8(ascii: "B"):
      let byte = try readBytes(1).first!
      return .integer(first == UInt8(ascii: "c") ? Int64(Int8(bitPattern: byte)) : Int64(byte))
    case UInt8(ascii: "s"), UInt8(ascii: "i"), UInt8(ascii: "l"), UInt8(ascii: "q"):
      return .integer(try readInteger(readHead()))
    case UInt8(ascii: "S"), UInt8(ascii: "I"), UInt8(ascii: "L"), UInt8(ascii: "Q"):
      return .integer(try readInteger(readHead(), signed: false))
    case UInt8(ascii: "f"): return .float(try readFloat(readHead(), width: 4))
    case UInt8(ascii: "d"): return .float(try readFloat(readHead(), width: 8))
    case UInt8(ascii: "+"): return try readUnsharedString(readHead()).map(TypedStream.Value.bytes) ?? .null
    case UInt8(ascii: "*"): return try readCString(readHead())
    case UInt8(ascii: ":"), UInt8(ascii: "%"):
      return try readSharedString(readHead()).map(TypedStream.Value.bytes) ?? .null
    case UInt8(ascii: "#"): return try readClass(readHead())
    case UInt8(ascii: "@"): return try readObject(readHead())
    case UInt8(ascii: "!"): return .null
    case UInt8(ascii: "["): return try readArray(type)
    case UInt8(ascii: "{"): return try readStruct(type)
    default:
      throw Failure(reason: "unknown type '\(String(decoding: type, as: UTF8.self))'", offset: offset)
    }
  }

  /// Goes one level deeper (an object, array or struct), refusing to pass
  /// `Limit.typedStreamNesting`; the caller steps back out with `depth -= 1`.
  private mutating func enter() throws(Failure) {
    guard depth < Limit.typedStreamNesting.value else {
      throw Failure(reason: Limit.typedStreamNesting.exceededMessage(), offset: offset)
    }
    depth += 1
  }

  private mutating func readCString(_ head: Int8) throws(Failure) -> TypedStream.Value {
    switch head {
    case Self.nilTag: return .null
    case Self.new:
      guard let string = try readSharedString(readHead()) else {
        throw Failure(reason: "a C string is nil", offset: offset - 1)
      }
      objects.append(TypedStream.Object(classNames: [], contents: [[.bytes(string)]]))
      isClass.append(false)
      return .bytes(string)
    default:
      let index = try reference(head, count: objects.count)
      return objects[index].contents.first?.first ?? .null
    }
  }

  /// A class and its superclasses up to nil or one already read; the names, most derived first.
  private mutating func readClassChain(_ head: Int8) throws(Failure) -> [String] {
    var names: [String] = []
    var head = head
    while head == Self.new {
      guard names.count < Limit.typedStreamNesting.value else {
        throw Failure(reason: Limit.typedStreamNesting.exceededMessage(), offset: offset)
      }
      guard let name = try readSharedString(readHead()) else {
        throw Failure(reason: "a class has no name", offset: offset - 1)
      }
      _ = try readInteger(readHead())  // the class version
      names.append(String(decoding: name, as: UTF8.self))
      objects.append(TypedStream.Object(classNames: [names.last!], contents: []))
      isClass.append(true)
      head = try readHead()
    }
    if head == Self.nilTag { return names }
    let index = try reference(head, count: objects.count)
    guard isClass[index] else { throw Failure(reason: "a class refers to an object", offset: offset - 1) }
    return names + objects[index].classNames
  }

  private mutating func readClass(_ head: Int8) throws(Failure) -> TypedStream.Value {
    let names = try readClassChain(head)
    return names.first.map(TypedStream.Value.classNamed) ?? .null
  }

  private mutating func readObject(_ head: Int8) throws(Failure) -> TypedStream.Value {
    switch head {
    case Self.nilTag:
      return .null
    case Self.new:
      return try readNewObject()
    default:
      let index = try reference(head, count: objects.count)
      guard !isClass[index] else { throw Failure(reason: "an object refers to a class", offset: offset - 1) }
      return .object(index)
    }
  }

  private mutating func readNewObject() throws(Failure) -> TypedStream.Value {
    try enter()
    defer { depth -= 1 }
    // The object is numbered before its class, as the writer numbers it.
    let index = objects.count
    objects.append(TypedStream.Object(classNames: [], contents: []))
    isClass.append(false)
    let classes = try readClassChain(readHead())
    guard !classes.isEmpty else { throw Failure(reason: "an object has no class", offset: offset - 1) }
    objects[index].classNames = classes
    while true {
      let head = try readHead()
      if head == Self.endOfObject { break }
      let group = try readGroup(head)
      objects[index].contents.append(group)
    }
    return .object(index)
  }

  private mutating func readArray(_ type: ArraySlice<UInt8>) throws(Failure) -> TypedStream.Value {
    try enter()
    defer { depth -= 1 }
    let inner = type.dropFirst().dropLast()
    let digits = inner.prefix { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    let element = inner.dropFirst(digits.count)
    guard type.last == UInt8(ascii: "]"), let count = Int(String(decoding: digits, as: UTF8.self)), !element.isEmpty
    else { throw Failure(reason: "bad array type '\(String(decoding: type, as: UTF8.self))'", offset: offset) }
    if element.count == 1, element.first == UInt8(ascii: "c") || element.first == UInt8(ascii: "C") {
      return .bytes(Array(try readBytes(count)))
    }
    // Every element takes at least one byte: a count past the bytes left is damage.
    guard count <= bytes.count - offset else { throw Failure(reason: "an array runs past the end", offset: offset) }
    var values: [TypedStream.Value] = []
    for _ in 0..<count { values.append(try readValue(element)) }
    return .array(values)
  }

  private mutating func readStruct(_ type: ArraySlice<UInt8>) throws(Failure) -> TypedStream.Value {
    try enter()
    defer { depth -= 1 }
    guard type.last == UInt8(ascii: "}"), let equals = type.firstIndex(of: UInt8(ascii: "=")) else {
      throw Failure(reason: "bad struct type '\(String(decoding: type, as: UTF8.self))'", offset: offset)
    }
    let fields = type[type.index(after: equals)..<type.index(before: type.endIndex)]
    var values: [TypedStream.Value] = []
    for field in try Self.split(fields, at: offset) { values.append(try readValue(field)) }
    return .structure(values)
  }

  // MARK: - Type encodings

  /// Splits "iI" into "i" and "I", "{_NSRange=QQ}@" into "{_NSRange=QQ}" and "@".
  static func split(_ encoding: some Collection<UInt8>, at offset: Int) throws(Failure) -> [ArraySlice<UInt8>] {
    let bytes = Array(encoding)[...]
    var parts: [ArraySlice<UInt8>] = []
    var start = bytes.startIndex
    while start < bytes.endIndex {
      let end = try typeEnd(bytes, from: start, at: offset)
      parts.append(bytes[start..<end])
      start = end
    }
    return parts
  }

  /// Where the one type starting at `start` ends: brackets and braces nest.
  private static func typeEnd(_ bytes: ArraySlice<UInt8>, from start: Int, at offset: Int) throws(Failure) -> Int {
    let open = bytes[start]
    guard open == UInt8(ascii: "[") || open == UInt8(ascii: "{") else { return start + 1 }
    var depth = 0
    for index in start..<bytes.endIndex {
      switch bytes[index] {
      case UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
      case UInt8(ascii: "]"), UInt8(ascii: "}"):
        depth -= 1
        if depth == 0 { return index + 1 }
      default: break
      }
      guard depth <= Limit.typedStreamNesting.value else {
        throw Failure(reason: Limit.typedStreamNesting.exceededMessage(), offset: offset)
      }
    }
    throw Failure(reason: "unbalanced type '\(String(decoding: bytes[start...], as: UTF8.self))'", offset: offset)
  }
}
