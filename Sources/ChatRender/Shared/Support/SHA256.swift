import CNettle

/// SHA-256 (FIPS 180-4), for `--evidence` and the outputs' checksum records: Nettle's, the
/// toolchain's Foundation having no hashing on Linux.
struct SHA256 {
  private var context = sha256_ctx()

  init() { nettle_sha256_init(&context) }

  /// The lowercase hexadecimal digest of `bytes`.
  static func hex<Bytes: Sequence<UInt8>>(of bytes: Bytes) -> String {
    var hash = SHA256()
    hash.update(Array(bytes))
    return hash.finishHex()
  }

  mutating func update(_ bytes: [UInt8]) {
    bytes.withUnsafeBufferPointer { buffer in
      nettle_sha256_update(&context, buffer.count, buffer.baseAddress)
    }
  }

  /// The digest of everything given so far, in lowercase hexadecimal; the hash starts over.
  mutating func finishHex() -> String {
    var digest = [UInt8](repeating: 0, count: Int(SHA256_DIGEST_SIZE))
    nettle_sha256_digest(&context, digest.count, &digest)
    let digits = Array("0123456789abcdef".utf8)
    var text: [UInt8] = []
    text.reserveCapacity(digest.count * 2)
    for byte in digest { text += [digits[Int(byte >> 4)], digits[Int(byte & 15)]] }
    return String(decoding: text, as: UTF8.self)
  }
}
