/// The invisible characters exporters put around structure (docs/FORMATS.md, "Invisible marks
/// and line ends"): direction marks, embeddings, isolates, zero-width space and a stray
/// byte-order mark.
///
/// Never includes U+200D (zero-width joiner) or U+FE0F (variation selector 16): they are part
/// of emoji sequences.
enum InvisibleMarks {
  static func contains(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.value < 0x600 { return false }
    return scalar.properties.isBidiControl || scalar.value == 0x200B || scalar.value == 0xFEFF
  }

  /// A space of any kind: U+0020, no-break space, narrow no-break space, thin space…
  static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
    scalar == " " || (scalar.value >= 0xA0 && scalar.properties.generalCategory == .spaceSeparator)
  }

  /// `text` without any invisible mark.
  static func removingAll(from text: some StringProtocol) -> String {
    guard text.unicodeScalars.contains(where: contains) else { return String(text) }
    var scalars = String.UnicodeScalarView()
    for scalar in text.unicodeScalars where !contains(scalar) { scalars.append(scalar) }
    return String(scalars)
  }

  /// `text` without invisible marks at its start.
  static func trimmingLeading(_ text: Substring) -> Substring {
    Substring(text.unicodeScalars.drop(while: contains))
  }

  /// `text` without invisible marks and spaces at either end.
  static func trimmingMarksAndSpaces(_ text: String) -> String {
    trimmingMarksAndSpaces(text[...])
  }

  /// `text` without invisible marks and spaces at either end.
  static func trimmingMarksAndSpaces(_ text: Substring) -> String {
    let scalars = text.unicodeScalars
    var start = scalars.startIndex
    var end = scalars.endIndex
    while start < end, contains(scalars[start]) || isSpace(scalars[start]) {
      start = scalars.index(after: start)
    }
    while end > start {
      let before = scalars.index(before: end)
      guard contains(scalars[before]) || isSpace(scalars[before]) else { break }
      end = before
    }
    return String(Substring(scalars[start..<end]))
  }

  /// The value of a decimal digit in any script (ASCII, Arabic-Indic, Persian…), or nil.
  static func digitValue(_ scalar: Unicode.Scalar) -> Int? {
    if scalar.value >= 0x30 && scalar.value <= 0x39 { return Int(scalar.value - 0x30) }
    guard scalar.value >= 0x80, scalar.properties.numericType == .decimal,
      let value = scalar.properties.numericValue
    else { return nil }
    return Int(value)
  }
}
