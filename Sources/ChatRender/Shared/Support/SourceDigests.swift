import Synchronization

/// The SHA-256 of every file an import read, as it read them: what `--evidence` states, so the
/// hash is of the bytes that made the document, within the input limit, not of a second read.
///
/// Given to `ImportInput.open(_:recordingInto:)`, which notes the file, archive or database
/// it opens, and the input keeps it for the files of a folder and the siblings a format reads
/// (pictures are read later, by the render, and are not the source).
package final class SourceDigests: Sendable {
  /// One file read: its path as shown in diagnostics, and its digest.
  package struct Entry: Sendable, Hashable {
    package var path: String
    package var sha256: String
  }

  private let entries = Mutex<[String: String]>([:])

  package init() {}

  /// Notes the bytes read from `path`; the last read of a path wins.
  package func record(_ bytes: some Collection<UInt8>, path: String) {
    let digest = SHA256.hex(of: bytes)
    entries.withLock { $0[path] = digest }
  }

  /// Notes a digest computed elsewhere (an archive hashed as it was streamed).
  package func record(digest: String, path: String) {
    entries.withLock { $0[path] = digest }
  }

  /// The SHA-256 of a file chatrender wrote (an output, for its manifest): not a stranger's,
  /// so no input limit applies.
  package static func sha256(ofOutputAt path: String) throws -> String {
    try RegularFile.sha256(path, limit: .archiveSize, maximum: .max)
  }

  /// The bytes of a record chatrender keeps beside its outputs (`.chat.png.chatrender`),
  /// read as any input is: a regular file, within the input limit.
  package static func readRecord(at path: String) throws -> [UInt8] {
    try RegularFile.read(path, limit: .inputSize)
  }

  /// The bytes of the source at `path` read again, if its SHA-256 is still `sha256`: what a
  /// PDF/A-3u carries with `--evidence`; nil when unreadable or changed since.
  package static func source(at path: String, matching sha256: String) -> [UInt8]? {
    guard let bytes = try? RegularFile.read(path, limit: .archiveSize), SHA256.hex(of: bytes) == sha256 else {
      return nil
    }
    return bytes
  }

  /// Every file read, by path.
  package var all: [Entry] {
    entries.withLock { map in map.keys.sorted().map { Entry(path: $0, sha256: map[$0]!) } }
  }
}
