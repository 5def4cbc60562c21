/// Replacements of ranges of a text (counted in Unicode scalars), applied at once with the
/// spans over the text moved to match.
struct ScalarEdits {
  struct Edit {
    var range: Range<Int>
    var replacement: String
    /// A span laid over the replacement, when it stands for something (a mention).
    var style: TextSpan.Style?
  }

  private(set) var edits: [Edit] = []

  var isEmpty: Bool { edits.isEmpty }

  /// Adds an edit; one that overlaps an earlier edit is ignored.
  mutating func replace(_ range: Range<Int>, with replacement: String, style: TextSpan.Style? = nil) {
    guard !edits.contains(where: { $0.range.overlaps(range) }) else { return }
    edits.append(Edit(range: range, replacement: replacement, style: style))
  }

  /// `scalars` with every edit made, and `spans` moved (a span that shrinks to nothing goes).
  func applied(to scalars: [Unicode.Scalar], spans: [TextSpan]) -> (text: String, spans: [TextSpan]) {
    let ordered = edits.sorted { $0.range.lowerBound < $1.range.lowerBound }
    var output = String.UnicodeScalarView()
    var newSpans: [TextSpan] = []
    var position = 0
    var outputCount = 0
    for edit in ordered {
      output.append(contentsOf: scalars[position..<edit.range.lowerBound])
      outputCount += edit.range.lowerBound - position
      let length = edit.replacement.unicodeScalars.count
      output.append(contentsOf: edit.replacement.unicodeScalars)
      if let style = edit.style, length > 0 {
        newSpans.append(TextSpan(start: outputCount, length: length, style: style))
      }
      outputCount += length
      position = edit.range.upperBound
    }
    output.append(contentsOf: scalars[position...])
    for span in spans {
      let start = map(span.start, in: ordered, isEnd: false)
      let end = map(span.end, in: ordered, isEnd: true)
      if end > start { newSpans.append(TextSpan(start: start, length: end - start, style: span.style)) }
    }
    newSpans.sort { $0.start != $1.start ? $0.start < $1.start : $0.length > $1.length }
    return (String(output), newSpans)
  }

  /// Where `position` lands after the edits: shifted by those before it; a position inside
  /// an edit goes to the replacement's start (a span's start) or end (a span's end).
  private func map(_ position: Int, in ordered: [Edit], isEnd: Bool) -> Int {
    var shift = 0
    for edit in ordered {
      let length = edit.replacement.unicodeScalars.count
      if edit.range.upperBound <= position {
        shift += length - edit.range.count
      } else if edit.range.lowerBound < position {
        return edit.range.lowerBound + shift + (isEnd ? length : 0)
      } else {
        break
      }
    }
    return position + shift
  }
}
