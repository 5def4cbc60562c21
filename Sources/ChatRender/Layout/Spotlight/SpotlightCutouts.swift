/// The holes of a spotlight's dim layer: each chosen bubble's rounded outline grown by a
/// margin, with neighbouring bubbles sharing one hole.
///
/// Bubbles of consecutive transcript entries share a hole, and so do holes that would
/// overlap: under the even-odd rule an overlap would be dimmed again.
struct SpotlightCutouts {
  /// A chosen bubble on the page.
  struct Bubble: Hashable {
    var messageIndex: Int
    var frame: Rect
    var radius: Double
  }

  /// One hole and the bubbles it shows.
  struct Region: Hashable {
    var shape: BubbleShape
    var messageIndexes: Set<Int>

    var frame: Rect { shape.frame }
  }

  let margin: Double

  /// The holes around `bubbles`, top to bottom.
  func regions(around bubbles: [Bubble]) -> [Region] {
    var groups: [[Bubble]] = []
    for bubble in bubbles.sorted(by: { ($0.frame.minY, $0.messageIndex) < ($1.frame.minY, $1.messageIndex) }) {
      if let last = groups.last?.last, Self.areNeighbours(last, bubble) {
        groups[groups.count - 1].append(bubble)
      } else {
        groups.append([bubble])
      }
    }
    var regions = groups.map(region(around:))
    mergeOverlapping(&regions)
    return regions
  }

  /// Consecutive entries (or two pieces of one message).
  private static func areNeighbours(_ a: Bubble, _ b: Bubble) -> Bool {
    b.messageIndex == a.messageIndex || b.messageIndex == a.messageIndex + 1
  }

  private func region(around group: [Bubble]) -> Region {
    let frame = group.dropFirst().reduce(group[0].frame) { $0.union($1.frame) }
    let radius = group.map(\.radius).max() ?? 0
    return region(frame: frame, radius: radius, indexes: Set(group.map(\.messageIndex)))
  }

  /// A rounded rectangle `margin` outside `frame`, its corners rounded `margin` more.
  private func region(frame: Rect, radius: Double, indexes: Set<Int>) -> Region {
    let grown = frame.inset(by: EdgeInsets(all: -margin))
    return Region(shape: BubbleShape(frame: grown, radius: radius + margin), messageIndexes: indexes)
  }

  /// Joins regions whose frames overlap until none do.
  private func mergeOverlapping(_ regions: inout [Region]) {
    var index = 0
    while index < regions.count {
      if let other = regions.indices.first(where: { $0 != index && Self.overlap(regions[$0].frame, regions[index].frame) }) {
        let (a, b) = (regions[min(index, other)], regions[max(index, other)])
        let frame = a.frame.union(b.frame)
        let merged = Region(
          shape: BubbleShape(frame: frame, radius: max(a.shape.radius, b.shape.radius)),
          messageIndexes: a.messageIndexes.union(b.messageIndexes))
        regions[min(index, other)] = merged
        regions.remove(at: max(index, other))
        index = 0
      } else {
        index += 1
      }
    }
  }

  static func overlap(_ a: Rect, _ b: Rect) -> Bool {
    a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY
  }
}
