/// Writes small zip archives of stored entries for tests, with knobs for odd and broken cases.
struct TestZipWriter {
  struct Entry {
    var name: [UInt8]
    var data: [UInt8]
    var flags: UInt16 = 0x0800
    var method: UInt16 = 0
    /// Written instead of the real checksum, to make a corrupt entry.
    var crc: UInt32?
    /// Written instead of the real unpacked size (`data` is what is stored).
    var declaredSize: UInt32?
  }

  var entries: [Entry] = []
  /// Writes Zip64 sizes, offsets and end records even though nothing needs them.
  var zip64 = false
  /// Claims the archive is part of a split set.
  var diskNumber: UInt16 = 0

  mutating func add(_ name: String, _ text: String) {
    entries.append(Entry(name: Array(name.utf8), data: Array(text.utf8)))
  }

  func bytes() -> [UInt8] {
    var out: [UInt8] = []
    var central: [UInt8] = []
    for entry in entries {
      let offset = out.count
      let crc = entry.crc ?? TestZipWriter.crc32(entry.data)
      out +=
        le32(0x0403_4B50) + le16(20) + le16(entry.flags) + le16(entry.method) + le16(0)
        + le16(0x5869) + le32(crc) + le32(UInt32(entry.data.count))
        + le32(entry.declaredSize ?? UInt32(entry.data.count)) + le16(UInt16(entry.name.count))
        + le16(0) + entry.name + entry.data
      var extra: [UInt8] = []
      var compressedSize = UInt32(entry.data.count)
      var size = entry.declaredSize ?? UInt32(entry.data.count)
      var localOffset = UInt32(offset)
      if zip64 {
        extra =
          le16(0x0001) + le16(24) + le64(UInt64(size))
          + le64(UInt64(entry.data.count)) + le64(UInt64(offset))
        size = 0xFFFF_FFFF
        compressedSize = 0xFFFF_FFFF
        localOffset = 0xFFFF_FFFF
      }
      central +=
        le32(0x0201_4B50) + le16(0x031E) + le16(20) + le16(entry.flags)
        + le16(entry.method) + le16(0) + le16(0x5869) + le32(crc) + le32(compressedSize)
        + le32(size)
        + le16(UInt16(entry.name.count)) + le16(UInt16(extra.count)) + le16(0) + le16(0)
        + le16(0) + le32(0) + le32(localOffset) + entry.name + extra
    }
    let centralOffset = out.count
    out += central
    var count = UInt16(entries.count)
    var centralSize = UInt32(central.count)
    var centralStart = UInt32(centralOffset)
    if zip64 {
      let recordOffset = out.count
      out +=
        le32(0x0606_4B50) + le64(44) + le16(45) + le16(45) + le32(0) + le32(0)
        + le64(UInt64(entries.count)) + le64(UInt64(entries.count)) + le64(UInt64(central.count))
        + le64(UInt64(centralOffset))
      out += le32(0x0706_4B50) + le32(0) + le64(UInt64(recordOffset)) + le32(1)
      count = 0xFFFF
      centralSize = 0xFFFF_FFFF
      centralStart = 0xFFFF_FFFF
    }
    out +=
      le32(0x0605_4B50) + le16(diskNumber) + le16(diskNumber) + le16(count) + le16(count)
      + le32(centralSize) + le32(centralStart) + le16(0)
    return out
  }

  private func le16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
  private func le32(_ value: UInt32) -> [UInt8] {
    le16(UInt16(value & 0xFFFF)) + le16(UInt16(value >> 16))
  }
  private func le64(_ value: UInt64) -> [UInt8] {
    le32(UInt32(value & 0xFFFF_FFFF)) + le32(UInt32(value >> 32))
  }

  static func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
  }
}
