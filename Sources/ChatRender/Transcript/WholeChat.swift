/// What a part of a chat (a day of `--split-by`, a `--from`/`--to` range, the `--last`
/// messages, a crop) keeps of the whole: its speakers, so that whether names are drawn and
/// which colour each person has are decided once, from the whole chat.
///
/// It compares equal to every other: it says nothing about what the part holds.
struct WholeChat: Sendable, Hashable {
  /// The authors of the whole chat's messages, in order of first appearance; nil until the
  /// chat is first cut down.
  var speakers: [String]?
  /// Messages the part's replies quote that the cut left out, by id: a quote shows what the
  /// source holds, not "not in this file".
  var quoted: [String: Message] = [:]

  static func == (_: WholeChat, _: WholeChat) -> Bool { true }
  func hash(into hasher: inout Hasher) {}
}

extension Transcript {
  /// The authors of messages (not notices), in order of first appearance in the whole chat,
  /// however it was cut down since.
  var speakers: [String] {
    if let kept = wholeChat.speakers { return kept }
    var seen = Set<String>()
    var order: [String] = []
    for message in messages where message.kind == .message {
      if let author = message.authorID, seen.insert(author).inserted { order.append(author) }
    }
    return order
  }

  /// The transcript, remembering its speakers before its messages are cut down.
  func keepingSpeakers() -> Transcript {
    var kept = self
    kept.wholeChat.speakers = speakers
    return kept
  }

  /// The transcript cut down to `kept` (messages of its own), remembering its speakers and
  /// the messages that replies in `kept` quote but `kept` leaves out.
  func cut(to kept: [Message]) -> Transcript {
    var part = keepingSpeakers()
    part.messages = kept
    part.wholeChat.quoted = quotedOriginals(missingFrom: kept)
    return part
  }

  private func quotedOriginals(missingFrom kept: [Message]) -> [String: Message] {
    let keptIDs = Set(kept.compactMap(\.id))
    let wanted = Set(kept.compactMap(\.extras.replyTo)).subtracting(keptIDs)
    guard !wanted.isEmpty else { return [:] }
    var found = wholeChat.quoted.filter { wanted.contains($0.key) }
    for message in messages {
      if let id = message.id, wanted.contains(id), found[id] == nil { found[id] = message }
    }
    return found
  }
}
