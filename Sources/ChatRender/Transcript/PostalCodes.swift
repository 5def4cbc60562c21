/// Postal codes where their shape says so, for redaction: British (`SW1A 1AA`) and Canadian
/// (`K1A 0B1`) codes alone; digit codes (`10115`, `1200-195`, `01310-100`, `00-950`) only
/// before a capitalised place name (`10115 Berlin`) or after a US state (`CA 94105`).
/// Four-digit codes alone are years and prices as often: they stay.
enum PostalCodes {
  private static func isUpper(_ scalar: Unicode.Scalar) -> Bool { ("A"..."Z").contains(scalar) }
  private static func isDigit(_ scalar: Unicode.Scalar) -> Bool { PrivateDataFinder.isDigit(scalar) }

  static func find(in scalars: [Unicode.Scalar]) -> [Range<Int>] {
    var ranges: [Range<Int>] = []
    var index = 0
    while index < scalars.count {
      guard PrivateDataFinder.startsWord(scalars, index),
        let end = lettered(scalars, from: index) ?? numbered(scalars, from: index)
      else {
        index += 1
        continue
      }
      ranges.append(index..<end)
      index = end
    }
    return ranges
  }

  /// `scalars` from `start` matching `pattern`: `A` an uppercase letter, `9` a digit, `*`
  /// either, `?` an optional letter or digit, a space itself.
  private static func shape(_ scalars: [Unicode.Scalar], from start: Int, _ pattern: String) -> Int? {
    var position = start
    for symbol in pattern.unicodeScalars {
      let scalar: Unicode.Scalar? = position < scalars.count ? scalars[position] : nil
      switch symbol {
      case "A": guard let scalar, isUpper(scalar) else { return nil }
      case "9": guard let scalar, isDigit(scalar) else { return nil }
      case "*": guard let scalar, isUpper(scalar) || isDigit(scalar) else { return nil }
      case "?":
        guard let scalar, isUpper(scalar) || isDigit(scalar) else { continue }
      default: guard scalar == symbol else { return nil }
      }
      position += 1
    }
    return PrivateDataFinder.endsWord(scalars, position) ? position : nil
  }

  /// British and Canadian codes.
  private static func lettered(_ scalars: [Unicode.Scalar], from start: Int) -> Int? {
    for pattern in ["AA9? 9AA", "A9? 9AA", "A9A 9A9"] {
      if let end = shape(scalars, from: start, pattern) { return end }
    }
    return nil
  }

  /// Digit codes with a place after them or a US state before them.
  private static func numbered(_ scalars: [Unicode.Scalar], from start: Int) -> Int? {
    for pattern in ["99999-9999", "99999-999", "9999-999", "99999", "99-999"] {
      guard let end = shape(scalars, from: start, pattern) else { continue }
      if isPlaceName(scalars, at: end) || isAfterState(scalars, start) { return end }
    }
    return nil
  }

  /// A space and a capitalised word of letters: `Berlin`, `São Paulo`.
  private static func isPlaceName(_ scalars: [Unicode.Scalar], at end: Int) -> Bool {
    guard end + 2 < scalars.count, scalars[end] == " ", scalars[end + 1].properties.isUppercase,
      scalars[end + 2].properties.isLowercase
    else { return false }
    return true
  }

  /// Two capitals and a space before `start`: `CA 94105`.
  private static func isAfterState(_ scalars: [Unicode.Scalar], _ start: Int) -> Bool {
    start >= 3 && scalars[start - 1] == " " && isUpper(scalars[start - 2]) && isUpper(scalars[start - 3])
      && (start == 3 || !PrivateDataFinder.isWord(scalars[start - 4]))
  }
}
