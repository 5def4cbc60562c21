/// WhatsApp's own formatting (it is not Markdown): `*bold*`, `_italic_`, `~strike~`,
/// ```` ```monospace``` ```` and `` `code` ``.
///
/// A marker formats only when it hugs the words: an opening marker follows the start, a
/// space or punctuation and precedes a non-space; a closing one follows a non-space and
/// precedes the end, a space or punctuation. So `2*3*4` and `a * b * c` stay as typed.
/// Bold, italic and strike stay within a line; monospace may span lines.
enum WhatsAppFormatting {
  private static let styles: [Unicode.Scalar: TextSpan.Style] = [
    "*": .bold, "_": .italic, "~": .strikethrough,
  ]

  static func read(_ text: String) -> (text: String, spans: [TextSpan]) {
    guard text.unicodeScalars.contains(where: { styles[$0] != nil || $0 == "`" }) else {
      return (text, [])
    }
    var reader = Reader(scalars: Array(text.unicodeScalars))
    reader.read(0..<reader.scalars.count)
    return reader.output.result
  }

  private struct Reader {
    let scalars: [Unicode.Scalar]
    var output = FormattedTextBuilder()
    /// Where each marker may close, in order: found once, so each opener's closer is a
    /// binary search and hostile text stays fast.
    private var closers: [Unicode.Scalar: [Int]] = [:]
    private var backticks: [Int] = []
    /// For each index, where its line ends.
    private var lineEnds: [Int] = []

    init(scalars: [Unicode.Scalar]) {
      self.scalars = scalars
      var lineEnd = scalars.count
      lineEnds = [Int](repeating: 0, count: scalars.count)
      for index in scalars.indices.reversed() {
        if scalars[index] == "\n" { lineEnd = index }
        lineEnds[index] = lineEnd
      }
      for index in scalars.indices {
        let scalar = scalars[index]
        if scalar == "`" { backticks.append(index) }
        if WhatsAppFormatting.styles[scalar] != nil, index > 0,
          !scalars[index - 1].properties.isWhitespace,
          index + 1 == scalars.count || !Self.isWordCharacter(scalars[index + 1])
        {
          closers[scalar, default: []].append(index)
        }
      }
    }

    mutating func read(_ range: Range<Int>) {
      var index = range.lowerBound
      while index < range.upperBound {
        if let end = readMonospace(at: index, within: range) ?? readStyle(at: index, within: range) {
          index = end
        } else {
          output.append(scalars[index])
          index += 1
        }
      }
    }

    /// ```` ```text``` ```` (a block when it spans lines) or `` `text` `` on one line, read
    /// literally; returns the index after the closer.
    mutating func readMonospace(at index: Int, within range: Range<Int>) -> Int? {
      guard scalars[index] == "`", canOpen(at: index) else { return nil }
      let marker = matches("```", at: index) ? "```" : "`"
      let isInline = marker == "`"
      let contentStart = index + marker.count
      guard contentStart < range.upperBound, !isInline || !scalars[contentStart].properties.isWhitespace
      else { return nil }
      var candidate = Self.firstAtOrAfter(contentStart + 1, in: backticks)
      while let close = candidate, close + marker.count <= range.upperBound {
        if isInline, close > lineEnds[index] { return nil }
        if matches(marker, at: close) {
          let content = scalars[contentStart..<close]
          let start = output.position
          for scalar in content { output.append(scalar) }
          output.addSpan(content.contains("\n") ? .codeBlock(language: nil) : .code, from: start)
          return close + marker.count
        }
        if isInline { return nil }
        candidate = Self.firstAtOrAfter(close + 1, in: backticks)
      }
      return nil
    }

    /// `*bold*`, `_italic_` or `~strike~` with the text between read again for other
    /// styles; returns the index after the closer.
    mutating func readStyle(at index: Int, within range: Range<Int>) -> Int? {
      let marker = scalars[index]
      guard let style = WhatsAppFormatting.styles[marker], canOpen(at: index),
        index + 1 < range.upperBound, !scalars[index + 1].properties.isWhitespace,
        scalars[index + 1] != marker,
        let close = Self.firstAtOrAfter(index + 2, in: closers[marker] ?? []),
        close < range.upperBound, close < lineEnds[index]
      else { return nil }
      let start = output.position
      read((index + 1)..<close)
      output.addSpan(style, from: start)
      return close + 1
    }

    /// The first of the sorted `positions` at or after `index`.
    static func firstAtOrAfter(_ index: Int, in positions: [Int]) -> Int? {
      var low = 0
      var high = positions.count
      while low < high {
        let middle = (low + high) / 2
        if positions[middle] < index { low = middle + 1 } else { high = middle }
      }
      return low < positions.count ? positions[low] : nil
    }

    /// An opener follows the start, a space or punctuation (not a letter or digit).
    func canOpen(at index: Int) -> Bool {
      index == 0 || !Self.isWordCharacter(scalars[index - 1])
    }

    static func isWordCharacter(_ scalar: Unicode.Scalar) -> Bool {
      scalar.properties.isAlphabetic || scalar.properties.numericType != nil
    }

    func matches(_ marker: String, at index: Int) -> Bool {
      var offset = index
      for scalar in marker.unicodeScalars {
        guard offset < scalars.count, scalars[offset] == scalar else { return false }
        offset += 1
      }
      return true
    }
  }
}
