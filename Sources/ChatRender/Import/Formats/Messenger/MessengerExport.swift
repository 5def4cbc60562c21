import Foundation

/// The conversations of a Messenger or Instagram input: one file (with the numbered files
/// beside it), a conversation's folder, or an export's folder or zip, where every folder
/// holding `message_N.json` is a conversation (`messages/inbox/ana_1234/`,
/// `your_instagram_activity/messages/inbox/…`, `archived_threads/`, `message_requests/`…) and
/// every JSON at the top of an encrypted chat's zip is one.
struct MessengerExport {
  /// One conversation and where its files are.
  struct Conversation {
    /// Its folder in the tree ("" at the top); for a single file, the file's own folder on disk.
    var folder: String
    /// Its files, `message_1.json` (the newest messages) first.
    var files: [Member]
    var layout: MessengerLayout?
  }

  /// A file of a conversation.
  enum Member {
    /// The input itself.
    case given(SourceFile)
    /// A file on disk beside the input.
    case disk(String)
    /// A file of the export's folder or zip.
    case tree(String)
  }

  /// What lists and "me" need of a conversation, read from its first file.
  struct Summary {
    var title: String
    var id: String
    var participants: [String]
    var detail: String
  }

  let input: ImportInput
  let conversations: [Conversation]
  let location: SourceLocation
  /// Warnings for the numbered files beside a given file that are not read: links out of the
  /// export, FIFOs.
  private(set) var skippedFiles: [Diagnostic] = []

  init(_ input: ImportInput) throws {
    self.input = input
    if let file = input.file {
      location = file.location(ofOffset: 0)
      let (siblings, skipped) = Self.siblings(of: file.path)
      conversations = [
        Conversation(
          folder: MediaPath.folder(of: file.path), files: [.given(file)] + siblings, layout: MessengerLayout(of: file))
      ]
      skippedFiles = skipped
      return
    }
    location = SourceLocation(file: input.path, line: 1, column: 1)
    guard let tree = input.tree else {
      conversations = []
      return
    }
    let paths = try tree.filePaths()
    var found = Self.conversationFolders(paths).map {
      Conversation(folder: $0.folder, files: $0.files.map(Member.tree), layout: .information)
    }
    for path in Self.topLevelJSON(paths) {
      guard let file = try? tree.sourceFile(path), MessengerLayout(of: file) == .encrypted else { continue }
      found.append(Conversation(folder: "", files: [.tree(path)], layout: .encrypted))
    }
    guard !found.isEmpty else {
      throw DiagnosticError(
        .error("no Messenger or Instagram conversation (a folder holding message_1.json) here", at: location))
    }
    conversations = found
  }

  /// Whether `paths` hold a conversation: a `message_N.json` or a top-level JSON of Meta's
  /// shapes, judged by the content of the first one.
  static func hasConversation(in tree: any FileTree, paths: [String]) -> Bool {
    if let first = conversationFolders(paths).first?.files.first {
      return (try? tree.sourceFile(first)).flatMap(MessengerLayout.init(of:)) != nil
    }
    return topLevelJSON(paths).prefix(20).contains { path in
      (try? tree.sourceFile(path)).flatMap(MessengerLayout.init(of:)) == .encrypted
    }
  }

  /// The number in `message_12.json`, or nil for another name.
  static func fileNumber(_ name: Substring) -> Int? {
    guard name.hasPrefix("message_"), name.hasSuffix(".json") else { return nil }
    return Int(name.dropFirst("message_".count).dropLast(".json".count))
  }

  /// The folders holding `message_N.json`, each with its files in number order.
  static func conversationFolders(_ paths: [String]) -> [(folder: String, files: [String])] {
    var byFolder: [String: [(Int, String)]] = [:]
    for path in paths {
      let parts = path.split(separator: "/", omittingEmptySubsequences: false)
      guard let name = parts.last, let number = fileNumber(name) else { continue }
      byFolder[parts.dropLast().joined(separator: "/"), default: []].append((number, path))
    }
    return byFolder.keys.sorted().map { folder in
      (folder, byFolder[folder]!.sorted { $0.0 < $1.0 }.map(\.1))
    }
  }

  /// JSON files at the top of the tree that are not `message_N.json`: an encrypted chat's zip.
  static func topLevelJSON(_ paths: [String]) -> [String] {
    paths.filter { !$0.contains("/") && $0.lowercased().hasSuffix(".json") && fileNumber(Substring($0)) == nil }
  }

  /// `message_2.json`, `message_3.json`… beside a given `message_1.json`, in order, and a
  /// warning for each one that is not read because it leads out of the export
  /// (`ExportBoundary`).
  static func siblings(of path: String) -> (files: [Member], skipped: [Diagnostic]) {
    let name = Substring((path as NSString).lastPathComponent)
    guard path != "<stdin>", fileNumber(name) == 1 else { return ([], []) }
    let folder = MediaPath.folder(of: path)
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder)) ?? []
    let paths = names.compactMap { name in fileNumber(Substring(name)).map { ($0, name) } }
      .filter { $0.0 > 1 }.sorted { $0.0 < $1.0 }
      .map { MediaPath.join(folder, $0.1) }
    let boundary = ExportBoundary(folder: folder)
    var files: [Member] = []
    var skipped: [Diagnostic] = []
    for sibling in paths {
      if let reason = boundary.refusal(ofFile: sibling) {
        skipped.append(ExportBoundary.skipped(sibling, because: reason))
      } else {
        files.append(.disk(sibling))
      }
    }
    return (files, skipped)
  }

  /// The last part of a path, without a `.zip`: `ana_1234` for `…/inbox/ana_1234`.
  static func lastName(_ path: String) -> String {
    var name = String(path.split(separator: "/").last ?? "")
    if name.lowercased().hasSuffix(".zip") { name.removeLast(4) }
    return name
  }

  // MARK: - Reading

  func load(_ member: Member) throws -> SourceFile {
    switch member {
    case .given(let file): return file
    case .disk(let path): return try input.sourceFile(atPath: path)
    case .tree(let path):
      guard let tree = input.tree else { throw FileError(path: path, reason: "not in the export") }
      return try tree.sourceFile(path)
    }
  }

  /// Each conversation's title, id, participants and a line for lists.
  func summaries() throws -> [Summary] {
    try conversations.map(summary)
  }

  private func summary(of conversation: Conversation) throws -> Summary {
    guard let first = conversation.files.first else {
      return Summary(title: "Untitled", id: conversation.folder, participants: [], detail: "")
    }
    let file = try load(first)
    let (root, _) = try JSONReader.parse(file, deferring: "messages")
    let reader = MessengerFields(file: file)
    let layout = conversation.layout ?? MessengerLayout(of: file) ?? .information
    let participants = try reader.participantNames(in: root)
    let folderName = String(conversation.folder.split(separator: "/").last ?? "")
    let id: String
    let place: String?
    switch first {
    case .tree(let path) where layout == .encrypted:
      id = path
      place = "end-to-end encrypted"
    default:
      id = folderName
      let parts = conversation.folder.split(separator: "/")
      place = parts.count >= 2 ? String(parts[parts.count - 2]).replacingOccurrences(of: "_", with: " ") : nil
    }
    let titleKey = layout == .encrypted ? "threadName" : "title"
    var title = try reader.text(titleKey, in: root) ?? ""
    if title.isEmpty {
      title =
        participants.isEmpty ? (folderName.isEmpty ? "Untitled" : folderName) : participants.joined(separator: ", ")
    }
    let count = conversation.files.count
    var detail = "\(participants.count) participant\(participants.count == 1 ? "" : "s")"
    if count > 1 { detail += ", \(count) files" }
    if let place, !place.isEmpty { detail += ", " + place }
    return Summary(title: title, id: id, participants: participants, detail: detail)
  }

  static func picker(_ summaries: [Summary]) -> ExportChatPicker {
    let candidates = summaries.map {
      ExportChatPicker.Candidate(name: $0.title, id: $0.id.isEmpty ? nil : $0.id, detail: $0.detail)
    }
    return ExportChatPicker(noun: "conversation", candidates: candidates)
  }

  /// The one participant of every conversation, when an export holds several: the owner.
  static func owner(_ summaries: [Summary]) -> String? {
    guard summaries.count > 1 else { return nil }
    var common: Set<String>?
    for summary in summaries where !summary.participants.isEmpty {
      common = common.map { $0.intersection(summary.participants) } ?? Set(summary.participants)
    }
    guard var common else { return nil }
    // In a small export a friend may be everywhere too; a one-to-one chat is named after the
    // other person, who is then not the owner.
    if common.count > 1 {
      common.subtract(summaries.filter { $0.participants.count == 2 }.map(\.title))
    }
    return common.count == 1 ? common.first : nil
  }

  /// Reads conversation `index`.
  func read(_ index: Int, owner: String?, warnings: inout [Diagnostic]) throws -> Transcript {
    let conversation = conversations[index]
    warnings += skippedFiles
    let files = try conversation.files.map(load)
    // Each file is held to the input limit on its own; a conversation of many is held to it too.
    let total = files.reduce(0) { $0 + $1.bytes.count }
    guard total <= Limit.inputSize.value else {
      throw DiagnosticError(
        .error(Limit.inputSize.exceededMessage() + " (all files of the conversation)", at: location))
    }
    let media: MessengerMedia
    if let tree = input.tree {
      let folder = conversation.folder.isEmpty ? input.path : conversation.folder
      media = MessengerMedia(
        locator: MediaLocator(tree: tree), folder: conversation.folder, conversationName: Self.lastName(folder))
    } else {
      let name = Self.lastName(String(MediaPath.folder(of: files[0].path).dropLast()))
      media = MessengerMedia(locator: MediaLocator(besideFile: files[0].path), folder: "", conversationName: name)
    }
    var reader = MessengerConversationReader(media: media)
    for file in files {
      switch conversation.layout ?? MessengerLayout(of: file) {
      case .encrypted: try reader.readEncrypted(file)
      case .information: try reader.readInformation(file)
      case nil:
        throw DiagnosticError(
          .error(
            "expected a Messenger or Instagram conversation (an object with 'participants' and 'messages')",
            at: file.location(ofOffset: 0)))
      }
    }
    var transcript = reader.finish(warnings: &warnings)
    if transcript.meID == nil, let owner, transcript.participant(id: owner) != nil {
      transcript.meID = owner
    }
    return transcript
  }
}
