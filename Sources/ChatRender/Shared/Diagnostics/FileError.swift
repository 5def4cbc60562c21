import Foundation

/// A file that could not be read or written at all: which, and why ("permission denied").
public struct FileError: Error, Sendable, CustomStringConvertible {
  /// The file's path as shown to users.
  public var path: String
  /// Why it failed, short and lowercase ("permission denied").
  public var reason: String
  /// The system's error number when one caused it (`EPIPE`: the reader went away).
  package var errorNumber: Int32?

  /// A failure on `path` because of `reason`.
  public init(path: String, reason: String) {
    self.path = path
    self.reason = reason
  }

  /// `path: error: reason`.
  public var description: String { "\(path): error: \(reason)" }

  /// A short reason for a Foundation or POSIX error ("no such file", "permission denied").
  static func describe(_ error: any Error) -> String {
    let nsError = error as NSError
    if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError,
      underlying.domain == NSPOSIXErrorDomain
    {
      return String(cString: strerror(Int32(underlying.code))).lowercased()
    }
    switch nsError.code {
    case NSFileReadNoSuchFileError: return "no such file or directory"
    case NSFileReadNoPermissionError: return "permission denied"
    default: return "cannot read file (\(nsError.localizedDescription))"
    }
  }
}
