/// Reads a CFF font's top dictionary far enough to tell whether it is CID-keyed.
enum CFFTopDictionary {
  /// Whether the first font's top dictionary has the ROS operator (12 30).
  static func isCIDKeyed(_ cff: [UInt8]) -> Bool {
    guard cff.count > 4 else { return false }
    var offset = Int(cff[2])  // header size
    guard let names = indexData(cff, at: offset) else { return false }
    offset = names.next
    guard let top = indexData(cff, at: offset), let first = top.items.first else { return false }
    return hasROS(cff[first])
  }

  /// An INDEX's items' ranges and where the INDEX ends.
  private static func indexData(_ bytes: [UInt8], at start: Int) -> (items: [Range<Int>], next: Int)? {
    guard start + 2 <= bytes.count else { return nil }
    let count = Int(bytes[start]) << 8 | Int(bytes[start + 1])
    if count == 0 { return ([], start + 2) }
    guard start + 3 <= bytes.count else { return nil }
    let size = Int(bytes[start + 2])
    guard (1...4).contains(size), start + 3 + (count + 1) * size <= bytes.count else { return nil }
    func offsetAt(_ index: Int) -> Int {
      (0..<size).reduce(0) { $0 << 8 | Int(bytes[start + 3 + index * size + $1]) }
    }
    let dataStart = start + 3 + (count + 1) * size - 1
    var items: [Range<Int>] = []
    for index in 0..<count {
      let lower = dataStart + offsetAt(index)
      let upper = dataStart + offsetAt(index + 1)
      guard lower <= upper, upper <= bytes.count else { return nil }
      items.append(lower..<upper)
    }
    return (items, dataStart + offsetAt(count))
  }

  /// Walks a DICT's operands and operators looking for ROS.
  private static func hasROS(_ dictionary: ArraySlice<UInt8>) -> Bool {
    var index = dictionary.startIndex
    while index < dictionary.endIndex {
      let byte = dictionary[index]
      switch byte {
      case 12:
        if index + 1 < dictionary.endIndex && dictionary[index + 1] == 30 { return true }
        index += 2
      case 0...21: index += 1
      case 28: index += 3
      case 29: index += 5
      case 30:
        index += 1
        while index < dictionary.endIndex {
          let nibbles = dictionary[index]
          index += 1
          if nibbles & 0x0F == 0x0F || nibbles >> 4 == 0x0F { break }
        }
      case 247...254: index += 2
      default: index += 1
      }
    }
    return false
  }
}
