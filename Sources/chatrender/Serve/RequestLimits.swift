@_spi(Pages) import ChatRender
import Foundation

/// What one request's render may take (`--request-timeout`, `--request-memory`). A render
/// still making pages at its time is stopped: 503, the server was too slow for it now. One
/// whose page images would need more memory than allowed is refused before it starts: 422,
/// this export asked so is over a limit. Pictures stay under the command line's limits.
struct RequestLimits: Sendable {
  static let defaultSeconds = 60.0
  static let defaultMemory = 512 << 20

  var seconds = defaultSeconds
  var memory = defaultMemory

  /// When a render starting now must be done.
  func deadline() -> ContinuousClock.Instant { .now + .milliseconds(Int64((seconds * 1000).rounded())) }

  /// Refuses a raster render whose tallest image would take more than `memory`: an image
  /// is its width × height × 4 bytes, at most `maxImageHeight` (or `pageHeight`) high.
  func checkMemory(theme: Theme, export: ExportOptions) throws(RequestOverLimit) {
    guard export.format == .png || export.format == .webp else { return }
    let width = Int((theme.canvas.width * export.scale).rounded(.up))
    let height = min(export.pageHeight ?? export.maxImageHeight, export.maxImageHeight)
    let bytes = width * height * 4
    guard bytes > memory else { return }
    throw RequestOverLimit(
      message:
        "an image of \(width) × \(height) pixels needs about \(bytes >> 20) MB, more than --request-memory "
        + "\(ByteCount.text(memory)) allows; ask a lower scale or page-height")
  }
}

/// A request whose render would pass the server's `--request-memory` (422).
struct RequestOverLimit: Error {
  var message: String
}
