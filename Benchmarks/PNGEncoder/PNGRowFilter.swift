/// How each scanline is filtered before compression (PNG filter method 0); benchmark only,
/// for the zlib and libdeflate alternatives.
///
/// A filter rewrites a row as differences from its left and upper neighbours, so flat areas turn
/// into runs of zeros that deflate compresses well.
enum PNGRowFilter: Sendable, Hashable, CaseIterable {
  case none
  case sub
  case up
  case average
  case paeth
  /// Per row, the filter with the smallest sum of absolute differences (libpng's heuristic).
  case adaptive

  /// Filters one row: writes the filter-type byte and `count` filtered bytes to `output`.
  ///
  /// - Parameters:
  ///   - row: the unfiltered row.
  ///   - previous: the unfiltered row above (all zeros for the first row).
  ///   - count: bytes in the row.
  ///   - bytesPerPixel: 3 for RGB, 4 for RGBA.
  ///   - output: `count + 1` bytes.
  ///   - scratch: `4 * (count + 1)` bytes, used by `.adaptive`.
  func apply(
    row: UnsafePointer<UInt8>, previous: UnsafePointer<UInt8>, count: Int, bytesPerPixel: Int,
    output: UnsafeMutablePointer<UInt8>, scratch: UnsafeMutablePointer<UInt8>
  ) {
    let bpp = bytesPerPixel
    switch self {
    case .none: PNGRowFilter.filterNone(row, previous, count, bpp, output)
    case .sub: PNGRowFilter.filterSub(row, previous, count, bpp, output)
    case .up: PNGRowFilter.filterUp(row, previous, count, bpp, output)
    case .average: PNGRowFilter.filterAverage(row, previous, count, bpp, output)
    case .paeth: PNGRowFilter.filterPaeth(row, previous, count, bpp, output)
    case .adaptive:
      var best = output
      var bestScore = Int.max
      let candidates: [PNGRowFilter] = [.none, .sub, .up, .average, .paeth]
      for index in 0..<candidates.count {
        // The first candidate goes straight to `output`, the others to scratch slots.
        let target = index == 0 ? output : scratch + (index - 1) * (count + 1)
        candidates[index].apply(
          row: row, previous: previous, count: count, bytesPerPixel: bpp, output: target,
          scratch: scratch)
        let score = PNGRowFilter.sumOfAbsoluteValues(target + 1, count, limit: bestScore)
        if score < bestScore {
          bestScore = score
          best = target
        }
      }
      if best != output {
        output.update(from: best, count: count + 1)
      }
    }
  }

  // MARK: - Filters (PNG spec §9.2); `output[0]` is the filter type

  private static func filterNone(
    _ row: UnsafePointer<UInt8>, _ previous: UnsafePointer<UInt8>, _ count: Int, _ bpp: Int,
    _ output: UnsafeMutablePointer<UInt8>
  ) {
    output[0] = 0
    (output + 1).update(from: row, count: count)
  }

  private static func filterSub(
    _ row: UnsafePointer<UInt8>, _ previous: UnsafePointer<UInt8>, _ count: Int, _ bpp: Int,
    _ output: UnsafeMutablePointer<UInt8>
  ) {
    output[0] = 1
    let out = output + 1
    for i in 0..<min(bpp, count) { out[i] = row[i] }
    var i = bpp
    while i < count {
      out[i] = row[i] &- row[i - bpp]
      i += 1
    }
  }

  private static func filterUp(
    _ row: UnsafePointer<UInt8>, _ previous: UnsafePointer<UInt8>, _ count: Int, _ bpp: Int,
    _ output: UnsafeMutablePointer<UInt8>
  ) {
    output[0] = 2
    let out = output + 1
    for i in 0..<count { out[i] = row[i] &- previous[i] }
  }

  private static func filterAverage(
    _ row: UnsafePointer<UInt8>, _ previous: UnsafePointer<UInt8>, _ count: Int, _ bpp: Int,
    _ output: UnsafeMutablePointer<UInt8>
  ) {
    output[0] = 3
    let out = output + 1
    for i in 0..<min(bpp, count) { out[i] = row[i] &- (previous[i] >> 1) }
    var i = bpp
    while i < count {
      let average = (UInt16(row[i - bpp]) + UInt16(previous[i])) >> 1
      out[i] = row[i] &- UInt8(truncatingIfNeeded: average)
      i += 1
    }
  }

  private static func filterPaeth(
    _ row: UnsafePointer<UInt8>, _ previous: UnsafePointer<UInt8>, _ count: Int, _ bpp: Int,
    _ output: UnsafeMutablePointer<UInt8>
  ) {
    output[0] = 4
    let out = output + 1
    for i in 0..<min(bpp, count) { out[i] = row[i] &- previous[i] }
    var i = bpp
    while i < count {
      let left = Int(row[i - bpp])
      let above = Int(previous[i])
      let upperLeft = Int(previous[i - bpp])
      let estimate = left + above - upperLeft
      let distanceLeft = abs(estimate - left)
      let distanceAbove = abs(estimate - above)
      let distanceUpperLeft = abs(estimate - upperLeft)
      let predictor: Int
      if distanceLeft <= distanceAbove && distanceLeft <= distanceUpperLeft {
        predictor = left
      } else if distanceAbove <= distanceUpperLeft {
        predictor = above
      } else {
        predictor = upperLeft
      }
      out[i] = row[i] &- UInt8(truncatingIfNeeded: predictor)
      i += 1
    }
  }

  /// Sum of the bytes read as signed values, stopping early once it reaches `limit`.
  private static func sumOfAbsoluteValues(
    _ bytes: UnsafePointer<UInt8>, _ count: Int, limit: Int
  ) -> Int {
    var sum = 0
    var i = 0
    while i < count {
      let value = Int(Int8(bitPattern: bytes[i]))
      sum += value < 0 ? -value : value
      i += 1
      // Checking every 64 bytes keeps the loop tight.
      if i & 63 == 0 && sum >= limit { return sum }
    }
    return sum
  }
}
