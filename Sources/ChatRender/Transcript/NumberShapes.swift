/// Phone numbers in the national forms `ContactDataFinder` leaves as plain numbers, for
/// redaction only (the layout does not make them links): `4155550142`, `13800138000`,
/// `01 23 45 67 89`, `1-800-356-9377`, `00 44 20 7946 0958`.
///
/// A run is digits with single separators (space, `-`, `.`) between groups. It is a phone
/// number when it is 10 to 15 digits unbroken, starts with the international `00`, is a
/// North American `1-800-356-9377`, or has four groups or more (`01 23 45 67 89`) that are
/// not a number grouped by thousands (`1 250 000 000`). Times (`14:20`), dates
/// (`2024-03-15`, three groups) and prices stay.
enum NumberShapes {
  private static func isSeparator(_ scalar: Unicode.Scalar) -> Bool {
    scalar == " " || scalar == "-" || scalar == "." || scalar == "\u{00A0}" || scalar == "\u{202F}"
  }

  static func phones(in scalars: [Unicode.Scalar]) -> [Range<Int>] {
    var ranges: [Range<Int>] = []
    var index = 0
    while index < scalars.count {
      guard PrivateDataFinder.isDigit(scalars[index]), PrivateDataFinder.startsWord(scalars, index) else {
        index += 1
        continue
      }
      var groups: [Int] = []
      var separators = Set<Unicode.Scalar>()
      var end = index
      while end < scalars.count {
        let groupStart = end
        while end < scalars.count, PrivateDataFinder.isDigit(scalars[end]) { end += 1 }
        groups.append(end - groupStart)
        guard end + 1 < scalars.count, isSeparator(scalars[end]), PrivateDataFinder.isDigit(scalars[end + 1])
        else { break }
        separators.insert(scalars[end])
        end += 1
      }
      let followedByTime = end + 1 < scalars.count && scalars[end] == ":" && PrivateDataFinder.isDigit(scalars[end + 1])
      if PrivateDataFinder.endsWord(scalars, end), !followedByTime,
        isPhone(
          groups, startsWithZeros: scalars[index] == "0" && index + 1 < end && scalars[index + 1] == "0",
          separators: separators)
      {
        ranges.append(index..<end)
      }
      index = end
    }
    return ranges
  }

  static func isPhone(_ groups: [Int], startsWithZeros: Bool, separators: Set<Unicode.Scalar>) -> Bool {
    let digits = groups.reduce(0, +)
    guard (7...15).contains(digits), separators.count <= 1 else { return false }
    if groups.count == 1 { return digits >= 10 }
    if startsWithZeros, groups[0] >= 2, digits >= 9 { return true }
    if groups == [1, 3, 3, 4] { return true }
    let thousands = groups[0] <= 3 && groups.dropFirst().allSatisfy { $0 == 3 }
    return groups.count >= 4 && digits >= 9 && !thousands && groups.dropFirst().allSatisfy { $0 >= 2 }
  }
}
