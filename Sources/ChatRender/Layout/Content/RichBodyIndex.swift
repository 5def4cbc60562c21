/// Which of a formatted body's items and links lie in each band of its height, so a piece
/// of a long body (one page's rows of a table of 100,000) finds its items without walking
/// all of them: cutting a body into pages costs time linear in its length.
struct RichBodyIndex: Sendable, Hashable {
  /// The height of a band, in points: about a fifth of a page.
  static let bandHeight = 128.0

  /// Per band, the indexes of the items (or links) that reach into it, in order.
  private var itemBands: [[Int]]
  private var linkBands: [[Int]]
  /// Items with no frame, in every piece.
  private var unplaced: [Int]

  init(items: [LayoutItem], links: [LinkItem], height: Double) {
    let count = max(1, Int((height / Self.bandHeight).rounded(.up)) + 1)
    itemBands = Array(repeating: [], count: count)
    linkBands = Array(repeating: [], count: count)
    unplaced = []
    for (index, item) in items.enumerated() {
      guard let frame = item.frame else {
        unplaced.append(index)
        continue
      }
      for band in Self.bands(from: frame.minY, to: frame.maxY, count: count) { itemBands[band].append(index) }
    }
    for (index, link) in links.enumerated() {
      for band in Self.bands(from: link.frame.minY, to: link.frame.maxY, count: count) { linkBands[band].append(index) }
    }
  }

  /// The indexes of items that may reach between `top` and `bottom`, in order.
  func items(from top: Double, to bottom: Double) -> [Int] {
    (unplaced + Self.collect(itemBands, from: top, to: bottom)).sorted()
  }

  /// The indexes of links that may reach between `top` and `bottom`, in order.
  func links(from top: Double, to bottom: Double) -> [Int] {
    Self.collect(linkBands, from: top, to: bottom).sorted()
  }

  private static func collect(_ bands: [[Int]], from top: Double, to bottom: Double) -> [Int] {
    var seen = Set<Int>()
    var found: [Int] = []
    for band in Self.bands(from: top, to: bottom, count: bands.count) {
      for index in bands[band] where seen.insert(index).inserted { found.append(index) }
    }
    return found
  }

  private static func bands(from top: Double, to bottom: Double, count: Int) -> ClosedRange<Int> {
    let first = min(count - 1, max(0, Int((top / bandHeight).rounded(.down))))
    let last = min(count - 1, max(first, Int((bottom / bandHeight).rounded(.down))))
    return first...last
  }
}
