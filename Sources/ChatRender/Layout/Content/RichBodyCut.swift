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

  /// The cuts of `candidates` a body may use: in order, apart, inside the body's height,
  /// and through no line of text (only between its lines).
  static func usable(_ candidates: [RichBodyCut], items: [LayoutItem], height: Double) -> [RichBodyCut] {
    let texts = items.compactMap { item -> TextBlock? in
      if case .text(let text) = item { return text } else { return nil }
    }
    var kept: [RichBodyCut] = []
    let ordered = candidates.sorted { ($0.headEnd, -$0.tailStart) < ($1.headEnd, -$1.tailStart) }
    for cut in ordered {
      let low = min(cut.headEnd, cut.tailStart)
      let high = max(cut.headEnd, cut.tailStart)
      guard low > epsilon, high < height - epsilon else { continue }
      if let last = kept.last, cut.headEnd <= last.tailStart + epsilon { continue }
      guard texts.allSatisfy({ $0.allowsCut(at: cut.position) }) else { continue }
      kept.append(cut)
    }
    return kept
  }

  /// How near two positions may be and count as one.
  static let epsilon = 0.01
}

extension TextBlock {
  /// Whether a cut at `y` passes outside the text or between two of its lines.
  func allowsCut(at y: Double) -> Bool {
    let epsilon = RichBodyCut.epsilon
    guard y > frame.minY + epsilon, y < frame.maxY - epsilon else { return true }
    return metrics.lineBottoms.contains { abs(origin.y + $0 - y) <= epsilon }
  }

  /// The lines of the text between `top` and `bottom`, moved so the first starts at `top`
  /// of a part beginning there; nil when no whole line lies between them.
  func part(from top: Double, to bottom: Double) -> TextBlock? {
    let epsilon = RichBodyCut.epsilon
    if frame.minY >= top - epsilon && frame.maxY <= bottom + epsilon { return self }
    let bottoms = metrics.lineBottoms
    var first: Int?
    var end = 0
    for (line, lineBottom) in bottoms.enumerated() {
      let lineTop = line == 0 ? 0 : bottoms[line - 1]
      guard origin.y + lineTop >= top - epsilon, origin.y + lineBottom <= bottom + epsilon else { continue }
      if first == nil { first = line }
      end = line + 1
    }
    guard let first, end > first else { return nil }
    var part = self
    let partTop = first == 0 ? 0 : bottoms[first - 1]
    part.origin.y += partTop
    part.size.height = bottoms[end - 1] - partTop
    part.lines = first..<end
    return part
  }
}

extension RichBody {
  /// How many parts the body may be cut into.
  var partCount: Int { cuts.count + 1 }

  /// The top of part `index` in the body.
  func partTop(_ index: Int) -> Double { index == 0 ? 0 : cuts[index - 1].tailStart }

  /// The bottom of part `index` in the body.
  func partBottom(_ index: Int) -> Double { index >= cuts.count ? size.height : cuts[index].headEnd }

  /// Parts `parts` of the body as a body of their own, from (0, 0): text cut between its
  /// lines, boxes (code, quote bars, table lines) and links clipped to the parts.
  func parts(_ parts: Range<Int>) -> RichBody {
    guard parts != 0..<partCount else { return self }
    let top = partTop(parts.lowerBound)
    let bottom = partBottom(parts.upperBound - 1)
    var piece = self
    piece.items = items.compactMap { Self.clip($0, top: top, bottom: bottom)?.offsetBy(dx: 0, dy: -top) }
    piece.links = links.compactMap { link in
      Self.clip(link.frame, top: top, bottom: bottom).map {
        var clipped = link
        clipped.frame = $0.offsetBy(dx: 0, dy: -top)
        return clipped
      }
    }
    piece.size.height = bottom - top
    piece.cuts = []
    if parts.upperBound < partCount {
      piece.endsInText = false
      piece.lastLineWidth = size.width
    }
    return piece
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
