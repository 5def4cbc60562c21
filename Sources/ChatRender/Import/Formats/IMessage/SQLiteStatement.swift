import CSQLite

/// One prepared statement of a `SQLiteDatabase`, finalized in `deinit`.
final class SQLiteStatement {
  private let statement: OpaquePointer
  /// Kept so the connection outlives the statement.
  private let database: SQLiteDatabase

  init(_ statement: OpaquePointer, database: SQLiteDatabase) {
    self.statement = statement
    self.database = database
  }

  deinit { sqlite3_finalize(statement) }

  /// Binds text to the 1-based parameter `index`.
  func bind(_ index: Int32, _ text: String) {
    // SQLITE_TRANSIENT: SQLite copies the text.
    sqlite3_bind_text(statement, index, text, -1, unsafeBitCast(-1, to: sqlite3_destructor_type.self))
  }

  /// Binds an integer to the 1-based parameter `index`.
  func bind(_ index: Int32, _ value: Int64) {
    sqlite3_bind_int64(statement, index, value)
  }

  /// Moves to the next row; false after the last.
  ///
  /// - Throws: `FileError` when the database is damaged.
  func step() throws -> Bool {
    switch sqlite3_step(statement) {
    case SQLITE_ROW: return true
    case SQLITE_DONE: return false
    default: throw database.failure("cannot read the database")
    }
  }

  func isNull(_ column: Int32) -> Bool { sqlite3_column_type(statement, column) == SQLITE_NULL }

  /// The column as text (UTF-8, invalid bytes replaced), or nil for NULL.
  func text(_ column: Int32) -> String? {
    guard !isNull(column), let pointer = sqlite3_column_text(statement, column) else { return nil }
    let count = Int(sqlite3_column_bytes(statement, column))
    return String(decoding: UnsafeBufferPointer(start: pointer, count: count), as: UTF8.self)
  }

  /// The column as an integer, or nil for NULL (text is converted as SQLite converts it).
  func integer(_ column: Int32) -> Int64? {
    isNull(column) ? nil : sqlite3_column_int64(statement, column)
  }

  /// The column's bytes, or nil for NULL.
  func blob(_ column: Int32) -> [UInt8]? {
    guard !isNull(column) else { return nil }
    let count = Int(sqlite3_column_bytes(statement, column))
    guard count > 0, let pointer = sqlite3_column_blob(statement, column) else { return [] }
    return Array(UnsafeRawBufferPointer(start: pointer, count: count))
  }

  /// The size of the column's value in bytes, without copying it.
  func byteCount(_ column: Int32) -> Int { Int(sqlite3_column_bytes(statement, column)) }
}
