import Foundation

/// The tables of a Messages database (macOS `chat.db`, an iPhone backup's `sms.db`) that a
/// transcript needs: `handle` (a phone number or e-mail address), `chat` and who is in it
/// (`chat_handle_join`), `message` and the chat it is in (`chat_message_join`), `attachment`
/// and its message (`message_attachment_join`) (docs/FORMATS.md, "iMessage and SMS").
///
/// Columns came over the years (`thread_originator_guid` in macOS 11, `date_edited` in 13,
/// `associated_message_emoji` in 14): a column the file lacks reads as NULL.
struct IMessageDatabase {
  /// One row of `chat`, with its participants' handles.
  struct Chat {
    var rowID: Int64
    var guid: String
    /// The phone number or address of a one-to-one chat, `chat123…` for a group.
    var identifier: String
    /// The name a group was given; nil when it has none.
    var displayName: String?
    /// "iMessage", "SMS" or "RCS".
    var service: String?
    /// 43 for a group, 45 for a one-to-one chat.
    var style: Int64?
    var handles: [String]

    var isGroup: Bool { style == 43 || handles.count > 1 }
  }

  /// One row of `message`.
  struct MessageRow {
    var rowID: Int64
    var guid: String
    var text: String?
    var attributedBody: [UInt8]?
    var service: String?
    var handle: String?
    var date: Int64?
    var isFromMe: Bool
    var itemType: Int64
    var groupActionType: Int64
    var otherHandle: String?
    var groupTitle: String?
    var associatedGUID: String?
    var associatedType: Int64?
    var associatedEmoji: String?
    var threadOriginatorGUID: String?
    var dateEdited: Int64?
    var dateRetracted: Int64?
    var summaryInfo: [UInt8]?
    var attachments: [AttachmentRow] = []
  }

  /// One row of `attachment`.
  struct AttachmentRow {
    var filename: String?
    var mimeType: String?
    var transferName: String?
    var totalBytes: Int64?
    var isSticker: Bool
  }

  /// Messages in a chat, and the dates of the first and last.
  struct Count {
    var messages: Int
    var first: Int64?
    var last: Int64?
  }

  static let requiredTables: Set<String> = ["message", "handle", "chat", "chat_message_join"]

  let database: SQLiteDatabase
  /// `handle.id` by `handle.ROWID`.
  let handles: [Int64: String]
  let chats: [Chat]

  /// Opens `file` and reads its handles and chats.
  ///
  /// - Throws: `FileError` when the file is no Messages database or is damaged.
  init(_ file: DatabaseFile) throws {
    database = try file.open()
    let tables = try database.tableNames()
    let missing = Self.requiredTables.subtracting(tables).sorted()
    guard missing.isEmpty else {
      throw FileError(
        path: file.path,
        reason: "not a Messages database (no table \(missing.map { "'\($0)'" }.joined(separator: ", ")))")
    }
    handles = try Self.readHandles(database)
    chats = try Self.readChats(database, handles: handles, hasHandleJoin: tables.contains("chat_handle_join"))
  }

  /// Whether the database at hand has Messages' tables.
  static func looksLikeMessages(_ file: DatabaseFile) -> Bool {
    guard let database = try? file.open(), let tables = try? database.tableNames() else { return false }
    return requiredTables.isSubset(of: tables)
  }

  private static func readHandles(_ database: SQLiteDatabase) throws -> [Int64: String] {
    var handles: [Int64: String] = [:]
    let statement = try database.prepare("SELECT ROWID, id FROM handle")
    while try statement.step() {
      if let rowID = statement.integer(0), let id = statement.text(1) { handles[rowID] = id }
    }
    return handles
  }

  private static func readChats(_ database: SQLiteDatabase, handles: [Int64: String], hasHandleJoin: Bool) throws
    -> [Chat]
  {
    let columns = try database.columnNames(of: "chat")
    let statement = try database.prepare(
      "SELECT ROWID, \(pick("guid", columns)), \(pick("chat_identifier", columns)), "
        + "\(pick("display_name", columns)), \(pick("service_name", columns)), \(pick("style", columns)) "
        + "FROM chat ORDER BY ROWID")
    var chats: [Chat] = []
    var byRowID: [Int64: Int] = [:]
    while try statement.step() {
      guard let rowID = statement.integer(0) else { continue }
      byRowID[rowID] = chats.count
      chats.append(
        Chat(
          rowID: rowID, guid: statement.text(1) ?? "", identifier: statement.text(2) ?? "",
          displayName: statement.text(3).flatMap { $0.isEmpty ? nil : $0 }, service: statement.text(4),
          style: statement.integer(5), handles: []))
    }
    guard hasHandleJoin else { return chats }
    let members = try database.prepare("SELECT chat_id, handle_id FROM chat_handle_join ORDER BY chat_id, handle_id")
    // Each chat's handles so far, looked up in constant time (a stranger's chat may list many).
    var seen: [Int: Set<String>] = [:]
    while try members.step() {
      guard let chat = members.integer(0).flatMap({ byRowID[$0] }),
        let handle = members.integer(1).flatMap({ handles[$0] })
      else { continue }
      if seen[chat, default: []].insert(handle).inserted { chats[chat].handles.append(handle) }
    }
    return chats
  }

  /// `column` when the table has it, else NULL in its place.
  private static func pick(_ column: String, _ columns: Set<String>) -> String {
    columns.contains(column) ? column : "NULL"
  }

  /// How many messages each chat holds (tapbacks and notices left out), by chat ROWID.
  func counts() throws -> [Int64: Count] {
    let columns = try database.columnNames(of: "message")
    var conditions = ["1"]
    if columns.contains("item_type") { conditions.append("m.item_type = 0") }
    if columns.contains("associated_message_type") {
      conditions.append("(m.associated_message_type IS NULL OR m.associated_message_type NOT BETWEEN 2000 AND 3999)")
    }
    let statement = try database.prepare(
      "SELECT j.chat_id, COUNT(*), MIN(m.date), MAX(m.date) FROM chat_message_join j "
        + "JOIN message m ON m.ROWID = j.message_id WHERE \(conditions.joined(separator: " AND ")) "
        + "GROUP BY j.chat_id")
    var counts: [Int64: Count] = [:]
    while try statement.step() {
      guard let chat = statement.integer(0) else { continue }
      counts[chat] = Count(
        messages: Int(statement.integer(1) ?? 0), first: statement.integer(2), last: statement.integer(3))
    }
    return counts
  }

  /// The messages of the chats `rowIDs`, oldest first (by date, then ROWID; no date first),
  /// with their attachments.
  func messages(inChats rowIDs: [Int64]) throws -> [MessageRow] {
    let statement = try database.prepare(try messagesQuery(inChats: rowIDs))
    var rows: [MessageRow] = []
    while try statement.step() {
      rows.append(row(statement))
    }
    // Sorted here rather than by SQLite, whose sorter copies every row (texts and blobs) into
    // a temporary B-tree: a million messages took seconds more.
    rows.sort { ($0.date ?? .min, $0.rowID) < ($1.date ?? .min, $1.rowID) }
    try attachAttachments(to: &rows)
    return rows
  }

  /// The query of `messages(inChats:)`: each message once (one in two chats of a
  /// conversation too) by its primary key, with no DISTINCT and no ORDER BY, which would make
  /// SQLite build a temporary B-tree of every row.
  func messagesQuery(inChats rowIDs: [Int64]) throws -> String {
    let columns = try database.columnNames(of: "message")
    func column(_ name: String) -> String { columns.contains(name.lowercased()) ? "m." + name : "NULL" }
    let list = rowIDs.map(String.init).joined(separator: ", ")
    return "SELECT m.ROWID, \(column("guid")), \(column("text")), \(column("attributedBody")), "
      + "\(column("service")), \(column("handle_id")), \(column("date")), \(column("is_from_me")), "
      + "\(column("item_type")), \(column("group_action_type")), \(column("other_handle")), "
      + "\(column("group_title")), \(column("associated_message_guid")), \(column("associated_message_type")), "
      + "\(column("associated_message_emoji")), \(column("thread_originator_guid")), \(column("date_edited")), "
      + "\(column("date_retracted")), \(column("message_summary_info")) "
      + "FROM message m WHERE m.ROWID IN (SELECT message_id FROM chat_message_join WHERE chat_id IN (\(list)))"
  }

  private func row(_ statement: SQLiteStatement) -> MessageRow {
    MessageRow(
      rowID: statement.integer(0) ?? 0, guid: statement.text(1) ?? "", text: statement.text(2),
      attributedBody: statement.blob(3), service: statement.text(4),
      handle: statement.integer(5).flatMap { handles[$0] }, date: statement.integer(6),
      isFromMe: (statement.integer(7) ?? 0) != 0, itemType: statement.integer(8) ?? 0,
      groupActionType: statement.integer(9) ?? 0, otherHandle: statement.integer(10).flatMap { handles[$0] },
      groupTitle: statement.text(11), associatedGUID: statement.text(12), associatedType: statement.integer(13),
      associatedEmoji: statement.text(14), threadOriginatorGUID: statement.text(15),
      dateEdited: statement.integer(16), dateRetracted: statement.integer(17), summaryInfo: statement.blob(18))
  }

  private func attachAttachments(to rows: inout [MessageRow]) throws {
    let tables = try database.tableNames()
    guard tables.contains("attachment"), tables.contains("message_attachment_join"), !rows.isEmpty else { return }
    let columns = try database.columnNames(of: "attachment")
    func column(_ name: String) -> String { columns.contains(name) ? "a." + name : "NULL" }
    var index: [Int64: Int] = [:]
    for (position, row) in rows.enumerated() { index[row.rowID] = position }
    let statement = try database.prepare(
      "SELECT j.message_id, \(column("filename")), \(column("mime_type")), \(column("transfer_name")), "
        + "\(column("total_bytes")), \(column("is_sticker")) "
        + "FROM message_attachment_join j JOIN attachment a ON a.ROWID = j.attachment_id "
        + "WHERE j.message_id BETWEEN ? AND ? ORDER BY j.message_id, a.ROWID")
    statement.bind(1, rows.map(\.rowID).min() ?? 0)
    statement.bind(2, rows.map(\.rowID).max() ?? 0)
    while try statement.step() {
      guard let message = statement.integer(0), let position = index[message] else { continue }
      rows[position].attachments.append(
        AttachmentRow(
          filename: statement.text(1), mimeType: statement.text(2), transferName: statement.text(3),
          totalBytes: statement.integer(4), isSticker: (statement.integer(5) ?? 0) != 0))
    }
  }
}
