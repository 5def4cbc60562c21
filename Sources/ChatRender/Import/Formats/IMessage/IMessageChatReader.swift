import Foundation

/// Builds the transcript of one conversation from its rows (docs/FORMATS.md, "iMessage and
/// SMS"): messages and notices in date order; tapbacks folded into reactions on the message
/// they point at; thread replies, edits, unsends and the service each message went by kept.
///
/// Participants are named by their handle (a phone number or an address), or by `names`; the
/// database's owner is "me", known from `is_from_me`.
struct IMessageChatReader {
  static let meID = "me"

  let path: String
  let names: ContactNames
  /// The folder attachments are looked for under; nil when there is none (stdin).
  let attachmentsBase: String?

  private var messages: [Message] = []
  private var participants: [Participant] = []
  /// Each participant's index in `participants`, by id: looked up for every message.
  private var participantIndex: [String: Int] = [:]
  /// Each message's reactions so far: the emoji of each reacting participant, in order.
  private var tapbacks: [String: [(who: String, emoji: String)]] = [:]
  private var indexByGUID: [String: Int] = [:]
  /// The messages whose `attributedBody` could not be decoded, and why.
  private var unreadableBodies: [(rowID: Int64, failure: TypedStreamDecoder.Failure)] = []
  private var missingFiles: [String] = []

  init(path: String, names: ContactNames, attachmentsBase: String?) {
    self.path = path
    self.names = names
    self.attachmentsBase = attachmentsBase
  }

  /// The transcript of `rows`, titled `title`.
  mutating func read(
    _ rows: [IMessageDatabase.MessageRow], title: String, handles: [String], warnings: inout [Diagnostic]
  )
    -> Transcript
  {
    participants = [Participant(id: Self.meID, word: .me)]
    participantIndex = [Self.meID: 0]
    for handle in handles { participant(handle) }
    for row in rows {
      if let action = Tapback.action(type: row.associatedType, emoji: row.associatedEmoji),
        let target = row.associatedGUID
      {
        react(action, to: Tapback.targetGUID(target), by: author(of: row))
      } else if row.itemType != 0 {
        notice(row)
      } else {
        message(row)
      }
    }
    applyTapbacks()
    if let first = unreadableBodies.first {
      let (rowID, failure) = (first.rowID, first.failure)
      let count = unreadableBodies.count
      warnings.append(
        .warning(
          "\(count) message\(count == 1 ? "'s" : "s'") attributedBody cannot be read (first: message \(rowID), "
            + "\(failure.reason) at byte \(failure.offset)); the text is taken from 'text'",
          at: location))
    }
    if let first = missingFiles.first {
      let count = missingFiles.count
      warnings.append(
        .warning(
          "\(count) attachment\(count == 1 ? "" : "s") not found under \(attachmentsBase ?? "the database's folder") "
            + "(first: \(first)); give the folder holding Attachments/ with --attachments",
          at: location))
    }
    return Transcript(title: title, participants: participants, meID: Self.meID, messages: messages)
  }

  private var location: SourceLocation { SourceLocation(file: path, line: 1, column: 1) }

  /// The author's participant id: "me", the sender's handle, or nil when the row names none.
  private mutating func author(of row: IMessageDatabase.MessageRow) -> String {
    if row.isFromMe { return Self.meID }
    return row.handle.map { participant($0) } ?? "unknown"
  }

  /// The participant id of `handle`, added to the participants the first time.
  @discardableResult
  private mutating func participant(_ handle: String) -> String {
    if participantIndex[handle] == nil {
      participantIndex[handle] = participants.count
      participants.append(Participant(id: handle, name: names.name(of: handle), handles: [handle]))
    }
    return handle
  }

  private func shownName(_ id: String) -> String {
    id == Self.meID ? "You" : participantIndex[id].map { participants[$0].name } ?? id
  }

  private mutating func notice(_ row: IMessageDatabase.MessageRow) {
    if let call = IMessageNotice.call(for: row), row.isFromMe || row.handle != nil {
      var extras = MessageExtras()
      extras.call = call
      extras.service = row.service
      messages.append(
        Message(
          id: row.guid.isEmpty ? nil : row.guid, authorID: author(of: row),
          time: AppleDate.date(row.date).map(MessageTime.instant), text: "", location: location, extras: extras))
      return
    }
    let actor = author(of: row)
    let other = row.otherHandle.map { participant($0) }
    guard let phrase = IMessageNotice.phrase(for: row, actor: shownName(actor), other: other.map(shownName)) else {
      return
    }
    var extras = MessageExtras()
    extras.phrase = phrase
    messages.append(
      Message(
        id: row.guid.isEmpty ? nil : row.guid, authorID: nil, time: AppleDate.date(row.date).map(MessageTime.instant),
        text: phrase.english, kind: .system, location: location, extras: extras))
  }

  private mutating func message(_ row: IMessageDatabase.MessageRow) {
    var (text, spans) = body(of: row)
    var extras = MessageExtras(spans: spans)
    extras.service = row.service
    extras.replyTo = row.threadOriginatorGUID.flatMap { $0.isEmpty ? nil : $0 }
    for file in row.attachments { extras.attachments.append(attachment(file)) }
    let retracted = (row.dateRetracted ?? 0) != 0
    let edited = (row.dateEdited ?? 0) != 0
    let unsentParts = IMessageSummaryInfo.hasRetractedParts(row.summaryInfo)
    if retracted || (edited || unsentParts) && text.isEmpty && extras.attachments.isEmpty {
      extras.isDeleted = true
      text = ""
      spans = []
    } else if edited {
      extras.isEdited = true
    }
    if text.isEmpty, extras.attachments.isEmpty, !extras.isDeleted { return }
    if !row.guid.isEmpty { indexByGUID[row.guid] = messages.count }
    let authorID = author(of: row)
    // What was unsent is gone: Messages leaves a centred line saying who took it back.
    let unsent = extras.isDeleted ? Phrase(.noticeUnsent, ["actor": .text(shownName(authorID))]) : nil
    if let unsent {
      extras.attachments = []
      extras.service = nil
      extras.phrase = unsent
    }
    messages.append(
      Message(
        id: row.guid.isEmpty ? nil : row.guid, authorID: authorID,
        time: AppleDate.date(row.date).map(MessageTime.instant), text: unsent?.english ?? text,
        kind: unsent == nil ? .message : .system, location: location, extras: extras))
  }

  /// The text and its links and mentions: from `attributedBody` when it reads (since macOS
  /// 13 `text` is often NULL), else from `text`; attachment marks (U+FFFC) left out.
  private mutating func body(of row: IMessageDatabase.MessageRow) -> (String, [TextSpan]) {
    if let blob = row.attributedBody, !blob.isEmpty {
      do throws(TypedStreamDecoder.Failure) {
        if let body = try AttributedBody.decode(blob) { return (body.text, body.spans) }
      } catch {
        unreadableBodies.append((row.rowID, error))
      }
    }
    let text = row.text ?? ""
    // Most texts hold no mark (U+FFFC, bytes EF BF BC): no copy for them.
    guard text.utf8.contains(0xEF) else { return (text, []) }
    let kept = text.unicodeScalars.filter { $0 != AttributedBody.attachmentMark }
    return (String(String.UnicodeScalarView(kept)), [])
  }

  private mutating func attachment(_ row: IMessageDatabase.AttachmentRow) -> Attachment {
    let name = row.transferName ?? row.filename.map { ($0 as NSString).lastPathComponent }
    var kind = row.mimeType.map(Attachment.Kind.init(mimeType:)) ?? FileTypes.kind(ofFile: name ?? "")
    if row.isSticker { kind = .sticker }
    var attachment = Attachment(
      kind: kind, fileName: name, mimeType: row.mimeType, byteCount: row.totalBytes.map { Int(clamping: $0) })
    guard let filename = row.filename, !filename.isEmpty else { return attachment }
    let found = attachmentsBase.flatMap { base in
      IMessageAttachmentPath.candidates(filename, under: base).lazy.compactMap { candidate in
        MediaPath.byteCount(ofFile: candidate).map { (candidate, $0) }
      }.first
    }
    if let found {
      attachment.source = .file(path: found.0)
      attachment.byteCount = found.1
    } else {
      missingFiles.append(filename)
    }
    return attachment
  }

  private mutating func react(_ action: Tapback.Action, to guid: String, by who: String) {
    var list = tapbacks[guid] ?? []
    // One tapback per person on a message: a new one replaces theirs, a removal takes it.
    list.removeAll { $0.who == who }
    if case .add(let emoji) = action { list.append((who, emoji)) }
    tapbacks[guid] = list
  }

  private mutating func applyTapbacks() {
    for (guid, list) in tapbacks where !list.isEmpty {
      guard let index = indexByGUID[guid] else { continue }
      var reactions: [Reaction] = []
      for (who, emoji) in list {
        if let at = reactions.firstIndex(where: { $0.emoji == emoji }) {
          reactions[at].count += 1
          reactions[at].by.append(who)
        } else {
          reactions.append(Reaction(emoji: emoji, count: 1, by: [who]))
        }
      }
      messages[index].extras.reactions = reactions
    }
  }
}
