@_spi(Pages) import ChatRender
import Foundation
import Synchronization

/// Renderers kept warm between requests: a `ChatRenderer` keeps its fonts and Pango context,
/// so a request reuses one made for the same theme, format and scale instead of setting fonts
/// up again. A renderer serves one request at a time (docs/ARCHITECTURE.md, "Threads").
final class RendererPool: Sendable {
  /// A renderer handed from one request's thread to the next, never shared by two at once.
  final class Warm: @unchecked Sendable {
    let renderer: ChatRenderer
    init(_ renderer: ChatRenderer) { self.renderer = renderer }
  }

  /// At most this many idle renderers are kept; past it the pool starts again.
  static let capacity = 32
  private let idle = Mutex<[String: [Warm]]>([:])

  /// Runs `body` with an idle renderer for `key`, or a new one from `make`, and keeps it.
  func with<T>(key: String, make: () throws -> ChatRenderer, _ body: (ChatRenderer) throws -> T) throws -> T {
    let taken = idle.withLock { idle in idle[key]?.popLast() }
    let warm = try taken ?? Warm(make())
    let result = try body(warm.renderer)
    idle.withLock { idle in
      if idle.values.reduce(0, { $0 + $1.count }) >= Self.capacity { idle = [:] }
      idle[key, default: []].append(warm)
    }
    return result
  }
}
