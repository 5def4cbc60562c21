/// A hash of text that is the same in every run and on every machine (Swift's `Hasher` is
/// seeded per process), so a participant keeps its colours from one picture to the next.
enum StableHash {
  /// 32-bit FNV-1a of the UTF-8 bytes.
  static func of(_ text: String) -> UInt32 {
    var hash: UInt32 = 2_166_136_261
    for byte in text.utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
    return hash
  }
}
