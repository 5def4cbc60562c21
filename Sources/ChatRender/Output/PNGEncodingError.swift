/// A PNG that could not be encoded: bad pixel geometry or a compressor failure.
///
/// Errors thrown by the caller's sink pass through unchanged.
struct PNGEncodingError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What went wrong, short and lowercase.
  var reason: String

  /// Creates an error with a short, lowercase reason.
  init(_ reason: String) {
    self.reason = reason
  }

  var description: String { "cannot encode PNG: \(reason)" }
}
