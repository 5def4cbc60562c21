import Foundation

/// sigtop's `text` export (docs/FORMATS.md, "Signal"): a `Conversation:` line, then one record
/// per message separated by blank lines: `From:`, `Type:`, `Sent:`, `Received:`, `Attachment:`
/// and `Reaction:` fields, a quote (`> ` lines with their own `From:` and `Sent:`), the body,
/// and for an edited message `Edited: N versions` with the versions as `| ` lines, newest
/// first. The owner is `You` (`Type: outgoing`).
struct SigtopTextReader {
  let file: SourceFile
  let media: MediaLocator
  var speakers = SpeakerTable()
  var messages: [Message] = []
  /// Message ids by "author|sent", to find what a quote answers.
  var idsByOrigin: [String: String] = [:]
  /// Message ids by plain text, when a quote's time is not in the file.
  var idsByText: [String: String] = [:]

  init(file: SourceFile, media: MediaLocator) {
    self.file = file
    self.media = media
  }

  static let fieldNames: Set<String> = [
    "From", "Type", "Sent", "Received", "Attachment", "Reaction", "Edited", "Version",
  ]

  /// Whether `line` can start a record: its `From:` or (when the sender is unknown) `Type:`.
  static func isRecordStart(_ line: String) -> Bool {
    line.hasPrefix("From: ") || line.hasPrefix("Type: ")
  }

  mutating func read(warnings: inout [Diagnostic]) throws -> Transcript {
    let lines = file.textLines()
    var title: String?
    var records: [[(TextLine, String)]] = []
    var index = 0
    while index < lines.count {
      let text = file.text(of: lines[index])
      let previousIsBlank = index == 0 || file.isBlank(lines[index - 1])
      if index == 0 || records.isEmpty && title == nil, text.hasPrefix("Conversation: ") {
        title = SignalFormat.splitDisplayName(String(text.dropFirst("Conversation: ".count))).name
      } else if previousIsBlank, startsRecord(at: index, in: lines) {
        records.append([(lines[index], text)])
      } else if !records.isEmpty {
        records[records.count - 1].append((lines[index], text))
      } else if !file.isBlank(lines[index]) {
        throw DiagnosticError(
          .error(
            "expected a sigtop record starting 'From:' or 'Type:'",
            at: file.location(line: lines[index].number, column: 1)))
      }
      index += 1
    }
    for record in records { try read(record) }
    return Transcript(title: title, participants: speakers.participants, messages: messages)
  }

  /// A record starts at a `From:` line followed by `Type:`, or at a `Type:` line followed by
  /// `Sent:` or `Received:`.
  func startsRecord(at index: Int, in lines: [TextLine]) -> Bool {
    let text = file.text(of: lines[index])
    guard SigtopTextReader.isRecordStart(text), index + 1 < lines.count else { return false }
    let next = file.text(of: lines[index + 1])
    return text.hasPrefix("From: ")
      ? next.hasPrefix("Type: ")
      : next.hasPrefix("Sent: ") || next.hasPrefix("Received: ")
  }

  /// A block of lines split into its fields (in order), its quote's lines and its body.
  struct Block {
    var fields: [(name: String, value: String, line: Int)] = []
    var quote: [String] = []
    var edits: [String] = []
    var body: [String] = []
  }

  static func block(_ lines: [(line: Int, text: String)]) -> Block {
    var block = Block()
    var index = 0
    while index < lines.count, let colon = lines[index].text.range(of: ": "),
      fieldNames.contains(String(lines[index].text[..<colon.lowerBound]))
    {
      let text = lines[index].text
      block.fields.append((String(text[..<colon.lowerBound]), String(text[colon.upperBound...]), lines[index].line))
      index += 1
    }
    var rest = lines[index...].map(\.text)
    while rest.last?.trimmingCharacters(in: .whitespaces).isEmpty == true { rest.removeLast() }
    var cursor = 0
    while cursor < rest.count {
      let line = rest[cursor]
      if line.hasPrefix(">") {
        block.quote.append(String(line.dropFirst(line.hasPrefix("> ") ? 2 : 1)))
      } else if line.hasPrefix("|") {
        block.edits.append(String(line.dropFirst(line.hasPrefix("| ") ? 2 : 1)))
      } else if line.isEmpty, block.body.isEmpty {
        // The blank line before a section.
      } else {
        block.body = Array(rest[cursor...])
        break
      }
      cursor += 1
    }
    return block
  }

  mutating func read(_ record: [(TextLine, String)]) throws {
    let first = record[0].0
    let location = file.location(line: first.number, column: 1)
    var block = SigtopTextReader.block(record.map { ($0.0.number, $0.1) })
    func field(_ name: String) -> String? { block.fields.first { $0.name == name }?.value }
    let type = field("Type") ?? "unknown"
    let sender = field("From").map { SignalFormat.splitDisplayName($0).name }
    let authorID = sender.map { speakers.id(for: $0) }
    var time: MessageTime?
    if let sent = block.fields.first(where: { $0.name == "Sent" })
      ?? block.fields.first(where: { $0.name == "Received" })
    {
      guard let parsed = SigtopTextReader.time(sent.value) else {
        throw DiagnosticError(
          .error(
            "invalid time '\(sent.value)' (expected sigtop's 'Fri, 5 Jan 2024 10:01:00 +0100')",
            at: file.location(line: sent.line, column: sent.name.count + 3)))
      }
      time = parsed
    }
    let id = "m\(messages.count + 1)"
    var extras = MessageExtras()
    if !block.edits.isEmpty {
      // The newest version comes first.
      let versions = SigtopTextReader.block(block.edits.enumerated().map { ($0.offset, $0.element) })
      var newest = versions.body
      if let end = newest.firstIndex(where: { $0.hasPrefix("Version: ") }) { newest = Array(newest[..<end]) }
      while newest.last?.isEmpty == true { newest.removeLast() }
      block.body = newest
      block.quote = versions.quote
      extras.isEdited = true
    }
    for attachment in block.fields where attachment.name == "Attachment" {
      extras.attachments.append(self.attachment(attachment.value))
    }
    for reaction in block.fields where reaction.name == "Reaction" {
      guard let from = reaction.value.range(of: " from ") else { continue }
      let emoji = String(reaction.value[..<from.lowerBound])
      let by = speakers.id(for: SignalFormat.splitDisplayName(String(reaction.value[from.upperBound...])).name)
      if let same = extras.reactions.firstIndex(where: { $0.emoji == emoji }) {
        extras.reactions[same].count += 1
        extras.reactions[same].by.append(by)
      } else {
        extras.reactions.append(Reaction(emoji: emoji, count: 1, by: [by]))
      }
    }
    var text = block.body.joined(separator: "\n")
    if !block.quote.isEmpty {
      let quote = SigtopTextReader.block(block.quote.enumerated().map { ($0.offset, $0.element) })
      let quoteFrom = quote.fields.first { $0.name == "From" }.map { SignalFormat.splitDisplayName($0.value).name }
      let quoteSent = quote.fields.first { $0.name == "Sent" }?.value
      let quoteText = quote.body.joined(separator: "\n")
      if let original = idsByOrigin["\(quoteFrom ?? "")|\(quoteSent ?? "")"] ?? idsByText[quoteText] {
        extras.replyTo = original
      } else if !quoteText.isEmpty {
        (text, extras.spans) = SignalFormat.quoting(quoteText, above: text)
      }
    }
    var kind = Message.Kind.message
    if type != "incoming" && type != "outgoing" {
      kind = .system
      if text.isEmpty { (text, extras.phrase) = SigtopTextReader.notice(type) }
    } else if let call = SignalFormat.call(text) {
      extras.call = call
      text = ""
    }
    if let sent = field("Sent") { idsByOrigin["\(sender ?? "")|\(sent)"] = id }
    if kind == .message, !text.isEmpty, idsByText[text] == nil { idsByText[text] = id }
    messages.append(
      Message(id: id, authorID: authorID, time: time, text: text, kind: kind, location: location, extras: extras))
  }

  /// "photo.jpg (image/jpeg, 1234 bytes)": a chip, the picture when it lies beside the file.
  func attachment(_ value: String) -> Attachment {
    var name = value
    var mime: String?
    var size: Int?
    if value.hasSuffix(")"), let open = value.range(of: " (", options: .backwards) {
      name = String(value[..<open.lowerBound])
      let parts = value[open.upperBound..<value.index(before: value.endIndex)].components(separatedBy: ", ")
      mime = parts.first.flatMap { $0.isEmpty ? nil : $0 }
      size = parts.dropFirst().first.flatMap { Int($0.replacingOccurrences(of: " bytes", with: "")) }
    }
    let fileName = name == "no filename" ? nil : name
    var attachment = Attachment(
      kind: SignalFormat.kind(mimeType: mime, fileName: fileName), fileName: fileName, mimeType: mime, byteCount: size)
    if let fileName { media.resolve(&attachment, at: fileName) }
    return attachment
  }

  /// What a notice of `type` says ("group-v2-change" → "The group was changed"), in English,
  /// and as a sentence of ours when we know the type.
  static func notice(_ type: String) -> (text: String, phrase: Phrase?) {
    guard let word = SigtopTextReader.notices[type] else { return (type.replacingOccurrences(of: "-", with: " "), nil) }
    let phrase = Phrase(word)
    return (phrase.english, phrase)
  }

  static let notices: [String: Word] = [
    "call-history": .voiceCall,
    "group-v2-change": .noticeGroupChanged,
    "group": .noticeGroupChanged,
    "timer-notification": .noticeTimerChanged,
    "keychange": .noticeSafetyNumberChanged,
    "verified-change": .noticeSafetyNumberVerified,
    "profile-change": .noticeProfileChanged,
    "change-number-notification": .noticeNumberChanged,
    "chat-session-refreshed": .noticeSessionRefreshed,
    "universal-timer-notification": .noticeTimerChanged,
  ]

  /// "Fri, 5 Jan 2024 10:01:00 +0100" as an instant.
  static func time(_ text: String) -> MessageTime? {
    let parts = text.split(separator: " ")
    guard parts.count == 6, let day = Int(parts[1]), let month = months.firstIndex(of: String(parts[2])),
      let year = Int(parts[3])
    else { return nil }
    let clock = parts[4].split(separator: ":").compactMap { Int($0) }
    let zone = parts[5]
    guard clock.count == 3, zone.count == 5, let sign = zone.first, sign == "+" || sign == "-",
      let hours = Int(zone.dropFirst().prefix(2)), let minutes = Int(zone.suffix(2))
    else { return nil }
    let offset = (hours * 3600 + minutes * 60) * (sign == "-" ? -1 : 1)
    let date = LocalDate(year: year, month: month + 1, day: day)
    guard date.isValid, clock[0] < 24, clock[1] < 60, clock[2] < 60 else { return nil }
    let seconds = ISO8601.daysSinceEpoch(date) * 86_400 + clock[0] * 3600 + clock[1] * 60 + clock[2] - offset
    return MessageTime.epochSeconds(Double(seconds))
  }

  static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
}
