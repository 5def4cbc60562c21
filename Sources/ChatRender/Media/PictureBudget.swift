import Synchronization

/// The pixels one render may decode in all (`Limit.renderPicturePixels`): a picture under
/// the per-picture limit decodes in a second or less, but a chat of a hundred of them would
/// take minutes. Shared by every thread decoding for the render; `reset()` starts the next.
final class PictureBudget: Sendable, Hashable {
  let limit: Int
  private let spent = Mutex(0)

  init(limit: Int) { self.limit = limit }

  /// Takes `pixels` from the budget, or throws `PictureError.renderBudgetSpent` (taking
  /// nothing) when they are not left.
  func spend(_ pixels: Int) throws(PictureError) {
    let taken = spent.withLock { spent in
      guard pixels <= limit - spent else { return false }
      spent += pixels
      return true
    }
    if !taken { throw .renderBudgetSpent(limit: limit) }
  }

  func reset() { spent.withLock { $0 = 0 } }

  static func == (left: PictureBudget, right: PictureBudget) -> Bool { left === right }
  func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
