import CCairo
import CZlib
import Testing

/// A PNG taken apart by the tests: every chunk's CRC checked, the IDAT stream inflated by zlib
/// (which checks the Adler-32), scanlines unfiltered.
struct InflatedPNG {
  var width: Int
  var height: Int
  /// 2 (RGB) or 6 (RGBA).
  var colorType: UInt8
  var chunkTypes: [String]
  /// Filter type of each scanline.
  var filterTypes: [UInt8]
  /// R, G, B(, A) bytes, row after row, no padding.
  var samples: [UInt8]

  var bytesPerPixel: Int { colorType == 6 ? 4 : 3 }

  /// Parses and checks a whole PNG file; fails the test (and throws) when it is invalid.
  init(_ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) throws {
    let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    try #require(Array(bytes.prefix(8)) == signature, sourceLocation: sourceLocation)
    var offset = 8
    var chunkTypes: [String] = []
    var header: [UInt8] = []
    var compressed: [UInt8] = []
    while offset < bytes.count {
      try #require(offset + 12 <= bytes.count, "truncated chunk", sourceLocation: sourceLocation)
      let length = Int(Self.bigEndian(bytes, at: offset))
      try #require(offset + 12 + length <= bytes.count, sourceLocation: sourceLocation)
      let typeAndData = Array(bytes[(offset + 4)..<(offset + 8 + length)])
      let type = String(decoding: typeAndData.prefix(4), as: UTF8.self)
      let storedCRC = Self.bigEndian(bytes, at: offset + 8 + length)
      let actualCRC = typeAndData.withUnsafeBufferPointer {
        UInt32(crc32_z(0, $0.baseAddress, $0.count))
      }
      #expect(storedCRC == actualCRC, "bad CRC in \(type)", sourceLocation: sourceLocation)
      let data = Array(typeAndData.dropFirst(4))
      if type == "IHDR" { header = data }
      if type == "IDAT" { compressed += data }
      chunkTypes.append(type)
      offset += 12 + length
    }
    try #require(header.count == 13, sourceLocation: sourceLocation)
    width = Int(Self.bigEndian(header, at: 0))
    height = Int(Self.bigEndian(header, at: 4))
    colorType = header[9]
    #expect(header[8] == 8, "bit depth", sourceLocation: sourceLocation)
    #expect(Array(header[10...12]) == [0, 0, 0], sourceLocation: sourceLocation)
    self.chunkTypes = chunkTypes

    let bytesPerPixel = colorType == 6 ? 4 : 3
    let rowBytes = width * bytesPerPixel
    var raw = [UInt8](repeating: 0, count: height * (rowBytes + 1))
    var rawCount = uLongf(raw.count)
    var consumed = uLong(compressed.count)
    let status = raw.withUnsafeMutableBufferPointer { target in
      compressed.withUnsafeBufferPointer { source in
        uncompress2(target.baseAddress, &rawCount, source.baseAddress, &consumed)
      }
    }
    try #require(status == Z_OK, "zlib status \(status)", sourceLocation: sourceLocation)
    #expect(Int(rawCount) == raw.count, "inflated size", sourceLocation: sourceLocation)
    #expect(
      Int(consumed) == compressed.count, "data after the zlib stream",
      sourceLocation: sourceLocation)

    filterTypes = []
    samples = []
    samples.reserveCapacity(height * rowBytes)
    var previous = [UInt8](repeating: 0, count: rowBytes)
    for y in 0..<height {
      let start = y * (rowBytes + 1)
      let filter = raw[start]
      var row = Array(raw[(start + 1)..<(start + 1 + rowBytes)])
      Self.unfilter(&row, previous: previous, type: filter, bytesPerPixel: bytesPerPixel)
      filterTypes.append(filter)
      samples += row
      previous = row
    }
  }

  /// The pixel at (x, y) as bytes in file order.
  func pixel(x: Int, y: Int) -> [UInt8] {
    let start = (y * width + x) * bytesPerPixel
    return Array(samples[start..<(start + bytesPerPixel)])
  }

  private static func bigEndian(_ bytes: [UInt8], at offset: Int) -> UInt32 {
    bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | UInt32($1) }
  }

  private static func unfilter(
    _ row: inout [UInt8], previous: [UInt8], type: UInt8, bytesPerPixel: Int
  ) {
    for i in row.indices {
      let left = i >= bytesPerPixel ? Int(row[i - bytesPerPixel]) : 0
      let above = Int(previous[i])
      let upperLeft = i >= bytesPerPixel ? Int(previous[i - bytesPerPixel]) : 0
      let predictor: Int
      switch type {
      case 1: predictor = left
      case 2: predictor = above
      case 3: predictor = (left + above) / 2
      case 4:
        let estimate = left + above - upperLeft
        let (a, b, c) = (abs(estimate - left), abs(estimate - above), abs(estimate - upperLeft))
        predictor = a <= b && a <= c ? left : b <= c ? above : upperLeft
      default: predictor = 0
      }
      row[i] = row[i] &+ UInt8(truncatingIfNeeded: predictor)
    }
  }
}

/// The first index where two arrays differ (or where the shorter one ends); nil when equal.
/// Keeps failure messages short for big images.
func firstDifference<Element: Equatable>(_ a: [Element], _ b: [Element]) -> Int? {
  if let index = zip(a.indices, b.indices).first(where: { a[$0.0] != b[$0.1] })?.0 {
    return index
  }
  return a.count == b.count ? nil : min(a.count, b.count)
}
