/// A link's address as it may stand inside a PDF string. Cairo 1.16 writes `/URI (…)` with the
/// bytes it is given, unescaped: an address holding `)` would end the string and the rest would
/// be PDF syntax of the sender's choosing (a `/Launch` action). So every byte outside RFC 3986's
/// characters, and `(`, `)`, `'` and `\` among them, is percent-encoded: the result is 7-bit
/// ASCII (as a PDF URI must be), opens the same address, and needs no escaping in a PDF string
/// nor in cairo's quoted attribute (docs/ARCHITECTURE.md, "Links in a PDF").
enum PDFURIString {
  /// `address` with every byte that is not safe percent-encoded; `%` stays where it already
  /// starts an escape.
  static func encode(_ address: String) -> String {
    let bytes = Array(address.utf8)
    var result: [UInt8] = []
    result.reserveCapacity(bytes.count)
    for (index, byte) in bytes.enumerated() {
      if isKept(byte) || (byte == UInt8(ascii: "%") && startsEscape(bytes, at: index)) {
        result.append(byte)
      } else {
        result += [UInt8(ascii: "%"), hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0x0F)]]
      }
    }
    return String(decoding: result, as: UTF8.self)
  }

  /// RFC 3986's unreserved and reserved characters but for the PDF string's delimiters,
  /// its escape and cairo's quote: `(`, `)`, `\` and `'`.
  private static let kept: Set<UInt8> = Set(
    Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~:/?#[]@!$&*+,;=".utf8))

  private static let hexDigits = Array("0123456789ABCDEF".utf8)

  private static func isKept(_ byte: UInt8) -> Bool { kept.contains(byte) }

  private static func startsEscape(_ bytes: [UInt8], at index: Int) -> Bool {
    index + 2 < bytes.count && isHexDigit(bytes[index + 1]) && isHexDigit(bytes[index + 2])
  }

  private static func isHexDigit(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
      || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
  }
}
