/// The layout of a Slack export: its conversation lists, users and day files.
///
/// The export may sit one folder deep (a zip of the `export/` folder); `prefix` is that
/// folder. Conversations come from `channels.json`, `groups.json` (private channels),
/// `mpims.json` (group DMs) and `dms.json`, each stored in a folder named after it (DMs by id).
struct SlackExport {
  static let listFiles = ["channels.json", "groups.json", "mpims.json", "dms.json"]
  static let userFiles = ["users.json", "org_users.json"]

  struct Conversation {
    enum Kind { case channel, privateChannel, groupDM, directMessage }
    var id: String?
    /// The channel name, or the DM's id.
    var name: String
    var kind: Kind
    var members: [String]
    /// The folder (relative to the tree) holding the day files.
    var folder: String
  }

  /// What users.json and messages say about a user.
  struct User {
    var displayName: String?
    var realName: String?
    var handle: String?
    var isBot = false
    var isDeleted = false

    /// display_name, else real_name, else name (docs/FORMATS.md, "Slack").
    var bestName: String? { displayName ?? realName ?? handle }
  }

  let tree: any FileTree
  /// "" or "folder/".
  let prefix: String
  let paths: [String]
  /// Folders holding day files, in the order of `paths`.
  let foldersWithDays: [String]
  /// Each folder's day files, sorted by date.
  private let daysByFolder: [String: [String]]

  /// The export in `tree`, or nil when the tree has neither a conversation list beside a
  /// users file nor only channel folders of day files.
  init?(tree: any FileTree) {
    guard let paths = try? tree.filePaths(),
      let prefix = SlackExport.listsPrefix(in: paths) ?? SlackExport.channelFoldersPrefix(in: paths)
    else { return nil }
    self.tree = tree
    self.prefix = prefix
    self.paths = paths
    var folders: [String] = []
    var days: [String: [String]] = [:]
    for path in paths where path.hasPrefix(prefix) {
      let parts = path.dropFirst(prefix.count).split(separator: "/")
      guard parts.count == 2, SlackExport.isDayFileName(parts[1]) else { continue }
      let folder = String(parts[0])
      if days[folder] == nil { folders.append(folder) }
      days[folder, default: []].append(path)
    }
    self.foldersWithDays = folders
    self.daysByFolder = days.mapValues { $0.sorted() }
  }

  /// The folder ("" or "name/") of the conversation lists, when a users file sits beside them.
  private static func listsPrefix(in paths: [String]) -> String? {
    var best: String?
    for path in paths {
      let parts = path.split(separator: "/")
      guard parts.count <= 2, let last = parts.last, listFiles.contains(String(last)) else { continue }
      let prefix = parts.count == 2 ? parts[0] + "/" : ""
      if best == nil || prefix.count < (best?.count ?? 0) { best = prefix }
    }
    guard let prefix = best, userFiles.contains(where: { paths.contains(prefix + $0) }) else {
      return nil
    }
    return prefix
  }

  /// Some real exports hold only the channel folders (`general/2024-03-14.json`), without
  /// `users.json` or `channels.json` or both: the export is the folder ("" or "name/") under
  /// which every JSON file is a day file of a channel folder, or a list or users file.
  private static func channelFoldersPrefix(in paths: [String]) -> String? {
    let jsonPaths = paths.filter { $0.lowercased().hasSuffix(".json") }
    guard let first = jsonPaths.first else { return nil }
    let wrapper = first.split(separator: "/").first.map { $0 + "/" } ?? ""
    return ["", wrapper].first { prefix in
      var hasDays = false
      let allKnown = jsonPaths.allSatisfy { path in
        guard path.hasPrefix(prefix) else { return false }
        let parts = path.dropFirst(prefix.count).split(separator: "/")
        if parts.count == 1 { return (listFiles + userFiles).contains(String(parts[0])) }
        guard parts.count == 2, isDayFileName(parts[1]) else { return false }
        hasDays = true
        return true
      }
      return allKnown && hasDays
    }
  }

  /// `YYYY-MM-DD.json` files of `folder`, sorted by date.
  func dayFiles(in folder: String) -> [String] { daysByFolder[folder] ?? [] }

  static func isDayFileName(_ name: Substring) -> Bool {
    let bytes = Array(name.utf8)
    guard bytes.count == 15, name.hasSuffix(".json") else { return false }
    return bytes.enumerated().allSatisfy { index, byte in
      switch index {
      case 4, 7: return byte == UInt8(ascii: "-")
      case 10...14: return true
      default: return (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
      }
    }
  }

  // MARK: - Lists

  /// Every conversation of the lists, then folders with day files that no list names.
  func conversations() throws -> [Conversation] {
    var result: [Conversation] = []
    let kinds: [String: Conversation.Kind] = [
      "channels.json": .channel, "groups.json": .privateChannel, "mpims.json": .groupDM,
      "dms.json": .directMessage,
    ]
    for listFile in SlackExport.listFiles where paths.contains(prefix + listFile) {
      guard let kind = kinds[listFile] else { continue }
      let file = try tree.sourceFile(prefix + listFile)
      let root = try JSONReader.parse(file)
      guard let entries = root.arrayValue else {
        throw file.error("expected an array of conversations, found \(root.typeName)", at: root)
      }
      for entry in entries {
        _ = try file.object(entry, what: "a conversation")
        let id = try file.string("id", in: entry, required: kind == .directMessage)
        let name = try file.string("name", in: entry, required: kind != .directMessage) ?? id ?? ""
        let members =
          try file.array("members", in: entry, required: false)?.compactMap(\.stringValue) ?? []
        result.append(
          Conversation(id: id, name: name, kind: kind, members: members, folder: name))
      }
    }
    let named = Set(result.map(\.folder))
    for folder in foldersWithDays where !named.contains(folder) {
      result.append(
        Conversation(id: nil, name: folder, kind: .channel, members: [], folder: folder))
    }
    return result
  }

  /// Users by id, from users.json (or org_users.json).
  struct Directory {
    var users: [String: User] = [:]
    /// The user id of each bot id (a bot's messages may name only `bot_id`).
    var userIDsByBotID: [String: String] = [:]
  }

  /// users.json (or org_users.json); empty when neither exists.
  func directory() throws -> Directory {
    var directory = Directory()
    guard let path = SlackExport.userFiles.map({ prefix + $0 }).first(where: paths.contains) else {
      return directory
    }
    let file = try tree.sourceFile(path)
    let root = try JSONReader.parse(file)
    guard let entries = root.arrayValue else {
      throw file.error("expected an array of users, found \(root.typeName)", at: root)
    }
    for entry in entries {
      _ = try file.object(entry, what: "a user")
      guard let id = try file.string("id", in: entry) else { continue }
      let profile = entry["profile"]
      var user = User()
      user.displayName = try nonEmpty("display_name", in: profile, file: file)
      user.realName =
        try nonEmpty("real_name", in: entry, file: file)
        ?? nonEmpty("real_name", in: profile, file: file)
      user.handle = try nonEmpty("name", in: entry, file: file)
      user.isBot = entry["is_bot"]?.boolValue == true
      user.isDeleted = entry["deleted"]?.boolValue == true
      directory.users[id] = user
      if let botID = profile?["bot_id"]?.stringValue { directory.userIDsByBotID[botID] = id }
    }
    return directory
  }

  /// A non-empty string member, or nil; an error when it is there but not a string.
  func nonEmpty(_ key: String, in object: JSONValue?, file: SourceFile) throws -> String? {
    guard let object, object.members != nil else { return nil }
    let text = try file.string(key, in: object, required: false)
    return text?.isEmpty == false ? text : nil
  }
}
