import Foundation

/// A SQLite database given as input: a file read in place (a `chat.db` may be gigabytes, and
/// SQLite reads only the pages a query needs), or bytes from stdin.
struct DatabaseFile: Sendable {
  /// The path shown in diagnostics, or `<stdin>`.
  let path: String
  /// The database's bytes when it came from stdin; nil for a file on disk.
  let bytes: [UInt8]?

  /// "SQLite format 3" and a NUL: the first 16 bytes of every SQLite 3 database.
  static let signature: [UInt8] = Array("SQLite format 3".utf8) + [0]

  /// A database file on disk, held to `Limit.databaseSize`.
  ///
  /// - Throws: `FileError` when the file is larger than the limit or cannot be examined.
  init(path: String) throws {
    var status = stat()
    guard stat(path, &status) == 0 else { throw FileError(path: path, reason: String(cString: strerror(errno))) }
    guard Int(status.st_size) <= Limit.databaseSize.value else {
      throw FileError(path: path, reason: Limit.databaseSize.exceededMessage())
    }
    self.path = path
    self.bytes = nil
  }

  /// A database held in memory (stdin, a fuzzer's input, a test).
  init(path: String, bytes: [UInt8]) {
    self.path = path
    self.bytes = bytes
  }

  static func hasSignature(_ bytes: some Collection<UInt8>) -> Bool {
    bytes.starts(with: signature)
  }

  static func hasSignature(atPath path: String) -> Bool {
    guard let handle = FileHandle(forReadingAtPath: path) else { return false }
    defer { try? handle.close() }
    guard let head = try? handle.read(upToCount: signature.count) else { return false }
    return hasSignature(head)
  }

  /// Opens the database read-only (see `SQLiteDatabase`).
  func open() throws -> SQLiteDatabase {
    if let bytes { return try SQLiteDatabase(bytes: bytes, path: path) }
    return try SQLiteDatabase(path: path)
  }
}
