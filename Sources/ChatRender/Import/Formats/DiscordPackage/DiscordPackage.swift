import Foundation

/// The channels of Discord's own data package ("Request all of my data"; docs/FORMATS.md,
/// "Discord data package"): `messages/index.json` (channel id → name), one folder
/// `messages/c<id>/` per channel with `channel.json` (`id`, `type`, `name`, `guild`,
/// `recipients`) and `messages.json` (`ID`, `Timestamp`, `Contents`, `Attachments`) or the
/// older `messages.csv` of the same columns; `account/user.json` names the owner. Folder names
/// follow the account's language (`Nachrichten/`), so folders are known by their files.
struct DiscordPackage {
  /// One channel's folder and what names it.
  struct Channel {
    /// The folder, relative to the tree ("" for a channel's own folder).
    var folder: String
    var id: String
    var title: String
    /// Recipients' ids (direct and group messages), the owner's among them.
    var recipients: [String]
  }

  struct Owner {
    var id: String
    var name: String
  }

  /// Who wrote the messages when the package does not say (a channel's file given alone).
  static let unnamedOwner = "me"

  let input: ImportInput
  let channels: [Channel]
  let owner: Owner?

  init(_ input: ImportInput, warnings: inout [Diagnostic]) throws {
    self.input = input
    if let file = input.file {
      let folder = MediaPath.folder(of: file.path)
      let info = DiscordPackage.channelBeside(file, of: input, warnings: &warnings)
      let folderName = folder.split(separator: "/").last.map(String.init) ?? "channel"
      channels = [try DiscordPackage.channel(folder: "", info: info, index: [:], fallbackName: folderName)]
      owner = nil
      return
    }
    guard let tree = input.tree else {
      throw DiagnosticError(.error("expected Discord's data package (folder or .zip) or a channel's messages.json"))
    }
    let paths = try tree.filePaths()
    let folders = DiscordPackage.channelFolders(in: paths)
    guard !folders.isEmpty else {
      throw DiagnosticError(
        .error("expected Discord's data package: no 'messages/c<id>/channel.json' in \(input.path)"))
    }
    var indexes: [String: [String: String]] = [:]
    var channels: [Channel] = []
    for folder in folders {
      let parent = DiscordPackage.parent(of: folder)
      if indexes[parent] == nil {
        let path = parent.isEmpty ? "index.json" : parent + "/index.json"
        indexes[parent] = paths.contains(path) ? try DiscordPackage.index(try tree.sourceFile(path)) : [:]
      }
      let info = try tree.sourceFile(folder.isEmpty ? "channel.json" : folder + "/channel.json")
      let name = folder.split(separator: "/").last.map(String.init) ?? folder
      channels.append(
        try DiscordPackage.channel(folder: folder, info: info, index: indexes[parent]!, fallbackName: name))
    }
    self.channels = channels
    owner = try paths.first(where: DiscordPackage.isUserFile).flatMap {
      try DiscordPackage.owner(try tree.sourceFile($0))
    }
  }

  // MARK: - Files

  /// Folders holding `channel.json` beside `messages.json` or `messages.csv`.
  static func channelFolders(in paths: [String]) -> [String] {
    let set = Set(paths)
    return paths.compactMap { path -> String? in
      guard path == "channel.json" || path.hasSuffix("/channel.json") else { return nil }
      let folder = parent(of: path)
      let prefix = folder.isEmpty ? "" : folder + "/"
      return set.contains(prefix + "messages.json") || set.contains(prefix + "messages.csv") ? folder : nil
    }
  }

  /// The folder of a tree's `path`, without its last slash ("" at the top).
  static func parent(of path: String) -> String {
    path.lastIndex(of: "/").map { String(path[..<$0]) } ?? ""
  }

  /// `account/user.json` (`Account/`, or the folder's name in the account's language).
  static func isUserFile(_ path: String) -> Bool {
    path.split(separator: "/").count == 2 && path.hasSuffix("/user.json")
  }

  /// The messages file of a channel's folder: `messages.json`, else `messages.csv`.
  func messagesPath(of channel: Channel, in paths: [String]) -> String? {
    let prefix = channel.folder.isEmpty ? "" : channel.folder + "/"
    return [prefix + "messages.json", prefix + "messages.csv"].first(where: paths.contains)
  }

  /// `channel.json` beside a channel's messages file given alone, from inside its folder only.
  static func channelBeside(_ file: SourceFile, of input: ImportInput, warnings: inout [Diagnostic]) -> SourceFile? {
    guard file.path != "<stdin>" else { return nil }
    let folder = MediaPath.folder(of: file.path)
    let path = MediaPath.join(folder, "channel.json")
    guard MediaPath.byteCount(ofFile: path) != nil else { return nil }
    if let reason = ExportBoundary(folder: folder).refusal(ofFile: path) {
      warnings.append(ExportBoundary.skipped(path, because: reason))
      return nil
    }
    return try? input.sourceFile(atPath: path)
  }

  // MARK: - Names

  /// `index.json`: channel id → "Direct Message with ana#0", "general in Board Gamers", or null.
  static func index(_ file: SourceFile) throws -> [String: String] {
    let root = try file.json()
    guard let members = root.members else {
      throw file.error("expected an object of channel names, found \(root.typeName)", at: root)
    }
    var names: [String: String] = [:]
    for member in members { if let name = member.value.stringValue { names[member.key] = name } }
    return names
  }

  /// "Direct Message with ana#0" → "ana"; other names as they are.
  static func shownName(_ indexName: String) -> String {
    let prefix = "Direct Message with "
    guard indexName.hasPrefix(prefix) else { return indexName }
    var name = indexName.dropFirst(prefix.count)
    if let hash = name.lastIndex(of: "#"), name[name.index(after: hash)...].allSatisfy(\.isNumber) {
      name = name[..<hash]
    }
    return String(name)
  }

  static func channel(folder: String, info: SourceFile?, index: [String: String], fallbackName: String) throws
    -> Channel
  {
    var id = fallbackName.hasPrefix("c") ? String(fallbackName.dropFirst()) : fallbackName
    var title: String?
    var recipients: [String] = []
    if let info {
      let root = try info.json()
      guard root.members != nil else {
        throw info.error("expected an object for a channel, found \(root.typeName)", at: root)
      }
      id = try info.id("id", in: root) ?? id
      if let name = try info.string("name", in: root, required: false), !name.isEmpty {
        let guild = try info.objectMember("guild", in: root).flatMap {
          try info.string("name", in: $0, required: false)
        }
        title = guild.map { "#\(name) (\($0))" } ?? name
      }
      recipients = try (info.array("recipients", in: root, required: false) ?? []).compactMap(\.idText)
    }
    if title == nil, let indexed = index[id] { title = shownName(indexed) }
    return Channel(folder: folder, id: id, title: title ?? id, recipients: recipients)
  }

  static func owner(_ file: SourceFile) throws -> Owner? {
    let root = try file.json()
    guard root.members != nil, let id = try file.id("id", in: root) else { return nil }
    let global = try file.string("global_name", in: root, required: false)
    let username = try file.string("username", in: root, required: false)
    return Owner(id: id, name: global ?? username ?? id)
  }

  // MARK: - Choosing

  func candidates() -> [ExportChatPicker.Candidate] {
    channels.map { ExportChatPicker.Candidate(name: $0.title, id: $0.id, detail: "channel \($0.id)") }
  }

  func channel(named wanted: String?, noting choice: ChatChoice) throws -> Channel {
    let picker = ExportChatPicker(noun: "channel", candidates: candidates())
    return channels[
      try picker.pick(wanted, location: SourceLocation(file: input.path, line: 1, column: 1), noting: choice)]
  }
}
