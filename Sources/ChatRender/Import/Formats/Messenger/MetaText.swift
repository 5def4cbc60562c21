/// Meta's "Download your information" writes every string's UTF-8 bytes as if each byte were a
/// Latin-1 character (`J\u00e2\u009d\u00a4\u00ef\u00b8\u008fhn` for "J❤️hn"); the mending
/// takes the characters back as bytes and reads them as UTF-8 (docs/FORMATS.md, "Messenger
/// and Instagram").
enum MetaText {
  /// `text` mended, or as it is when it holds a character above U+00FF (it was never
  /// mangled) or when its bytes are not valid UTF-8 (a real "é" typed in Latin-1 text).
  static func mend(_ text: String) -> String {
    var bytes: [UInt8] = []
    var needsMending = false
    for scalar in text.unicodeScalars {
      guard scalar.value <= 0xFF else { return text }
      if scalar.value >= 0x80 { needsMending = true }
      bytes.append(UInt8(scalar.value))
    }
    guard needsMending else { return text }
    return String(validating: bytes, as: UTF8.self) ?? text
  }
}
