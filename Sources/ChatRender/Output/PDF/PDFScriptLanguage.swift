/// The language a text's script names, for a tagged PDF's `/Lang` on a text in another
/// script than the document's: Arabic, Hebrew, Chinese, Japanese, Korean, Thai, Hindi.
enum PDFScriptLanguage {
  /// The scripts, by the first and last scalar of their blocks.
  private static let scripts: [(range: ClosedRange<UInt32>, language: String)] = [
    (0x0600...0x06FF, "ar"), (0x0750...0x077F, "ar"), (0xFB50...0xFDFF, "ar"), (0xFE70...0xFEFF, "ar"),
    (0x0590...0x05FF, "he"), (0x3040...0x30FF, "ja"), (0xAC00...0xD7AF, "ko"), (0x1100...0x11FF, "ko"),
    (0x4E00...0x9FFF, "zh"), (0x3400...0x4DBF, "zh"), (0x0E00...0x0E7F, "th"), (0x0900...0x097F, "hi"),
  ]

  /// Languages written in a script whose text is named otherwise: a Persian chat's
  /// Arabic-script text is Persian.
  private static let writtenIn: [String: Set<String>] = [
    "ar": ["ar", "fa", "ur", "ps", "ku"], "he": ["he", "yi"], "zh": ["zh", "ja"], "hi": ["hi", "mr", "ne"],
  ]

  /// The language to name on a text of `text` in a document of `documentLanguage`; nil when
  /// the document's language covers it.
  static func language(of text: String, in documentLanguage: String) -> String? {
    guard let found = language(of: text) else { return nil }
    let base = String(documentLanguage.prefix { $0 != "-" })
    return (writtenIn[found] ?? [found]).contains(base) ? nil : found
  }

  /// The language of the script most of `text`'s letters are in, when that is one of the
  /// scripts above; nil for Latin text, emoji and digits.
  static func language(of text: String) -> String? {
    var counts: [String: Int] = [:]
    var letters = 0
    for scalar in text.unicodeScalars where scalar.properties.isAlphabetic {
      letters += 1
      if let language = scripts.first(where: { $0.range.contains(scalar.value) })?.language {
        counts[language, default: 0] += 1
      }
    }
    // Kana among Han: Japanese.
    if counts["ja"] != nil, counts["zh"] != nil { counts["ja", default: 0] += counts.removeValue(forKey: "zh") ?? 0 }
    guard let top = counts.max(by: { ($0.value, $0.key) < ($1.value, $1.key) }), top.value * 2 > letters else {
      return nil
    }
    return top.key
  }
}
