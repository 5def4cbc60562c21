/// `message_summary_info`, a binary property list Messages writes on an edited or unsent
/// message: its top dictionary holds `ec` (the edits of each part) and `rp` (the parts
/// unsent). Only whether `rp` lists any part is read, from the bplist00 layout: a trailer
/// giving the sizes of offsets and object references, the top object and the offset table;
/// a dictionary's marker `0xDn` followed by n key and n value references; an ASCII string
/// `0x5n`, an array `0xAn` (n = 15: the count follows as an integer object `0x1k` of 2^k bytes).
enum IMessageSummaryInfo {
  /// Whether `bytes` say parts of the message were unsent; false for anything unreadable.
  static func hasRetractedParts(_ bytes: [UInt8]?) -> Bool {
    guard let bytes, let plist = Plist(bytes), let top = plist.dictionary(plist.top) else { return false }
    for (key, value) in top where plist.asciiString(key) == "rp" {
      return (plist.arrayCount(value) ?? 0) > 0
    }
    return false
  }

  private struct Plist {
    let bytes: [UInt8]
    let offsetSize: Int
    let referenceSize: Int
    let objectCount: Int
    let top: Int
    let tableOffset: Int

    init?(_ bytes: [UInt8]) {
      guard bytes.count >= 40, bytes.starts(with: Array("bplist00".utf8)) else { return nil }
      self.bytes = bytes
      let trailer = bytes.count - 32
      offsetSize = Int(bytes[trailer + 6])
      referenceSize = Int(bytes[trailer + 7])
      guard (1...8).contains(offsetSize), (1...8).contains(referenceSize),
        let count = Self.number(bytes, at: trailer + 8, size: 8),
        let top = Self.number(bytes, at: trailer + 16, size: 8),
        let table = Self.number(bytes, at: trailer + 24, size: 8),
        top < count, count <= bytes.count, table <= trailer, count * offsetSize <= trailer - table
      else { return nil }
      objectCount = count
      self.top = top
      tableOffset = table
    }

    static func number(_ bytes: [UInt8], at offset: Int, size: Int) -> Int? {
      guard offset >= 0, size <= 8, offset + size <= bytes.count else { return nil }
      let value = bytes[offset..<offset + size].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
      return value <= UInt64(Int.max) ? Int(value) : nil
    }

    func offset(of object: Int) -> Int? {
      guard object >= 0, object < objectCount,
        let offset = Self.number(bytes, at: tableOffset + object * offsetSize, size: offsetSize),
        offset < bytes.count
      else { return nil }
      return offset
    }

    /// An object's marker, its count (a long count read from the integer after it), and where
    /// its contents start.
    func header(_ object: Int) -> (marker: UInt8, count: Int, start: Int)? {
      guard let offset = offset(of: object) else { return nil }
      let marker = bytes[offset] >> 4
      let small = Int(bytes[offset] & 0x0F)
      guard small == 0x0F else { return (marker, small, offset + 1) }
      guard offset + 1 < bytes.count, bytes[offset + 1] >> 4 == 0x1 else { return nil }
      let size = 1 << Int(bytes[offset + 1] & 0x0F)
      guard let count = Self.number(bytes, at: offset + 2, size: size) else { return nil }
      return (marker, count, offset + 2 + size)
    }

    func dictionary(_ object: Int) -> [(Int, Int)]? {
      guard let object = header(object), object.marker == 0xD,
        object.count <= (bytes.count - object.start) / (2 * referenceSize)
      else { return nil }
      let (count, start) = (object.count, object.start)
      return (0..<count).compactMap { index in
        guard let key = Self.number(bytes, at: start + index * referenceSize, size: referenceSize),
          let value = Self.number(bytes, at: start + (count + index) * referenceSize, size: referenceSize)
        else { return nil }
        return (key, value)
      }
    }

    func asciiString(_ object: Int) -> String? {
      guard let string = header(object), string.marker == 0x5, string.count <= bytes.count - string.start else {
        return nil
      }
      return String(decoding: bytes[string.start..<string.start + string.count], as: UTF8.self)
    }

    func arrayCount(_ object: Int) -> Int? {
      guard let array = header(object), array.marker == 0xA else { return nil }
      return array.count
    }
  }
}
