import Foundation

/// The direct messages of an X (Twitter) archive (docs/FORMATS.md, "X (Twitter) direct
/// messages"): `data/direct-messages.js` and `data/direct-messages-group.js` (and their
/// `-partN.js` continuations), each `window.YTD.<name>.partN = [ … ]`, one `dmConversation`
/// per element; `data/account.js` names the owner; media in `data/direct_messages_media/` and
/// `data/direct_messages_group_media/`, named `<messageId>-<name>`.
struct XArchive {
  /// One conversation: where it is and what it holds.
  struct Conversation {
    var id: String
    var file: SourceFile
    var value: JSONValue
    var isGroup: Bool
    /// The folder of the media of its file's kind, relative to where `media` looks.
    var mediaFolder: String
  }

  /// The owner, from `account.js`.
  struct Owner {
    var id: String
    var name: String
    var username: String?
  }

  let input: ImportInput
  let conversations: [Conversation]
  let owner: Owner?
  let media: MediaLocator

  /// `window.YTD.direct_messages.part0 = ` and the like: what a file of the archive starts with.
  static let prefix = Array("window.YTD.".utf8)

  init(_ input: ImportInput, warnings: inout [Diagnostic]) throws {
    self.input = input
    var files: [(file: SourceFile, mediaFolder: String)] = []
    var account: SourceFile?
    if let file = input.file {
      files = [(file, XArchive.mediaFolder(ofFile: file.path))]
      media = MediaLocator(besideFile: file.path)
      account = XArchive.accountBeside(file, of: input, warnings: &warnings)
    } else if let tree = input.tree {
      let paths = try tree.filePaths()
      let messagePaths = XArchive.messageFiles(in: paths)
      guard !messagePaths.isEmpty else {
        throw DiagnosticError(.error("expected an X archive: no 'data/direct-messages.js' in \(input.path)"))
      }
      for path in messagePaths {
        let folder = MediaPath.folder(of: path)
        files.append((try tree.sourceFile(path), MediaPath.join(folder, XArchive.mediaFolder(ofFile: path))))
      }
      if let accountPath = paths.first(where: { XArchive.isAccountFile($0) }) {
        account = try tree.sourceFile(accountPath)
      }
      media = MediaLocator(tree: tree)
    } else {
      throw DiagnosticError(.error("expected an X archive (folder or .zip) or its data/direct-messages.js"))
    }
    var conversations: [Conversation] = []
    for (file, mediaFolder) in files {
      conversations += try XArchive.conversations(in: file, mediaFolder: mediaFolder)
    }
    self.conversations = conversations
    self.owner = try account.flatMap(XArchive.owner)
  }

  // MARK: - Files

  /// The message files of a tree, one-to-one before group, each followed by its parts.
  static func messageFiles(in paths: [String]) -> [String] {
    let found = paths.compactMap { path -> (String, Int, Int)? in
      guard let (group, part) = messageFileKind(path) else { return nil }
      return (path, group ? 1 : 0, part)
    }
    return found.sorted { ($0.1, $0.2, $0.0) < ($1.1, $1.2, $1.0) }.map(\.0)
  }

  /// Whether `path` names a message file (`direct-messages.js`, `direct-messages-group-part2.js`):
  /// whether it holds groups, and its part number.
  static func messageFileKind(_ path: String) -> (group: Bool, part: Int)? {
    var name = Substring(path.split(separator: "/").last ?? "")
    guard name.hasPrefix("direct-messages"), name.hasSuffix(".js") else { return nil }
    name = name.dropFirst("direct-messages".count).dropLast(3)
    var group = false
    if name.hasPrefix("-group") {
      group = true
      name = name.dropFirst("-group".count)
    }
    if name.isEmpty { return (group, 0) }
    guard name.hasPrefix("-part"), let part = Int(name.dropFirst("-part".count)) else { return nil }
    return (group, part)
  }

  static func isAccountFile(_ path: String) -> Bool {
    path == "account.js" || path.hasSuffix("/account.js")
  }

  /// Group conversations' media lie in `direct_messages_group_media/`, the others' in
  /// `direct_messages_media/`.
  static func mediaFolder(ofFile path: String) -> String {
    messageFileKind(path)?.group == true ? "direct_messages_group_media" : "direct_messages_media"
  }

  /// `account.js` beside the message file given alone, read only from inside its folder.
  static func accountBeside(_ file: SourceFile, of input: ImportInput, warnings: inout [Diagnostic]) -> SourceFile? {
    guard file.path != "<stdin>" else { return nil }
    let folder = MediaPath.folder(of: file.path)
    let path = MediaPath.join(folder, "account.js")
    guard MediaPath.byteCount(ofFile: path) != nil else { return nil }
    if let reason = ExportBoundary(folder: folder).refusal(ofFile: path) {
      warnings.append(ExportBoundary.skipped(path, because: reason))
      return nil
    }
    return try? input.sourceFile(atPath: path)
  }

  // MARK: - Reading

  /// Whether `file` starts as an archive's data file does: `window.YTD.<name>.part<N> =`.
  static func dataName(of file: SourceFile) -> String? {
    let bytes = file.bytes
    var index = 0
    while index < bytes.count,
      bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09
    {
      index += 1
    }
    guard bytes[index...].starts(with: prefix) else { return nil }
    let start = index + prefix.count
    var end = start
    while end < bytes.count, end - start < 100, bytes[end] != UInt8(ascii: ".") { end += 1 }
    guard end < bytes.count, bytes[end] == UInt8(ascii: ".") else { return nil }
    return String(decoding: bytes[start..<end], as: UTF8.self)
  }

  /// `file` with its `window.YTD.….partN =` blanked out, so that the JSON after it is read
  /// where it stands (errors keep their lines and columns).
  static func json(of file: SourceFile) throws -> JSONValue {
    var bytes = file.bytes
    guard dataName(of: file) != nil, let equals = bytes.firstIndex(of: UInt8(ascii: "=")) else {
      throw DiagnosticError(
        .error(
          "expected an X archive's data file ('window.YTD.direct_messages.part0 = […]')",
          at: file.location(ofOffset: 0)))
    }
    for index in 0...equals where bytes[index] != 0x0A && bytes[index] != 0x0D { bytes[index] = 0x20 }
    // A trailing `;` is JavaScript's, not JSON's.
    if let last = bytes.lastIndex(where: { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }),
      bytes[last] == UInt8(ascii: ";")
    {
      bytes[last] = 0x20
    }
    return try SourceFile(path: file.path, bytes: bytes).json()
  }

  static func conversations(in file: SourceFile, mediaFolder: String) throws -> [Conversation] {
    let root = try json(of: file)
    guard let elements = root.arrayValue else {
      throw file.error("expected an array of conversations, found \(root.typeName)", at: root)
    }
    let isGroup = file.path.contains("direct-messages-group")
    return try elements.map { element in
      guard element.members != nil else {
        throw file.error("expected an object for a conversation, found \(element.typeName)", at: element)
      }
      guard let conversation = try file.objectMember("dmConversation", in: element) else {
        throw file.error("missing key 'dmConversation'", at: element)
      }
      let id = try file.id("conversationId", in: conversation, required: true) ?? ""
      return Conversation(id: id, file: file, value: conversation, isGroup: isGroup, mediaFolder: mediaFolder)
    }
  }

  /// The owner of `account.js`: `accountId`, `accountDisplayName`, `username`.
  static func owner(of file: SourceFile) throws -> Owner? {
    let root = try json(of: file)
    guard let first = root.arrayValue?.first, let account = try file.objectMember("account", in: first),
      let id = try file.id("accountId", in: account)
    else { return nil }
    let username = try file.string("username", in: account, required: false)
    let display = try file.string("accountDisplayName", in: account, required: false)
    return Owner(id: id, name: display ?? username ?? id, username: username)
  }

  // MARK: - Choosing

  func candidates() throws -> [ExportChatPicker.Candidate] {
    try conversations.map { conversation in
      let reader = XConversationReader(conversation: conversation, owner: owner, media: media)
      let count = conversation.value["messages"]?.arrayValue?.count ?? 0
      return ExportChatPicker.Candidate(
        name: try reader.title(), id: conversation.id,
        detail: (conversation.isGroup ? "group, " : "") + "\(count) event\(count == 1 ? "" : "s")")
    }
  }

  func conversation(named wanted: String?, noting choice: ChatChoice) throws -> Conversation {
    let picker = ExportChatPicker(noun: "conversation", candidates: try candidates())
    return conversations[
      try picker.pick(wanted, location: SourceLocation(file: input.path, line: 1, column: 1), noting: choice)]
  }
}
