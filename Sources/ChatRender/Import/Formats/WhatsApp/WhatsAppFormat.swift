import Foundation

/// WhatsApp's "Export chat" text, from Android and iOS (docs/FORMATS.md, "WhatsApp").
///
/// Each record starts with a header line (`14/03/2024, 09:01 - Priya: hi` on Android,
/// `[3/9/24, 7:41:02 PM] Dana: hi` on iOS); the lines after it, up to the next header, continue
/// the message. iOS ends records with CRLF and breaks lines inside a message with a bare LF, so
/// in such a file a header-like line after a bare LF stays inside the message. Day and month
/// order is decided once per file. Times are wall-clock times (the export has no zone).
///
/// Media placeholders and attached files become `Attachment`s; deleted and edited markers set
/// `isDeleted` and `isEdited`. The author of "You deleted this message" is "me". A tree input
/// (see `WhatsAppZipFormat`) is read through its chat file, and attachments are matched to
/// the media files beside it.
struct WhatsAppFormat: TranscriptFormat, FileRecognizing {
  init() {}

  var name: String { "whatsapp" }
  var accepts: String { ".txt" }
  var fileExtensions: Set<String> { ["txt"] }
  var summary: String { "WhatsApp chat text: in the chat, ⋮ (Android) or the name (iOS) > Export chat > Without media" }

  /// Accepts a text file when at least 60% of its first 50 non-empty lines are record headers,
  /// or 30% when the first line is one (long multi-line messages early in a chat).
  ///
  /// Leaves our own `.chat` files to `ChatTextFormat`: their `[2025-03-01 09:30] Ana: hi` lines
  /// look like iOS headers, so a `.chat` name, a `title:`/`me:` header or `>`/`<` after the
  /// time rule WhatsApp out.
  func detect(_ input: ImportInput) -> Bool {
    guard let file = input.file, !file.path.hasSuffix(".chat") else { return false }
    return WhatsAppFormat.looksLikeChat(file)
  }

  static func looksLikeChat(_ file: SourceFile) -> Bool {
    let lines = file.textLines(limit: 500).lazy.filter { !file.isBlank($0) }.prefix(50)
      .map(file.text(of:))
    if let first = lines.first, let colon = first.firstIndex(of: ":"),
      ChatTextFormat.headerKeys.contains(first[..<colon].lowercased())
    {
      return false
    }
    func isHeader(_ line: String, loose: Bool) -> Bool {
      guard let header = header(of: line, loose: loose) else { return false }
      let rest = line.unicodeScalars.dropFirst(header.restIndex)
      return rest.first != ">" && rest.first != "<"
    }
    func accepts(loose: Bool) -> Bool {
      let found = lines.map { isHeader($0, loose: loose) }
      let headers = found.filter { $0 }.count
      return headers * 5 >= found.count * 3
        || (found.first == true && headers * 10 >= found.count * 3)
        || (found.first == true && headers >= 3 && oneLayout(loose: loose))
    }
    /// Long messages (a poem, a grid of emoji) can leave few headers among the first lines;
    /// a file that starts with one and whose headers all share its layout is still a chat.
    func oneLayout(loose: Bool) -> Bool {
      let layouts = Set(lines.compactMap { header(of: $0, loose: loose)?.layout })
      return layouts.count == 1
    }
    return accepts(loose: false)
      || (!lines.contains { header(of: $0) != nil } && accepts(loose: true))
  }

  func parse(_ input: ImportInput, options: ImportOptions, warnings: inout [Diagnostic])
    throws -> Transcript
  {
    if let file = input.file {
      var reader = Reader(file: file, media: nil, locator: MediaLocator(besideFile: file.path))
      return try reader.read(
        chatName: WhatsAppZipFormat.chatName(fromPath: file.path), warnings: &warnings)
    }
    guard let tree = input.tree else {
      throw DiagnosticError(.error("expected a WhatsApp chat file or export"))
    }
    let chatPath = try WhatsAppZipFormat.chatFile(
      in: tree, choosing: options.chat, noting: options.chatChoice, warnings: &warnings)
    var media: [String: String] = [:]
    for path in try tree.filePaths() where path != chatPath {
      let name = InvisibleMarks.removingAll(from: path.split(separator: "/").last ?? "")
      if media[name] == nil { media[name] = path }
    }
    let chatFile = try tree.sourceFile(chatPath)
    warnings += chatFile.readingWarnings
    var reader = Reader(file: chatFile, media: media, locator: MediaLocator(tree: tree))
    let chatName =
      WhatsAppZipFormat.chatName(fromPath: chatPath)
      ?? WhatsAppZipFormat.chatName(fromPath: input.path)
    return try reader.read(chatName: chatName, warnings: &warnings)
  }

  func listChats(_ input: ImportInput) throws -> [String]? {
    try WhatsAppZipFormat().listChats(input)
  }

  /// The header of a line, quickly rejecting lines that cannot start with one.
  static func header(of line: String, loose: Bool = false) -> WhatsAppHeader? {
    guard
      let first = line.unicodeScalars.first(where: { !InvisibleMarks.contains($0) }),
      first == "[" || InvisibleMarks.digitValue(first) != nil
    else { return nil }
    return WhatsAppHeader.parse(Array(line.unicodeScalars), loose: loose)
  }

  // MARK: - Reading

  private struct Reader {
    let file: SourceFile
    /// Media files of the export: name without invisible marks → path in the tree; nil for
    /// a chat file read alone.
    let media: [String: String]?
    /// Where attached files are: the export, or the folder beside a chat file read alone.
    let locator: MediaLocator
    var errors = ErrorList()
    /// Times whose AM/PM marker does not fit the hour ("13:37 p.m."), read as 24-hour times.
    var impossibleTimes: [String] = []
    var firstImpossibleTime: SourceLocation?

    init(file: SourceFile, media: [String: String]?, locator: MediaLocator) {
      self.file = file
      self.media = media
      self.locator = locator
    }

    /// A header line and the lines that continue it.
    struct Record {
      var header: WhatsAppHeader
      var line: TextLine
      var continuation: [TextLine]
    }

    /// A record read, before participants are assigned.
    struct Entry {
      var location: SourceLocation
      var time: MessageTime
      var isBracketed: Bool
      /// The author as written (for a system line on iOS: the chat name or the actor).
      var rawAuthor: String?
      /// The author's name; nil for a system line.
      var author: String?
      var body: WhatsAppBody?
      /// The text of a system line, or the whole record for a message that may be one.
      var wholeText: String
      /// A message whose "author" reads like a system sentence with a colon in it.
      var looksLikeSystemSentence = false
      /// A system line written under the chat's name (`rawAuthor`).
      var namesChat = false
    }

    mutating func read(chatName: String?, warnings: inout [Diagnostic]) throws -> Transcript {
      let records = try splitRecords()
      let order = WhatsAppDateOrder(inferringFrom: records.map(\.header.date))
      if order.isGuess, let first = records.first {
        var warning = Diagnostic.warning(
          "cannot tell day from month in the dates (no number is over 12); reading them as day/month",
          at: file.location(ofOffset: first.line.start))
        warning.notes = ["times are wrong if this phone wrote month/day"]
        warnings.append(warning)
      }
      var entries: [Entry] = []
      entries.reserveCapacity(records.count)
      for record in records {
        if let entry = entry(record, order: order) { entries.append(entry) }
      }
      try errors.throwIfAny()
      if let first = impossibleTimes.first {
        let count = impossibleTimes.count
        warnings.append(
          .warning(
            count == 1
              ? "impossible time '\(first)'; read as a 24-hour time"
              : "\(count) impossible times such as '\(first)'; read as 24-hour times",
            at: firstImpossibleTime))
      }
      reclassifySystemSentences(&entries)
      var result = transcript(entries, chatName: chatName, warnings: &warnings)
      result.clock = records.contains { $0.header.meridiem != nil } ? .twelveHour : .twentyFourHour
      return result
    }

    /// Groups lines into records; text before the first header is an error.
    func splitRecords() throws -> [Record] {
      let lines = file.textLines()
      var headers = lines.map { WhatsAppFormat.header(of: file.text(of: $0)) }
      if !headers.contains(where: { $0 != nil }) {
        // Old exports with "time: " or "time " before the author (see `WhatsAppHeader.parse`).
        headers = lines.map { WhatsAppFormat.header(of: file.text(of: $0), loose: true) }
      }
      var afterCRLF = 0
      var afterLF = 0
      for index in lines.indices.dropFirst() where headers[index] != nil {
        switch lines[index - 1].ending {
        case .carriageReturnLineFeed: afterCRLF += 1
        case .lineFeed: afterLF += 1
        default: break
        }
      }
      // iOS: records end in CRLF, so a header-like line after a bare LF is message text,
      // unless it is one of the export's own records (`startsRecordAfterBareLF`).
      let recordsEndWithCRLF = afterCRLF > 0 && afterCRLF >= afterLF
      var startsRecord = lines.indices.map { index in
        headers[index] != nil
          && !(recordsEndWithCRLF && index > 0 && lines[index - 1].ending == .lineFeed)
      }
      if recordsEndWithCRLF { Reader.addRecordsAfterBareLF(&startsRecord, headers: headers) }
      var records: [Record] = []
      for (index, line) in lines.enumerated() {
        if let header = headers[index], startsRecord[index] {
          records.append(Record(header: header, line: line, continuation: []))
        } else if records.isEmpty {
          guard file.isBlank(line) else {
            throw DiagnosticError(
              .error(
                "expected a WhatsApp message header, such as '14/03/2024, 09:01 - Name: text'",
                at: file.location(ofOffset: line.start)))
          }
        } else {
          records[records.count - 1].continuation.append(line)
        }
      }
      return records
    }

    /// In a file whose records end in CRLF, a header after a bare LF starts a record when it
    /// has the layout of the file's own headers and its time does not go back: exports do
    /// end some records (a poll, the message before it) with a bare LF. A record pasted from
    /// another chat into a message, in another layout or earlier, stays text.
    static func addRecordsAfterBareLF(_ startsRecord: inout [Bool], headers: [WhatsAppHeader?]) {
      let own = headers.indices.compactMap { startsRecord[$0] ? headers[$0] : nil }
      var layouts: [WhatsAppHeader.Layout: Int] = [:]
      for header in own { layouts[header.layout, default: 0] += 1 }
      guard let layout = layouts.max(by: { $0.value < $1.value })?.key else { return }
      let order = WhatsAppDateOrder(inferringFrom: own.map(\.date))
      func instant(_ header: WhatsAppHeader) -> (LocalDate, Int) {
        let hour = header.hour24 ?? header.hour
        return (header.calendarDate(in: order), (hour * 60 + header.minute) * 60 + header.second)
      }
      var previous: (LocalDate, Int)?
      for index in headers.indices {
        guard let header = headers[index] else { continue }
        if !startsRecord[index] {
          guard header.layout == layout, let last = previous, !(instant(header) < last) else {
            continue
          }
          startsRecord[index] = true
        }
        previous = instant(header)
      }
    }

    mutating func entry(_ record: Record, order: WhatsAppDateOrder) -> Entry? {
      let lineText = file.text(of: record.line)
      let header = record.header
      guard let time = time(of: header, in: lineText, order: order, line: record.line) else {
        return nil
      }
      var continuation = record.continuation
      while let last = continuation.last, file.isBlank(last) { continuation.removeLast() }
      let moreLines = continuation.map { Substring(file.text(of: $0)) }
      let rest = Substring(lineText.unicodeScalars.dropFirst(header.restIndex))
      func whole(_ first: Substring) -> String {
        ([InvisibleMarks.trimmingLeading(first)] + moreLines).joined(separator: "\n")
      }
      var entry = Entry(
        location: file.location(ofOffset: record.line.start), time: time,
        isBracketed: header.isBracketed, wholeText: "")
      guard let (rawAuthor, firstLine) = Reader.splitAuthor(rest) else {
        entry.wholeText = whole(rest)
        return entry
      }
      entry.rawAuthor = rawAuthor
      let body = WhatsAppBody(lines: [firstLine] + moreLines)
      let startsWithMark = firstLine.unicodeScalars.first.map(InvisibleMarks.contains) ?? false
      if header.isBracketed && startsWithMark && !body.isMarker {
        // iOS writes system lines under the chat's name, their text after a direction mark.
        entry.wholeText = whole(firstLine)
        entry.namesChat = true
        return entry
      }
      if WhatsAppBody.isEncryptionNotice(firstLine) {
        // The encryption notice under the chat's name: a notice, not a participant.
        entry.wholeText = whole(firstLine)
        entry.namesChat = true
        return entry
      }
      let name = Reader.cleanName(rawAuthor)
      guard !name.isEmpty else {
        entry.wholeText = whole(rest)
        return entry
      }
      entry.author = name
      entry.body = body
      if Reader.looksLikeSystemSentence(rawAuthor) {
        entry.looksLikeSystemSentence = true
        entry.wholeText = whole(rest)
      }
      return entry
    }

    /// The author up to the first ": ", and the body after it.
    static func splitAuthor(_ rest: Substring) -> (String, Substring)? {
      let scalars = rest.unicodeScalars
      var index = scalars.startIndex
      while index < scalars.endIndex {
        defer { index = scalars.index(after: index) }
        guard scalars[index] == ":" else { continue }
        let author = String(Substring(scalars[..<index]))
        let next = scalars.index(after: index)
        if next == scalars.endIndex { return (author, "") }
        if InvisibleMarks.isSpace(scalars[next]) {
          return (author, Substring(scalars[scalars.index(after: next)...]))
        }
        if scalars[next] == ".", scalars.index(after: next) == scalars.endIndex {
          // "Name:." – a view-once message in some exports.
          return (author, ".")
        }
      }
      return nil
    }

    /// Without direction marks, phone-number embeddings or the `~ ` of a non-contact.
    static func cleanName(_ raw: String) -> String {
      var name = InvisibleMarks.trimmingMarksAndSpaces(InvisibleMarks.removingAll(from: raw))
      if name.hasPrefix("~") { name = InvisibleMarks.trimmingMarksAndSpaces(name.dropFirst()) }
      return name
    }

    /// Words of the system sentences that carry a group's name, which may contain `: `: the
    /// part before the name, by language (docs/FORMATS.md, "Languages"; from Japanese on,
    /// WhatsApp's own strings: iOS keys `o18be`, `aD=R{`, `(K2R*`, `)(=-_`, `Kt-&~`, `epN1D`,
    /// Android `group_created_by_*`, `group_subject_changed_by_*`). A translator adds a line.
    private static let systemPhrases = [
      " created group ", " changed the subject ", " changed the group name",
      " changed this group's ", " changed the group description", " changed the group's ",
      " hat die Gruppe ", " hat den Betreff ", " creó el grupo ", " cambió el asunto",
      " a créé le groupe ", " a changé le sujet", " ha creato il gruppo ",
      " ha cambiato l'oggetto", " criou o grupo ", " mudou o assunto",
      "グループ名を", "件名を“", "グループ「", "グループ \"",  // Japanese
      "그룹 이름을", "그룹 만든이가 그룹", "님이 “",  // Korean
      "已更改主题为", "更改了主题为", "您更改了主题為", "将群组主题改为", "把主题从", "您将群组主题更改为",
      "创建了 “", "创建了 \"", "你创建了群组", "群组创建人创建了",  // Chinese (Simplified)
      "已變更主題為", "更改了主題為", "將主題由", "您將主題更改為", "已將群組主題變更為", "已將主題變更為",
      "建立了「", "建立了 \"", "已建立「", "您建立了群組", "群組發起人已建立", "群組建立人已建立",  // Chinese (Traditional)
      "غيّر اسم المجموعة", "غيّرت اسم المجموعة", "غيّر أحد المشاركين اسم المجموعة", "أنشأ مجموعة",
      "أنشأت مجموعة", "قام مُنشِئ المجموعة بإنشاء مجموعة",  // Arabic
      " mengubah subjek menjadi ", " mengubah subjek dari ", " membuat grup ",  // Indonesian
      " zmienił(a) temat ", "Zmieniłeś(-aś) temat ", "Zmieniłeś(aś) temat ", " zmienił temat na ",
      " utworzył(a) grupę ", "Utworzyłeś(-aś) grupę ", "Utworzyłeś(aś) grupę ", " utworzył grupę ",  // Polish
      " ने ग्रुप का नाम बदलकर ", "आपने ग्रुप का नाम बदलकर ", " ने ग्रुप “", "आपने ग्रुप “", " ने विषय को ",
      "आपने विषय को ",  // Hindi
      " نے نام '", " نے گروپ کا نام تبدیل کر کے ", " نے گروپ \"", " نے گروپ کا موضوع ", " نے موضوع کو ",
      "گروپ کے تخلیق کار نے ",  // Urdu
      " موضوع را به ", " موضوع را از ", " گروه «", " گروه \"", "ایجاد کننده گروه، گروه ",  // Persian
      " đã đổi tên thành ", " đã đổi tên nhóm thành ", " đã đổi tên nhóm từ ", " đã tạo nhóm ",  // Vietnamese
      "เปลี่ยนหัวข้อเป็น", "ได้เปลี่ยนหัวข้อ", "เปลี่ยนหัวข้อการสนทนาเป็น", " ได้สร้างกลุ่ม ",  // Thai
      "הנושא שונה ל-", "שינית את הנושא", "שינה את הנושא ל", "החליף/ה את הנושא ל-", "את נושא הקבוצה",
      "יצר/ה את הקבוצה", "יצרת את הקבוצה", "הקבוצה \"",  // Hebrew
      " heeft het onderwerp gewijzigd ", " hebt het onderwerp gewijzigd ", " heeft de groep ",
      " hebt de groep ", " heeft groep ",  // Dutch
      " изменил(-а) тему ", " изменили тему ", " изменил тему на ", " создал(-а) группу ", " создали группу ",
      " создал группу ",  // Russian
      " konuyu “", " konuyu \"", " grup konusunu ", "Grup konusunu ", " olan konuyu ", "Grup kurucusu \"",  // Turkish
    ]

    /// "Priya changed the subject from "A" to "Plans: June"" splits at its colon like a message.
    static func looksLikeSystemSentence(_ author: String) -> Bool {
      guard author.utf8.count > 12 else { return false }
      // Some languages write no spaces between words: a known phrase is enough.
      if systemPhrases.contains(where: author.contains) { return true }
      let words = author.split(separator: " ").count
      let quotes: Set<Character> = ["\"", "“", "”", "«", "»", "„"]
      return words > 3 && author.contains(where: quotes.contains)
    }

    /// Turns "messages" whose author reads like a system sentence, and who never says
    /// anything else, back into system lines.
    func reclassifySystemSentences(_ entries: inout [Entry]) {
      var speakers = Set<String>()
      for entry in entries where !entry.looksLikeSystemSentence {
        if let author = entry.author { speakers.insert(author) }
      }
      for index in entries.indices where entries[index].looksLikeSystemSentence {
        guard let author = entries[index].author, !speakers.contains(author) else { continue }
        entries[index].author = nil
        entries[index].body = nil
      }
    }

    mutating func time(
      of header: WhatsAppHeader, in lineText: String, order: WhatsAppDateOrder, line: TextLine
    ) -> MessageTime? {
      func written(_ range: Range<Int>) -> String {
        let scalars = Array(lineText.unicodeScalars)
        return InvisibleMarks.removingAll(from: String(String.UnicodeScalarView(scalars[range])))
      }
      let first = header.date[0]
      let last = header.date[2]
      let date = header.calendarDate(in: order)
      guard date.isValid else {
        let layout =
          WhatsAppDateOrder.isYearFirst(header.date)
          ? (order.isYearDayMonth ? "year/day/month" : "year/month/day")
          : (order.isDayFirst ? "day/month/year" : "month/day/year")
        errors.append(
          .error(
            "invalid date '\(written(first.index..<(last.index + last.digits)))' (this file writes \(layout))",
            at: file.location(line: line.number, column: first.index + 1)))
        return nil
      }
      guard header.minute < 60, header.second < 60, header.hour < 24 else {
        errors.append(
          .error(
            "invalid time '\(written(header.timeIndex..<header.timeEndIndex))'",
            at: file.location(line: line.number, column: header.timeIndex + 1)))
        return nil
      }
      guard let hour = header.hour24 else {
        // "13:37:00 p.m.": a 24-hour time with a marker it cannot have; read as 24-hour.
        if impossibleTimes.isEmpty {
          firstImpossibleTime = file.location(line: line.number, column: header.timeIndex + 1)
        }
        impossibleTimes.append(written(header.timeIndex..<header.markerEndIndex))
        return .wallClock(
          LocalDateTime(date: date, hour: header.hour, minute: header.minute, second: header.second))
      }
      return .wallClock(
        LocalDateTime(date: date, hour: hour, minute: header.minute, second: header.second))
    }

    /// In a chat of two named after one of them (`WhatsApp Chat with Ana.txt`), the other
    /// one exported it: "me".
    static func owner(ofChatWith chatName: String?, among participants: [Participant]) -> String? {
      guard let chatName, participants.count == 2 else { return nil }
      let wanted = Importer.normalizedName(chatName)
      let named = participants.filter { Importer.normalizedName($0.name) == wanted }
      guard named.count == 1 else { return nil }
      return participants.first { $0.id != named[0].id }?.id
    }

    /// Finds the file an attachment names: in the export by its name without invisible
    /// marks, or beside a chat file read alone (where a missing file is no surprise: the
    /// text is often shared without its media).
    func resolve(_ attachment: inout Attachment, named fileName: String) -> Bool {
      guard let media else {
        return locator.resolve(&attachment, at: fileName)
          || locator.resolve(&attachment, at: InvisibleMarks.removingAll(from: fileName))
      }
      let key = InvisibleMarks.removingAll(from: fileName.split(separator: "/").last ?? "")
      guard let path = media[key] else { return false }
      return locator.resolve(&attachment, at: path)
    }

    func transcript(_ entries: [Entry], chatName: String?, warnings: inout [Diagnostic])
      -> Transcript
    {
      var speakers = SpeakerTable()
      var messages: [Message] = []
      messages.reserveCapacity(entries.count)
      var meID: String?
      var missing = MissingMedia()
      for entry in entries {
        guard let author = entry.author, let body = entry.body else {
          var notice = Message(
            authorID: nil, time: entry.time, text: entry.wholeText, kind: .system, location: entry.location)
          if WhatsAppBody.isEncryptionNotice(Substring(entry.wholeText)) { notice.extras.notice = .encryption }
          messages.append(notice)
          continue
        }
        let id = speakers.id(for: author)
        if body.isOwnDeletion && meID == nil { meID = id }
        var attachments = body.attachments
        for index in attachments.indices {
          guard let fileName = attachments[index].fileName else { continue }
          if !resolve(&attachments[index], named: fileName), media != nil {
            missing.note(fileName, at: entry.location)
          }
        }
        let (text, spans) = body.isMarker ? (body.text, []) : WhatsAppFormatting.read(body.text)
        messages.append(
          Message(
            authorID: id, time: entry.time, text: text, kind: .message,
            location: entry.location,
            extras: MessageExtras(
              attachments: attachments, spans: spans, isEdited: body.isEdited,
              isDeleted: body.isDeleted)))
      }
      if let warning = missing.warning { warnings.append(warning) }
      var title = chatName
      if title == nil, let first = entries.first, first.namesChat, let raw = first.rawAuthor {
        // The chat is named as the author of its first line, the encryption notice.
        title = Reader.cleanName(raw)
      }
      let participants = speakers.participants
      return Transcript(
        title: title, participants: participants,
        meID: meID ?? Reader.owner(ofChatWith: chatName, among: participants), messages: messages)
    }
  }
}
