/// The holes of a spotlight's dim layer: each chosen bubble's rounded outline grown by a
/// margin, with neighbouring bubbles sharing one hole.
///
/// Bubbles of consecutive transcript entries share a hole, and so do holes that would
/// overlap: under the even-odd rule an overlap would be dimmed again. A hole grows at most
/// halfway towards a bubble that is not chosen, so none of that bubble shows in it.
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

  /// Bubbles sharing a hole: their frames together, and the roundest corner among them.
  private struct Group {
    var frame: Rect
    var radius: Double
    var messageIndexes: Set<Int>
  }

  let margin: Double

  /// The holes around `bubbles`, top to bottom, kept off the frames in `others`.
  func regions(around bubbles: [Bubble], avoiding others: [Rect] = []) -> [Region] {
    var groups: [Group] = []
    var last: Bubble?
    for bubble in bubbles.sorted(by: { ($0.frame.minY, $0.messageIndex) < ($1.frame.minY, $1.messageIndex) }) {
      if let last, Self.areNeighbours(last, bubble) {
        groups[groups.count - 1].frame = groups[groups.count - 1].frame.union(bubble.frame)
        groups[groups.count - 1].radius = max(groups[groups.count - 1].radius, bubble.radius)
        groups[groups.count - 1].messageIndexes.insert(bubble.messageIndex)
      } else {
        groups.append(Group(frame: bubble.frame, radius: bubble.radius, messageIndexes: [bubble.messageIndex]))
      }
      last = bubble
    }
    mergeOverlapping(&groups)
    return groups.map { region(around: $0, avoiding: others) }
  }

  /// Consecutive entries (or two pieces of one message).
  private static func areNeighbours(_ a: Bubble, _ b: Bubble) -> Bool {
    b.messageIndex == a.messageIndex || b.messageIndex == a.messageIndex + 1
  }

  /// The group's frame grown by the margin (less towards a close bubble above or below),
  /// its corners rounded as much more.
  private func region(around group: Group, avoiding others: [Rect]) -> Region {
    var top = margin
    var bottom = margin
    let frame = group.frame
    for other in others where other.minX < frame.maxX && frame.minX < other.maxX {
      if other.maxY <= frame.minY { top = min(top, (frame.minY - other.maxY) / 2) }
      if other.minY >= frame.maxY { bottom = min(bottom, (other.minY - frame.maxY) / 2) }
    }
    let grown = frame.inset(by: EdgeInsets(top: -top, left: -margin, bottom: -bottom, right: -margin))
    return Region(shape: BubbleShape(frame: grown, radius: group.radius + margin), messageIndexes: group.messageIndexes)
  }

  /// Joins groups whose grown frames would overlap, until none do.
  private func mergeOverlapping(_ groups: inout [Group]) {
    func grown(_ group: Group) -> Rect { group.frame.inset(by: EdgeInsets(all: -margin)) }
    var index = 0
    while index < groups.count {
      let other = groups.indices.first { $0 != index && Self.overlap(grown(groups[$0]), grown(groups[index])) }
      guard let other else {
        index += 1
        continue
      }
      let (kept, removed) = (min(index, other), max(index, other))
      groups[kept] = Group(
        frame: groups[kept].frame.union(groups[removed].frame),
        radius: max(groups[kept].radius, groups[removed].radius),
        messageIndexes: groups[kept].messageIndexes.union(groups[removed].messageIndexes))
      groups.remove(at: removed)
      index = 0
    }
  }

  static func overlap(_ a: Rect, _ b: Rect) -> Bool {
    a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY
  }
}
