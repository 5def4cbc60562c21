import CPango

/// Blanks a text's hidden runs (a hidden spoiler): each of their clusters becomes an empty
/// Pango shape as wide and tall as Pango set the cluster, so lines and widths stay as
/// measured while no glyph is drawn (colour emoji ignore a foreground colour) and nothing
/// reaches a PDF's or SVG's text layer.
enum HiddenGlyphs {
  /// How far a cluster's font box reaches above and below the baseline, in Pango units.
  private struct Reach: Equatable {
    var ascent: Int32
    var descent: Int32

    /// Twice the box's middle, below the baseline: a line's pitch is centred on it.
    var middle: Int32 { descent - ascent }
  }

  /// Hidden clusters side by side on one line: one box, so its fill shows no seams. It
  /// keeps the font boxes of its highest and lowest cluster: Pango centres the line's pitch
  /// on each font's box, and those two decide the line's height.
  private struct Segment {
    var range: Range<Int>
    var line: Int32
    var width: Int32
    var highest: Reach
    var lowest: Reach

    mutating func append(_ other: Segment) {
      range = range.lowerBound..<other.range.upperBound
      width += other.width
      if other.highest.middle < highest.middle { highest = other.highest }
      if other.lowest.middle > lowest.middle { lowest = other.lowest }
    }
  }

  /// Replaces the clusters of `text`'s hidden runs in `layout` (already attributed) by
  /// empty shapes of their own size: the first character of each stretch on a line gets
  /// the stretch's width and its highest reach, the others no width and its lowest reach.
  static func blank(_ text: StyledText, in layout: OpaquePointer) {
    let hidden = text.runs.filter { $0.style == .hidden }.map(\.range)
    guard !hidden.isEmpty else { return }
    let segments = self.segments(of: layout, in: hidden, length: text.text.utf8.count)
    guard !segments.isEmpty, let current = pango_layout_get_attributes(layout),
      let attributes = pango_attr_list_copy(current)
    else { return }
    defer { pango_attr_list_unref(attributes) }
    let bytes = Array(text.text.utf8)
    for segment in segments {
      let firstEnd = min(
        segment.range.upperBound, segment.range.lowerBound + scalarLength(at: segment.range.lowerBound, in: bytes))
      insertShape(segment.highest, width: segment.width, over: segment.range.lowerBound..<firstEnd, into: attributes)
      if firstEnd < segment.range.upperBound {
        insertShape(segment.lowest, width: 0, over: firstEnd..<segment.range.upperBound, into: attributes)
      }
    }
    // Hidden text Pango did not lay out (cut by an ellipsis) takes no room if it comes back.
    for gap in uncovered(hidden, by: segments.map(\.range)) {
      insertShape(segments[0].lowest, width: 0, over: gap, into: attributes)
    }
    pango_layout_set_attributes(layout, attributes)
  }

  /// The parts of `ranges` that none of `covered` (sorted, apart) holds.
  private static func uncovered(_ ranges: [Range<Int>], by covered: [Range<Int>]) -> [Range<Int>] {
    var gaps: [Range<Int>] = []
    for range in ranges {
      var start = range.lowerBound
      for part in covered where part.overlaps(range) {
        if part.lowerBound > start { gaps.append(start..<part.lowerBound) }
        start = max(start, part.upperBound)
      }
      if start < range.upperBound { gaps.append(start..<range.upperBound) }
    }
    return gaps
  }

  /// The hidden clusters, joined where they follow one another on a line within one run.
  private static func segments(of layout: OpaquePointer, in ranges: [Range<Int>], length: Int) -> [Segment] {
    let (clusters, boundaries) = shapedClusters(of: layout, in: ranges)
    var segments: [Segment] = []
    for var cluster in clusters.sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) {
      let end = boundaries.first { $0 > cluster.range.lowerBound } ?? length
      cluster.range = cluster.range.lowerBound..<max(end, cluster.range.lowerBound + 1)
      let run = ranges.first { $0.contains(cluster.range.lowerBound) }
      if let last = segments.last, last.line == cluster.line, last.range.upperBound == cluster.range.lowerBound,
        run?.contains(last.range.lowerBound) == true
      {
        segments[segments.count - 1].append(cluster)
      } else {
        segments.append(cluster)
      }
    }
    return segments
  }

  /// The clusters starting inside `ranges` (one segment each), and every cluster and line boundary of the
  /// layout in byte order (clusters come in visual order, right to left in Arabic).
  private static func shapedClusters(
    of layout: OpaquePointer, in ranges: [Range<Int>]
  ) -> ([Segment], [Int]) {
    guard let iterator = pango_layout_get_iter(layout) else { return ([], []) }
    defer { pango_layout_iter_free(iterator) }
    var clusters: [Segment] = []
    var boundaries = Set<Int>()
    repeat {
      let start = Int(pango_layout_iter_get_index(iterator))
      boundaries.insert(start)
      guard pango_layout_iter_get_run_readonly(iterator) != nil,
        ranges.contains(where: { $0.contains(start) })
      else { continue }
      var logical = PangoRectangle()
      pango_layout_iter_get_cluster_extents(iterator, nil, &logical)
      let baseline = pango_layout_iter_get_baseline(iterator)
      let reach = Reach(ascent: baseline - logical.y, descent: logical.y + logical.height - baseline)
      clusters.append(
        Segment(range: start..<start, line: baseline, width: logical.width, highest: reach, lowest: reach))
    } while pango_layout_iter_next_cluster(iterator) != 0
    return (clusters, boundaries.sorted())
  }

  private static func insertShape(
    _ reach: Reach, width: Int32, over range: Range<Int>, into attributes: OpaquePointer
  ) {
    var box = PangoRectangle(x: 0, y: -reach.ascent, width: width, height: reach.ascent + reach.descent)
    guard let shape = pango_attr_shape_new(&box, &box) else { return }
    shape.pointee.start_index = UInt32(range.lowerBound)
    shape.pointee.end_index = UInt32(range.upperBound)
    pango_attr_list_insert(attributes, shape)
  }

  /// The bytes of the UTF-8 scalar starting at `index`.
  private static func scalarLength(at index: Int, in bytes: [UInt8]) -> Int {
    guard index < bytes.count else { return 1 }
    switch bytes[index] {
    case 0xF0...: return 4
    case 0xE0...: return 3
    case 0xC0...: return 2
    default: return 1
    }
  }
}
