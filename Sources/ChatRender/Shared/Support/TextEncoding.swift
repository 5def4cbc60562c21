import Foundation

/// Exports that are not UTF-8: UTF-16 with a byte-order mark is read; UTF-16 without one is
/// named with the `iconv` line that converts it. A line that is not UTF-8 is read as
/// Windows-1252 (real logs mix both, line by line); a binary file is named for what it is.
enum TextEncoding {
  /// `bytes` as UTF-8 when a UTF-16 byte-order mark says how to read them; nil otherwise.
  static func transcodedFromMarkedUTF16(_ bytes: [UInt8]) -> [UInt8]? {
    let littleEndian: Bool
    if bytes.starts(with: [0xFF, 0xFE]) {
      littleEndian = true
    } else if bytes.starts(with: [0xFE, 0xFF]) {
      littleEndian = false
    } else {
      return nil
    }
    var units: [UInt16] = []
    units.reserveCapacity(bytes.count / 2)
    var index = 2
    while index + 1 < bytes.count {
      let (first, second) = (UInt16(bytes[index]), UInt16(bytes[index + 1]))
      units.append(littleEndian ? first | second << 8 : first << 8 | second)
      index += 2
    }
    var output: [UInt8] = []
    output.reserveCapacity(units.count)
    // Unpaired surrogates become U+FFFD rather than failing the whole file.
    _ = transcode(units.makeIterator(), from: UTF16.self, to: UTF8.self, stoppingOnError: false) {
      output.append($0)
    }
    return output
  }

  /// "UTF-16LE" or "UTF-16BE" when the bytes look like UTF-16 text without a byte-order
  /// mark: most characters of such a file have a zero byte on the same side.
  static func unmarkedUTF16(_ bytes: [UInt8]) -> String? {
    let sample = bytes.prefix(1024)
    guard sample.count >= 8 else { return nil }
    var zeros = [0, 0]
    for (offset, byte) in sample.enumerated() where byte == 0 { zeros[offset % 2] += 1 }
    let pairs = sample.count / 2
    if zeros[1] * 10 >= pairs * 4, zeros[0] * 20 < pairs { return "UTF-16LE" }
    if zeros[0] * 10 >= pairs * 4, zeros[1] * 20 < pairs { return "UTF-16BE" }
    return nil
  }

  /// The `iconv` line that converts `path` from `encoding` to UTF-8 beside it.
  static func conversion(from encoding: String, path: String) -> String {
    func quoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }
    let converted = (path.split(separator: "/").last.map(String.init) ?? "chat") + ".utf8"
    return "iconv -f \(encoding) -t UTF-8 \(quoted(path)) > \(quoted(converted))"
  }

  /// The warning for a file some of whose lines were read as Windows-1252. Only a file with
  /// no UTF-8 line at all may be in one other encoding throughout, so only then is `iconv`
  /// suggested (converting a mixed file would garble its UTF-8 lines).
  static func warning(for mixed: MixedText, path: String) -> Diagnostic {
    let count = mixed.windows1252Lines
    var warning = Diagnostic.warning(
      "\(count) line\(count == 1 ? " is" : "s are") not UTF-8; read as Windows-1252",
      at: SourceLocation(file: path, line: mixed.firstWindows1252Line, column: 1))
    if !mixed.hasUTF8Lines {
      warning.notes = [
        "if accents look wrong, the file is in another encoding (ISO-8859-2, KOI8-R…): "
          + conversion(from: "ENCODING", path: path)
      ]
    }
    return warning
  }

  // MARK: - Line by line

  /// A file whose lines are not all UTF-8, once every other line was read as Windows-1252.
  struct MixedText {
    var bytes: [UInt8]
    /// How many lines were read as Windows-1252, and the 1-based number of the first.
    var windows1252Lines: Int
    var firstWindows1252Line: Int
    /// Whether some other line holds non-ASCII UTF-8: then the file is really mixed.
    var hasUTF8Lines: Bool
  }

  /// `bytes` with every line that is not valid UTF-8 read as Windows-1252 (one scalar per
  /// byte, so columns stay those of the file); nil when the whole file is UTF-8.
  static func decodingLineByLine(_ bytes: [UInt8]) -> MixedText? {
    guard firstInvalidUTF8Offset(bytes[...]) != nil else { return nil }
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count + bytes.count / 8)
    var mixed = MixedText(bytes: [], windows1252Lines: 0, firstWindows1252Line: 0, hasUTF8Lines: false)
    var start = 0
    var lineNumber = 1
    while start < bytes.count {
      var end = start
      while end < bytes.count, bytes[end] != 0x0A, bytes[end] != 0x0D { end += 1 }
      var next = end
      if next < bytes.count {
        next += bytes[next] == 0x0D && next + 1 < bytes.count && bytes[next + 1] == 0x0A ? 2 : 1
      }
      let line = bytes[start..<end]
      if firstInvalidUTF8Offset(line) == nil {
        output += line
        if !mixed.hasUTF8Lines, line.contains(where: { $0 >= 0x80 }) { mixed.hasUTF8Lines = true }
      } else {
        if mixed.windows1252Lines == 0 { mixed.firstWindows1252Line = lineNumber }
        mixed.windows1252Lines += 1
        for byte in line { appendWindows1252(byte, to: &output) }
      }
      output += bytes[end..<next]
      lineNumber += 1
      start = next
    }
    mixed.bytes = output
    return mixed
  }

  /// Windows-1252's characters for 0x80…0x9F; its five unassigned bytes stay C1 controls.
  private static let windows1252High: [UInt32] = [
    0x20AC, 0x81, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039,
    0x0152, 0x8D, 0x017D, 0x8F, 0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
    0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x9D, 0x017E, 0x0178,
  ]

  private static func appendWindows1252(_ byte: UInt8, to output: inout [UInt8]) {
    guard byte >= 0x80 else {
      output.append(byte)
      return
    }
    let value = byte < 0xA0 ? windows1252High[Int(byte - 0x80)] : UInt32(byte)
    // Every such character is below U+10000: two or three UTF-8 bytes.
    if value < 0x800 {
      output += [UInt8(0xC0 | value >> 6), UInt8(0x80 | value & 0x3F)]
    } else {
      output += [UInt8(0xE0 | value >> 12), UInt8(0x80 | value >> 6 & 0x3F), UInt8(0x80 | value & 0x3F)]
    }
  }

  /// The offset of the first byte that does not start a valid UTF-8 sequence, or nil.
  static func firstInvalidUTF8Offset(_ bytes: ArraySlice<UInt8>) -> Int? {
    var index = bytes.startIndex
    let end = bytes.endIndex
    while index < end {
      let byte = bytes[index]
      if byte < 0x80 {
        index += 1
        continue
      }
      let length: Int
      let minimum: UInt32
      var scalar: UInt32
      switch byte {
      case 0xC2...0xDF: (length, minimum, scalar) = (2, 0x80, UInt32(byte & 0x1F))
      case 0xE0...0xEF: (length, minimum, scalar) = (3, 0x800, UInt32(byte & 0x0F))
      case 0xF0...0xF4: (length, minimum, scalar) = (4, 0x10000, UInt32(byte & 0x07))
      default: return index
      }
      guard end - index >= length else { return index }
      for next in 1..<length {
        let continuation = bytes[index + next]
        guard continuation & 0xC0 == 0x80 else { return index }
        scalar = scalar << 6 | UInt32(continuation & 0x3F)
      }
      if scalar < minimum || scalar > 0x10FFFF || (0xD800...0xDFFF).contains(scalar) {
        return index
      }
      index += length
    }
    return nil
  }

  // MARK: - Binary files

  /// The first bytes of files people give by mistake, and what to call them.
  private static let signatures: [(bytes: [UInt8], name: String)] = [
    ([0x89, 0x50, 0x4E, 0x47], "a PNG picture"),
    ([0xFF, 0xD8, 0xFF], "a JPEG picture"),
    (Array("GIF8".utf8), "a GIF picture"),
    (Array("%PDF-".utf8), "a PDF document"),
    ([0x1F, 0x8B], "a gzip archive"),
    (Array("SQLite format 3".utf8), "an SQLite database"),
    (Array("7z".utf8) + [0xBC, 0xAF], "a 7-Zip archive"),
    (Array("Rar!".utf8), "a RAR archive"),
    ([0x7F, 0x45, 0x4C, 0x46], "a program (ELF)"),
    (Array("OggS".utf8), "an Ogg audio file"),
    (Array("ID3".utf8), "an MP3 audio file"),
  ]

  /// What a file that is not text is ("a PNG picture"), or nil when it may be text.
  static func binaryKind(_ bytes: [UInt8]) -> String? {
    if let found = signatures.first(where: { bytes.starts(with: $0.bytes) }) { return found.name }
    if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)),
      bytes[8..<12].elementsEqual("WEBP".utf8)
    {
      return "a WebP picture"
    }
    if bytes.count >= 12, bytes[4..<8].elementsEqual("ftyp".utf8) { return "a video or HEIC picture" }
    // Text has no NUL bytes, unless it is UTF-16 or holds a few stray ones (dropped when read,
    // `droppingNULs`): a start with NULs where control bytes are over one in 16 is binary.
    let sample = bytes.prefix(4096)
    guard sample.contains(0), unmarkedUTF16(bytes) == nil else { return nil }
    let controls = sample.lazy.filter { $0 < 0x20 && !(0x09...0x0D).contains($0) && $0 != 0x1B }.count
    return controls * 16 > sample.count ? "a binary file" : nil
  }

  /// `bytes` without their NUL bytes, how many were dropped and the offset of the first; nil
  /// when there is none. A NUL in text would end it wherever C reads it.
  static func droppingNULs(_ bytes: [UInt8]) -> (bytes: [UInt8], count: Int, firstOffset: Int)? {
    // memchr: a chat of hundreds of megabytes is searched at memory speed.
    let found = bytes.withUnsafeBufferPointer { buffer in
      buffer.baseAddress.flatMap { base in
        memchr(base, 0, buffer.count).map { base.distance(to: $0.assumingMemoryBound(to: UInt8.self)) }
      }
    }
    guard let first = found else { return nil }
    var kept = Array(bytes[..<first])
    kept.reserveCapacity(bytes.count - 1)
    for byte in bytes[first...] where byte != 0 { kept.append(byte) }
    return (kept, bytes.count - kept.count, first)
  }

  /// The warning for NUL bytes dropped from a file, at the first one (`offset` into `bytes`,
  /// the text as it was before they were dropped).
  static func nulWarning(count: Int, firstOffset offset: Int, in bytes: [UInt8], path: String) -> Diagnostic {
    var line = 1
    var lineStart = 0
    var index = 0
    while index < offset {
      if bytes[index] == 0x0A || bytes[index] == 0x0D && (index + 1 >= bytes.count || bytes[index + 1] != 0x0A) {
        line += 1
        lineStart = index + 1
      }
      index += 1
    }
    let column = bytes[lineStart..<offset].lazy.filter { $0 & 0xC0 != 0x80 }.count + 1
    return .warning(
      count == 1 ? "a NUL byte was dropped" : "\(count) NUL bytes were dropped (this is the first)",
      at: SourceLocation(file: path, line: line, column: column))
  }
}
