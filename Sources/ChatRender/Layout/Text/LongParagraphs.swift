/// Pango places a paragraph's glyphs in 32-bit units of 1/1024 point before wrapping it, so a
/// paragraph of a few hundred thousand characters overflows and comes out as one line. Such
/// a paragraph is handed to Pango cut into paragraphs of at most `limit` bytes, each cut a
/// space turned into a line break: the same number of bytes, so style ranges stay put.
enum LongParagraphs {
  static let limit = 32_768

  /// The bytes of `text` to give Pango.
  static func pangoBytes(_ text: String) -> [UInt8] {
    var bytes = Array(text.utf8)
    var paragraphStart = 0
    var lastSpace: Int?
    var index = 0
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: "\n"):
        paragraphStart = index + 1
        lastSpace = nil
      case UInt8(ascii: " "):
        lastSpace = index
      default:
        break
      }
      if index - paragraphStart >= limit, let space = lastSpace, space > paragraphStart {
        bytes[space] = UInt8(ascii: "\n")
        paragraphStart = space + 1
        lastSpace = nil
      }
      index += 1
    }
    return bytes
  }
}
