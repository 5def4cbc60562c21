import CCairo
import Foundation

/// Where rendered bytes go: a file written atomically, or standard output.
///
/// A file is written to a temporary name in its folder and renamed into place by `commit()`,
/// so a failure never leaves a partial file.
public final class OutputSink {
  public let displayPath: String
  private let finalPath: String?
  private let temporaryPath: String?
  private let descriptor: Int32
  /// The temporary file's slot in `UnfinishedFiles`, which a signal handler may empty.
  private var unfinishedSlot: Int?
  public private(set) var failure: OutputError?
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

  /// Opens a temporary file beside `path`.
  public init(path: String) throws {
    let url = URL(fileURLWithPath: path)
    let prefix = url.deletingLastPathComponent().path + "/." + url.lastPathComponent + ".tmp-"
    // Recorded before it exists: a signal handler deleting the unfinished files may run on
    // any thread at any moment, and must never find the file created but not yet recorded.
    var attempt = 0
    while true {
      let temporary = prefix + Self.randomSuffix()
      let slot = UnfinishedFiles.add(temporary)
      let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
      if fd >= 0 {
        fchmod(fd, 0o644)
        displayPath = path
        finalPath = path
        temporaryPath = temporary
        descriptor = fd
        unfinishedSlot = slot
        return
      }
      let failure = errno
      if let slot { UnfinishedFiles.remove(slot) }
      attempt += 1
      guard failure == EEXIST, attempt < 100 else {
        throw OutputError(path: path, reason: "cannot create file (\(String(cString: strerror(failure))))")
      }
    }
  }

  /// Six letters or digits, as mkstemp would choose.
  private static func randomSuffix() -> String {
    let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
    return String((0..<6).map { _ in alphabet.randomElement()! })
  }

  /// Writes to standard output.
  public init(standardOutput: ()) {
    displayPath = "<stdout>"
    finalPath = nil
    temporaryPath = nil
    descriptor = STDOUT_FILENO
    unfinishedSlot = nil
  }

  /// Collects the bytes in memory.
  public init(memory: ()) {
    displayPath = "<memory>"
    finalPath = nil
    temporaryPath = nil
    descriptor = -1
    unfinishedSlot = nil
    buffer = []
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
          let reason = errno == EPIPE ? "broken pipe" : String(cString: strerror(errno))
          failure = OutputError(path: displayPath, reason: "cannot write (\(reason))")
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
    guard let finalPath, let temporaryPath, state == .writing else { return }
    // Forgotten only once renamed: a signal in between deletes a name that is gone.
    defer { forgetTemporaryFile() }
    state = .closed
    if close(descriptor) != 0 {
      unlink(temporaryPath)
      throw OutputError(path: finalPath, reason: "cannot write (\(String(cString: strerror(errno))))")
    }
    if rename(temporaryPath, finalPath) != 0 {
      let reason = String(cString: strerror(errno))
      unlink(temporaryPath)
      throw OutputError(path: finalPath, reason: "cannot create file (\(reason))")
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
