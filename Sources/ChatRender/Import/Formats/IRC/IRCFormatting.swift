/// mIRC formatting codes in IRC text: removed from the text and kept as `TextSpan`s.
///
/// `\u{02}` bold, `\u{1D}` italic, `\u{1F}` underline, `\u{1E}` strikethrough and `\u{11}`
/// monospace toggle; `\u{0F}` resets all. Colours (`\u{03}NN,MM`, `\u{04}RRGGBB`) and reverse
/// (`\u{16}`) are dropped: the theme picks colours.
enum IRCFormatting {
  static func strip(_ text: String) -> (text: String, spans: [TextSpan]) {
    guard text.unicodeScalars.contains(where: { $0.value < 0x20 }) else { return (text, []) }
    let scalars = Array(text.unicodeScalars)
    var out = String.UnicodeScalarView()
    var count = 0
    var spans: [TextSpan] = []
    var open: [TextSpan.Style: Int] = [:]
    func close(_ style: TextSpan.Style) {
      guard let start = open.removeValue(forKey: style) else { return }
      if count > start { spans.append(TextSpan(start: start, length: count - start, style: style)) }
    }
    func toggle(_ style: TextSpan.Style) {
      if open[style] != nil { close(style) } else { open[style] = count }
    }
    var index = 0
    while index < scalars.count {
      let scalar = scalars[index]
      index += 1
      switch scalar.value {
      case 0x02: toggle(.bold)
      case 0x1D: toggle(.italic)
      case 0x1F: toggle(.underline)
      case 0x1E: toggle(.strikethrough)
      case 0x11: toggle(.code)
      case 0x0F:
        for style in [TextSpan.Style.bold, .italic, .underline, .strikethrough, .code] {
          close(style)
        }
      case 0x16: break
      case 0x03:
        index = skipColour(
          scalars, from: index, digits: 2,
          isDigit: { $0.properties.numericType == .decimal && $0.isASCII })
      case 0x04:
        index = skipColour(
          scalars, from: index, digits: 6, isDigit: { $0.isASCII && $0.properties.isASCIIHexDigit })
      default:
        out.append(scalar)
        count += 1
      }
    }
    for style in [TextSpan.Style.bold, .italic, .underline, .strikethrough, .code] { close(style) }
    spans.sort { ($0.start, $0.length) < ($1.start, $1.length) }
    return (String(out), spans)
  }

  /// Skips `NN` or `NN,MM` after a colour code.
  private static func skipColour(
    _ scalars: [Unicode.Scalar], from start: Int, digits: Int, isDigit: (Unicode.Scalar) -> Bool
  ) -> Int {
    var index = start
    func run() -> Bool {
      let begin = index
      while index < scalars.count, index - begin < digits, isDigit(scalars[index]) { index += 1 }
      return index > begin
    }
    guard run() else { return index }
    if index + 1 < scalars.count, scalars[index] == ",", isDigit(scalars[index + 1]) {
      index += 1
      _ = run()
    }
    return index
  }
}
