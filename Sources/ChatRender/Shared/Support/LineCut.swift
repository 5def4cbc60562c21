/// A title or a name cut to what one line can show: at most `Limit.nameLength` Unicode
/// scalars, the rest an ellipsis. A title is drawn on every page of a PDF (its running
/// header), a name over every run of messages: a 100,000-character one once took minutes.
enum LineCut {
  /// `text`, or its start and "…" when it holds more scalars than `limit`.
  static func cut(_ text: String, limit: Int = Limit.nameLength.value) -> String {
    guard isLong(text, limit: limit) else { return text }
    let keep = max(0, limit - 1)
    var kept = ""
    var count = 0
    // Whole characters while they fit; scalars only when a single one is longer (combining
    // marks by the thousand).
    for character in text {
      let size = character.unicodeScalars.count
      guard count + size <= keep else { break }
      kept.append(character)
      count += size
    }
    if count == 0 {
      kept = String(String.UnicodeScalarView(text.unicodeScalars.prefix(keep)))
    }
    return kept + "…"
  }

  /// Whether `text` holds more scalars than `limit`, counting no further than that.
  static func isLong(_ text: String, limit: Int = Limit.nameLength.value) -> Bool {
    var count = 0
    for _ in text.unicodeScalars {
      count += 1
      if count > limit { return true }
    }
    return false
  }
}
