import Foundation
import Synchronization

/// The named temporary files being written, kept where a signal handler can delete them: a
/// signal that ends the process must not leave hidden `.NAME.tmp-XXXXXX` files behind. (Most
/// outputs are written unnamed, `O_TMPFILE`, and are named here only for the moment between
/// `linkat` and `rename`; the rest are where the file system refuses unnamed files.)
///
/// A handler may not lock or allocate, so the paths sit in fixed slots of memory that is
/// never freed, and one atomic bit per slot says which are live. Up to 64 files at once;
/// beyond that a file is still written safely, only not cleaned up after a kill.
enum UnfinishedFiles {
  private static let slotCount = 64
  private static let pathCapacity = Int(PATH_MAX)
  /// Slots handed out (a path may still be being copied in).
  private static let claimed = Atomic<UInt64>(0)
  /// Slots whose path is complete and whose file exists.
  private static let live = Atomic<UInt64>(0)
  nonisolated(unsafe) private static let paths: UnsafeMutablePointer<CChar> = {
    let memory = UnsafeMutablePointer<CChar>.allocate(capacity: slotCount * pathCapacity)
    memory.initialize(repeating: 0, count: slotCount * pathCapacity)
    return memory
  }()

  /// Records `path`; returns its slot, or nil when every slot is taken or the path is long.
  static func add(_ path: String) -> Int? {
    let bytes = Array(path.utf8)
    guard bytes.count < pathCapacity else { return nil }
    let storage = paths  // set up here, never in a handler
    var current = claimed.load(ordering: .relaxed)
    while true {
      guard current != .max else { return nil }
      let slot = (~current).trailingZeroBitCount
      let (exchanged, original) = claimed.compareExchange(
        expected: current, desired: current | (1 << slot), ordering: .acquiring)
      if exchanged {
        let start = storage + slot * pathCapacity
        bytes.withUnsafeBufferPointer { buffer in
          buffer.withMemoryRebound(to: CChar.self) { start.update(from: $0.baseAddress!, count: bytes.count) }
        }
        start[bytes.count] = 0
        live.bitwiseOr(1 << slot, ordering: .releasing)
        return slot
      }
      current = original
    }
  }

  /// Forgets `slot`: call after the file was renamed into place or deleted.
  static func remove(_ slot: Int) {
    live.bitwiseAnd(~(1 << slot), ordering: .releasing)
    claimed.bitwiseAnd(~(1 << slot), ordering: .releasing)
  }

  /// Deletes every recorded file. Async-signal-safe: only atomic loads and `unlink`.
  static func deleteAll() {
    let slots = live.load(ordering: .acquiring)
    guard slots != 0 else { return }
    for slot in 0..<slotCount where slots & (1 << slot) != 0 {
      unlink(paths + slot * pathCapacity)
    }
  }
}
