import CZlib
import Foundation
import Synchronization

/// The files of a .zip archive, read without unpacking it.
///
/// Reads the central directory once; each `read(_:)` then fetches one entry from the file and
/// inflates it. Supports stored and deflated entries, data descriptors, Zip64 sizes and
/// offsets, and UTF-8 or CP437 names. Folders, `__MACOSX/` resource forks and encrypted
/// entries are left out or refused with a clear error.
///
/// An archive may be hostile: entries that overlap (one deflate stream shared by many entries,
/// a zip bomb) are refused, and what is unpacked is capped per entry
/// (`Limit.archiveEntrySize`) and for the whole archive (`Limit.archiveSize`).
struct ZipArchive: FileTree {
  /// The archive's path as shown in diagnostics.
  let path: String
  private let source: Source
  private let entries: [String: Entry]
  private let sortedPaths: [String]
  /// The archive's length in bytes.
  private let size: UInt64
  private let budget: UnpackBudget
  private let entryLimit: Int
  /// Problems that do not stop reading, such as two entries with one name.
  let warnings: [Diagnostic]

  /// Where the archive's bytes are.
  private enum Source: Sendable {
    case file(String)
    case memory([UInt8])
  }

  /// One member, as the central directory describes it.
  private struct Entry: Sendable {
    var name: String
    var flags: UInt16
    var method: UInt16
    var crc: UInt32
    var compressedSize: UInt64
    var size: UInt64
    var localHeaderOffset: UInt64
    /// The name's length as stored, which the local header repeats.
    var storedNameLength: Int
  }

  /// Opens the archive at `path`.
  ///
  /// - Parameters:
  ///   - path: the zip file.
  ///   - totalLimit: the most bytes unpacked from all entries together.
  ///   - entryLimit: the most bytes unpacked from one entry.
  /// - Throws: `FileError` naming the archive when it cannot be read or is not a valid zip.
  init(
    path: String, totalLimit: Int = Limit.archiveSize.value,
    entryLimit: Int = Limit.archiveEntrySize.value
  ) throws {
    let source = Source.file(path)
    let size = try ZipArchive.size(of: source, path: path)
    try self.init(
      path: path, source: source, size: size, totalLimit: totalLimit, entryLimit: entryLimit)
  }

  /// Reads an archive held in memory (stdin, tests); `path` is only for diagnostics.
  init(
    path: String, bytes: [UInt8], totalLimit: Int = Limit.archiveSize.value,
    entryLimit: Int = Limit.archiveEntrySize.value
  ) throws {
    try self.init(
      path: path, source: .memory(bytes), size: UInt64(bytes.count), totalLimit: totalLimit,
      entryLimit: entryLimit)
  }

  private init(path: String, source: Source, size: UInt64, totalLimit: Int, entryLimit: Int)
    throws
  {
    self.path = path
    self.source = source
    self.size = size
    self.entryLimit = entryLimit
    self.budget = UnpackBudget(limit: totalLimit)
    let list = try ZipArchive.readCentralDirectory(
      source, size: size, path: path, directoryLimit: entryLimit)
    try ZipArchive.refuseOverlaps(list, archiveSize: size, path: path)
    let (byName, warnings) = ZipArchive.lastEntryByName(list, path: path)
    self.entries = byName
    self.sortedPaths = byName.keys.sorted()
    self.warnings = warnings
  }

  /// Whether `bytes` start like a zip archive (a local file header, or an empty archive).
  static func hasSignature(_ bytes: some Collection<UInt8>) -> Bool {
    let head = Array(bytes.prefix(4))
    return head == [0x50, 0x4B, 0x03, 0x04] || head == [0x50, 0x4B, 0x05, 0x06]
  }

  /// Whether the file at `path` starts like a zip archive; false when it cannot be read.
  static func hasSignature(atPath path: String) -> Bool {
    guard let handle = FileHandle(forReadingAtPath: path) else { return false }
    defer { try? handle.close() }
    guard let head = try? handle.read(upToCount: 4) else { return false }
    return hasSignature(head)
  }

  func filePaths() throws -> [String] { sortedPaths }

  /// The unpacked size of a member, as the central directory gives it; nil when there is none.
  func byteCount(of relativePath: String) -> Int? {
    entries[relativePath].map { Int(clamping: $0.size) }
  }

  func read(_ relativePath: String) throws -> [UInt8] {
    let (entry, dataStart, shown) = try locateData(of: relativePath)
    // Charged before unpacking: inflating stops at the declared size, so this is the most
    // the entry can cost.
    guard budget.charge(entry.name, bytes: Int(entry.size)) else {
      throw FileError(path: shown, reason: Limit.archiveSize.exceededMessage(budget.limit))
    }
    let stored = try ZipArchive.bytes(
      source, at: dataStart, count: Int(entry.compressedSize), path: path)
    guard stored.count == Int(entry.compressedSize) else {
      throw FileError(path: shown, reason: "corrupt zip archive: entry data is truncated")
    }
    let data: [UInt8]
    if entry.method == 0 {
      guard entry.compressedSize == entry.size else {
        throw FileError(path: shown, reason: "corrupt zip archive: stored entry has two sizes")
      }
      data = stored
    } else {
      guard let inflated = ZipArchive.inflate(stored, expectedSize: Int(entry.size)) else {
        throw FileError(path: shown, reason: "corrupt zip archive: cannot inflate entry")
      }
      data = inflated
    }
    guard ZipArchive.crc32(of: data) == entry.crc else {
      throw FileError(path: shown, reason: "corrupt zip archive: checksum mismatch")
    }
    return data
  }

  func displayPath(of relativePath: String) -> String { path + "/" + relativePath }

  /// The first `count` bytes of a member, unpacking no more than that (a picture's header:
  /// a member may unpack to a gigabyte), and charging nothing to the archive's budget. Not
  /// checked against the entry's CRC, which covers the whole entry.
  func prefix(of relativePath: String, count: Int) throws -> [UInt8] {
    let (entry, dataStart, shown) = try locateData(of: relativePath)
    let wanted = min(count, Int(entry.size))
    // Deflate adds at most 5 bytes per 16 KiB stored block to what it holds.
    let stored = Int(
      entry.method == 0 ? UInt64(wanted) : min(entry.compressedSize, UInt64(wanted + wanted / 64 + 1024)))
    let input = try ZipArchive.bytes(source, at: dataStart, count: stored, path: path)
    guard entry.method == 8 else { return Array(input.prefix(wanted)) }
    guard let inflated = ZipArchive.inflatePrefix(input, count: wanted) else {
      throw FileError(path: shown, reason: "corrupt zip archive: cannot inflate entry")
    }
    return inflated
  }

  /// The entry at `relativePath`, where its data starts, and its path for messages, once
  /// the entry is known readable: not encrypted, stored or deflated, within the entry limit.
  private func locateData(of relativePath: String) throws -> (Entry, UInt64, String) {
    let shown = displayPath(of: relativePath)
    guard let entry = entries[relativePath] else {
      throw FileError(path: shown, reason: "no such file in the archive")
    }
    if entry.flags & 0x0001 != 0 {
      throw FileError(path: shown, reason: "encrypted zip entries are not supported")
    }
    guard entry.method == 0 || entry.method == 8 else {
      throw FileError(
        path: shown,
        reason:
          "unsupported compression method \(entry.method) (only stored and deflated entries can be read)"
      )
    }
    guard entry.size <= UInt64(entryLimit), entry.compressedSize <= UInt64(entryLimit) else {
      throw FileError(
        path: shown,
        reason:
          "entry declares \(max(entry.size, entry.compressedSize)) bytes: "
          + Limit.archiveEntrySize.exceededMessage(entryLimit))
    }
    guard entry.localHeaderOffset < size else {
      throw FileError(path: shown, reason: "corrupt zip archive: entry lies outside the file")
    }
    let header = try ZipArchive.bytes(source, at: entry.localHeaderOffset, count: 30, path: path)
    guard header.count == 30, ByteReader(header).uint32(at: 0) == 0x0403_4B50 else {
      throw FileError(path: shown, reason: "corrupt zip archive: bad local header")
    }
    let reader = ByteReader(header)
    let dataStart =
      entry.localHeaderOffset + 30 + UInt64(reader.uint16(at: 26)) + UInt64(reader.uint16(at: 28))
    return (entry, dataStart, shown)
  }

  // MARK: - Hostile archives

  /// Refuses entries whose data overlap: a zip bomb shares one deflate stream among many
  /// entries so that a small file unpacks to gigabytes. Each entry spans at least its local
  /// header, name and compressed data.
  private static func refuseOverlaps(_ entries: [Entry], archiveSize: UInt64, path: String) throws {
    // Entries said to lie outside the file are refused when read, with their own message.
    let inside = entries.filter { $0.localHeaderOffset < archiveSize }
      .sorted { $0.localHeaderOffset < $1.localHeaderOffset }
    for (entry, next) in zip(inside, inside.dropFirst()) {
      let (span, overflow) = entry.compressedSize.addingReportingOverflow(
        30 + UInt64(entry.storedNameLength))
      let (end, overflowEnd) = entry.localHeaderOffset.addingReportingOverflow(span)
      if overflow || overflowEnd || end > next.localHeaderOffset {
        throw FileError(
          path: path,
          reason:
            "corrupt zip archive: entries '\(entry.name)' and '\(next.name)' overlap (a zip bomb?)")
      }
    }
  }

  /// The entries by name; when several share a name the last is used, as `unzip` and
  /// Python's `zipfile` do, with a warning saying so.
  private static func lastEntryByName(_ list: [Entry], path: String) -> (
    [String: Entry], [Diagnostic]
  ) {
    var byName: [String: Entry] = [:]
    var counts: [String: Int] = [:]
    var order: [String] = []
    for entry in list {
      if counts[entry.name] == nil { order.append(entry.name) }
      counts[entry.name, default: 0] += 1
      byName[entry.name] = entry
    }
    let warnings = order.compactMap { name -> Diagnostic? in
      guard let count = counts[name], count > 1 else { return nil }
      return Diagnostic(
        severity: .warning,
        message: "the archive holds \(count) entries named '\(name)'; reading the last one",
        location: SourceLocation(file: path, line: 1, column: 1),
        notes: ["unzip and most other tools also keep the last one"])
    }
    return (byName, warnings)
  }

  // MARK: - Central directory

  private static func readCentralDirectory(
    _ source: Source, size: UInt64, path: String, directoryLimit: Int
  ) throws -> [Entry] {
    func corrupt(_ detail: String) -> FileError {
      FileError(path: path, reason: "corrupt zip archive: \(detail)")
    }
    guard size >= 22 else { throw corrupt("too short") }
    let tailLength = min(size, 22 + 0xFFFF)
    let tailStart = size - tailLength
    let tail = try bytes(source, at: tailStart, count: Int(tailLength), path: path)
    let tailReader = ByteReader(tail)
    var endRecord: Int?
    var index = tail.count - 22
    while index >= 0 {
      if tailReader.uint32(at: index) == 0x0605_4B50,
        index + 22 + Int(tailReader.uint16(at: index + 20)) <= tail.count
      {
        endRecord = index
        break
      }
      index -= 1
    }
    guard let end = endRecord else { throw corrupt("end of central directory not found") }
    let diskNumber = tailReader.uint16(at: end + 4)
    let directoryDisk = tailReader.uint16(at: end + 6)
    var count = UInt64(tailReader.uint16(at: end + 10))
    var directorySize = UInt64(tailReader.uint32(at: end + 12))
    var directoryOffset = UInt64(tailReader.uint32(at: end + 16))
    var split = diskNumber != 0 || directoryDisk != 0

    // Zip64: a locator just before the end record points at a larger end record.
    if end >= 20, tailReader.uint32(at: end - 20) == 0x0706_4B50 {
      let recordOffset = tailReader.uint64(at: end - 20 + 8)
      guard recordOffset < size else { throw corrupt("zip64 end record lies outside the file") }
      let record = try bytes(source, at: recordOffset, count: 56, path: path)
      let reader = ByteReader(record)
      guard record.count == 56, reader.uint32(at: 0) == 0x0606_4B50 else {
        throw corrupt("bad zip64 end of central directory")
      }
      split = split || reader.uint32(at: 16) != 0 || reader.uint32(at: 20) != 0
      count = reader.uint64(at: 32)
      directorySize = reader.uint64(at: 40)
      directoryOffset = reader.uint64(at: 48)
    } else if count == 0xFFFF || directorySize == 0xFFFF_FFFF || directoryOffset == 0xFFFF_FFFF {
      throw corrupt("zip64 archive without its zip64 end record")
    }
    if split {
      throw FileError(path: path, reason: "split (multi-part) zip archives are not supported")
    }
    guard directoryOffset <= size, directorySize <= size - directoryOffset else {
      throw corrupt("central directory lies outside the file")
    }
    guard directorySize <= UInt64(directoryLimit) else {
      throw corrupt("central directory is too large")
    }
    let directory = try bytes(source, at: directoryOffset, count: Int(directorySize), path: path)
    let reader = ByteReader(directory)
    var entries: [Entry] = []
    var position = 0
    var entryNumber: UInt64 = 0
    while entryNumber < count {
      entryNumber += 1
      guard position + 46 <= directory.count, reader.uint32(at: position) == 0x0201_4B50 else {
        throw corrupt("bad central directory entry \(entryNumber)")
      }
      let flags = reader.uint16(at: position + 8)
      let nameLength = Int(reader.uint16(at: position + 28))
      let extraLength = Int(reader.uint16(at: position + 30))
      let commentLength = Int(reader.uint16(at: position + 32))
      let nameStart = position + 46
      let extraStart = nameStart + nameLength
      let next = extraStart + extraLength + commentLength
      guard next <= directory.count else {
        throw corrupt("bad central directory entry \(entryNumber)")
      }
      let rawName = Array(directory[nameStart..<extraStart])
      var entry = Entry(
        name: decodeName(rawName, isUTF8: flags & 0x0800 != 0), flags: flags,
        method: reader.uint16(at: position + 10), crc: reader.uint32(at: position + 16),
        compressedSize: UInt64(reader.uint32(at: position + 20)),
        size: UInt64(reader.uint32(at: position + 24)),
        localHeaderOffset: UInt64(reader.uint32(at: position + 42)),
        storedNameLength: nameLength)
      try applyExtraFields(
        ByteReader(Array(directory[extraStart..<(extraStart + extraLength)])), rawName: rawName,
        to: &entry, entryNumber: entryNumber, path: path)
      position = next
      guard let name = normalizedName(entry.name) else { continue }
      entry.name = name
      entries.append(entry)
    }
    return entries
  }

  /// Reads the Zip64 sizes and offset, and an Info-ZIP Unicode path, from an entry's extras.
  private static func applyExtraFields(
    _ extra: ByteReader, rawName: [UInt8], to entry: inout Entry, entryNumber: UInt64,
    path: String
  ) throws {
    var position = 0
    while position + 4 <= extra.count {
      let id = extra.uint16(at: position)
      let length = Int(extra.uint16(at: position + 2))
      let start = position + 4
      guard start + length <= extra.count else { break }
      if id == 0x0001 {
        var field = start
        func next() throws -> UInt64 {
          guard field + 8 <= start + length else {
            throw FileError(
              path: path, reason: "corrupt zip archive: short zip64 field in entry \(entryNumber)")
          }
          defer { field += 8 }
          return extra.uint64(at: field)
        }
        if entry.size == 0xFFFF_FFFF { entry.size = try next() }
        if entry.compressedSize == 0xFFFF_FFFF { entry.compressedSize = try next() }
        if entry.localHeaderOffset == 0xFFFF_FFFF { entry.localHeaderOffset = try next() }
      } else if id == 0x7075, length > 5, extra.byte(at: start) == 1,
        extra.uint32(at: start + 1) == crc32(of: rawName),
        let name = String(validating: extra.bytes[(start + 5)..<(start + length)], as: UTF8.self)
      {
        entry.name = name
      }
      position = start + length
    }
  }

  /// A member path with `/` separators and no leading `./` or `/`; nil for folders and
  /// macOS resource forks.
  private static func normalizedName(_ name: String) -> String? {
    var text = name.replacingOccurrences(of: "\\", with: "/")
    while text.hasPrefix("/") || text.hasPrefix("./") {
      text = String(text.drop { $0 == "." }.drop { $0 == "/" })
    }
    if text.isEmpty || text.hasSuffix("/") || text.hasPrefix("__MACOSX/") { return nil }
    return text
  }

  /// UTF-8 when flagged or valid; otherwise the IBM PC code page 437 the zip format defaults to.
  private static func decodeName(_ raw: [UInt8], isUTF8: Bool) -> String {
    if let text = String(validating: raw, as: UTF8.self) { return text }
    if isUTF8 { return String(decoding: raw, as: UTF8.self) }
    let high = Array(codePage437High.unicodeScalars)
    var scalars = String.UnicodeScalarView()
    for byte in raw {
      scalars.append(byte < 0x80 ? Unicode.Scalar(byte) : high[Int(byte - 0x80)])
    }
    return String(scalars)
  }

  /// Bytes 0x80–0xFF of code page 437.
  static let codePage437High =
    "ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜ¢£¥₧ƒáíóúñÑªº¿⌐¬½¼¡«»░▒▓│┤╡╢╖╕╣║╗╝╜╛┐└┴┬├─┼╞╟╚╔╩╦╠═╬╧╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀"
    + "αßΓπΣσµτΦΘΩδ∞φε∩≡±≥≤⌠⌡÷≈°∙·√ⁿ²■\u{00A0}"

  // MARK: - Bytes

  private static func size(of source: Source, path: String) throws -> UInt64 {
    switch source {
    case .memory(let bytes): return UInt64(bytes.count)
    case .file(let file):
      do {
        let attributes = try FileManager.default.attributesOfItem(atPath: file)
        return (attributes[.size] as? NSNumber)?.uint64Value ?? 0
      } catch {
        throw FileError(path: path, reason: FileError.describe(error))
      }
    }
  }

  /// Up to `count` bytes from `offset` (fewer at the end of the archive).
  private static func bytes(_ source: Source, at offset: UInt64, count: Int, path: String) throws
    -> [UInt8]
  {
    switch source {
    case .memory(let all):
      guard offset < UInt64(all.count), count > 0 else { return [] }
      let start = Int(offset)
      return Array(all[start..<min(all.count, start + count)])
    case .file(let file):
      do {
        guard let handle = FileHandle(forReadingAtPath: file) else {
          throw FileError(path: path, reason: "cannot open the archive")
        }
        defer { try? handle.close() }
        // Seeking past Int64.max traps in FileHandle; nothing lies there anyway.
        guard offset < UInt64(Int64.max), count > 0 else { return [] }
        try handle.seek(toOffset: offset)
        return Array(try handle.read(upToCount: count) ?? Data())
      } catch let error as FileError {
        throw error
      } catch {
        throw FileError(path: path, reason: FileError.describe(error))
      }
    }
  }

  /// Inflates raw deflate data (no zlib header) that must unpack to exactly `expectedSize`
  /// bytes. The output grows as data comes, and inflating stops as soon as it passes
  /// `expectedSize`: a header that lies about the size costs no more than the data really
  /// holds, nor more than it announced.
  static func inflate(_ input: [UInt8], expectedSize: Int) -> [UInt8]? {
    var stream = z_stream()
    guard inflateInit2_(&stream, -15, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK
    else { return nil }
    defer { inflateEnd(&stream) }
    var output: [UInt8] = []
    output.reserveCapacity(min(expectedSize, 1 << 20))
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    var input = input
    if input.isEmpty { input = [0] }
    return input.withUnsafeMutableBufferPointer { inBuffer -> [UInt8]? in
      stream.next_in = inBuffer.baseAddress
      stream.avail_in = UInt32(inBuffer.count)
      while true {
        let status = chunk.withUnsafeMutableBufferPointer { outBuffer in
          stream.next_out = outBuffer.baseAddress
          stream.avail_out = UInt32(outBuffer.count)
          return CZlib.inflate(&stream, Z_NO_FLUSH)
        }
        output.append(contentsOf: chunk[0..<(chunk.count - Int(stream.avail_out))])
        if output.count > expectedSize { return nil }
        switch status {
        case Z_STREAM_END: return output.count == expectedSize ? output : nil
        case Z_OK: continue
        default: return nil  // corrupt data, or input ended before the stream did
        }
      }
    }
  }

  /// The first `count` bytes raw deflate data unpacks to (fewer when it holds fewer, or the
  /// input stops before); nil when the data is corrupt.
  static func inflatePrefix(_ input: [UInt8], count: Int) -> [UInt8]? {
    var stream = z_stream()
    guard inflateInit2_(&stream, -15, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK
    else { return nil }
    defer { inflateEnd(&stream) }
    var output = [UInt8](repeating: 0, count: count)
    guard count > 0, !input.isEmpty else { return [] }
    var input = input
    let status = input.withUnsafeMutableBufferPointer { inBuffer in
      output.withUnsafeMutableBufferPointer { outBuffer in
        stream.next_in = inBuffer.baseAddress
        stream.avail_in = UInt32(inBuffer.count)
        stream.next_out = outBuffer.baseAddress
        stream.avail_out = UInt32(outBuffer.count)
        return CZlib.inflate(&stream, Z_SYNC_FLUSH)
      }
    }
    guard status == Z_OK || status == Z_STREAM_END || status == Z_BUF_ERROR else { return nil }
    return Array(output.prefix(count - Int(stream.avail_out)))
  }

  static func crc32(of bytes: [UInt8]) -> UInt32 {
    bytes.withUnsafeBufferPointer { buffer in
      UInt32(CZlib.crc32(0, buffer.baseAddress, UInt32(buffer.count)))
    }
  }
}

/// Little-endian integers from a byte array; reads past the end give zero bytes.
private struct ByteReader {
  let bytes: [UInt8]
  init(_ bytes: [UInt8]) { self.bytes = bytes }

  var count: Int { bytes.count }

  func byte(at index: Int) -> UInt8 { index >= 0 && index < bytes.count ? bytes[index] : 0 }

  func uint16(at index: Int) -> UInt16 {
    UInt16(byte(at: index)) | UInt16(byte(at: index + 1)) << 8
  }

  func uint32(at index: Int) -> UInt32 {
    UInt32(uint16(at: index)) | UInt32(uint16(at: index + 2)) << 16
  }

  func uint64(at index: Int) -> UInt64 {
    UInt64(uint32(at: index)) | UInt64(uint32(at: index + 4)) << 32
  }
}

/// How many bytes an archive may still unpack, shared by every copy of the archive (readers
/// run on several threads). Each entry is charged once, however often it is read.
private final class UnpackBudget: Sendable {
  let limit: Int
  private let state = Mutex<(spent: Int, charged: Set<String>)>((0, []))

  init(limit: Int) { self.limit = limit }

  /// Records that `name` unpacks to `bytes`; false when that would pass the limit.
  func charge(_ name: String, bytes: Int) -> Bool {
    state.withLock { state in
      if state.charged.contains(name) { return true }
      guard bytes <= limit - state.spent else { return false }
      state.spent += bytes
      state.charged.insert(name)
      return true
    }
  }
}
