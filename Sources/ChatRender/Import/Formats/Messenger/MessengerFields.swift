/// Reading the values of Meta's JSON: every string mended (`MetaText`), errors located in
/// `file`.
struct MessengerFields {
  let file: SourceFile

  /// The string `key` of `object`, mended; nil when missing or null.
  func text(_ key: String, in object: JSONValue) throws -> String? {
    try file.string(key, in: object, required: false).map(MetaText.mend)
  }

  /// The names in `participants`: objects with a `name` (Download your information) or
  /// strings (encrypted chats).
  func participantNames(in root: JSONValue) throws -> [String] {
    try (file.array("participants", in: root, required: false) ?? []).compactMap { entry in
      if let name = entry.stringValue { return MetaText.mend(name) }
      guard entry.members != nil else {
        throw file.error("expected an object or a string for a participant, found \(entry.typeName)", at: entry)
      }
      return try text("name", in: entry)
    }
  }

  /// The instant `key` holds in epoch milliseconds.
  func time(_ key: String, in object: JSONValue, required: Bool) throws -> MessageTime? {
    guard let milliseconds = try file.number(key, in: object) else {
      if required { throw file.error("missing key '\(key)'", at: object) }
      return nil
    }
    guard let time = MessageTime.epochSeconds(milliseconds / 1000) else {
      throw file.error("'\(key)' is out of range", at: object[key] ?? object)
    }
    return time
  }

  /// `share`: a link and its text, shown as a card.
  func share(in entry: JSONValue) throws -> LinkPreview? {
    guard let share = try file.objectMember("share", in: entry) else { return nil }
    let link = try text("link", in: share)
    let owner = try text("original_content_owner", in: share)
    let shareText = try text("share_text", in: share)
    let preview = LinkPreview(
      url: link, title: owner.flatMap { $0.isEmpty ? nil : $0 },
      description: shareText.flatMap { $0.isEmpty ? nil : $0 })
    return preview.isEmpty ? nil : preview
  }

  /// `reactions[{reaction, actor}]`, one `Reaction` per emoji in the order first given.
  func reactions(in entry: JSONValue, actorKey: String) throws -> [Reaction] {
    var reactions: [Reaction] = []
    for item in try file.array("reactions", in: entry, required: false) ?? [] {
      guard item.members != nil else {
        throw file.error("expected an object for a reaction, found \(item.typeName)", at: item)
      }
      guard let emoji = try text("reaction", in: item), !emoji.isEmpty else { continue }
      let actor = try text(actorKey, in: item)
      if let index = reactions.firstIndex(where: { $0.emoji == emoji }) {
        reactions[index].count += 1
        if let actor { reactions[index].by.append(actor) }
      } else {
        reactions.append(Reaction(emoji: emoji, count: 1, by: actor.map { [$0] } ?? []))
      }
    }
    return reactions
  }
}
