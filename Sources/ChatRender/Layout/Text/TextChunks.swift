/// Where a long text is cut before Pango sees it. Pango wraps a paragraph by shaping what is
/// left of it for every line, and walks a layout's whole text for every paragraph, so one
/// long word or one message of many lines costs time that grows with the square of its
/// length; cut into chunks, each laid out on its own, it costs time linear in its length
/// (docs/ARCHITECTURE.md, "Long messages").
///
/// A chunk ends at a line break once it holds `maxLines` lines or `maxBytes` bytes (the break
/// belongs to no chunk), so ordinary text wraps as one layout would wrap it. A paragraph
/// longer than `maxParagraphBytes` is cut after a space, and a word longer than
/// `maxWordBytes` between two characters (never before a combining mark, joiner or
/// variation selector while another place is left): such a word is broken between
/// characters anyway.
enum TextChunks {
  static let maxBytes = 4096
  static let maxLines = 32
  static let maxParagraphBytes = 16_384
  static let maxWordBytes = 1024

  /// The UTF-8 byte ranges of `text`'s chunks, in order: one range, the whole, when short.
  static func ranges(of text: String) -> [Range<Int>] {
    var utf8 = text
    return utf8.withUTF8 { ranges(of: $0) }
  }

  static func ranges(of bytes: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
    var ranges: [Range<Int>] = []
    var start = 0
    var lines = 0
    var paragraphStart = 0
    var lastSpace: Int?
    var index = 0
    func cut(at end: Int, next: Int) {
      ranges.append(start..<end)
      start = next
      paragraphStart = next
      lines = 0
      lastSpace = nil
    }
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: "\n"):
        lines += 1
        if lines >= maxLines || index - start >= maxBytes {
          cut(at: index, next: index + 1)
        } else {
          paragraphStart = index + 1
          lastSpace = nil
        }
      case UInt8(ascii: " "):
        lastSpace = index
      default:
        if index - paragraphStart >= maxParagraphBytes, let space = lastSpace {
          cut(at: space + 1, next: space + 1)
        } else if index - max(lastSpace.map { $0 + 1 } ?? 0, paragraphStart) >= maxWordBytes {
          let end = characterCut(in: (index - maxWordBytes + 1)..<index, of: bytes)
          cut(at: end, next: end)
        }
      }
      index += 1
    }
    ranges.append(start..<bytes.count)
    return ranges
  }

  /// The last scalar boundary of `window` (past its start) before a scalar that starts a
  /// character; the last scalar boundary when every scalar there extends the one before.
  private static func characterCut(in window: Range<Int>, of bytes: UnsafeBufferPointer<UInt8>) -> Int {
    var lastBoundary: Int?
    var index = window.upperBound
    while index > window.lowerBound {
      if !isContinuation(bytes[index]) {
        if lastBoundary == nil { lastBoundary = index }
        if !extendsCharacter(scalar(at: index, of: bytes)) { return index }
      }
      index -= 1
    }
    return lastBoundary ?? window.upperBound
  }

  private static func isContinuation(_ byte: UInt8) -> Bool { byte & 0xC0 == 0x80 }

  /// The scalar whose UTF-8 starts at `index`.
  private static func scalar(at index: Int, of bytes: UnsafeBufferPointer<UInt8>) -> Unicode.Scalar {
    var end = index + 1
    while end < bytes.count, end - index < 4, isContinuation(bytes[end]) { end += 1 }
    var decoder = UTF8()
    var iterator = bytes[index..<end].makeIterator()
    if case .scalarValue(let scalar) = decoder.decode(&iterator) { return scalar }
    return "\u{FFFD}"
  }

  /// Whether `scalar` belongs to the character before it (Unicode's Extend and ZWJ, roughly).
  private static func extendsCharacter(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .spacingMark, .enclosingMark: return true
    default: break
    }
    switch scalar.value {
    case 0x200C, 0x200D, 0xFE00...0xFE0F, 0x1F3FB...0x1F3FF, 0xE0020...0xE007F, 0xE0100...0xE01EF: return true
    default: return false
    }
  }
}
