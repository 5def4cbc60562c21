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

    /// ```` ```text``` ```` (a block when it spans lines) or `` `text` ``, read literally;
    /// returns the index after the closer.
    mutating func readMonospace(at index: Int, within range: Range<Int>) -> Int? {
      guard scalars[index] == "`", canOpen(at: index) else { return nil }
      let marker = matches("```", at: index) ? "```" : "`"
      let isInline = marker == "`"
      let contentStart = index + marker.count
      guard contentStart < range.upperBound, !scalars[contentStart].properties.isWhitespace || !isInline
      else { return nil }
      var close = contentStart + 1
      while close + marker.count <= range.upperBound {
        if isInline, scalars[close] == "\n" { return nil }
        if matches(marker, at: close) {
          let content = scalars[contentStart..<close]
          let start = output.position
          for scalar in content { output.append(scalar) }
          output.addSpan(content.contains("\n") ? .codeBlock(language: nil) : .code, from: start)
          return close + marker.count
        }
        close += 1
      }
      return nil
    }

    /// `*bold*`, `_italic_` or `~strike~` with the text between read again for other
    /// styles; returns the index after the closer.
    mutating func readStyle(at index: Int, within range: Range<Int>) -> Int? {
      let marker = scalars[index]
      guard let style = WhatsAppFormatting.styles[marker], canOpen(at: index),
        index + 1 < range.upperBound, !scalars[index + 1].properties.isWhitespace,
        scalars[index + 1] != marker
      else { return nil }
      var close = index + 2
      while close < range.upperBound, scalars[close] != "\n" {
        if scalars[close] == marker, !scalars[close - 1].properties.isWhitespace,
          canClose(at: close, within: range)
        {
          let start = output.position
          read((index + 1)..<close)
          output.addSpan(style, from: start)
          return close + 1
        }
        close += 1
      }
      return nil
    }

    /// An opener follows the start, a space or punctuation (not a letter or digit).
    func canOpen(at index: Int) -> Bool {
      index == 0 || !Self.isWordCharacter(scalars[index - 1])
    }

    func canClose(at index: Int, within range: Range<Int>) -> Bool {
      index + 1 >= range.upperBound || !Self.isWordCharacter(scalars[index + 1])
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
