/// Korean words, which Korean apps wrap at spaces like Latin ones, while Unicode's line
/// breaking allows a break between any two syllables (as between Chinese characters).
enum HangulWords {
  /// The UTF-8 byte ranges of runs of two or more Hangul characters.
  static func byteRanges(in text: String) -> [Range<Int>] {
    var ranges: [Range<Int>] = []
    var start: Int?
    var count = 0
    var offset = 0
    for scalar in text.unicodeScalars {
      if isHangul(scalar) {
        if start == nil { start = offset }
        count += 1
      } else {
        if let begun = start, count > 1 { ranges.append(begun..<offset) }
        start = nil
        count = 0
      }
      offset += UTF8.width(scalar)
    }
    if let begun = start, count > 1 { ranges.append(begun..<offset) }
    return ranges
  }

  /// Syllables and jamo (conjoining and compatibility).
  static func isHangul(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0xAC00...0xD7A3, 0x1100...0x11FF, 0x3130...0x318F, 0xA960...0xA97F, 0xD7B0...0xD7FF: true
    default: false
    }
  }
}
