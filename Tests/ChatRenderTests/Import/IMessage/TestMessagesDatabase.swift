import CSQLite
import Foundation

/// Builds a Messages database at test time through SQLite's C API, with the tables and
/// columns of a real `chat.db` (macOS 14) or, `modern: false`, of an older `sms.db` (seconds
/// for dates; no thread, edit or emoji columns).
final class TestMessagesDatabase {
  /// One row of `message`; what is left out is what a plain text message has.
  struct Row {
    var chat: Int64
    var guid: String
    var text: String?
    var attributedBody: [UInt8]?
    var handle: Int64 = 0
    var isFromMe = false
    var date: Date
    var service = "iMessage"
    var itemType = 0
    var groupActionType = 0
    var otherHandle: Int64 = 0
    var groupTitle: String?
    var associatedGUID: String?
    var associatedType = 0
    var associatedEmoji: String?
    var threadOriginatorGUID: String?
    var dateEdited: Date?
    var dateRetracted: Date?
    var summaryInfo: [UInt8]?
  }

  let path: String
  let modern: Bool
  private var connection: OpaquePointer?

  init(path: String, modern: Bool = true) throws {
    self.path = path
    self.modern = modern
    try? FileManager.default.removeItem(atPath: path)
    guard sqlite3_open(path, &connection) == SQLITE_OK else { throw Failure(message: "cannot create \(path)") }
    guard !Self.schema.isEmpty else { throw Failure(message: "scripts/imessage-schema.sql not found") }
    try execute(Self.schema)
    if !modern { for column in Self.modernColumns { try execute("ALTER TABLE message DROP COLUMN \(column)") } }
  }

  deinit { sqlite3_close(connection) }

  struct Failure: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
  }

  /// The schema the sample uses too (`scripts/imessage-schema.sql`).
  static let schema: String = {
    let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
      "../../../../scripts/imessage-schema.sql"
    ).standardizedFileURL.path
    return (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
  }()

  /// What macOS 11 to 14 added to `message`, dropped to make an older database.
  static let modernColumns = [
    "thread_originator_guid", "thread_originator_part", "date_retracted", "date_edited", "message_summary_info",
    "associated_message_emoji",
  ]

  func execute(_ sql: String) throws {
    var error: UnsafeMutablePointer<CChar>?
    guard sqlite3_exec(connection, sql, nil, nil, &error) == SQLITE_OK else {
      defer { sqlite3_free(error) }
      throw Failure(message: error.map { String(cString: $0) } ?? "SQL failed")
    }
  }

  /// A value to bind: text, integer, blob or NULL.
  enum Value {
    case text(String?)
    case integer(Int64)
    case blob([UInt8]?)
  }

  @discardableResult
  func insert(_ table: String, _ values: [(String, Value)]) throws -> Int64 {
    let sql =
      "INSERT INTO \(table) (\(values.map(\.0).joined(separator: ", "))) VALUES (\(values.map { _ in "?" }.joined(separator: ", ")))"
    var statement: OpaquePointer?
    guard sqlite3_prepare_v2(connection, sql, -1, &statement, nil) == SQLITE_OK else {
      throw Failure(message: String(cString: sqlite3_errmsg(connection)))
    }
    defer { sqlite3_finalize(statement) }
    let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
    for (index, (_, value)) in values.enumerated() {
      let position = Int32(index + 1)
      switch value {
      case .text(let text?): sqlite3_bind_text(statement, position, text, -1, transient)
      case .integer(let number): sqlite3_bind_int64(statement, position, number)
      case .blob(let bytes?): sqlite3_bind_blob(statement, position, bytes, Int32(bytes.count), transient)
      case .text(nil), .blob(nil): sqlite3_bind_null(statement, position)
      }
    }
    guard sqlite3_step(statement) == SQLITE_DONE else {
      throw Failure(message: String(cString: sqlite3_errmsg(connection)))
    }
    return sqlite3_last_insert_rowid(connection)
  }

  /// A date as the database stores it: nanoseconds since 2001 (seconds in an old database).
  func stored(_ date: Date?) -> Int64 {
    guard let date else { return 0 }
    let seconds = date.timeIntervalSince1970 - 978_307_200
    return modern ? Int64((seconds * 1e9).rounded()) : Int64(seconds.rounded())
  }

  func handle(_ id: String, service: String = "iMessage") throws -> Int64 {
    try insert("handle", [("id", .text(id)), ("service", .text(service)), ("country", .text("us"))])
  }

  func chat(
    identifier: String, displayName: String? = nil, service: String = "iMessage", group: Bool = false,
    handles: [Int64]
  ) throws -> Int64 {
    let chat = try insert(
      "chat",
      [
        ("guid", .text("\(service);\(group ? "+" : "-");\(identifier)")), ("style", .integer(group ? 43 : 45)),
        ("chat_identifier", .text(identifier)), ("service_name", .text(service)),
        ("display_name", .text(displayName ?? "")),
      ])
    for handle in handles {
      try insert("chat_handle_join", [("chat_id", .integer(chat)), ("handle_id", .integer(handle))])
    }
    return chat
  }

  @discardableResult
  func message(_ row: Row) throws -> Int64 {
    var values: [(String, Value)] = [
      ("guid", .text(row.guid)), ("text", .text(row.text)), ("attributedBody", .blob(row.attributedBody)),
      ("handle_id", .integer(row.handle)), ("is_from_me", .integer(row.isFromMe ? 1 : 0)),
      ("date", .integer(stored(row.date))), ("service", .text(row.service)),
      ("item_type", .integer(Int64(row.itemType))),
      ("group_action_type", .integer(Int64(row.groupActionType))), ("other_handle", .integer(row.otherHandle)),
      ("group_title", .text(row.groupTitle)), ("associated_message_guid", .text(row.associatedGUID)),
      ("associated_message_type", .integer(Int64(row.associatedType))),
    ]
    if modern {
      values += [
        ("associated_message_emoji", .text(row.associatedEmoji)),
        ("thread_originator_guid", .text(row.threadOriginatorGUID)), ("date_edited", .integer(stored(row.dateEdited))),
        ("date_retracted", .integer(stored(row.dateRetracted))), ("message_summary_info", .blob(row.summaryInfo)),
      ]
    }
    let message = try insert("message", values)
    try insert(
      "chat_message_join",
      [
        ("chat_id", .integer(row.chat)), ("message_id", .integer(message)),
        ("message_date", .integer(stored(row.date))),
      ])
    return message
  }

  func attachment(message: Int64, filename: String, mimeType: String?, transferName: String? = nil) throws {
    let attachment = try insert(
      "attachment",
      [
        ("guid", .text(UUID().uuidString)), ("filename", .text(filename)), ("mime_type", .text(mimeType)),
        ("transfer_name", .text(transferName ?? (filename as NSString).lastPathComponent)),
        ("total_bytes", .integer(1234)),
      ])
    try insert("message_attachment_join", [("message_id", .integer(message)), ("attachment_id", .integer(attachment))])
    try execute("UPDATE message SET cache_has_attachments = 1 WHERE ROWID = \(message)")
  }

  /// A binary property list `{"rp": [0], "ec": {}}`, as Messages writes on an unsent message.
  static let unsentSummaryInfo: [UInt8] = {
    // Objects: 0 the dictionary, 1 "rp", 2 "ec", 3 the array [4], 4 the integer 0, 5 the empty dictionary.
    var bytes = Array("bplist00".utf8)
    var offsets: [Int] = []
    func object(_ raw: [UInt8]) {
      offsets.append(bytes.count)
      bytes += raw
    }
    object([0xD2, 1, 2, 3, 5])
    object([0x52] + Array("rp".utf8))
    object([0x52] + Array("ec".utf8))
    object([0xA1, 4])
    object([0x10, 0])
    object([0xD0])
    let table = bytes.count
    bytes += offsets.map(UInt8.init)
    bytes += [0, 0, 0, 0, 0, 0, 1, 1]
    bytes += withUnsafeBytes(of: UInt64(offsets.count).bigEndian, Array.init)
    bytes += withUnsafeBytes(of: UInt64(0).bigEndian, Array.init)
    bytes += withUnsafeBytes(of: UInt64(table).bigEndian, Array.init)
    return bytes
  }()
}
