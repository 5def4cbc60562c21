/// A message's text seen as blocks: its scalars with their UTF-8 offsets, and its spans
/// sorted into block spans (outer before inner) and inline ones. Spans outside the text
/// are dropped, so any transcript lays out.
struct RichBodyDocument {
  let scalars: [Unicode.Scalar]
  /// The UTF-8 offset of each scalar, and of the end.
  let utf8Offsets: [Int]
  /// Block spans by start, the longer (outer) first.
  let blocks: [TextSpan]
  let inlines: [TextSpan]
  /// Indexes of `inlines` by start, and the furthest end among each one and those before:
  /// a paragraph finds its spans by binary search, not by walking every span of the body.
  private let inlinesByStart: [Int]
  private let furthestEnds: [Int]

  init(text: String, spans: [TextSpan]) {
    scalars = Array(text.unicodeScalars)
    var offsets: [Int] = []
    offsets.reserveCapacity(scalars.count + 1)
    var offset = 0
    for scalar in scalars {
      offsets.append(offset)
      offset += UTF8.width(scalar)
    }
    offsets.append(offset)
    utf8Offsets = offsets
    let count = scalars.count
    let valid = spans.filter { $0.start >= 0 && $0.length > 0 && $0.start < count }.map { span in
      TextSpan(start: span.start, length: min(span.length, count - span.start), style: span.style)
    }
    blocks = valid.enumerated().filter { $0.element.style.isBlock }
      .sorted { a, b in
        if a.element.start != b.element.start { return a.element.start < b.element.start }
        if a.element.length != b.element.length { return a.element.length > b.element.length }
        return a.offset < b.offset
      }
      .map(\.element)
    let inlines = valid.filter { !$0.style.isBlock }
    let byStart = inlines.indices.sorted { (inlines[$0].start, $0) < (inlines[$1].start, $1) }
    var furthest = Int.min
    furthestEnds = byStart.map { index in
      furthest = max(furthest, inlines[index].end)
      return furthest
    }
    self.inlines = inlines
    inlinesByStart = byStart
  }

  /// The inline spans that overlap `range`, in their order.
  func inlines(overlapping range: Range<Int>) -> [TextSpan] {
    var first = 0
    var last = furthestEnds.count
    while first < last {
      let middle = (first + last) / 2
      if furthestEnds[middle] <= range.lowerBound { first = middle + 1 } else { last = middle }
    }
    var found: [Int] = []
    for position in first..<inlinesByStart.count {
      let span = inlines[inlinesByStart[position]]
      if span.start >= range.upperBound { break }
      if span.end > range.lowerBound { found.append(inlinesByStart[position]) }
    }
    return found.sorted().map { inlines[$0] }
  }

  var fullRange: Range<Int> { 0..<scalars.count }

  func string(_ range: Range<Int>) -> String {
    String(String.UnicodeScalarView(scalars[range]))
  }

  /// The block spans directly inside `range`, after the container at `container` (an index
  /// into `blocks`), not inside one another. Table rows and cells belong to their table.
  func children(in range: Range<Int>, after container: Int?) -> [(index: Int, span: TextSpan)] {
    var result: [(Int, TextSpan)] = []
    var coveredUntil = range.lowerBound
    for index in ((container ?? -1) + 1)..<blocks.count {
      let span = blocks[index]
      if span.start >= range.upperBound { break }
      guard span.start >= coveredUntil, span.end <= range.upperBound else { continue }
      switch span.style {
      case .tableRow, .tableCell: continue
      default: break
      }
      result.append((index, span))
      coveredUntil = span.end
    }
    return result
  }

  /// `range` without the new lines at its ends.
  func trimmingNewlines(_ range: Range<Int>) -> Range<Int> {
    var lower = range.lowerBound
    var upper = range.upperBound
    while lower < upper, scalars[lower] == "\n" { lower += 1 }
    while upper > lower, scalars[upper - 1] == "\n" { upper -= 1 }
    return lower..<upper
  }

  func isBlank(_ range: Range<Int>) -> Bool {
    scalars[range].allSatisfy { $0.properties.isWhitespace }
  }

  /// Ranges of `range` between occurrences of `separator`.
  func split(_ range: Range<Int>, at separator: Unicode.Scalar) -> [Range<Int>] {
    var pieces: [Range<Int>] = []
    var start = range.lowerBound
    for index in range where scalars[index] == separator {
      pieces.append(start..<index)
      start = index + 1
    }
    pieces.append(start..<range.upperBound)
    return pieces
  }

  /// UTF-8 offsets of `range` counted from `base`.
  func utf8Range(_ range: Range<Int>, from base: Int) -> Range<Int> {
    (utf8Offsets[range.lowerBound] - utf8Offsets[base])..<(utf8Offsets[range.upperBound] - utf8Offsets[base])
  }
}
