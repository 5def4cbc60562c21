import CCairo
import Foundation

/// Where rendered bytes go: a file written atomically, or standard output.
///
/// A file is written to an unnamed temporary file in its folder (`O_TMPFILE`: it vanishes with
/// the process, even one killed by SIGKILL) and given a name only by `commit()`, which links it
/// to a hidden temporary name and renames that into place, so a failure never leaves a partial
/// file. Where the file system refuses unnamed files, a hidden named temporary file is written
/// instead, which `UnfinishedFiles` lets a signal handler delete. A device or a FIFO (`/dev/null`, a named pipe,
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
  /// The named temporary file; nil for an unnamed one (`isUnnamed`) until `commit()` names it.
  private var temporaryPath: String?
  /// Written through `O_TMPFILE`: no name until committed.
  private let isUnnamed: Bool
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
      isUnnamed = false
      return
    }
    writesInPlace = false
    if lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_mode & 0o222 == 0 {
      throw FileError(path: path, reason: "is read-only; not replaced")
    }
    displayPath = path
    finalPath = path
    if let fd = Self.openUnnamed(beside: path) {
      fchmod(fd, 0o644)
      descriptor = fd
      temporaryPath = nil
      unfinishedSlot = nil
      isUnnamed = true
      return
    }
    isUnnamed = false
    let (temporary, slot) = try Self.claimTemporaryName(beside: path) { name in
      let fd = open(name, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
      return fd >= 0 ? fd : -errno
    }
    fchmod(temporary.result, 0o644)
    temporaryPath = temporary.name
    descriptor = temporary.result
    unfinishedSlot = slot
  }

  /// `O_TMPFILE`, which Glibc's module does not export.
  private static let unnamedFileFlag = O_DIRECTORY | 0o20_000_000

  /// An unnamed file in `path`'s folder, or nil where the file system refuses one
  /// (EOPNOTSUPP, EISDIR, EINVAL) or `/proc/self/fd`, through which it is named, is missing.
  private static func openUnnamed(beside path: String) -> Int32? {
    guard access("/proc/self/fd", X_OK) == 0 else { return nil }
    let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
    let fd = open(folder, unnamedFileFlag | O_WRONLY | O_CLOEXEC, 0o644)
    return fd >= 0 ? fd : nil
  }

  /// Makes a hidden `.NAME.tmp-XXXXXX` beside `path` with `make`, which returns a result of
  /// at least 0 or minus errno. The name is recorded in `UnfinishedFiles` before the file
  /// exists, so that a signal arriving in between cannot leave it behind.
  private static func claimTemporaryName(beside path: String, make: (String) -> Int32) throws
    -> (temporary: (name: String, result: Int32), slot: Int?)
  {
    let url = URL(fileURLWithPath: path)
    let directory = url.deletingLastPathComponent().path
    for _ in 0..<100 {
      let suffix = String((0..<6).map { _ in "abcdefghijklmnopqrstuvwxyz0123456789".randomElement()! })
      let temporary = directory + "/." + url.lastPathComponent + ".tmp-" + suffix
      let slot = UnfinishedFiles.add(temporary)
      let result = make(temporary)
      if result >= 0 { return ((temporary, result), slot) }
      if let slot { UnfinishedFiles.remove(slot) }
      guard -result == EEXIST else {
        throw FileError(path: path, reason: "cannot create file (\(String(cString: strerror(-result))))")
      }
    }
    throw FileError(path: path, reason: "cannot create file (no free temporary name)")
  }

  /// Writes to standard output.
  public init(standardOutput: ()) {
    displayPath = "<stdout>"
    finalPath = nil
    temporaryPath = nil
    descriptor = STDOUT_FILENO
    unfinishedSlot = nil
    writesInPlace = false
    isUnnamed = false
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
    isUnnamed = false
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
    if isUnnamed, let finalPath, state == .writing {
      // Named only now: linked to a hidden name, then renamed over the target.
      do {
        let (named, slot) = try Self.claimTemporaryName(beside: finalPath) { name in
          linkat(AT_FDCWD, "/proc/self/fd/\(descriptor)", AT_FDCWD, name, AT_SYMLINK_FOLLOW) == 0 ? 0 : -errno
        }
        temporaryPath = named.name
        unfinishedSlot = slot
      } catch {
        discard()
        throw error
      }
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
    guard state == .writing, temporaryPath != nil || isUnnamed else { return }
    state = .closed
    close(descriptor)  // an unnamed file vanishes here
    if let temporaryPath { unlink(temporaryPath) }
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
