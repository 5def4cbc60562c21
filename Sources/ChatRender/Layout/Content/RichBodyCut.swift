/// A place where a formatted body may be cut across pages: between two blocks, between two
/// lines of a paragraph or code block, between two rows of a table.
struct RichBodyCut: Sendable, Hashable {
  /// Where the cut passes between two lines of text.
  var position: Double
  /// Where the part above ends: below `position` when its box keeps a padding under its
  /// last line (code).
  var headEnd: Double
  /// Where the part below begins: below `headEnd` when the space between two blocks is
  /// dropped; above it when both parts show a table's border line (the grid stays closed)
  /// or a box's padding over their first line (code).
  var tailStart: Double
  /// The band of the body drawn again at the top of the part below: a table's header row
  /// over the rows continued on the next page (issue 22, point 9).
  var repeated: Range<Double>? = nil
  /// For a cut inside a table row, between lines of its cells: the height of a part holding
  /// the row whole (under its header row again). The cut is used only where that is more
  /// than a page holds: a row is cut only when it never fits one.
  var wholeRowHeight: Double? = nil

  /// The cuts of `candidates` a body may use: in order, apart, inside the body's height,
  /// and through no line of text (only between its lines).
  static func usable(_ candidates: [RichBodyCut], items: [LayoutItem], height: Double) -> [RichBodyCut] {
    let allowed = allowedPositions(candidates.map(\.position), texts: items.compactMap(\.textBlock))
    var kept: [RichBodyCut] = []
    let ordered = candidates.indices.sorted {
      (candidates[$0].headEnd, -candidates[$0].tailStart) < (candidates[$1].headEnd, -candidates[$1].tailStart)
    }
    for index in ordered {
      let cut = candidates[index]
      let low = min(cut.headEnd, cut.tailStart)
      let high = max(cut.headEnd, cut.tailStart)
      guard low > epsilon, high < height - epsilon else { continue }
      if let last = kept.last, cut.headEnd <= last.tailStart + epsilon { continue }
      guard allowed[index] else { continue }
      kept.append(cut)
    }
    return kept
  }

  /// Whether each of `positions` passes through no line of `texts`, found in one sweep down
  /// the body: only the texts a position crosses are asked (a body of many rows stays linear).
  private static func allowedPositions(_ positions: [Double], texts: [TextBlock]) -> [Bool] {
    let byTop = texts.sorted { $0.frame.minY < $1.frame.minY }
    var allowed = [Bool](repeating: true, count: positions.count)
    var next = 0
    var open: [TextBlock] = []
    for index in positions.indices.sorted(by: { positions[$0] < positions[$1] }) {
      let y = positions[index]
      while next < byTop.count, byTop[next].frame.minY + epsilon < y {
        open.append(byTop[next])
        next += 1
      }
      open.removeAll { $0.frame.maxY - epsilon <= y }
      allowed[index] = open.allSatisfy { $0.allowsCut(at: y) }
    }
    return allowed
  }

  /// How near two positions may be and count as one.
  static let epsilon = 0.01
}

extension TextBlock {
  /// Whether a cut at `y` passes outside the text or between two of its lines.
  func allowsCut(at y: Double) -> Bool {
    let epsilon = RichBodyCut.epsilon
    guard y > frame.minY + epsilon, y < frame.maxY - epsilon else { return true }
    let bottoms = metrics.lineBottoms
    let line = bottoms.partitionPoint { $0 < y - origin.y - epsilon }
    return line < bottoms.count && abs(origin.y + bottoms[line] - y) <= epsilon
  }

  /// The lines of the text between `top` and `bottom`, moved so the first starts at `top`
  /// of a part beginning there; nil when no whole line lies between them.
  func part(from top: Double, to bottom: Double) -> TextBlock? {
    let epsilon = RichBodyCut.epsilon
    if frame.minY >= top - epsilon && frame.maxY <= bottom + epsilon { return self }
    let bottoms = metrics.lineBottoms
    // Lines are in order: those whose top is at or below `top` are a suffix, those whose
    // bottom is at or above `bottom` a prefix; both are found by binary search.
    let topLimit = top - epsilon - origin.y
    let first = topLimit <= 0 ? 0 : bottoms.partitionPoint { $0 < topLimit } + 1
    let bottomLimit = bottom + epsilon - origin.y
    let last = bottoms.partitionPoint { $0 <= bottomLimit }
    guard first < last else { return nil }
    var part = self
    let partTop = first == 0 ? 0 : bottoms[first - 1]
    part.origin.y += partTop
    part.size.height = bottoms[last - 1] - partTop
    part.lines = first..<last
    return part
  }
}

extension Array {
  /// In an array ordered so that `isBefore` holds for a prefix, the length of that prefix.
  func partitionPoint(_ isBefore: (Element) -> Bool) -> Int {
    var low = 0
    var high = count
    while low < high {
      let middle = (low + high) / 2
      if isBefore(self[middle]) { low = middle + 1 } else { high = middle }
    }
    return low
  }
}

extension LayoutItem {
  var textBlock: TextBlock? {
    if case .text(let text) = self { return text }
    return nil
  }
}

extension RichBody {
  /// How many parts the body may be cut into.
  var partCount: Int { cuts.count + 1 }

  /// The top of part `index` in the body.
  func partTop(_ index: Int) -> Double { index == 0 ? 0 : cuts[index - 1].tailStart }

  /// The bottom of part `index` in the body.
  func partBottom(_ index: Int) -> Double { index >= cuts.count ? size.height : cuts[index].headEnd }

  /// What a piece beginning with part `index` draws again over it (a table's header row).
  func repeatedBand(before index: Int) -> Range<Double>? { index == 0 ? nil : cuts[index - 1].repeated }

  /// For a cut inside a table row after part `index`: the height of a part holding the row
  /// whole; nil for any other cut.
  func wholeRowHeight(after index: Int) -> Double? { index < cuts.count ? cuts[index].wholeRowHeight : nil }

  /// Whether `parts` hold a table's header and at least one row: a cut between a table's
  /// rows (which repeats its header) lies between them or at their end.
  func holdsTableRows(_ parts: Range<Int>) -> Bool {
    let next = tableCuts.partitionPoint { $0 < parts.lowerBound }
    return next < tableCuts.count && tableCuts[next] < parts.upperBound
  }

  /// The height of `parts` as a piece of their own: with the band repeated over them.
  func height(of parts: Range<Int>) -> Double {
    let repeated = repeatedBand(before: parts.lowerBound).map { $0.upperBound - $0.lowerBound } ?? 0
    return repeated + partBottom(parts.upperBound - 1) - partTop(parts.lowerBound)
  }

  /// Parts `parts` of the body as a body of their own, from (0, 0): text cut between its
  /// lines, boxes (code, quote bars, table lines) and links clipped to the parts.
  func parts(_ parts: Range<Int>) -> RichBody {
    guard parts != 0..<partCount else { return self }
    let top = partTop(parts.lowerBound)
    let bottom = partBottom(parts.upperBound - 1)
    var piece = self
    piece.items = []
    piece.links = []
    var shift = 0.0
    if let band = repeatedBand(before: parts.lowerBound) {
      append(from: band.lowerBound, to: band.upperBound, at: 0, to: &piece)
      shift = band.upperBound - band.lowerBound
    }
    append(from: top, to: bottom, at: shift, to: &piece)
    piece.index = nil
    piece.size.height = shift + bottom - top
    piece.cuts = []
    piece.tableCuts = []
    if parts.upperBound < partCount {
      piece.endsInText = false
      piece.lastLineWidth = size.width
    }
    return piece
  }

  /// Adds the items and links between `top` and `bottom` to `piece`, clipped to them and
  /// moved so that `top` is at `y`.
  private func append(from top: Double, to bottom: Double, at y: Double, to piece: inout RichBody) {
    let itemIndexes = index?.items(from: top, to: bottom) ?? Array(items.indices)
    piece.items += itemIndexes.compactMap {
      Self.clip(items[$0], top: top, bottom: bottom)?.offsetBy(dx: 0, dy: y - top)
    }
    let linkIndexes = index?.links(from: top, to: bottom) ?? Array(links.indices)
    piece.links += linkIndexes.compactMap { index in
      var clipped = links[index]
      guard let frame = Self.clip(clipped.frame, top: top, bottom: bottom) else { return nil }
      clipped.frame = frame.offsetBy(dx: 0, dy: y - top)
      return clipped
    }
  }

  /// The part of `item` between `top` and `bottom`; nil when none of it is there.
  private static func clip(_ item: LayoutItem, top: Double, bottom: Double) -> LayoutItem? {
    switch item {
    case .text(let text): return text.part(from: top, to: bottom).map { .text($0) }
    case .box(var box):
      guard let frame = clip(box.frame, top: top, bottom: bottom) else { return nil }
      box.frame = frame
      return .box(box)
    default:
      return item
    }
  }

  private static func clip(_ frame: Rect, top: Double, bottom: Double) -> Rect? {
    let minY = max(frame.minY, top)
    let maxY = min(frame.maxY, bottom)
    guard maxY - minY > RichBodyCut.epsilon else { return nil }
    return Rect(x: frame.minX, y: minY, width: frame.width, height: maxY - minY)
  }
}
