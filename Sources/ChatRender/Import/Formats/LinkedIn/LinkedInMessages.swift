import Foundation

/// LinkedIn's `messages.csv` from "Get a copy of your data" (docs/FORMATS.md, "LinkedIn"): a row
/// per message with `CONVERSATION ID`, `CONVERSATION TITLE`, `FROM`, `SENDER PROFILE URL`, `TO`,
/// `RECIPIENT PROFILE URLS`, `DATE`, `SUBJECT`, `CONTENT`, `FOLDER` (older exports lack the
/// recipients' URLs, newer ones add `ATTACHMENTS` and `IS MESSAGE DRAFT`); columns are found by
/// their names.
struct LinkedInMessages {
  struct Row {
    var fields: [CSVReader.Field]
    var columns: [String: Int]

    func text(_ column: String) -> String {
      columns[column].flatMap { $0 < fields.count ? fields[$0].text : nil } ?? ""
    }

    func offset(_ column: String) -> Int? {
      columns[column].flatMap { $0 < fields.count ? fields[$0].offset : nil }
    }
  }

  struct Conversation {
    var id: String
    var title: String
    var rows: [Row]
  }

  /// The columns every layout has.
  static let required = ["CONVERSATION ID", "FROM", "TO", "DATE", "CONTENT"]

  let file: SourceFile
  let conversations: [Conversation]
  /// Who is in every conversation: the owner.
  let owner: String?

  init(_ file: SourceFile) throws {
    self.file = file
    let rows = try CSVReader(file: file).rows()
    guard let header = rows.first, let columns = LinkedInMessages.columns(header) else {
      throw DiagnosticError(
        .error(
          "expected LinkedIn's messages.csv header (\(LinkedInMessages.required.joined(separator: ", ")), …)",
          at: file.location(ofOffset: 0)))
    }
    var conversations: [Conversation] = []
    var index: [String: Int] = [:]
    for fields in rows.dropFirst() {
      let row = Row(fields: fields, columns: columns)
      if fields.count < columns.count, fields.count > 1 {
        throw DiagnosticError(
          .error(
            "expected \(columns.count) fields, found \(fields.count)",
            at: file.location(ofOffset: fields[0].offset)))
      }
      let id = row.text("CONVERSATION ID")
      if index[id] == nil {
        index[id] = conversations.count
        conversations.append(Conversation(id: id, title: "", rows: []))
      }
      conversations[index[id]!].rows.append(row)
    }
    let owner = LinkedInMessages.owner(of: conversations)
    for position in conversations.indices {
      conversations[position].title = LinkedInMessages.title(of: conversations[position], owner: owner)
    }
    self.owner = owner
    self.conversations = conversations
  }

  /// Column names to positions, or nil when a required one is missing.
  static func columns(_ header: [CSVReader.Field]) -> [String: Int]? {
    var columns: [String: Int] = [:]
    for (position, field) in header.enumerated() {
      columns[InvisibleMarks.trimmingMarksAndSpaces(field.text).uppercased()] = position
    }
    return required.allSatisfy { columns[$0] != nil } ? columns : nil
  }

  /// Everyone a row names: its sender and its recipients (`TO` joins names with ", ").
  static func names(in row: Row) -> Set<String> {
    var names: Set<String> = [row.text("FROM")]
    for name in row.text("TO").components(separatedBy: ", ") { names.insert(name) }
    names.insert(row.text("TO"))
    return names.filter { !$0.isEmpty }
  }

  /// The one sender found in every conversation (as sender or recipient), when there are
  /// several conversations and exactly one such sender.
  static func owner(of conversations: [Conversation]) -> String? {
    guard conversations.count > 1 else { return nil }
    var common: Set<String>?
    for conversation in conversations {
      let names = conversation.rows.reduce(into: Set<String>()) { $0.formUnion(Self.names(in: $1)) }
      common = common.map { $0.intersection(names) } ?? names
    }
    let senders = Set(conversations.flatMap { $0.rows.map { $0.text("FROM") } })
    let candidates = (common ?? []).intersection(senders)
    return candidates.count == 1 ? candidates.first : nil
  }

  /// The conversation's title, else its subject, else the people in it but the owner.
  static func title(of conversation: Conversation, owner: String?) -> String {
    for column in ["CONVERSATION TITLE", "SUBJECT"] {
      if let title = conversation.rows.lazy.map({ $0.text(column) }).first(where: { !$0.isEmpty }) { return title }
    }
    var people: [String] = []
    for row in conversation.rows {
      for name in [row.text("FROM")] + row.text("TO").components(separatedBy: ", ")
      where !name.isEmpty && name != owner && !people.contains(name) {
        people.append(name)
      }
    }
    return people.isEmpty ? conversation.id : people.joined(separator: ", ")
  }

  // MARK: - One conversation

  func transcript(of conversation: Conversation) throws -> Transcript {
    var participants: [Participant] = []
    var timed: [(seconds: Double, message: Message)] = []
    for row in conversation.rows {
      let author = row.text("FROM").isEmpty ? "LinkedIn Member" : row.text("FROM")
      if !participants.contains(where: { $0.id == author }) {
        let url = row.text("SENDER PROFILE URL")
        participants.append(Participant(id: author, name: author, handles: url.isEmpty ? [] : [url]))
      }
      let (time, seconds) = try self.time(of: row)
      let (text, spans) = LinkedInMessages.content(row.text("CONTENT"))
      var extras = MessageExtras(spans: spans)
      extras.attachments = row.text("ATTACHMENTS").split(whereSeparator: \.isWhitespace).map { url in
        let address = String(url.split(separator: "?").first ?? url)
        return DCEExportParts.attachment(
          url: address, fileName: nil, in: file, media: MediaLocator(besideFile: "<stdin>"))
      }
      let location = file.location(ofOffset: row.fields.first?.offset ?? 0)
      timed.append((seconds, Message(authorID: author, time: time, text: text, location: location, extras: extras)))
    }
    let messages = timed.enumerated().sorted { ($0.element.seconds, $0.offset) < ($1.element.seconds, $1.offset) }
      .map(\.element.message)
    return Transcript(
      title: conversation.title, participants: participants,
      meID: participants.contains { $0.id == owner } ? owner : nil, messages: messages)
  }

  /// `DATE`: "2024-05-04 14:22:11 UTC", or ISO 8601.
  func time(of row: Row) throws -> (MessageTime?, Double) {
    let text = row.text("DATE")
    if text.isEmpty { return (nil, 0) }
    let iso = text.replacingOccurrences(of: " UTC", with: "Z")
    guard let time = ISO8601.parse(iso) else {
      throw DiagnosticError(
        .error(
          "invalid date '\(text)' (expected LinkedIn's '2024-01-02 15:04:05 UTC')",
          at: file.location(ofOffset: row.offset("DATE") ?? 0)))
    }
    guard case .instant(let date) = time else { return (time, 0) }
    return (time, date.timeIntervalSince1970)
  }

  /// `CONTENT` as text: HTML (InMail and newer messages hold `<p>`, `<br>`, links) read by
  /// the fragment reader, its markup never drawn; anything else as written.
  static func content(_ raw: String) -> (String, [TextSpan]) {
    guard looksLikeHTML(raw) else { return (raw, []) }
    return HTMLFragmentReader(keepsLineBreaks: false).read(raw)
  }

  /// Whether `text` holds an HTML tag LinkedIn writes (`<p>`, `<br>`, `<a href`, …).
  static func looksLikeHTML(_ text: String) -> Bool {
    guard text.contains("<") else { return false }
    let lowered = text.lowercased()
    return ["<p>", "<p ", "<br>", "<br/>", "<br />", "<a href", "<div", "<span", "<strong>", "<em>", "<ul>", "<li>"]
      .contains { lowered.contains($0) }
  }
}
