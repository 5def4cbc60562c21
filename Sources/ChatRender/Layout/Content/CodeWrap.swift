/// Code lines wider than their box, wrapped as an editor does: each continuation starts past
/// the line's own indentation behind a wrap mark ("↪"), so Python's indentation still reads
/// right. Lines that fit are left as they are, and a block with none too wide is measured once.
struct CodeWrap {
  let measurer: any TextMeasurer
  let font: FontSpec
  static let mark = "↪ "

  /// `code` with a line break and the continuation's prefix wherever a line would wrap at
  /// `width`; unchanged when the measurer does not say where its lines start.
  func marked(_ code: String, width: Double) -> String {
    let starts = measurer.measure(StyledText(code, font: font), maxWidth: width).lineStarts
    let bytes = Array(code.utf8)
    let wraps = starts.filter { $0 > 0 && $0 <= bytes.count && bytes[$0 - 1] != UInt8(ascii: "\n") }
    guard !wraps.isEmpty else { return code }
    // Only the lines that wrapped are measured again.
    var pending = wraps[...]
    var offset = 0
    var lines: [String] = []
    for line in code.split(separator: "\n", omittingEmptySubsequences: false) {
      let end = offset + line.utf8.count
      var wraps = false
      while let next = pending.first, next <= end {
        wraps = true
        pending.removeFirst()
      }
      lines.append(wraps ? wrapped(String(line), width: width) : String(line))
      offset = end + 1
    }
    return lines.joined(separator: "\n")
  }

  /// One source line as its display lines, continuations prefixed.
  private func wrapped(_ line: String, width: Double) -> String {
    let bytes = Array(line.utf8)
    guard let first = breaks(bytes, width: width).first else { return line }
    let indent = String(line.prefix { $0 == " " || $0 == "\t" })
    // Too deep an indentation for the box: continue behind the mark alone.
    let lead = self.width(of: indent + Self.mark) < width / 2 ? indent + Self.mark : Self.mark
    let remainder = Array(bytes[first...])
    // The lead measured before a letter (its trailing space counts there), and a column
    // spare, so the continuation fits again when the whole block is laid out.
    let leadWidth = self.width(of: lead + "0")
    var cuts = [0] + breaks(remainder, width: max(1, width - leadWidth))
    cuts.append(remainder.count)
    var lines = [String(decoding: bytes[..<first], as: UTF8.self)]
    for (start, end) in zip(cuts, cuts.dropFirst()) where start < end {
      lines.append(lead + String(decoding: remainder[start..<end], as: UTF8.self))
    }
    return lines.joined(separator: "\n")
  }

  private func width(of text: String) -> Double {
    measurer.measure(StyledText(text, font: font), maxWidth: 1e6).size.width
  }

  /// Where the display lines of `bytes` after the first start at `width` (none when it fits).
  private func breaks(_ bytes: [UInt8], width: Double) -> [Int] {
    let text = StyledText(String(decoding: bytes, as: UTF8.self), font: font)
    return measurer.measure(text, maxWidth: width).lineStarts.filter { $0 > 0 && $0 < bytes.count }
  }
}
