import Foundation

/// A conversation as Messages shows it: a group chat, or every chat with one person (their
/// iMessage and their SMS chats are two rows of `chat` with the same identifier, shown as one).
struct IMessageConversation {
  var chats: [IMessageDatabase.Chat]
  var count = IMessageDatabase.Count(messages: 0, first: nil, last: nil)

  var identifier: String { chats[0].identifier }
  var isGroup: Bool { chats.contains(where: \.isGroup) }
  /// Everyone in it but the database's owner, in order of first appearance.
  var handles: [String] {
    var seen: [String] = []
    for handle in chats.flatMap(\.handles) where !seen.contains(handle) { seen.append(handle) }
    return seen.isEmpty && !isGroup ? [identifier] : seen
  }

  /// The group's name, else its participants ("+15551234567", "Ana, Bo"), named by `names`.
  func title(names: ContactNames) -> String {
    if let name = chats.lazy.compactMap(\.displayName).first { return name }
    let people = handles.map(names.name(of:))
    return people.isEmpty ? identifier : people.joined(separator: ", ")
  }

  /// "3 participants: +15551234567, ana@example.com; 42 messages, 2024-03-01 to 2024-03-09 (UTC)".
  func detail(names: ContactNames) -> String {
    let people = handles.map(names.name(of:))
    var parts = ["\(people.count) participant\(people.count == 1 ? "" : "s"): " + people.joined(separator: ", ")]
    var counted = "\(count.messages) message\(count.messages == 1 ? "" : "s")"
    if let first = AppleDate.date(count.first), let last = AppleDate.date(count.last) {
      counted += ", \(Self.day(first)) to \(Self.day(last)) (UTC)"
    }
    parts.append(counted)
    let services = Set(chats.compactMap(\.service)).sorted()
    if !services.isEmpty { parts.append(services.joined(separator: " and ")) }
    return parts.joined(separator: "; ")
  }

  private static func day(_ date: Date) -> String {
    String(ISO8601.format(.instant(date)).prefix(10))
  }

  /// Whether `wanted` is one of its participants: the same address, or the same phone number
  /// however written (`+1 (555) 123-4567` is `+15551234567`).
  func hasParticipant(_ wanted: String) -> Bool {
    handles.contains { ContactNames.sameHandle($0, wanted) } || ContactNames.sameHandle(identifier, wanted)
  }

  /// The chats of a database as conversations, in the order of their first chat.
  static func all(in database: IMessageDatabase) throws -> [IMessageConversation] {
    var conversations: [IMessageConversation] = []
    var byKey: [String: Int] = [:]
    for chat in database.chats {
      let key = chat.isGroup ? "group:\(chat.rowID)" : "one:" + chat.identifier.lowercased()
      if let index = byKey[key] {
        conversations[index].chats.append(chat)
      } else {
        byKey[key] = conversations.count
        conversations.append(IMessageConversation(chats: [chat]))
      }
    }
    let counts = try database.counts()
    for index in conversations.indices {
      for chat in conversations[index].chats {
        guard let count = counts[chat.rowID] else { continue }
        conversations[index].count.messages += count.messages
        conversations[index].count.first = [conversations[index].count.first, count.first].compactMap { $0 }.min()
        conversations[index].count.last = [conversations[index].count.last, count.last].compactMap { $0 }.max()
      }
    }
    return conversations
  }

  /// The conversation `wanted` names (`--chat`): its identifier or phone number, else as
  /// `ExportChatPicker` picks (name, position, part of a name), else the one conversation
  /// holding that participant, a one-to-one chat first.
  static func pick(
    _ wanted: String?, from conversations: [IMessageConversation], names: ContactNames, location: SourceLocation,
    noting choice: ChatChoice?
  ) throws -> Int {
    if let wanted {
      choice?.noteMade()
      let byIdentifier = conversations.indices.filter { ContactNames.sameHandle(conversations[$0].identifier, wanted) }
      if byIdentifier.count == 1 { return byIdentifier[0] }
    }
    let picker = ExportChatPicker(
      noun: "chat",
      candidates: conversations.map {
        ExportChatPicker.Candidate(name: $0.title(names: names), id: $0.identifier, detail: $0.detail(names: names))
      })
    do {
      return try picker.pick(wanted, location: location, noting: choice)
    } catch {
      guard let wanted else { throw error }
      let holding = conversations.indices.filter { conversations[$0].hasParticipant(wanted) }
      let direct = holding.filter { !conversations[$0].isGroup }
      if direct.count == 1 { return direct[0] }
      if holding.count == 1 { return holding[0] }
      throw error
    }
  }
}
