/// Finds participant names in text, longest first, for redaction.
///
/// Names are kept in a trie of lowercased scalars, so a text is scanned once whatever the
/// number of names. A match must not sit inside a word of a spaced script ("Sam" is not found
/// in "same"), while names in scripts written without spaces (アイコ) match anywhere.
struct NameMatcher {
  private struct Entry {
    var original: [Unicode.Scalar]
    var replacement: String
    var caseSensitive: Bool
  }

  private var children: [[Unicode.Scalar: Int]] = [[:]]
  private var entries: [Int: [Entry]] = [:]

  var isEmpty: Bool { entries.isEmpty }

  /// Adds `name`, to be replaced by `replacement`.
  mutating func add(_ name: String, replacement: String, caseSensitive: Bool = false) {
    let original = Array(name.unicodeScalars)
    guard !original.isEmpty else { return }
    var node = 0
    for scalar in original {
      let key = NameMatcher.lowered(scalar)
      if let next = children[node][key] {
        node = next
      } else {
        children.append([:])
        children[node][key] = children.count - 1
        node = children.count - 1
      }
    }
    entries[node, default: []].append(
      Entry(original: original, replacement: replacement, caseSensitive: caseSensitive))
  }

  static func lowered(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
    let mapping = scalar.properties.lowercaseMapping.unicodeScalars
    return mapping.count == 1 ? mapping[mapping.startIndex] : scalar
  }

  /// Whether words in the scalar's script are separated by spaces (Latin, Greek, Cyrillic,
  /// Arabic, Hebrew…, roughly everything before the CJK blocks).
  private static func isSpacedScript(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x2E80 && !(0x0E00...0x0EFF).contains(scalar.value)
  }

  private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
    scalar.properties.isAlphabetic || scalar.properties.numericType != nil
  }

  /// Non-overlapping matches in `scalars`, left to right, each the longest at its start.
  func matches(in scalars: [Unicode.Scalar]) -> [(range: Range<Int>, replacement: String)] {
    guard !isEmpty else { return [] }
    var found: [(range: Range<Int>, replacement: String)] = []
    var index = 0
    while index < scalars.count {
      if index > 0, NameMatcher.isWordScalar(scalars[index - 1]),
        NameMatcher.isSpacedScript(scalars[index])
      {
        index += 1
        continue
      }
      var node = 0
      var best: (end: Int, replacement: String)?
      var position = index
      while position < scalars.count,
        let next = children[node][NameMatcher.lowered(scalars[position])]
      {
        node = next
        position += 1
        guard let candidates = entries[node] else { continue }
        if position < scalars.count, NameMatcher.isWordScalar(scalars[position]),
          NameMatcher.isSpacedScript(scalars[position - 1])
        {
          continue
        }
        let text = scalars[index..<position]
        if let entry = candidates.first(where: {
          !$0.caseSensitive || text.elementsEqual($0.original)
        }) {
          best = (position, entry.replacement)
        }
      }
      if let best {
        found.append((index..<best.end, best.replacement))
        index = best.end
      } else {
        index += 1
      }
    }
    return found
  }
}
