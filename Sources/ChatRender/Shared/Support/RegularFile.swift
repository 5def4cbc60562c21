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
    let (descriptor, size) = try openRegular(path, limit: limit, maximum: maximum)
    defer { close(descriptor) }
    return try readAll(descriptor, path: path, limit: limit, cap: maximum ?? limit.value, expected: size)
  }

  /// The first `count` bytes of the regular file at `path` (fewer when it is shorter): a
  /// picture's header, read without reading the rest.
  ///
  /// - Throws: `FileError` as `read(_:limit:maximum:)` does; a file larger than `limit` is
  ///   refused, although only its start would be read.
  static func prefix(_ path: String, count: Int, limit: Limit = .inputSize) throws -> [UInt8] {
    let (descriptor, size) = try openRegular(path, limit: limit)
    defer { close(descriptor) }
    var bytes = [UInt8](repeating: 0, count: min(count, size))
    var filled = 0
    while filled < bytes.count {
      let read = bytes.withUnsafeMutableBytes {
        Foundation.read(descriptor, $0.baseAddress! + filled, $0.count - filled)
      }
      if read < 0 && errno == EINTR { continue }
      if read < 0 { throw FileError(path: path, reason: describeErrno()) }
      if read == 0 { break }
      filled += read
    }
    return Array(bytes.prefix(filled))
  }

  /// A descriptor of the regular file at `path`, no larger than its limit, and its size; the
  /// caller closes it.
  private static func openRegular(_ path: String, limit: Limit, maximum: Int? = nil) throws -> (Int32, Int) {
    // Non-blocking, so that opening a FIFO with no writer returns (to be refused) instead of
    // waiting for one.
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else { throw FileError(path: path, reason: describeErrno()) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      let reason = describeErrno()
      close(descriptor)
      throw FileError(path: path, reason: reason)
    }
    let cap = maximum ?? limit.value
    let problem = problem(withMode: status.st_mode) ?? (Int(status.st_size) > cap ? limit.exceededMessage(cap) : nil)
    if let problem {
      close(descriptor)
      throw FileError(path: path, reason: problem)
    }
    return (descriptor, Int(status.st_size))
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

  /// The SHA-256 of the regular file at `path`, read in chunks (an archive may be larger than
  /// memory should hold), at most `limit` bytes (or `maximum`).
  static func sha256(_ path: String, limit: Limit, maximum: Int? = nil) throws -> String {
    let (descriptor, _) = try openRegular(path, limit: limit, maximum: maximum)
    defer { close(descriptor) }
    var hash = SHA256()
    try forEachChunk(descriptor, path: path, limit: limit, cap: maximum ?? limit.value) { hash.update(Array($0)) }
    return hash.finishHex()
  }

  private static func readAll(_ descriptor: Int32, path: String, limit: Limit, cap: Int, expected: Int)
    throws -> [UInt8]
  {
    var bytes = try readDirectly(descriptor, path: path, count: min(expected, cap))
    try forEachChunk(descriptor, path: path, limit: limit, cap: cap, alreadyRead: bytes.count) {
      bytes.append(contentsOf: $0)
    }
    return bytes
  }

  /// Up to `count` bytes read straight into the array (a photo chat reads hundreds of
  /// megabytes: no second copy, no zeroing); fewer at the end of the file, or when a
  /// non-blocking input has nothing yet.
  private static func readDirectly(_ descriptor: Int32, path: String, count: Int) throws -> [UInt8] {
    var failure: Int32 = 0
    let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, filled in
      filled = 0
      while filled < count {
        let read = Foundation.read(descriptor, buffer.baseAddress! + filled, count - filled)
        if read > 0 {
          filled += read
        } else if read < 0 && errno == EINTR {
          continue
        } else {
          if read < 0 && errno != EAGAIN && errno != EWOULDBLOCK { failure = errno }
          return
        }
      }
    }
    if failure != 0 { throw FileError(path: path, reason: String(cString: strerror(failure)).lowercased()) }
    return bytes
  }

  /// Hands every chunk read from `descriptor` to `body`, refusing more than `cap` bytes in all.
  private static func forEachChunk(
    _ descriptor: Int32, path: String, limit: Limit, cap: Int, alreadyRead: Int = 0,
    _ body: (ArraySlice<UInt8>) -> Void
  ) throws {
    var total = alreadyRead
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
      if count == 0 { return }
      // The file may grow while it is read: the limit holds for what is read, not announced.
      total += count
      guard total <= cap else { throw FileError(path: path, reason: limit.exceededMessage(cap)) }
      body(chunk[0..<count])
    }
  }

  private static func describeErrno() -> String {
    String(cString: strerror(errno)).lowercased()
  }
}
