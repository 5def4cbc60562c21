import CCairo
import Foundation

/// Where rendered bytes go: a file written atomically, or standard output.
///
/// A file is written to a temporary name in its folder and renamed into place by `commit()`,
/// so a failure never leaves a partial file. A device or a FIFO (`/dev/null`, a named pipe,
/// `/dev/stdout` on a pipe) is written directly: renaming over it would replace it with a
/// regular file. A symbolic link to a regular file is replaced, never written through (a
/// stranger's folder may hold `out.png` leading to a file of the user's). A read-only file is
/// refused, as `cp` refuses it, even to root.
@_spi(Pages) public final class OutputSink {
  /// The path in messages: the file's path, `<stdout>` or `<memory>`.
  public let displayPath: String
  /// Set for a device or FIFO written directly, whose descriptor is closed at the end.
  private let writesInPlace: Bool
  private let finalPath: String?
  private let temporaryPath: String?
  private let descriptor: Int32
  /// The temporary file's slot in `UnfinishedFiles`, which a signal handler may empty.
  private var unfinishedSlot: Int?
  /// The first write that failed; nil while every write succeeded. `commit()` throws it.
  public private(set) var failure: FileError?
  private var finished = false
  /// A file's descriptor is closed once, whichever of commit and abort comes first.
  private var state = State.writing
  private enum State { case writing, closed, committed }
  /// The bytes written, for a sink in memory.
  public private(set) var buffer: [UInt8]?
  /// Bytes not yet written to the descriptor: cairo hands over a few bytes at a time, and a
  /// system call for each costs more than drawing them.
  private var pending: [UInt8] = []
  private static let pendingLimit = 1 << 16

  /// Opens a temporary file beside `path`, or `path` itself when it is a device or a FIFO.
  ///
  /// - Throws: `FileError` when `path` is a read-only file or no file can be made beside it.
  public init(path: String) throws {
    var status = stat()
    if stat(path, &status) == 0, status.st_mode & S_IFMT != S_IFREG,
      status.st_mode & S_IFMT != S_IFDIR
    {
      let fd = open(path, O_WRONLY | O_CLOEXEC)
      guard fd >= 0 else {
        throw FileError(path: path, reason: "cannot open (\(String(cString: strerror(errno))))")
      }
      displayPath = path
      finalPath = nil
      temporaryPath = nil
      descriptor = fd
      unfinishedSlot = nil
      writesInPlace = true
      return
    }
    writesInPlace = false
    if lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_mode & 0o222 == 0 {
      throw FileError(path: path, reason: "is read-only; not replaced")
    }
    let target = path
    let url = URL(fileURLWithPath: target)
    let directory = url.deletingLastPathComponent().path
    // The name is recorded before the file exists, so that a signal arriving in between
    // cannot leave it behind (mkstemp would create it first).
    var fd: Int32 = -1
    var temporary = ""
    var slot: Int?
    for _ in 0..<100 {
      let suffix = String((0..<6).map { _ in "abcdefghijklmnopqrstuvwxyz0123456789".randomElement()! })
      temporary = directory + "/." + url.lastPathComponent + ".tmp-" + suffix
      slot = UnfinishedFiles.add(temporary)
      fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
      if fd >= 0 { break }
      let reason = errno
      if let slot { UnfinishedFiles.remove(slot) }
      slot = nil
      guard reason == EEXIST else {
        throw FileError(path: path, reason: "cannot create file (\(String(cString: strerror(reason))))")
      }
    }
    guard fd >= 0 else {
      throw FileError(path: path, reason: "cannot create file (no free temporary name)")
    }
    fchmod(fd, 0o644)
    displayPath = path
    finalPath = target
    temporaryPath = temporary
    descriptor = fd
    unfinishedSlot = slot
  }

  /// Writes to standard output.
  public init(standardOutput: ()) {
    displayPath = "<stdout>"
    finalPath = nil
    temporaryPath = nil
    descriptor = STDOUT_FILENO
    unfinishedSlot = nil
    writesInPlace = false
  }

  /// Collects the bytes in memory.
  public init(memory: ()) {
    displayPath = "<memory>"
    finalPath = nil
    temporaryPath = nil
    descriptor = -1
    unfinishedSlot = nil
    buffer = []
    writesInPlace = false
  }

  /// Writes `bytes` as the whole file at `path`, atomically as every sink does.
  package static func write(_ bytes: [UInt8], to path: String) throws {
    let sink = try OutputSink(path: path)
    bytes.withUnsafeBytes { sink.write($0) }
    try sink.commit()
  }

  deinit { if !finished { abort() } }

  /// Appends bytes; records the first failure instead of throwing (cairo callbacks cannot).
  func write(_ bytes: UnsafeRawBufferPointer) {
    guard failure == nil else { return }
    if buffer != nil {
      buffer?.append(contentsOf: bytes)
      return
    }
    if pending.isEmpty { pending.reserveCapacity(Self.pendingLimit) }
    pending.append(contentsOf: bytes)
    if pending.count >= Self.pendingLimit { flush() }
  }

  /// Writes the pending bytes to the descriptor.
  private func flush() {
    defer { pending.removeAll(keepingCapacity: true) }
    guard failure == nil else { return }
    pending.withUnsafeBytes { bytes in
      guard var base = bytes.baseAddress else { return }
      var remaining = bytes.count
      while remaining > 0 {
        let written = Foundation.write(descriptor, base, remaining)
        if written < 0 {
          if errno == EINTR { continue }
          let number = errno
          let reason = number == EPIPE ? "broken pipe" : String(cString: strerror(number))
          failure = FileError(path: displayPath, reason: "cannot write (\(reason))")
          failure?.errorNumber = number
          return
        }
        remaining -= written
        base += written
      }
    }
  }

  /// Renames the finished file into place.
  public func commit() throws {
    finished = true
    flush()
    if let failure {
      discard()
      throw failure
    }
    if writesInPlace, state == .writing {
      state = .closed
      if close(descriptor) != 0 {
        throw FileError(path: displayPath, reason: "cannot write (\(String(cString: strerror(errno))))")
      }
      return
    }
    guard let finalPath, let temporaryPath, state == .writing else { return }
    // Forgotten only once renamed: a signal in between deletes a name that is gone.
    defer { forgetTemporaryFile() }
    state = .closed
    if close(descriptor) != 0 {
      unlink(temporaryPath)
      throw FileError(path: displayPath, reason: "cannot write (\(String(cString: strerror(errno))))")
    }
    if rename(temporaryPath, finalPath) != 0 {
      let reason = String(cString: strerror(errno))
      unlink(temporaryPath)
      throw FileError(path: displayPath, reason: "cannot create file (\(reason))")
    }
    state = .committed
  }

  /// Removes the file: the temporary one, or the committed one when a later file of the same
  /// output failed (numbered images are all written or none).
  public func abort() {
    finished = true
    if state == .committed, let finalPath {
      unlink(finalPath)
      state = .closed
    }
    discard()
  }

  private func discard() {
    if writesInPlace, state == .writing {
      state = .closed
      close(descriptor)
      return
    }
    guard let temporaryPath, state == .writing else { return }
    state = .closed
    close(descriptor)
    unlink(temporaryPath)
    forgetTemporaryFile()
  }

  private func forgetTemporaryFile() {
    if let unfinishedSlot { UnfinishedFiles.remove(unfinishedSlot) }
    unfinishedSlot = nil
  }

  /// A cairo write callback that appends to the sink passed as its closure.
  static let cairoWriter: cairo_write_func_t = { closure, data, length in
    guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
    let sink = Unmanaged<OutputSink>.fromOpaque(closure).takeUnretainedValue()
    sink.write(UnsafeRawBufferPointer(start: data, count: Int(length)))
    return sink.failure == nil ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_WRITE_ERROR
  }
}
