/// A binary PPM (P6, 8 bits a channel), as `pdftoppm` and `mutool draw` write a page.
struct PortablePixmap {
  let width: Int
  let height: Int
  /// Red, green, blue, row by row.
  let samples: ArraySlice<UInt8>

  /// Reads the header's four fields (magic, width, height, maximum), then the samples.
  init?(_ bytes: [UInt8]) {
    var fields: [String] = []
    var index = 0
    while fields.count < 4 && index < bytes.count {
      while index < bytes.count && Self.isSpace(bytes[index]) { index += 1 }
      let start = index
      while index < bytes.count && !Self.isSpace(bytes[index]) { index += 1 }
      fields.append(String(decoding: bytes[start..<index], as: UTF8.self))
    }
    index += 1  // the one white-space byte before the samples
    guard fields.count == 4, fields[0] == "P6", fields[3] == "255", let width = Int(fields[1]),
      let height = Int(fields[2]), bytes.count - index == width * height * 3
    else { return nil }
    self.width = width
    self.height = height
    samples = bytes[index...]
  }

  /// How far two pages of one size are apart, leaving out the last row and column: a page
  /// of fractional points ends in a part pixel, which cairo clips away and we paint.
  func difference(from other: PortablePixmap, threshold: Int) -> (share: Double, mean: Double) {
    var far = 0
    var total = 0
    let base = samples.startIndex
    let otherBase = other.samples.startIndex
    for row in 0..<(height - 1) {
      for column in 0..<(width - 1) {
        let offset = (row * width + column) * 3
        var largest = 0
        for channel in 0..<3 {
          let apart = abs(Int(samples[base + offset + channel]) - Int(other.samples[otherBase + offset + channel]))
          largest = max(largest, apart)
        }
        total += largest
        if largest > threshold { far += 1 }
      }
    }
    let count = Double((width - 1) * (height - 1))
    return (Double(far) / count, Double(total) / count)
  }

  private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
}
