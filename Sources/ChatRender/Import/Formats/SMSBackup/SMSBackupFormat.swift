import Foundation

/// SMS Backup & Restore XML (Android): `<smses>` holding `<sms>` and `<mms>` records.
///
/// The backup is one flat list across every conversation. Without `--chat` all records are
/// read in file order (with a warning when there are several conversations); `--chat` picks
/// one conversation by contact name or phone number, as `listChats` names them.
/// "Me" is known from `type` (SMS) and `msg_box` (MMS): 2 and the other outgoing boxes are me.
struct SMSBackupFormat: TranscriptFormat, FileRecognizing {
  init() {}

  var name: String { "sms" }
  var accepts: String { ".xml" }
  var fileExtensions: Set<String> { ["xml"] }
  var summary: String {
    "Android texts from the SMS Backup & Restore app (Back up, messages as XML): <smses> with <sms> and <mms>"
  }

  /// The participant id of the phone's owner.
  static let meID = "me"

  func detect(_ input: ImportInput) -> Bool {
    guard let file = input.file,
      let first = file.bytes.firstIndex(where: { !(0x09...0x0D).contains($0) && $0 != 0x20 }),
      file.bytes[first] == UInt8(ascii: "<")
    else { return false }
    let head = String(decoding: file.bytes[first...].prefix(4096), as: UTF8.self)
    return head.contains("<smses")
  }

  func listChats(_ input: ImportInput) throws -> [String]? {
    var warnings: [Diagnostic] = []
    let backup = try read(input, warnings: &warnings)
    return backup.chatNames
  }

  func parse(_ input: ImportInput, options: ImportOptions, warnings: inout [Diagnostic])
    throws -> Transcript
  {
    let backup = try read(input, warnings: &warnings)
    var records = backup.records
    var title: String?
    if let wanted = options.chat {
      options.chatChoice.noteMade()
      let chosen = backup.threads(matching: wanted)
      guard let first = chosen.first else {
        var diagnostic = Diagnostic.error(
          "no conversation '\(wanted)' in the backup")
        diagnostic.notes = ["conversations: " + backup.chatNames.joined(separator: ", ")]
        if let note = NearestWord.suggestion(for: wanted, in: backup.chatNames) {
          diagnostic.notes.insert(note, at: 0)
        }
        throw DiagnosticError(diagnostic)
      }
      let keys = Set(chosen.map(\.key))
      records = records.filter { keys.contains($0.threadKey) }
      title = first.name
    } else if backup.chatNames.count == 1 {
      title = backup.chatNames.first
    } else if backup.chatNames.count > 1 {
      var warning = Diagnostic.warning(
        "the backup holds \(backup.chatNames.count) conversations; showing them all, in file order",
        at: SourceLocation(file: input.path, line: 1, column: 1))
      warning.notes = ["conversations: " + backup.chatNames.joined(separator: ", ")]
      warning.hint = .chooseChat(candidates: backup.chatNames)
      warnings.append(warning)
    }
    var participants: [Participant] = []
    var seen = Set<String>()
    for record in records where seen.insert(record.message.authorID ?? "").inserted {
      guard let id = record.message.authorID else { continue }
      participants.append(Participant(id: id, name: backup.names[id] ?? id))
    }
    if !seen.contains(SMSBackupFormat.meID) {
      participants.append(Participant(id: SMSBackupFormat.meID, word: .me))
    }
    return Transcript(
      title: title, participants: participants, meID: SMSBackupFormat.meID,
      messages: records.map(\.message))
  }

  // MARK: - Reading

  /// One conversation of the backup.
  struct Thread {
    /// Normalised addresses of everyone but the owner, sorted and joined.
    var key: String
    /// Contact names (or numbers) joined with ", ".
    var name = ""
    /// The participant ids of the addresses.
    var memberIDs: [String]
    /// Each address normalised, for matching `--chat +1 415…`.
    var addressKeys: [String]
  }

  struct Record {
    var threadKey: String
    var message: Message
  }

  struct Backup {
    var records: [Record] = []
    var threads: [Thread] = []
    /// Participant id → display name.
    var names: [String: String] = [:]

    /// The conversation names, each once: a contact with two numbers has two threads of
    /// one name, which read as one conversation.
    var chatNames: [String] {
      var seen = Set<String>()
      return threads.map(\.name).filter { seen.insert($0).inserted }
    }

    /// The threads named `wanted`, or the one with that number (`~` between group members).
    func threads(matching wanted: String) -> [Thread] {
      let lowered = Importer.normalizedName(
        wanted.hasPrefix("#") ? String(wanted.dropFirst()) : wanted)
      let byName = threads.filter { Importer.normalizedName($0.name) == lowered }
      if !byName.isEmpty { return byName }
      // "#2", the second conversation as listed: how `--all-chats` names each.
      if wanted.hasPrefix("#"), let position = Int(wanted.dropFirst()), chatNames.indices.contains(position - 1) {
        return threads.filter { $0.name == chatNames[position - 1] }
      }
      let addresses = wanted.split(separator: "~").map { SMSBackupFormat.addressKey(String($0)) }
      let wantedKey = addresses.sorted().joined(separator: "~")
      let exact = threads.filter { $0.key == wantedKey }
      guard exact.isEmpty, addresses.count == 1, wantedKey.count >= 7,
        wantedKey.allSatisfy(\.isNumber)
      else { return exact }
      // A local number without its country code ("555-0142" for "+1 415 555 0142").
      return threads.filter { $0.addressKeys.count == 1 && $0.key.hasSuffix(wantedKey) }
    }
  }

  private func read(_ input: ImportInput, warnings: inout [Diagnostic]) throws -> Backup {
    let file = try input.singleFile("an XML file")
    var reader = BackupReader(scanner: XMLScanner(file: file))
    do {
      try reader.run()
    } catch let error as DiagnosticError where reader.scanner.isAtEnd && !reader.backup.records.isEmpty {
      warnings.append(Self.cutShortWarning(error, kept: reader.backup.records.count))
      reader.nameThreads()
    }
    var counts: [String] = []
    if reader.drafts > 0 { counts.append("\(reader.drafts) draft\(reader.drafts == 1 ? "" : "s")") }
    if reader.emptyMessages > 0 {
      counts.append(
        "\(reader.emptyMessages) empty message\(reader.emptyMessages == 1 ? "" : "s") (no text, no parts)")
    }
    if reader.unknownTypes > 0 {
      counts.append(
        "\(reader.unknownTypes) message\(reader.unknownTypes == 1 ? "" : "s") of unknown type")
    }
    for (name, count) in reader.skippedElements.sorted(by: { $0.key < $1.key }) {
      counts.append("\(count) <\(name)> element\(count == 1 ? "" : "s")")
    }
    if !counts.isEmpty {
      warnings.append(
        .warning(
          "skipped " + counts.joined(separator: ", "),
          at: file.location(ofOffset: reader.firstSkippedOffset ?? 0)))
    }
    return reader.backup
  }

  /// A backup cut off mid-write (a full phone, a killed app) keeps the records it finished:
  /// the error that the file's end caused becomes a warning.
  private static func cutShortWarning(_ error: DiagnosticError, kept count: Int) -> Diagnostic {
    let cause = error.diagnostics.first
    let messages = "\(count) message\(count == 1 ? "" : "s")"
    return .warning(
      "the file is cut short (\(cause?.message ?? "it ends early")): read the \(messages) before it",
      at: cause?.location)
  }

  /// Phone numbers reduced to their last ten digits (so `+1 415-555-0142` and `4155550142`
  /// agree); alphanumeric senders lowercased.
  static func addressKey(_ address: String) -> String {
    let digits = address.unicodeScalars.filter { ("0"..."9").contains($0) }
    let letters = address.unicodeScalars.contains { $0.properties.isAlphabetic }
    if letters || digits.count < 3 {
      return Importer.normalizedName(address)
    }
    return String(String.UnicodeScalarView(digits.suffix(10)))
  }

  /// Walks the XML, turning each `<sms>` and `<mms>` into a record.
  private struct BackupReader {
    var scanner: XMLScanner
    var backup = Backup()
    var drafts = 0
    var unknownTypes = 0
    /// Messages with no text and nothing attached: a bubble of them would hold only a time.
    var emptyMessages = 0
    var skippedElements: [String: Int] = [:]
    /// Where the first skipped record starts.
    var firstSkippedOffset: Int?
    /// Address key → participant id (the first spelling of the address).
    var participantIDs: [String: String] = [:]
    var threadIndex: [String: Int] = [:]
    /// Participants whose name came from `contact_name` rather than their number.
    var contactNamed = Set<String>()

    init(scanner: XMLScanner) {
      self.scanner = scanner
      backup.names[SMSBackupFormat.meID] = "Me"
    }

    var file: SourceFile { scanner.file }

    mutating func run() throws {
      guard case .start(let root) = try scanner.next() else {
        throw scanner.error("no root element", at: 0)
      }
      guard root.name == "smses" else {
        throw scanner.error(
          "expected <smses> as the root element, found <\(root.name)>", at: root.offset)
      }
      while true {
        switch try scanner.next() {
        case .endOfFile:
          nameThreads()
          return
        case .end: continue
        case .start(let tag):
          switch tag.name {
          case "sms": try readSMS(tag)
          case "mms": try readMMS(tag)
          default:
            skippedElements[tag.name, default: 0] += 1
            if firstSkippedOffset == nil { firstSkippedOffset = tag.offset }
            try scanner.skipElement()
          }
        }
      }
    }

    /// Names each thread by its members; known only at the end, as a later record may name
    /// an earlier number.
    mutating func nameThreads() {
      for index in backup.threads.indices {
        backup.threads[index].name = backup.threads[index].memberIDs
          .map { backup.names[$0] ?? $0 }.joined(separator: ", ")
      }
    }

    func text(_ tag: XMLScanner.Tag, _ name: String) -> String? {
      guard let attribute = tag.attribute(name) else { return nil }
      let value = scanner.value(of: attribute)
      return value == "null" ? nil : value
    }

    func required(_ tag: XMLScanner.Tag, _ name: String) throws -> (String, XMLScanner.Attribute) {
      guard let attribute = tag.attribute(name) else {
        throw scanner.error("missing attribute '\(name)' in <\(tag.name)>", at: tag.offset)
      }
      return (scanner.value(of: attribute), attribute)
    }

    func integer(_ tag: XMLScanner.Tag, _ name: String) throws -> Int {
      let (value, attribute) = try required(tag, name)
      guard let number = Int(value.trimmingCharacters(in: .whitespaces)) else {
        throw scanner.error(
          "expected a number for '\(name)', found '\(value)'", at: attribute.offset)
      }
      return number
    }

    func time(_ tag: XMLScanner.Tag) throws -> MessageTime {
      let milliseconds = try integer(tag, "date")
      guard let time = MessageTime.epochSeconds(Double(milliseconds) / 1000) else {
        let (_, attribute) = try required(tag, "date")
        throw scanner.error("'date' is out of range", at: attribute.offset)
      }
      return time
    }

    /// The participant id for `address`, registering `name` for it.
    mutating func participant(address: String, name: String?) -> String {
      let key = SMSBackupFormat.addressKey(address)
      let id = participantIDs[key] ?? address
      participantIDs[key] = id
      if let name, !name.isEmpty, name != "(Unknown)" {
        if !contactNamed.contains(id) { backup.names[id] = name }
        contactNamed.insert(id)
      } else if backup.names[id] == nil {
        backup.names[id] = address
      }
      return id
    }

    /// The thread of the `address` attribute (`~` separates group members).
    mutating func thread(address: String, contactNames: String?) -> String {
      let addresses = address.split(separator: "~").map(String.init)
      var names = contactNames?.components(separatedBy: ", ") ?? []
      if names.count != addresses.count { names = addresses.count == 1 ? names : [] }
      var keys: [String] = []
      var memberIDs: [String] = []
      for (index, member) in addresses.enumerated() {
        memberIDs.append(
          participant(address: member, name: index < names.count ? names[index] : nil))
        keys.append(SMSBackupFormat.addressKey(member))
      }
      let key = keys.sorted().joined(separator: "~")
      if threadIndex[key] == nil {
        threadIndex[key] = backup.threads.count
        backup.threads.append(
          Thread(key: key, memberIDs: memberIDs, addressKeys: keys))
      }
      return key
    }

    static func normalizeNewlines(_ text: String) -> String {
      guard text.contains("\r") else { return text }
      return text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(
        of: "\r", with: "\n")
    }

    mutating func readSMS(_ tag: XMLScanner.Tag) throws {
      let type = try integer(tag, "type")
      let (address, _) = try required(tag, "address")
      let time = try time(tag)
      let body = Self.normalizeNewlines(try required(tag, "body").0)
      if !tag.isEmpty { try scanner.skipElement() }
      guard let sent = isSent(box: type) else {
        if firstSkippedOffset == nil { firstSkippedOffset = tag.offset }
        return
      }
      let subject = text(tag, "subject") ?? ""
      if body.allSatisfy(\.isWhitespace), subject.allSatisfy(\.isWhitespace) {
        skipEmpty(tag)
        return
      }
      let threadKey = thread(address: address, contactNames: text(tag, "contact_name"))
      let author =
        sent ? SMSBackupFormat.meID : participant(address: address, name: text(tag, "contact_name"))
      var extras = MessageExtras()
      extras.service = "SMS"
      if !subject.isEmpty {
        extras.spans.append(TextSpan(start: 0, length: subject.unicodeScalars.count, style: .bold))
        backup.records.append(
          Record(
            threadKey: threadKey,
            message: Message(
              authorID: author, time: time, text: subject + "\n" + body,
              location: file.location(ofOffset: tag.offset), extras: extras)))
        return
      }
      backup.records.append(
        Record(
          threadKey: threadKey,
          message: Message(
            authorID: author, time: time, text: body, location: file.location(ofOffset: tag.offset),
            extras: extras)))
    }

    mutating func readMMS(_ tag: XMLScanner.Tag) throws {
      let box = try integer(tag, "msg_box")
      let (address, _) = try required(tag, "address")
      let time = try time(tag)
      var texts: [String] = []
      var attachments: [Attachment] = []
      var from: [String] = []
      if !tag.isEmpty {
        let depth = scanner.depth
        while scanner.depth >= depth {
          guard case .start(let child) = try scanner.next() else { continue }
          switch child.name {
          case "part":
            let type = (text(child, "ct") ?? "").lowercased()
            if type == "application/smil" {
            } else if type == "text/plain" {
              if let body = text(child, "text") { texts.append(Self.normalizeNewlines(body)) }
            } else {
              let fileName = [text(child, "cl"), text(child, "name"), text(child, "fn")]
                .compactMap { $0 }.first { !$0.isEmpty }
              var attachment = Attachment(
                kind: Self.attachmentKind(type), fileName: fileName,
                mimeType: type.isEmpty ? nil : type)
              // The part's bytes as base64; absent when the backup left media out.
              if let encoded = text(child, "data"), !encoded.isEmpty,
                let bytes = Data(base64Encoded: encoded, options: .ignoreUnknownCharacters)
              {
                attachment.source = .data(Array(bytes))
                attachment.byteCount = bytes.count
              } else {
                attachment.isOmitted = true
              }
              attachments.append(attachment)
            }
          case "addr":
            if text(child, "type") == "137", let sender = text(child, "address") {
              from.append(sender)
            }
          default: break
          }
        }
      }
      guard let sent = isSent(box: box) else {
        if firstSkippedOffset == nil { firstSkippedOffset = tag.offset }
        return
      }
      let subject = self.text(tag, "sub") ?? ""
      if attachments.isEmpty, texts.allSatisfy({ $0.allSatisfy(\.isWhitespace) }),
        subject.allSatisfy(\.isWhitespace)
      {
        skipEmpty(tag)
        return
      }
      let contactNames = text(tag, "contact_name")
      let threadKey = thread(address: address, contactNames: contactNames)
      var author = SMSBackupFormat.meID
      if !sent, !address.contains("~") {
        // One to one: the other party wrote it, whatever spelling or number the FROM address
        // has (backups write it without the country code, or the service centre's).
        author = participant(address: address, name: contactNames)
      } else if !sent {
        let sender = from.first { $0 != "insert-address-token" } ?? address
        author = participant(address: sender, name: nil)
      }
      var text = texts.joined(separator: "\n")
      var extras = MessageExtras(attachments: attachments)
      extras.service = "MMS"
      if !subject.isEmpty {
        extras.spans.append(TextSpan(start: 0, length: subject.unicodeScalars.count, style: .bold))
        text = text.isEmpty ? subject : subject + "\n" + text
      }
      backup.records.append(
        Record(
          threadKey: threadKey,
          message: Message(
            authorID: author, time: time, text: text, location: file.location(ofOffset: tag.offset),
            extras: extras)))
    }

    mutating func skipEmpty(_ tag: XMLScanner.Tag) {
      emptyMessages += 1
      if firstSkippedOffset == nil { firstSkippedOffset = tag.offset }
    }

    /// Whether a `type` / `msg_box` value is outgoing (2 sent, 4 outbox, 5 failed, 6 queued)
    /// or incoming (1); nil for drafts and unknown values, which are skipped and counted.
    mutating func isSent(box: Int) -> Bool? {
      switch box {
      case 1: return false
      case 2, 4, 5, 6: return true
      case 3:
        drafts += 1
        return nil
      default:
        unknownTypes += 1
        return nil
      }
    }

    static func attachmentKind(_ mimeType: String) -> Attachment.Kind {
      mimeType.isEmpty ? .other : Attachment.Kind(mimeType: mimeType)
    }
  }
}
