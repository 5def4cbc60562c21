import CZlib

/// A PDF's syntax as text, its object streams inflated: what a test searches for the
/// dictionaries our writer gathers into compressed object streams.
enum PDFPlainText {
  static func of(_ bytes: [UInt8]) -> String {
    var text = String(decoding: bytes, as: UTF8.self)
    for stream in objectStreams(in: bytes) { text += "\n" + String(decoding: stream, as: UTF8.self) }
    return text
  }

  /// The inflated data of every `/Type/ObjStm` stream.
  private static func objectStreams(in bytes: [UInt8]) -> [[UInt8]] {
    let marker = Array("/Type/ObjStm".utf8)
    let opening = Array(">>\nstream\n".utf8)
    var found: [[UInt8]] = []
    var index = 0
    while let start = firstIndex(of: marker, in: bytes, from: index),
      let body = firstIndex(of: opening, in: bytes, from: start)
    {
      let dictionary = String(decoding: bytes[start..<body], as: UTF8.self)
      guard let lengthText = dictionary.firstMatch(of: /\/Length (\d+)/)?.output.1, let length = Int(lengthText)
      else { break }
      let data = Array(bytes[(body + opening.count)..<min(bytes.count, body + opening.count + length)])
      if let inflated = inflate(data) { found.append(inflated) }
      index = body + opening.count + length
    }
    return found
  }

  private static func firstIndex(of pattern: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
    guard pattern.count <= bytes.count else { return nil }
    var index = start
    while index + pattern.count <= bytes.count {
      if bytes[index..<(index + pattern.count)].elementsEqual(pattern) { return index }
      index += 1
    }
    return nil
  }

  /// Flate (zlib) data inflated, or nil when it is not.
  private static func inflate(_ data: [UInt8]) -> [UInt8]? {
    var stream = z_stream()
    guard inflateInit_(&stream, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
    defer { inflateEnd(&stream) }
    var output: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    var input = data
    let status: Int32 = input.withUnsafeMutableBufferPointer { source in
      stream.next_in = source.baseAddress
      stream.avail_in = uInt(source.count)
      var status = Z_OK
      while status == Z_OK {
        status = chunk.withUnsafeMutableBufferPointer { target in
          stream.next_out = target.baseAddress
          stream.avail_out = uInt(target.count)
          return CZlib.inflate(&stream, Z_NO_FLUSH)
        }
        output += chunk[0..<(chunk.count - Int(stream.avail_out))]
      }
      return status
    }
    return status == Z_STREAM_END ? output : nil
  }
}
