/// A canonical, length-limited Huffman code for deflate (RFC 1951 §3.2.2).
///
/// Codes are stored bit-reversed, ready for deflate's least-significant-bit-first bit order.
struct DeflateHuffmanCode {
  /// Code length in bits per symbol; 0 for unused symbols.
  private(set) var lengths: [UInt8]
  /// The bit-reversed code per symbol.
  private(set) var codes: [UInt16]

  /// Builds a code from symbol frequencies, no code longer than `maxBits`.
  ///
  /// At least two symbols always get a code (symbols 0 and 1 are added when needed), so the
  /// code is complete, as zlib's inflate requires.
  init(frequencies: [UInt32], maxBits: Int) {
    var weights = frequencies
    var used = weights.indices.filter { weights[$0] > 0 }
    var filler = 0
    while used.count < 2 {
      if weights[filler] == 0 {
        weights[filler] = 1
        used.append(filler)
      }
      filler += 1
    }
    lengths = [UInt8](repeating: 0, count: frequencies.count)
    while true {
      let depths = DeflateHuffmanCode.leafDepths(weights: used.map { weights[$0] })
      if depths.max() ?? 0 <= maxBits {
        for (symbol, depth) in zip(used, depths) { lengths[symbol] = UInt8(depth) }
        break
      }
      // Flatten the distribution and retry; all weights equal gives a balanced tree.
      for symbol in used { weights[symbol] = max(1, weights[symbol] >> 1) }
    }
    codes = DeflateHuffmanCode.canonicalCodes(lengths: lengths, maxBits: maxBits)
  }

  /// Depth of each leaf in a Huffman tree over `weights` (at least two).
  private static func leafDepths(weights: [UInt32]) -> [Int] {
    let leafCount = weights.count
    let order = weights.indices.sorted { (weights[$0], $0) < (weights[$1], $1) }
    var weight = [UInt64](repeating: 0, count: 2 * leafCount - 1)
    var parent = [Int](repeating: 0, count: 2 * leafCount - 1)
    for i in 0..<leafCount { weight[i] = UInt64(weights[i]) }
    // Two-queue construction: sorted leaves, and internal nodes made in rising weight order.
    var nextLeaf = 0
    var nextInternal = leafCount
    var made = leafCount
    func takeLightest() -> Int {
      if nextLeaf < leafCount
        && (nextInternal == made || weight[order[nextLeaf]] <= weight[nextInternal])
      {
        defer { nextLeaf += 1 }
        return order[nextLeaf]
      }
      defer { nextInternal += 1 }
      return nextInternal
    }
    while made < 2 * leafCount - 1 {
      let first = takeLightest()
      let second = takeLightest()
      weight[made] = weight[first] + weight[second]
      parent[first] = made
      parent[second] = made
      made += 1
    }
    // Parents come after their children, so one backward pass finds every depth.
    var depth = [Int](repeating: 0, count: 2 * leafCount - 1)
    for node in stride(from: 2 * leafCount - 3, through: 0, by: -1) {
      depth[node] = depth[parent[node]] + 1
    }
    return Array(depth[0..<leafCount])
  }

  private static func canonicalCodes(lengths: [UInt8], maxBits: Int) -> [UInt16] {
    var countPerLength = [Int](repeating: 0, count: maxBits + 1)
    for length in lengths where length > 0 { countPerLength[Int(length)] += 1 }
    var nextCode = [Int](repeating: 0, count: maxBits + 1)
    var code = 0
    for bits in 1...maxBits {
      code = (code + countPerLength[bits - 1]) << 1
      nextCode[bits] = code
    }
    var codes = [UInt16](repeating: 0, count: lengths.count)
    for (symbol, length) in lengths.enumerated() where length > 0 {
      let value = nextCode[Int(length)]
      nextCode[Int(length)] += 1
      var reversed = 0
      for bit in 0..<Int(length) where value & (1 << bit) != 0 {
        reversed |= 1 << (Int(length) - 1 - bit)
      }
      codes[symbol] = UInt16(reversed)
    }
    return codes
  }
}
