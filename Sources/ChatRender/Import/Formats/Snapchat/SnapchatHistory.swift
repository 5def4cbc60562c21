import Foundation

/// The conversations of a Snapchat `chat_history.json` (see `SnapchatFormat`).
///
/// Newer form: `{ "<friend or group id>": [ { "From", "Media Type", "Created", "Content",
/// "Conversation Title", "IsSender", "Created(microseconds)", "IsSaved", "Media IDs" } ] }`,
/// the owner the `From` of entries with `IsSender` true. Older form: `"Received Saved Chat
/// History"` (and `Unsaved`) entries with `From`, `"Sent Saved Chat History"` ones with `To`,
/// each with `Media Type`, `Created` and `Text`; the owner, who sent the second, is unnamed.
struct SnapchatHistory {
  struct Conversation {
    var id: String
    var title: String
    /// Each entry, and whether the owner sent it (older form; nil in the newer, which says).
    var entries: [(value: JSONValue, sent: Bool?)]
  }

  static let olderLists = [
    "Received Saved Chat History", "Sent Saved Chat History", "Received Unsaved Chat History",
    "Sent Unsaved Chat History",
  ]
  /// The owner's id in the older form, which does not name them.
  static let unnamedOwner = "me"

  let file: SourceFile
  let conversations: [Conversation]
  /// The owner's username (newer form), or `unnamedOwner`.
  let owner: String?
  /// The files of `chat_media/` by the media id their names hold (`2024-04-20_b~EiQS….jpeg`).
  let mediaByID: [String: String]
  let media: MediaLocator?
  /// Display names by username, from `json/friends.json` beside the history.
  let displayNames: [String: String]

  init(_ input: ImportInput) throws {
    if let tree = input.tree {
      let paths = try tree.filePaths()
      guard let path = SnapchatHistory.historyPath(in: paths) else {
        throw DiagnosticError(.error("expected Snapchat's My Data: no 'json/chat_history.json' in \(input.path)"))
      }
      file = try tree.sourceFile(path)
      mediaByID = SnapchatHistory.mediaIndex(
        paths.filter { $0.hasPrefix("chat_media/") || $0.contains("/chat_media/") })
      media = MediaLocator(tree: tree)
      let friends = MediaPath.join(MediaPath.folder(of: path), "friends.json")
      displayNames = paths.contains(friends) ? try SnapchatHistory.displayNames(try tree.sourceFile(friends)) : [:]
    } else {
      file = try input.singleFile("Snapchat's chat_history.json")
      mediaByID = [:]
      media = nil
      displayNames = [:]
    }
    let root = try file.json()
    guard let members = root.members else {
      throw file.error("expected an object of conversations, found \(root.typeName)", at: root)
    }
    if members.contains(where: { SnapchatHistory.olderLists.contains($0.key) }) {
      conversations = try SnapchatHistory.olderConversations(members, file: file)
      owner = SnapchatHistory.unnamedOwner
    } else {
      (conversations, owner) = try SnapchatHistory.newerConversations(members, file: file)
    }
  }

  /// `friends.json`: `{"Friends": [{"Username": "jonas_k", "Display Name": "Jonas K"}], …}`,
  /// the other lists (`Deleted Friends`, `Blocked Users`, …) alike.
  static func displayNames(_ file: SourceFile) throws -> [String: String] {
    let root = try file.json()
    var names: [String: String] = [:]
    for member in root.members ?? [] {
      for friend in member.value.arrayValue ?? [] where friend.members != nil {
        guard let username = try file.string("Username", in: friend, required: false),
          let name = try file.string("Display Name", in: friend, required: false), !name.isEmpty
        else { continue }
        if names[username] == nil { names[username] = name }
      }
    }
    return names
  }

  /// `json/chat_history.json` of a tree, the shallowest first.
  static func historyPath(in paths: [String]) -> String? {
    paths.filter { $0 == "chat_history.json" || $0.hasSuffix("/chat_history.json") }
      .min { $0.split(separator: "/").count < $1.split(separator: "/").count }
  }

  static func entries(of member: JSONValue.Member, file: SourceFile) throws -> [JSONValue] {
    guard let entries = member.value.arrayValue else {
      throw file.error("expected an array for '\(member.key)', found \(member.value.typeName)", at: member.value)
    }
    for entry in entries where entry.members == nil {
      throw file.error("expected an object for a message, found \(entry.typeName)", at: entry)
    }
    return entries
  }

  static func olderConversations(_ members: [JSONValue.Member], file: SourceFile) throws -> [Conversation] {
    var conversations: [Conversation] = []
    var index: [String: Int] = [:]
    for member in members where olderLists.contains(member.key) {
      let sent = member.key.hasPrefix("Sent")
      for entry in try entries(of: member, file: file) {
        let friend = try file.string(sent ? "To" : "From", in: entry) ?? ""
        if index[friend] == nil {
          index[friend] = conversations.count
          conversations.append(Conversation(id: friend, title: friend, entries: []))
        }
        conversations[index[friend]!].entries.append((entry, sent))
      }
    }
    return conversations
  }

  static func newerConversations(_ members: [JSONValue.Member], file: SourceFile) throws -> (
    [Conversation], String?
  ) {
    var owner: String?
    let conversations = try members.map { member in
      let entries = try entries(of: member, file: file)
      var title: String?
      for entry in entries {
        if title == nil, let named = try file.string("Conversation Title", in: entry, required: false), !named.isEmpty {
          title = named
        }
        if owner == nil, try file.flag("IsSender", in: entry) == true {
          owner = try file.string("From", in: entry, required: false)
        }
      }
      return Conversation(id: member.key, title: title ?? member.key, entries: entries.map { ($0, nil) })
    }
    return (conversations, owner)
  }

  // MARK: - One conversation

  func transcript(of conversation: Conversation) throws -> Transcript {
    var participants: [Participant] = []
    func add(_ id: String, _ name: String?) {
      guard !participants.contains(where: { $0.id == id }) else { return }
      participants.append(name.map { Participant(id: id, name: $0) } ?? Participant(id: id, word: .me))
    }
    var timed: [(time: Double, message: Message)] = []
    for (entry, sent) in conversation.entries {
      let author: String
      if let sent {
        author = sent ? SnapchatHistory.unnamedOwner : conversation.id
        add(author, sent ? nil : displayNames[conversation.id] ?? conversation.id)
      } else {
        author = try file.string("From", in: entry) ?? ""
        add(author, displayNames[author] ?? author)
      }
      let (time, seconds) = try self.time(of: entry)
      var message = try message(entry, author: author, time: time)
      message.location = file.location(ofOffset: entry.offset)
      timed.append((seconds, message))
    }
    // The older form lists received before sent; both forms are drawn in time order.
    let messages = timed.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }
      .map(\.element.message)
    // The older form's owner is in every conversation, even one of received messages only.
    if owner == SnapchatHistory.unnamedOwner { add(SnapchatHistory.unnamedOwner, nil) }
    return Transcript(
      title: conversation.title, participants: participants,
      meID: participants.contains { $0.id == owner } ? owner : nil, messages: messages)
  }

  /// `Created` ("2024-04-20 01:29:22 UTC"), else `Created(microseconds)` (which, despite its
  /// name, counts milliseconds in the exports seen; a number past 10¹⁴ is read as microseconds).
  func time(of entry: JSONValue) throws -> (MessageTime?, Double) {
    if let text = try file.string("Created", in: entry, required: false) {
      let iso = text.replacingOccurrences(of: " UTC", with: "Z").replacingOccurrences(of: " ", with: "T")
      guard let time = ISO8601.parse(iso) else {
        throw file.error(
          "invalid date '\(text)' (expected Snapchat's '2024-01-02 15:04:05 UTC')", at: entry["Created"] ?? entry)
      }
      guard case .instant(let date) = time else { return (time, 0) }
      return (time, date.timeIntervalSince1970)
    }
    if let number = try file.number("Created(microseconds)", in: entry) {
      let seconds = number > 1e14 ? number / 1e6 : number / 1e3
      return (MessageTime.epochSeconds(seconds), seconds)
    }
    throw file.error("missing key 'Created'", at: entry)
  }

  func message(_ entry: JSONValue, author: String, time: MessageTime?) throws -> Message {
    let type = (try file.string("Media Type", in: entry, required: false) ?? "TEXT").uppercased()
    var text =
      try file.string("Content", in: entry, required: false) ?? file.string("Text", in: entry, required: false) ?? ""
    var extras = MessageExtras()
    let found = try mediaFiles(of: entry)
    switch type {
    case "TEXT":
      break
    case "MEDIA", "IMAGE", "VIDEO", "STICKER", "NOTE", "AUDIO":
      let kind: Attachment.Kind =
        switch type {
        case "VIDEO": .video
        case "STICKER": .sticker
        case "NOTE", "AUDIO": .audio
        default: .image
        }
      extras.attachments = found.isEmpty ? [Attachment(kind: kind, isOmitted: true)] : found
    case "SNAP":
      extras.attachments = found.isEmpty ? [Attachment(kind: .image, title: "Snap")] : found
    case "LOCATION":
      extras.attachments = [Attachment(kind: .location, title: text.isEmpty ? "Location" : text)]
      text = ""
    case "SHARE":
      extras.attachments = [Attachment(kind: .other, title: "Shared", detail: text.isEmpty ? nil : text)]
      text = ""
    case "STATUSERASEDMESSAGE":
      extras.isDeleted = true
    default:
      // A type this reader does not know stays a message, its type on a chip.
      extras.attachments = found.isEmpty ? [Attachment(kind: .other, title: type)] : found
    }
    return Message(authorID: author, time: time, text: text, extras: extras)
  }

  /// The media id in each file's name: from `b~` (or `media~`) to the extension.
  static func mediaIndex(_ paths: [String]) -> [String: String] {
    var index: [String: String] = [:]
    for path in paths {
      let name = Substring(path.split(separator: "/").last ?? "")
      guard let start = name.range(of: "b~")?.lowerBound ?? name.range(of: "media~")?.lowerBound else { continue }
      let id = name[start...].split(separator: ".").first.map(String.init) ?? ""
      if !id.isEmpty, index[id] == nil { index[id] = path }
    }
    return index
  }

  /// The files of `chat_media/` named by the entry's `Media IDs` (`b~…`, several joined by
  /// ` | `).
  func mediaFiles(of entry: JSONValue) throws -> [Attachment] {
    guard let media, !mediaByID.isEmpty,
      let ids = try file.string("Media IDs", in: entry, required: false), !ids.isEmpty
    else { return [] }
    return ids.components(separatedBy: "|").compactMap { id in
      guard let path = mediaByID[id.trimmingCharacters(in: .whitespaces)] else { return nil }
      let name = String(path.split(separator: "/").last ?? "")
      var attachment = Attachment(kind: FileTypes.kind(ofFile: name), fileName: name)
      attachment.mimeType = FileTypes.mimeType(ofFile: name)
      media.resolve(&attachment, at: path)
      return attachment
    }
  }
}
