/// Turns a range's inline spans into the runs Pango draws and the links it holds.
struct InlineRuns {
  let document: RichBodyDocument
  let style: RichBodyStyle

  struct Result {
    var runs: [TextRun]
    var links: [(range: Range<Int>, url: String)]
  }

  func runs(for range: Range<Int>) -> Result {
    var result = Result(runs: [], links: [])
    let spans = document.inlines(overlapping: range)
    let hidden = style.formatting.spoilers == .hidden ? spans.filter { $0.style == .spoiler } : []
    for span in spans {
      // A link under a hidden spoiler is no link: its address would tell what the bar hides.
      if case .link = span.style, hidden.contains(where: { $0.start < span.end && span.start < $0.end }) { continue }
      let clipped = max(span.start, range.lowerBound)..<min(span.end, range.upperBound)
      let bytes = document.utf8Range(clipped, from: range.lowerBound)
      for inline in styles(for: span.style) {
        result.runs.append(TextRun(range: bytes, style: inline))
      }
      if case .link(let url) = span.style { result.links.append((bytes, url)) }
    }
    return result
  }

  /// The look of each inline span style, from the theme.
  func styles(for span: TextSpan.Style) -> [InlineStyle] {
    let formatting = style.formatting
    switch span {
    case .bold: return [.bold]
    case .italic: return [.italic]
    case .strikethrough: return [.strikethrough]
    case .underline: return [.underline]
    case .code: return [.monospace(families: formatting.codeFamilies), .background(formatting.codeBackground)]
    case .link(let url): return [.foreground(formatting.link), .link(url: url)]
    case .mention: return [.foreground(formatting.mention)]
    case .spoiler: return Self.spoilerStyles(formatting)
    case .codeBlock, .heading, .listItem, .quote, .table, .tableRow, .tableCell, .rule: return []
    }
  }

  /// A spoiler's look: a tint behind shown words, or a bar drawn in place of hidden ones
  /// (their glyphs, emoji included, are not drawn at all).
  static func spoilerStyles(_ formatting: FormattingStyle) -> [InlineStyle] {
    switch formatting.spoilers {
    case .shown:
      let fill = formatting.spoilerFill
      return [.background(Color(red: fill.red, green: fill.green, blue: fill.blue, alpha: fill.alpha * 0.3))]
    case .hidden: return [.hidden, .background(formatting.spoilerFill)]
    }
  }
}
