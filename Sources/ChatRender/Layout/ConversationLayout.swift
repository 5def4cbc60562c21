import Foundation

/// Places every message of a transcript: bubbles, text, names, times, day separators and
/// page breaks. Pure: it measures text through a `TextMeasurer` and draws nothing.
public struct ConversationLayout {
  public let theme: Theme
  public let measurer: any TextMeasurer
  public let options: LayoutOptions

  public init(theme: Theme, measurer: any TextMeasurer, options: LayoutOptions = LayoutOptions()) {
    self.theme = theme
    self.measurer = measurer
    self.options = options
  }

  /// Lays out the whole transcript at once.
  public func layout(_ transcript: Transcript) -> LaidOutConversation {
    var iterator = pages(of: transcript)
    var pages: [LaidOutPage] = []
    while let page = iterator.next() { pages.append(page) }
    return LaidOutConversation(pages: pages)
  }

  /// Lays out one page at a time, so a long chat never needs all its pages in memory.
  public func pages(of transcript: Transcript) -> PageIterator {
    PageIterator(layout: self, transcript: transcript)
  }
}

/// Produces the pages of a conversation one after another.
public struct PageIterator: IteratorProtocol {
  private let layout: ConversationLayout
  private let transcript: Transcript
  private let blocks: BlockBuilder
  private var nextMessage = 0
  private var pending: [Block] = []
  private var finished = false
  private var pageNumber = 0

  init(layout: ConversationLayout, transcript: Transcript) {
    self.layout = layout
    self.transcript = transcript
    self.blocks = BlockBuilder(layout: layout, transcript: transcript)
  }

  public mutating func next() -> LaidOutPage? {
    guard !finished else { return nil }
    let theme = layout.theme
    let padding = theme.canvas.padding
    let limit: Double?
    switch layout.options.pagination {
    case .continuous(let maxHeight): limit = maxHeight
    case .pages(let height): limit = height
    }
    var page = LaidOutPage(
      size: Size(width: theme.canvas.width, height: 0), background: theme.canvas.background)
    var y = padding.top
    var placedAny = false
    pageNumber += 1
    while true {
      if pending.isEmpty {
        guard nextMessage < transcript.messages.count else {
          finished = true
          break
        }
        pending = blocks.blocks(forMessageAt: nextMessage)
        nextMessage += 1
        continue
      }
      var block = pending[0]
      let gap = placedAny ? block.gapBefore : 0
      if let limit {
        let room = limit - padding.bottom - y - gap
        if block.height > room {
          let pageRoom = limit - padding.top - padding.bottom
          if block.height > pageRoom, let (head, tail) = block.split(fitting: placedAny ? room : pageRoom) {
            // Taller than a whole page: cut between lines.
            block = head
            pending[0] = tail
            for item in block.items { page.items.append(item.offsetBy(dy: y + gap)) }
            y += gap + block.height
            placedAny = true
            break
          }
          if placedAny { break }
        }
      }
      for item in block.items { page.items.append(item.offsetBy(dy: y + gap)) }
      y += gap + block.height
      placedAny = true
      pending.removeFirst()
    }
    if !placedAny && pageNumber > 1 { return nil }
    switch layout.options.pagination {
    case .continuous: page.size.height = (y + padding.bottom).rounded(.up)
    case .pages(let height): page.size.height = height
    }
    return page
  }
}

/// A message's items, positioned relative to the block's top, kept together on one page.
struct Block {
  var items: [LayoutItem]
  var height: Double
  var gapBefore: Double
  /// How to cut the block between text lines when it is taller than a page.
  var splitter: ((Double) -> (Block, Block)?)?

  func split(fitting height: Double) -> (Block, Block)? { splitter?(height) }
}

extension LayoutItem {
  func offsetBy(dy: Double) -> LayoutItem {
    switch self {
    case .bubble(var bubble):
      bubble.shape.frame = bubble.shape.frame.offsetBy(dx: 0, dy: dy)
      return .bubble(bubble)
    case .text(var text):
      text.origin.y += dy
      return .text(text)
    case .avatar(var avatar):
      avatar.frame = avatar.frame.offsetBy(dx: 0, dy: dy)
      avatar.initials.origin.y += dy
      return .avatar(avatar)
    case .box(var box):
      box.frame = box.frame.offsetBy(dx: 0, dy: dy)
      return .box(box)
    }
  }
}
