/// Finds participant names in text, longest first, for redaction.
///
/// Names are kept in a trie of lowercased scalars, so a text is scanned once whatever the
/// number of names. A match must not sit inside a word of a spaced script ("Sam" is not found
/// in "same"), while names in scripts written without spaces (アイコ) match anywhere. A change
/// from lower to upper case is a word's edge too: "Ana" is found in "helloAna" and "AnaSouza".
struct NameMatcher {
  private struct Entry {
    var original: [Unicode.Scalar]
    var replacement: String
    var caseSensitive: Bool
    var isPart: Bool
  }

  private var children: [[Unicode.Scalar: Int]] = [[:]]
  private var entries: [Int: [Entry]] = [:]

  var isEmpty: Bool { entries.isEmpty }

  /// Adds `name`, to be replaced by `replacement`; `isPart` marks one word of a longer name.
  mutating func add(_ name: String, replacement: String, caseSensitive: Bool = false, isPart: Bool = false) {
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
      Entry(original: original, replacement: replacement, caseSensitive: caseSensitive, isPart: isPart))
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

  /// Whether `before` and `after` are inside one word: both letters of a spaced script, and
  /// not a lower-case letter followed by a capital.
  private static func joins(_ before: Unicode.Scalar, _ after: Unicode.Scalar) -> Bool {
    isWordScalar(before) && isWordScalar(after) && isSpacedScript(before) && isSpacedScript(after)
      && !(before.properties.isLowercase && after.properties.isUppercase)
  }

  /// Non-overlapping matches in `scalars`, left to right, each the longest at its start;
  /// `isPart` when what matched is one word of a longer name.
  func matches(in scalars: [Unicode.Scalar]) -> [(range: Range<Int>, replacement: String, isPart: Bool)] {
    guard !isEmpty else { return [] }
    var found: [(range: Range<Int>, replacement: String, isPart: Bool)] = []
    var index = 0
    while index < scalars.count {
      if index > 0, NameMatcher.joins(scalars[index - 1], scalars[index]) {
        index += 1
        continue
      }
      var node = 0
      var best: (end: Int, replacement: String, isPart: Bool)?
      var position = index
      while position < scalars.count,
        let next = children[node][NameMatcher.lowered(scalars[position])]
      {
        node = next
        position += 1
        guard let candidates = entries[node] else { continue }
        if position < scalars.count, NameMatcher.joins(scalars[position - 1], scalars[position]) {
          continue
        }
        let text = scalars[index..<position]
        if let entry = candidates.first(where: {
          !$0.caseSensitive || text.elementsEqual($0.original)
        }) {
          best = (position, entry.replacement, entry.isPart)
        }
      }
      if let best {
        found.append((index..<best.end, best.replacement, best.isPart))
        index = best.end
      } else {
        index += 1
      }
    }
    return found
  }
}
