/// Exports that are not UTF-8: UTF-16 with a byte-order mark is read; UTF-16 without one,
/// and Latin-1 or Windows-1252, are named with the `iconv` line that converts them.
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

  /// The note for a file that is not UTF-8, naming the encoding it most likely is.
  static func conversionNote(for bytes: [UInt8], path: String) -> String {
    let encoding = unmarkedUTF16(bytes) ?? "WINDOWS-1252"
    let name = encoding == "WINDOWS-1252" ? "Latin-1 or Windows-1252" : encoding
    let quoted = "'" + path.replacingOccurrences(of: "'", with: "'\\''") + "'"
    let converted =
      "'"
      + (path.split(separator: "/").last.map(String.init) ?? "chat")
      .replacingOccurrences(of: "'", with: "'\\''") + ".utf8'"
    return "it looks like \(name); convert it with: iconv -f \(encoding) -t UTF-8 \(quoted) > \(converted)"
  }
}
