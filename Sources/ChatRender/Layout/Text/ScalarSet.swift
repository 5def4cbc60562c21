/// A set of Unicode scalars, quick for the ASCII most chat text is made of.
struct ScalarSet {
  private var ascii: (low: UInt64, high: UInt64) = (0, 0)
  private var others: Set<UInt32> = []

  /// Whether every scalar of `text` is in the set.
  func contains(allOf text: String) -> Bool {
    var copy = text
    let allASCII = copy.withUTF8 { bytes in
      bytes.allSatisfy { byte in byte < 0x80 && has(ascii: byte) }
    }
    if allASCII { return true }
    return text.unicodeScalars.allSatisfy { $0.isASCII ? has(ascii: UInt8($0.value)) : others.contains($0.value) }
  }

  /// Adds every scalar of `text`.
  mutating func insert(allOf text: String) {
    for scalar in text.unicodeScalars {
      let value = scalar.value
      switch value {
      case 0..<64: ascii.low |= 1 << UInt64(value)
      case 64..<128: ascii.high |= 1 << UInt64(value - 64)
      default: others.insert(value)
      }
    }
  }

  private func has(ascii byte: UInt8) -> Bool {
    byte < 64 ? ascii.low & (1 << UInt64(byte)) != 0 : ascii.high & (1 << UInt64(byte - 64)) != 0
  }
}
