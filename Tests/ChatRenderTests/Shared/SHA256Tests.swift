import Testing

@testable import ChatRender

/// Known answers for our SHA-256 (`--evidence`): FIPS 180-4's examples, and messages whose
/// lengths sit on either side of a block's end and of the length field's room, hashed whole
/// and fed in pieces.
@Suite("SHA-256")
struct SHA256Tests {
  @Test(
    "FIPS 180-4 examples",
    arguments: [
      ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
      ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
      (
        "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
        "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
      ),
    ])
  func fipsExamples(message: String, digest: String) {
    #expect(SHA256.hex(of: Array(message.utf8)) == digest)
  }

  @Test("a million 'a', fed 1000 bytes at a time")
  func millionA() {
    var hash = SHA256()
    for _ in 0..<1000 { hash.update([UInt8](repeating: 0x61, count: 1000)) }
    #expect(hash.finishHex() == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
  }

  /// Digests from Python's `hashlib` of bytes `(i * 7 + 3) % 256`.
  static let boundaries: [(Int, String)] = [
    (55, "e7313d333c272e639f790978283f9eb392e843d0f29b7016828bb1daa4aac70b"),
    (56, "4324d65f3c103567f5589c710bc08f8523f929a9272e3af36fc968e52abc6c27"),
    (63, "81c80242132f230c3bd41b3e63bbcff16107339549214a99614ff26664625055"),
    (64, "39e3d7b6b5d075d37d053ad89b24b41bef4f3c29760c84447cab3f3be1882241"),
    (65, "aacca6ff74fdbb296d165a45cecfa04e5127bc008770fbbdd48006f2d2fae95e"),
    (119, "9ce7368e4daf32341631b492e80359dc9f594b48453cd0dd5bf0b19279cc177e"),
    (128, "d2742f1f4ac6bb7ca2b239ee18402ba8b3f9f8e652d2a72973c2b9ba11c08cf6"),
  ]

  @Test("lengths around a block's end, whole and in pieces", arguments: boundaries)
  func boundary(length: Int, digest: String) {
    let bytes = (0..<length).map { UInt8(($0 * 7 + 3) % 256) }
    #expect(SHA256.hex(of: bytes) == digest)
    for piece in [1, 7, 63] {
      var hash = SHA256()
      var start = 0
      while start < bytes.count {
        hash.update(Array(bytes[start..<min(start + piece, bytes.count)]))
        start += piece
      }
      #expect(hash.finishHex() == digest, "in pieces of \(piece)")
    }
  }
}
