import CSQLite
import Foundation

/// A SQLite database opened read-only, for reading a stranger's file: a file on disk is
/// opened `immutable` (no lock, no journal, no `-wal` file read or made: a copy taken while
/// Messages ran still opens, and nothing is ever written beside it), bytes in memory are
/// deserialized read-only. Owns its connection and closes it in `deinit`.
final class SQLiteDatabase {
  private let connection: OpaquePointer
  /// The path shown in errors.
  let path: String

  /// Opens the file at `path` (`file:…?immutable=1&mode=ro`).
  ///
  /// - Throws: `FileError` when SQLite cannot open it.
  init(path: String) throws {
    self.path = path
    let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
    let uri = "file:" + Self.percentEncoded(absolute) + "?immutable=1&mode=ro"
    var handle: OpaquePointer?
    let status = sqlite3_open_v2(uri, &handle, SQLITE_OPEN_URI | SQLITE_OPEN_READONLY, nil)
    guard status == SQLITE_OK, let handle else {
      let reason = handle.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(status))
      sqlite3_close_v2(handle)
      throw FileError(path: path, reason: "cannot open the database: \(reason)")
    }
    connection = handle
    try configure()
  }

  /// Opens a database held in `bytes`, read-only.
  ///
  /// - Throws: `FileError` when SQLite cannot take the bytes.
  init(bytes: [UInt8], path: String) throws {
    self.path = path
    var handle: OpaquePointer?
    guard sqlite3_open_v2(":memory:", &handle, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK, let handle else {
      sqlite3_close_v2(handle)
      throw FileError(path: path, reason: "cannot open the database")
    }
    connection = handle
    // SQLite keeps the copy (sqlite3_malloc'd, freed with the connection).
    guard let copy = sqlite3_malloc64(sqlite3_uint64(max(bytes.count, 1))) else {
      throw FileError(path: path, reason: "out of memory")
    }
    bytes.withUnsafeBytes { copy.copyMemory(from: $0.baseAddress!, byteCount: bytes.count) }
    let flags = UInt32(SQLITE_DESERIALIZE_FREEONCLOSE | SQLITE_DESERIALIZE_READONLY)
    let size = sqlite3_int64(bytes.count)
    guard sqlite3_deserialize(handle, "main", copy.assumingMemoryBound(to: UInt8.self), size, size, flags) == SQLITE_OK
    else { throw FileError(path: path, reason: "cannot open the database: " + lastError) }
    try configure()
  }

  deinit { sqlite3_close_v2(connection) }

  /// A stranger's file: its schema is not trusted (no functions run from views or defaults),
  /// and no value may be longer than an input file.
  private func configure() throws {
    chatrender_sqlite_distrust_schema(connection)
    sqlite3_limit(connection, SQLITE_LIMIT_LENGTH, Int32(Limit.inputSize.value.clamped(to: 1...Int(Int32.max))))
    // Reading the schema checks the header: a damaged file fails here, named.
    _ = try tableNames()
  }

  var lastError: String { String(cString: sqlite3_errmsg(connection)) }

  /// The error for a failed call, naming the database.
  func failure(_ what: String) -> FileError {
    FileError(path: path, reason: "\(what): \(lastError)")
  }

  /// Prepares `sql` (ours, never the user's text).
  func prepare(_ sql: String) throws -> SQLiteStatement {
    var statement: OpaquePointer?
    guard sqlite3_prepare_v2(connection, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
      throw failure("cannot read the database")
    }
    return SQLiteStatement(statement, database: self)
  }

  /// The names of the tables, lowercased.
  func tableNames() throws -> Set<String> {
    var names: Set<String> = []
    let statement = try prepare("SELECT name FROM sqlite_master WHERE type = 'table'")
    while try statement.step() { names.insert((statement.text(0) ?? "").lowercased()) }
    return names
  }

  /// The names of `table`'s columns, lowercased; empty when there is no such table.
  func columnNames(of table: String) throws -> Set<String> {
    var names: Set<String> = []
    let statement = try prepare("SELECT name FROM pragma_table_info(?)")
    statement.bind(1, table)
    while try statement.step() { names.insert((statement.text(0) ?? "").lowercased()) }
    return names
  }

  private static func percentEncoded(_ path: String) -> String {
    var allowed = CharacterSet.urlPathAllowed
    allowed.remove(charactersIn: "?#%")
    return path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
  }
}

extension Int {
  fileprivate func clamped(to range: ClosedRange<Int>) -> Int {
    Swift.min(Swift.max(self, range.lowerBound), range.upperBound)
  }
}
