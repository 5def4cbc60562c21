import Foundation

/// Google Chat from Google Takeout (docs/FORMATS.md, "Google Chat"): each space or direct
/// message is a folder `Google Chat/Groups/<Space or DM id>/` with `messages.json` and
/// `group_info.json` (name and members) and the attached files; `Google Chat/Users/<User>/
/// user_info.json` names the owner, who is "me".
///
/// Input: one `messages.json`, its folder, or the whole Takeout folder or zip, whose spaces
/// `--chat` picks (by name, a member's name for a direct message, or the folder's name).
struct GoogleChatFormat: TranscriptFormat, FileRecognizing {
  init() {}

  var name: String { "googlechat" }
  var accepts: String { "messages.json, a space's folder, or the Takeout folder or .zip" }
  var fileExtensions: Set<String> { ["json", "zip"] }
  var folderSignatures: [[String]] { [["messages.json"], ["Google Chat"], ["Takeout/Google Chat"]] }
  var summary: String { "Google Chat from Google Takeout (takeout.google.com): a space or DM" }

  func detect(_ input: ImportInput) -> Bool {
    if let file = input.file { return GoogleChatFormat.isMessagesFile(file) }
    guard let tree = input.tree, let paths = try? tree.filePaths() else { return false }
    if paths.contains("messages.json"), let file = try? tree.sourceFile("messages.json") {
      return GoogleChatFormat.isMessagesFile(file)
    }
    return !GoogleChatFormat.spaceFolders(in: paths).isEmpty
  }

  static func isMessagesFile(_ file: SourceFile) -> Bool {
    let outline = JSONOutline(file)
    guard outline.rootKind == .object, outline.topLevelCount == 1, outline.has("messages", .array) else {
      return false
    }
    return outline.has("messages/*/creator", .object) && outline.has("messages/*/created_date", .string)
  }

  /// The folders of `Google Chat/Groups/` that hold a `messages.json`.
  static func spaceFolders(in paths: [String]) -> [String] {
    paths.compactMap { path -> String? in
      guard path.hasSuffix("/messages.json") else { return nil }
      let folder = String(path.dropLast("/messages.json".count))
      let parts = folder.split(separator: "/")
      guard parts.count >= 3, parts[parts.count - 2] == "Groups", parts[parts.count - 3] == "Google Chat" else {
        return nil
      }
      return folder
    }
  }

  func listChats(_ input: ImportInput) throws -> [String]? {
    guard input.file == nil else { return nil }
    let spaces = try GoogleChatTakeout(input)
    return spaces.folders.count > 1 ? try spaces.candidates().map(\.name) : nil
  }

  func parse(_ input: ImportInput, options: ImportOptions, warnings: inout [Diagnostic]) throws -> Transcript {
    let takeout = try GoogleChatTakeout(input)
    let space = try takeout.space(named: options.chat, noting: options.chatChoice, warnings: &warnings)
    var reader = GoogleChatSpaceReader(space: space)
    var transcript = try reader.read(warnings: &warnings)
    if let owner = takeout.owner {
      transcript.meID =
        transcript.participants.first {
          $0.id == owner.email || Importer.normalizedName($0.name) == Importer.normalizedName(owner.name)
        }?.id
    }
    return transcript
  }
}

/// The spaces of a Takeout (or the one space given), and its owner.
struct GoogleChatTakeout {
  /// One space or direct message: its messages, its group info and where its files are.
  struct Space {
    var messages: SourceFile
    var info: SourceFile?
    var media: MediaLocator
    /// What the attachments' names are relative to, in `media`.
    var mediaPrefix: String
    var folderName: String
  }

  let input: ImportInput
  /// Folders of the spaces in a tree ("" for a space's own folder); empty for a file.
  let folders: [String]
  let owner: (name: String, email: String?)?

  init(_ input: ImportInput) throws {
    self.input = input
    guard let tree = input.tree else {
      // A database (`-i googlechat chat.db`) is neither a space's file nor a Takeout.
      guard input.file != nil else {
        throw DiagnosticError(.error("expected a Google Chat Takeout folder or zip, or a messages.json file"))
      }
      folders = []
      owner = nil
      return
    }
    let paths = try tree.filePaths()
    folders = paths.contains("messages.json") ? [""] : GoogleChatFormat.spaceFolders(in: paths)
    guard !folders.isEmpty else {
      throw DiagnosticError(
        .error("expected a Google Chat Takeout: no 'Google Chat/Groups/…/messages.json' in \(input.path)"))
    }
    owner = try GoogleChatTakeout.owner(in: tree, paths: paths)
  }

  /// The name and email of `Users/<User>/user_info.json`.
  static func owner(in tree: any FileTree, paths: [String]) throws -> (name: String, email: String?)? {
    guard let path = paths.first(where: { $0.hasSuffix("/user_info.json") && $0.contains("Google Chat/Users/") }) else {
      return nil
    }
    let file = try tree.sourceFile(path)
    let root = try file.json()
    guard let user = try file.objectMember("user", in: root),
      let name = try file.string("name", in: user, required: false)
    else { return nil }
    return (name, try file.string("email", in: user, required: false))
  }

  func candidates() throws -> [ExportChatPicker.Candidate] {
    let tree = input.tree!
    return try folders.map { folder in
      let folderName = folder.split(separator: "/").last.map(String.init) ?? folder
      let infoPath = folder.isEmpty ? "group_info.json" : folder + "/group_info.json"
      let info = tree.contains(infoPath) ? try tree.sourceFile(infoPath) : nil
      let name = try info.flatMap { try GoogleChatSpaceReader.name(ofInfo: $0, owner: owner?.name) } ?? folderName
      return ExportChatPicker.Candidate(
        name: name, id: folderName, detail: folderName.hasPrefix("DM") ? "direct message" : "space")
    }
  }

  func space(named wanted: String?, noting choice: ChatChoice, warnings: inout [Diagnostic]) throws -> Space {
    if let file = input.file {
      let folder = MediaPath.folder(of: file.path)
      let infoPath = MediaPath.join(folder, "group_info.json")
      var info: SourceFile?
      if file.path != "<stdin>", MediaPath.byteCount(ofFile: infoPath) != nil {
        // The space's name is read from beside the file given, from inside its folder only.
        if let reason = ExportBoundary(folder: folder).refusal(ofFile: infoPath) {
          warnings.append(ExportBoundary.skipped(infoPath, because: reason))
        } else {
          info = try input.sourceFile(atPath: infoPath)
        }
      }
      let folderName = folder.split(separator: "/").last.map(String.init) ?? ""
      return Space(
        messages: file, info: info, media: MediaLocator(besideFile: file.path), mediaPrefix: "",
        folderName: folderName)
    }
    if folders.count == 1 { return try space(at: folders[0]) }
    let picker = ExportChatPicker(noun: "space", candidates: try candidates())
    return try space(
      at: folders[
        try picker.pick(wanted, location: SourceLocation(file: input.path, line: 1, column: 1), noting: choice)])
  }

  func space(at folder: String) throws -> Space {
    let tree = input.tree!
    let prefix = folder.isEmpty ? "" : folder + "/"
    let info = tree.contains(prefix + "group_info.json") ? try tree.sourceFile(prefix + "group_info.json") : nil
    let folderName =
      folder.split(separator: "/").last.map(String.init)
      ?? input.path.split(separator: "/").last.map(String.init) ?? ""
    return Space(
      messages: try tree.sourceFile(prefix + "messages.json"), info: info,
      media: MediaLocator(tree: tree), mediaPrefix: prefix, folderName: folderName)
  }
}
