import CZlib

/// A zip of the files an import read (a folder, several files), for a PDF/A-3u to carry as
/// its source: entries stored (the PDF's stream compresses them), in the order given, dated
/// 1980-01-01 and flagged UTF-8, so the same files make the same bytes and the same SHA-256.
/// What `ZipArchive` reads: local headers, a central directory, its end record (no Zip64:
/// the input limit keeps a source far below 4 GB).
package enum PDFSourceArchive {
  /// The zip of `entries` (a relative path and the file's bytes each); nil when one is too
  /// large for a zip without Zip64.
  package static func zip(_ entries: [(name: String, bytes: [UInt8])]) -> [UInt8]? {
    var archive: [UInt8] = []
    var directory: [UInt8] = []
    for entry in entries {
      let name = Array(entry.name.utf8)
      guard entry.bytes.count < Int(UInt32.max), archive.count < Int(UInt32.max), name.count <= Int(UInt16.max)
      else { return nil }
      let checksum = crc(entry.bytes)
      let offset = archive.count
      append(UInt32(0x0403_4B50), to: &archive)
      appendCommonFields(checksum: checksum, size: entry.bytes.count, nameLength: name.count, to: &archive)
      archive += name
      archive += entry.bytes
      append(UInt32(0x0201_4B50), to: &directory)
      append(UInt16(20), to: &directory)  // made by: MS-DOS attributes, zip 2.0
      appendCommonFields(checksum: checksum, size: entry.bytes.count, nameLength: name.count, to: &directory)
      append(UInt16(0), to: &directory)  // comment length
      append(UInt16(0), to: &directory)  // disk
      append(UInt16(0), to: &directory)  // internal attributes
      append(UInt32(0), to: &directory)  // external attributes
      append(UInt32(offset), to: &directory)
      directory += name
    }
    guard entries.count <= Int(UInt16.max), archive.count < Int(UInt32.max) else { return nil }
    let directoryOffset = archive.count
    archive += directory
    append(UInt32(0x0605_4B50), to: &archive)
    append(UInt16(0), to: &archive)  // this disk
    append(UInt16(0), to: &archive)  // the directory's disk
    append(UInt16(entries.count), to: &archive)
    append(UInt16(entries.count), to: &archive)
    append(UInt32(directory.count), to: &archive)
    append(UInt32(directoryOffset), to: &archive)
    append(UInt16(0), to: &archive)  // comment length
    return archive
  }

  /// What a local header and a directory entry share, from "version needed" to "extra length".
  private static func appendCommonFields(checksum: UInt32, size: Int, nameLength: Int, to bytes: inout [UInt8]) {
    append(UInt16(20), to: &bytes)  // version needed: 2.0
    append(UInt16(0x0800), to: &bytes)  // names in UTF-8
    append(UInt16(0), to: &bytes)  // stored
    append(UInt16(0), to: &bytes)  // time 00:00:00
    append(UInt16(0x21), to: &bytes)  // date 1980-01-01, the earliest a zip can say
    append(checksum, to: &bytes)
    append(UInt32(size), to: &bytes)  // compressed size
    append(UInt32(size), to: &bytes)  // size
    append(UInt16(nameLength), to: &bytes)
    append(UInt16(0), to: &bytes)  // extra length
  }

  private static func crc(_ bytes: [UInt8]) -> UInt32 {
    bytes.withUnsafeBufferPointer { UInt32(crc32(0, $0.baseAddress, uInt($0.count))) }
  }

  private static func append(_ value: some FixedWidthInteger, to bytes: inout [UInt8]) {
    withUnsafeBytes(of: value.littleEndian) { bytes += $0 }
  }
}
