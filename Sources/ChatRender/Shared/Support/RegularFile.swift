import Foundation

/// Reads whole files strangers made: only regular files (a FIFO would block forever, a device
/// such as /dev/zero never ends), and never more than a `Limit` allows.
///
/// The one place that reads a file into memory; inputs, archive folders, themes and pictures
/// go through it.
enum RegularFile {
  /// The bytes of the regular file at `path`.
  ///
  /// - Throws: `FileError` naming `path` when it is missing, unreadable, not a regular file,
  ///   or larger than `limit`.
  static func read(_ path: String, limit: Limit = .inputSize, maximum: Int? = nil)
    throws -> [UInt8]
  {
    // Non-blocking, so that opening a FIFO with no writer returns (to be refused) instead of
    // waiting for one.
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else { throw FileError(path: path, reason: describeErrno()) }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      throw FileError(path: path, reason: describeErrno())
    }
    if let problem = problem(withMode: status.st_mode) {
      throw FileError(path: path, reason: problem)
    }
    let cap = maximum ?? limit.value
    guard Int(status.st_size) <= cap else {
      throw FileError(path: path, reason: limit.exceededMessage(cap))
    }
    return try readAll(descriptor, path: path, limit: limit, cap: cap, expected: Int(status.st_size))
  }

  /// Standard input to its end (a pipe is fine there), at most `limit` bytes.
  static func readStandardInput(limit: Limit = .inputSize, maximum: Int? = nil) throws
    -> [UInt8]
  {
    let cap = maximum ?? limit.value
    return try readAll(STDIN_FILENO, path: "<stdin>", limit: limit, cap: cap, expected: 0)
  }

  /// Why `path` cannot be read as a file ("no such file or directory", "expected a regular
  /// file, found a named pipe (FIFO)"), or nil when it is a regular file. Never blocks.
  static func problem(at path: String) -> String? {
    var status = stat()
    guard stat(path, &status) == 0 else { return describeErrno() }
    return problem(withMode: status.st_mode)
  }

  /// What is wrong with a file of this type, or nil for a regular file.
  static func problem(withMode mode: mode_t) -> String? {
    switch mode & S_IFMT {
    case S_IFREG: return nil
    case S_IFDIR: return "expected a file, found a folder"
    case S_IFIFO: return "expected a regular file, found a named pipe (FIFO)"
    case S_IFCHR, S_IFBLK: return "expected a regular file, found a device"
    case S_IFSOCK: return "expected a regular file, found a socket"
    default: return "expected a regular file"
    }
  }

  private static func readAll(_ descriptor: Int32, path: String, limit: Limit, cap: Int, expected: Int)
    throws -> [UInt8]
  {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(min(expected, cap) + 1)
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        if errno == EAGAIN || errno == EWOULDBLOCK {
          // A non-blocking stdin with nothing yet: wait for it.
          var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
          _ = poll(&poller, 1, -1)
          continue
        }
        throw FileError(path: path, reason: describeErrno())
      }
      if count == 0 { return bytes }
      // The file may grow while it is read: the limit holds for what is read, not announced.
      guard bytes.count + count <= cap else {
        throw FileError(path: path, reason: limit.exceededMessage(cap))
      }
      bytes.append(contentsOf: chunk[0..<count])
    }
  }

  private static func describeErrno() -> String {
    String(cString: strerror(errno)).lowercased()
  }
}
