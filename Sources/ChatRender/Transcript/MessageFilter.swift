import Foundation

/// A `--filter` query (issue 42): which messages of a transcript to keep, by author, content,
/// date and state. `MessageFilterParser` reads the text form; docs/FILTERS.md documents it.
///
/// Terms compare without case or accents ("ines" finds "Inês"). A date term never matches a
/// message without a date, so `-before:2025` keeps those. System notices have no author:
/// `from:` never matches them.
package indirect enum MessageFilter: Sendable, Hashable {
  /// The author: a participant's name, first name, beginning of a name, id or handle; `me` is
  /// the participant drawn as sent.
  case from(String)
  /// The message carries this.
  case has(Content)
  /// The message is in this state.
  case state(State)
  /// Before this wall-clock time (the first second of a day or month given).
  case before(LocalDateTime)
  /// After this wall-clock time (the last second of a day or month given).
  case after(LocalDateTime)
  /// The text holds these words, in this order.
  case words(String)
  case not(MessageFilter)
  case all([MessageFilter])
  case any([MessageFilter])

  /// What `has:` asks for.
  package enum Content: String, Sendable, Hashable, CaseIterable {
    case image, video, audio, sticker, file, link, reaction
  }

  /// What `is:` asks for.
  package enum State: String, Sendable, Hashable, CaseIterable {
    case edited, deleted, reply, forwarded
  }

  /// Whether `message` of `transcript` is kept, with dates read in `timeZone`.
  package func matches(_ message: Message, in transcript: Transcript, timeZone: TimeZone) -> Bool {
    Matcher(transcript: transcript, timeZone: timeZone).matches(message, self)
  }

  /// The messages of `transcript` this filter keeps, in order.
  package func kept(of transcript: Transcript, timeZone: TimeZone) -> [Message] {
    let matcher = Matcher(transcript: transcript, timeZone: timeZone)
    return transcript.messages.filter { matcher.matches($0, self) }
  }

  /// Text compared without case or accents.
  static func folded(_ text: String) -> String {
    text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
  }
}

/// Evaluates a filter over one transcript, with the authors each `from:` names found once.
private struct Matcher {
  let transcript: Transcript
  let timeZone: TimeZone
  private let authors: [String: Set<String>]

  init(transcript: Transcript, timeZone: TimeZone) {
    self.transcript = transcript
    self.timeZone = timeZone
    var authors: [String: Set<String>] = [:]
    for participant in transcript.participants {
      for spelling in Self.spellings(of: participant) { authors[spelling, default: []].insert(participant.id) }
    }
    self.authors = authors
  }

  /// Name, id and handles, folded.
  private static func spellings(of participant: Participant) -> [String] {
    ([participant.name, participant.id] + participant.handles).map(MessageFilter.folded)
  }

  func matches(_ message: Message, _ filter: MessageFilter) -> Bool {
    switch filter {
    case .from(let name): return isAuthor(message, named: name)
    case .has(let content): return has(message, content)
    case .state(let state): return isIn(message, state)
    case .before(let bound): return local(message).map { $0 < bound } ?? false
    case .after(let bound): return local(message).map { bound < $0 } ?? false
    case .words(let words): return MessageFilter.folded(message.text).contains(MessageFilter.folded(words))
    case .not(let inner): return !matches(message, inner)
    case .all(let filters): return filters.allSatisfy { matches(message, $0) }
    case .any(let filters): return filters.contains { matches(message, $0) }
    }
  }

  /// The author named exactly (name, id or handle), else by first name or a name's beginning.
  private func isAuthor(_ message: Message, named name: String) -> Bool {
    guard let author = message.authorID else { return false }
    let key = MessageFilter.folded(name)
    if key == "me" { return author == transcript.meID }
    if let exact = authors[key] { return exact.contains(author) }
    guard let participant = transcript.participant(id: author) else { return MessageFilter.folded(author) == key }
    return Self.spellings(of: participant).contains { spelling in
      spelling.hasPrefix(key) || spelling.split(separator: " ").contains { $0 == key }
    }
  }

  private func has(_ message: Message, _ content: MessageFilter.Content) -> Bool {
    let kinds = message.extras.attachments.map(\.kind)
    switch content {
    case .image: return kinds.contains(.image)
    case .video: return kinds.contains(.video)
    case .audio: return kinds.contains(.audio)
    case .sticker: return kinds.contains(.sticker)
    case .file: return kinds.contains { [.file, .other, .contact, .location].contains($0) }
    case .reaction: return !message.extras.reactions.isEmpty
    case .link: return hasLink(message)
    }
  }

  private func hasLink(_ message: Message) -> Bool {
    if !message.extras.linkPreviews.isEmpty { return true }
    if message.extras.spans.contains(where: { if case .link = $0.style { true } else { false } }) { return true }
    return !ContactDataFinder.links(in: Array(message.text.unicodeScalars)).isEmpty
  }

  private func isIn(_ message: Message, _ state: MessageFilter.State) -> Bool {
    switch state {
    case .edited: message.extras.isEdited
    case .deleted: message.extras.isDeleted
    case .reply: message.extras.replyTo != nil
    case .forwarded: message.extras.forwardedFrom != nil
    }
  }

  /// The message's dated wall-clock time in the zone; nil without a day.
  private func local(_ message: Message) -> LocalDateTime? {
    guard let local = message.time?.local(in: timeZone), local.date != nil else { return nil }
    return local
  }
}
