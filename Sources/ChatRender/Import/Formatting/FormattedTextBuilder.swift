/// Plain text grown piece by piece, with spans laid over what was appended, counted in
/// Unicode scalars as `TextSpan` wants.
struct FormattedTextBuilder {
  private(set) var scalars = String.UnicodeScalarView()
  /// The number of scalars so far: where the next piece starts.
  private(set) var position = 0
  private(set) var spans: [TextSpan] = []

  mutating func append(_ piece: String) {
    for scalar in piece.unicodeScalars { append(scalar) }
  }

  mutating func append(_ scalar: Unicode.Scalar) {
    scalars.append(scalar)
    position += 1
  }

  /// Appends text that comes with its own spans.
  mutating func append(_ piece: (text: String, spans: [TextSpan])) {
    let start = position
    append(piece.text)
    spans += piece.spans.map { TextSpan(start: $0.start + start, length: $0.length, style: $0.style) }
  }

  /// Lays `style` over everything appended since `start`; nothing when that is empty.
  mutating func addSpan(_ style: TextSpan.Style, from start: Int) {
    guard position > start else { return }
    spans.append(TextSpan(start: start, length: position - start, style: style))
  }

  /// Drops trailing new lines, so a block never ends in an empty line.
  mutating func trimTrailingNewlines() {
    while let last = scalars.last, last == "\n" {
      scalars.removeLast()
      position -= 1
    }
    spans = spans.compactMap { span in
      guard span.end > position else { return span }
      guard span.start < position else { return nil }
      return TextSpan(start: span.start, length: position - span.start, style: span.style)
    }
  }

  var lastScalar: Unicode.Scalar? { scalars.last }

  /// The text and its spans, outer spans before the spans they hold.
  var result: (text: String, spans: [TextSpan]) {
    let ordered = spans.enumerated().sorted { a, b in
      if a.element.start != b.element.start { return a.element.start < b.element.start }
      if a.element.length != b.element.length { return a.element.length > b.element.length }
      return a.offset > b.offset  // closed later: the outer one
    }
    return (String(scalars), ordered.map(\.element))
  }
}
