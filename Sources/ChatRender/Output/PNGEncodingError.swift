/// A PNG that could not be encoded: bad pixel geometry or a compressor failure.
///
/// Errors thrown by the caller's sink pass through unchanged.
public struct PNGEncodingError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What went wrong, short and lowercase.
  public var reason: String

  /// Creates an error with a short, lowercase reason.
  public init(_ reason: String) {
    self.reason = reason
  }

  public var description: String { "cannot encode PNG: \(reason)" }
}
