/// Finds e-mail addresses in text: the one scanner behind links (`ContactDataFinder`, ASCII
/// addresses, as mail programs open them) and redaction (`PrivateDataFinder`, addresses in any
/// script, `ана@пример.рф`).
enum EmailAddresses {
  /// The addresses in `scalars`, their top-level domain alphabetic; with `asciiOnly`, made of
  /// ASCII only.
  static func ranges(in scalars: [Unicode.Scalar], asciiOnly: Bool) -> [Range<Int>] {
    func isWord(_ scalar: Unicode.Scalar) -> Bool {
      (!asciiOnly || scalar.isASCII) && PrivateDataFinder.isWord(scalar) && scalar != "_"
    }
    func isLocal(_ scalar: Unicode.Scalar) -> Bool { isWord(scalar) || "._%+-".unicodeScalars.contains(scalar) }
    func isDomain(_ scalar: Unicode.Scalar) -> Bool { isWord(scalar) || scalar == "." || scalar == "-" }
    var ranges: [Range<Int>] = []
    var lastEnd = 0
    for at in scalars.indices where scalars[at] == "@" && at >= lastEnd {
      var start = at
      while start > lastEnd, at - start < 64, isLocal(scalars[start - 1]) { start -= 1 }
      while start < at, scalars[start] == "." { start += 1 }
      guard start < at else { continue }
      var end = at + 1
      while end < scalars.count, end - at < 255, isDomain(scalars[end]) { end += 1 }
      while end > at + 1, scalars[end - 1] == "." || scalars[end - 1] == "-" { end -= 1 }
      guard let dot = scalars[(at + 1)..<end].lastIndex(of: "."), dot > at + 1 else { continue }
      let topLevel = scalars[(dot + 1)..<end]
      guard topLevel.count >= 2, topLevel.allSatisfy(\.properties.isAlphabetic) else { continue }
      ranges.append(start..<end)
      lastEnd = end
    }
    return ranges
  }
}
