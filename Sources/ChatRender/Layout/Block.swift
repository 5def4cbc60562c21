/// A day separator's items (its pill and text, from y 0) and height.
struct DayLabel {
  var items: [LayoutItem]
  var height: Double
}

extension Block {
  /// Whether the block opens with a day separator.
  var startsWithDayLabel: Bool {
    if case .bubble(let bubble) = items.first, bubble.role == .day { return true }
    return false
  }

  /// The day separator the block opens with: its pill and the text after it.
  var dayLabel: DayLabel? {
    guard startsWithDayLabel, case .bubble(let pill) = items[0] else { return nil }
    guard let text = items.dropFirst().first(where: { if case .text = $0 { true } else { false } })
    else { return nil }
    return DayLabel(items: [items[0], text], height: pill.shape.frame.maxY)
  }
}

/// A message's items, positioned relative to the block's top, kept together on one page.
struct Block {
  var items: [LayoutItem]
  var height: Double
  var gapBefore: Double
  /// How to cut the block between text lines when it does not fit a page (see `fillsRest`):
  /// given the room, and what a whole page holds (a table row is cut only when taller).
  var splitter: ((Double, Double) -> (Block, Block)?)?
  /// Made by another thread's builder (`BlockPrefetcher`): cut only once built again here.
  var isBorrowed = false
  /// The label a later page that begins mid-day repeats, when not the block's own: the
  /// plain day under a heading with a time (imessage), whose time is not the page's.
  var pageTopLabel: DayLabel?
  /// For the later pieces of a cut text: builds the block (its items are empty until then,
  /// its height an estimate), done once it may fit a page.
  var build: (() -> Block)?
  /// Whether the block shows a table's header and at least one of its rows: it is cut to
  /// fill whatever room a page has left when its first piece shows some too (a table starts
  /// where it is: issue 22, point 9), not only when a third of a page tall.
  var holdsTableRows = false

  /// The block cut in two, the first part at most `height` tall, on pages that hold
  /// `pageRoom` (`height` when not said).
  func split(fitting height: Double, pageRoom: Double? = nil) -> (Block, Block)? {
    splitter?(height, pageRoom ?? height)
  }

  /// The block with `room` more at its foot (for a note), kept by its last piece when cut.
  func keepingRoom(_ room: Double) -> Block {
    var kept = self
    kept.height += room
    if let build { kept.build = { build().keepingRoom(room) } }
    if let splitter {
      kept.splitter = { fitting, pageRoom in
        guard let (head, tail) = splitter(fitting, pageRoom) else { return nil }
        return (head, tail.keepingRoom(room))
      }
    }
    return kept
  }

  /// Whether the block, though it fits a page, is tall enough (a third of one) to fill the
  /// `room` left on this page and go on on the next rather than leave the room blank, when
  /// at least `minimumRoom` is left; a shorter block moves whole (unless it `holdsTableRows`).
  func fillsRest(room: Double, pageRoom: Double) -> Bool {
    splitter != nil && height > pageRoom / 3 && room >= Self.minimumRoom
  }

  /// About four lines of text.
  static let minimumRoom = 80.0
}
