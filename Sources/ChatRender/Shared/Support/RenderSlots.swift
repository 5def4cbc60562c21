import Foundation

/// At most `running` renders at once (one per core), at most `waiting` more queued for a
/// turn; a request past both is refused at once (503 with Retry-After) rather than piled up.
package final class RenderSlots: @unchecked Sendable {
  private let condition = NSCondition()
  private let running: Int
  private let waiting: Int
  private var busy = 0
  private var queued = 0

  package init(running: Int, waiting: Int) {
    self.running = max(1, running)
    self.waiting = max(0, waiting)
  }

  /// Runs `body` in a slot, or returns nil at once when every slot and queue place is taken.
  package func run<T>(_ body: () throws -> T) rethrows -> T? {
    condition.lock()
    if busy >= running {
      guard queued < waiting else {
        condition.unlock()
        return nil
      }
      queued += 1
      while busy >= running { condition.wait() }
      queued -= 1
    }
    busy += 1
    condition.unlock()
    defer {
      condition.lock()
      busy -= 1
      condition.signal()
      condition.unlock()
    }
    return try body()
  }
}
