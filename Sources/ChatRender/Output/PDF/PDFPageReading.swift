/// What each text and picture of a laid-out page is in a tagged PDF, read from the page's
/// items before it is drawn: a day's heading, a part of a message (its author, time, body,
/// quote, table cell, picture or reaction), a paragraph of the document, or page furniture
/// (running header, footer, avatar initials) that is drawn as an artifact.
struct PDFPageReading {
  /// Whose element a piece belongs to.
  enum Owner: Hashable {
    /// The document itself: the first page's header, a note, a gap in a cropped chat.
    case document
    /// A day: its heading begins a section.
    case day
    /// The message at this index of the transcript.
    case message(Int)
  }

  /// What a piece is, in the order a message is read.
  enum Role: Int, Comparable {
    case heading, author, time, body, quote, figure, reaction

    static func < (left: Role, right: Role) -> Bool { left.rawValue < right.rawValue }
  }

  struct Piece {
    var owner: Owner
    var role: Role
    /// Where the piece's owner begins on the page: owners are read top to bottom.
    var ownerTop: Double
  }

  /// A bubble, pill, picture or badge and whose it is.
  private struct Region {
    var frame: Rect
    var owner: Owner
  }

  private var pieces: [Rect: Piece] = [:]
  /// Texts drawn as artifacts.
  private(set) var furniture: Set<Rect> = []

  /// The label of the last day pill on the page, if any.
  private(set) var lastDay: String?

  /// Reads `page`; `isFirst` when it is the document's first page (its header is content);
  /// `labels` names messages' authors, to find a name set above its bubble; a pill of
  /// `continuedDay` (the day the page before ended in) repeats it, and is furniture.
  init(_ page: LaidOutPage, isFirst: Bool, labels: PDFMessageLabels?, continuedDay: String? = nil) {
    lastDay = continuedDay
    let regions = Self.regions(of: page)
    let quoteCards = Self.quoteCards(of: page)
    let top = regions.map(\.frame.minY).min() ?? page.size.height
    let bottom = regions.map(\.frame.maxY).max() ?? 0
    for item in page.items {
      switch item {
      case .text(let block):
        classify(
          block, regions: regions, quoteCards: quoteCards, labels: labels, isFirst: isFirst, top: top, bottom: bottom)
      case .avatar(let avatar):
        furniture.insert(avatar.initials.frame)
      case .badge(let badge):
        let owner = badge.messageIndex.map { .message($0) } ?? Self.owner(around: badge.shape.frame, regions)
        var isTime = false
        if case .message(let index) = owner, let time = labels?.time(of: index) {
          isTime = badge.label.text.text.hasSuffix(time)
        }
        pieces[badge.label.frame] = Piece(
          owner: owner, role: isTime ? .time : .reaction, ownerTop: badge.shape.frame.minY)
      case .picture(let picture):
        let owner = picture.messageIndex.map { .message($0) } ?? Self.owner(around: picture.frame, regions)
        // A quoted message's thumbnail is read with the quote, not as this message's picture.
        let isQuoted = quoteCards.contains { $0.contains(Point(x: picture.frame.midX, y: picture.frame.midY)) }
        pieces[picture.frame] = Piece(owner: owner, role: isQuoted ? .quote : .figure, ownerTop: picture.frame.minY)
      default:
        break
      }
    }
    settle(regions: regions)
  }

  /// Gives every piece of a message the message's top, so its pieces are read together, and
  /// reads a text that only looks like its author's name (a table cell "Sam") as body.
  private mutating func settle(regions: [Region]) {
    var tops: [Owner: Double] = [:]
    let frames = regions.map { ($0.frame, $0.owner) } + pieces.map { ($0.key, $0.value.owner) }
    for (frame, owner) in frames {
      if case .message = owner { tops[owner] = min(tops[owner] ?? .infinity, frame.minY) }
    }
    for (frame, piece) in pieces {
      guard case .message = piece.owner else { continue }
      pieces[frame]?.ownerTop = tops[piece.owner] ?? piece.ownerTop
      // A quote above the name (a reply's line) does not make the name body text.
      let isBelowOthers = pieces.contains {
        $0.value.owner == piece.owner && $0.value.role != .quote && $0.key.minY < frame.minY - 0.5
      }
      if piece.role == .author, isBelowOthers { pieces[frame]?.role = .body }
    }
  }

  /// The piece drawn over `frame`; a paragraph of the document when the page did not say.
  func piece(at frame: Rect) -> Piece {
    pieces[frame] ?? Piece(owner: .document, role: .body, ownerTop: frame.minY)
  }

  /// The piece a link over `frame` belongs to: that of the region around it, read as body.
  func linkPiece(at frame: Rect) -> Piece {
    let center = Point(x: frame.midX, y: frame.midY)
    let owner = pieces.first { $0.key.contains(center) && $0.value.owner != .document }
    guard let owner else { return Piece(owner: .document, role: .body, ownerTop: frame.minY) }
    return Piece(owner: owner.value.owner, role: .body, ownerTop: owner.value.ownerTop)
  }

  private mutating func classify(
    _ block: TextBlock, regions: [Region], quoteCards: [Rect], labels: PDFMessageLabels?, isFirst: Bool, top: Double,
    bottom: Double
  ) {
    let frame = block.frame
    let center = Point(x: frame.midX, y: frame.midY)
    let region =
      block.messageIndex.map { Region(frame: frame, owner: .message($0)) }
      ?? regions.last { $0.frame.contains(center) }
    if let region, region.owner == .day {
      // A page that goes on with the day repeats its pill: read once.
      if block.text.text == lastDay {
        furniture.insert(frame)
      } else {
        pieces[frame] = piece(block, in: region, regions: regions, quoteCards: quoteCards, labels: labels)
      }
      lastDay = block.text.text
      return
    }
    if let region {
      pieces[frame] = piece(block, in: region, regions: regions, quoteCards: quoteCards, labels: labels)
      return
    }
    // Beside a bubble: its name above it, its time beside it.
    if let below = regions.first(where: { $0.frame.minY >= frame.minY }), case .message(let index) = below.owner,
      let author = labels?.author(of: index), Self.same(block.text.text, author)
    {
      pieces[frame] = Piece(owner: below.owner, role: .author, ownerTop: frame.minY)
      return
    }
    if block.isAnnotation, let beside = regions.first(where: { $0.frame.minY <= center.y && center.y <= $0.frame.maxY })
    {
      pieces[frame] = Piece(owner: beside.owner, role: .time, ownerTop: frame.minY)
      return
    }
    // The running header stands at the page's top edge, over the first page's header too.
    let isRunningHeader = frame.minY <= 0.5
    let isHeader = isFirst && frame.maxY <= top && !isRunningHeader
    if isRunningHeader || (!isHeader && (frame.minY >= bottom || frame.maxY <= top)) {
      furniture.insert(frame)
    } else {
      pieces[frame] = Piece(owner: .document, role: .body, ownerTop: frame.minY)
    }
  }

  private func piece(
    _ block: TextBlock, in region: Region, regions: [Region], quoteCards: [Rect], labels: PDFMessageLabels?
  ) -> Piece {
    let ownerTop = region.frame.minY
    guard case .message(let index) = region.owner else {
      return Piece(owner: region.owner, role: region.owner == .day ? .heading : .body, ownerTop: ownerTop)
    }
    let role: Role
    let center = Point(x: block.frame.midX, y: block.frame.midY)
    if block.isAnnotation {
      role = .time
    } else if quoteCards.contains(where: { $0.contains(center) }) {
      // Before the author: a quote of the author's own message names them too.
      role = .quote
    } else if let author = labels?.author(of: index), Self.same(block.text.text, author) {
      role = .author
    } else {
      role = .body
    }
    return Piece(owner: region.owner, role: role, ownerTop: ownerTop)
  }

  /// Whose is the region around `frame`'s centre: a picture's bubble.
  private static func owner(around frame: Rect, _ regions: [Region]) -> Owner {
    regions.last { $0.frame.contains(Point(x: frame.midX, y: frame.midY)) && $0.frame != frame }?.owner ?? .document
  }

  /// A name as drawn against a name as written: themes may set names in capitals.
  private static func same(_ drawn: String, _ name: String) -> Bool {
    drawn.trimmingCharacters(in: .whitespaces).lowercased() == name.lowercased()
  }

  /// Bubbles, pills, pictures and badges of the page, with whose they are.
  private static func regions(of page: LaidOutPage) -> [Region] {
    var regions: [Region] = []
    for item in page.items {
      switch item {
      case .bubble(let bubble):
        switch (bubble.role, bubble.messageIndex) {
        case (.day, _): regions.append(Region(frame: bubble.shape.frame, owner: .day))
        case (_, .some(let index)): regions.append(Region(frame: bubble.shape.frame, owner: .message(index)))
        default: regions.append(Region(frame: bubble.shape.frame, owner: .document))
        }
      case .picture(let picture):
        if let index = picture.messageIndex { regions.append(Region(frame: picture.frame, owner: .message(index))) }
      case .badge(let badge):
        if let index = badge.messageIndex { regions.append(Region(frame: badge.shape.frame, owner: .message(index))) }
      case .line(let line):
        // The quote a reply's line leads to, outside the reply's bubble, is the reply's.
        if let index = line.messageIndex, let quote = line.quote {
          regions.append(Region(frame: quote, owner: .message(index)))
        }
      default:
        break
      }
    }
    return regions
  }

  /// The cards of quotes and link previews: a rounded box with a narrow rounded bar inside it;
  /// and the quotes a reply's line leads to.
  private static func quoteCards(of page: LaidOutPage) -> [Rect] {
    var cards: [Rect] = []
    var previous: BoxItem?
    for item in page.items {
      if case .line(let line) = item, let quote = line.quote { cards.append(quote) }
      guard case .box(let box) = item else {
        previous = nil
        continue
      }
      if let card = previous, box.frame.width <= 8, box.radius == box.frame.width / 2, card.frame.contains(box.frame) {
        cards.append(card.frame)
      }
      previous = box
    }
    return cards
  }
}
