import Dispatch
import Foundation

/// Builds the blocks of a chat's later messages on a second thread, with a text engine of its
/// own, while the layout works through the earlier ones: shaping, most of a layout's work,
/// then takes two cores. The helper starts at the last message and works back; the layout
/// takes each block the helper has made and builds any other itself, so the two meet where
/// their speeds put them, and the pages are the same as from one thread.
///
/// Messages that show pictures (their own or a quoted one's) are left to the layout, so that
/// pictures are read, and their warnings given, in order.
///
/// A block made here carries shaped text of the helper's engine: it may be drawn only once
/// `finish()` has returned, and is cut across pages only after the layout has built it again
/// (`Block.isBorrowed`), as its cutting would measure with the helper's engine.
final class BlockPrefetcher: @unchecked Sendable {
  private let condition = NSCondition()
  /// Blocks made and not yet taken, by message.
  private var made: [Int: [Block]] = [:]
  /// The message the helper is building.
  private var building: Int?
  /// The last message the layout has come to: the helper stops there.
  private var reached = -1
  private let helper = DispatchGroup()

  /// Starts building the blocks of `count` messages, the last first, with `builder`, which
  /// must measure with a text engine of its own.
  init(builder: BlockBuilder, count: Int) {
    let builder = UncheckedSendable(builder)
    DispatchQueue.global().async(group: helper) { [self] in
      var index = count - 1
      while claim(index) {
        var blocks = builder.value.showsPictures(at: index) ? nil : builder.value.blocks(forMessageAt: index)
        for position in (blocks ?? []).indices { blocks?[position].isBorrowed = true }
        store(blocks, at: index)
        index -= 1
      }
    }
  }

  /// The blocks of message `index`, made by the helper (waiting while it builds them), or nil
  /// when the layout should build them itself. Ask in message order.
  func take(_ index: Int) -> [Block]? {
    condition.lock()
    defer { condition.unlock() }
    reached = index
    while building == index { condition.wait() }
    return made.removeValue(forKey: index)
  }

  /// Stops the helper where it is and waits until it no longer measures: its blocks may be
  /// drawn after this.
  func finish() {
    condition.lock()
    reached = Int.max
    made = [:]
    condition.unlock()
    helper.wait()
  }

  private func claim(_ index: Int) -> Bool {
    condition.lock()
    defer { condition.unlock() }
    guard index > reached else { return false }
    building = index
    return true
  }

  private func store(_ blocks: [Block]?, at index: Int) {
    condition.lock()
    if let blocks { made[index] = blocks }
    building = nil
    condition.broadcast()
    condition.unlock()
  }
}

/// A value handed whole to another thread, which alone uses it from then on.
private struct UncheckedSendable<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}
