import Foundation

/// Discord's own data package ("Request all of my data"; docs/FORMATS.md, "Discord data
/// package"), read by `DiscordPackage` and `DiscordPackageReader`.
///
/// Input: the package's .zip or folder (`--chat` picks a channel, `--all-chats` renders each),
/// or one channel's `messages.json` or `messages.csv`.
struct DiscordPackageFormat: TranscriptFormat, FileRecognizing, ChatDescribingFormat {
  init() {}

  var name: String { "discord-package" }
  var accepts: String { "the package's .zip or folder, or a channel's messages.json or messages.csv" }
  var fileExtensions: Set<String> { ["json", "csv", "zip"] }
  var folderSignatures: [[String]] { [["messages/index.json"], ["Messages/index.json"]] }
  var summary: String { "Discord's own data package (Privacy & Safety > Request all of my data): your messages" }

  /// A channel's `messages.json` (objects with `ID`, `Timestamp`, `Contents`) or `messages.csv`
  /// (its header); a tree with a channel folder.
  func detect(_ input: ImportInput) -> Bool {
    if let file = input.file { return DiscordPackageFormat.isMessagesFile(file) }
    guard let tree = input.tree, let paths = try? tree.filePaths(),
      let folder = DiscordPackage.channelFolders(in: paths).first
    else { return false }
    let prefix = folder.isEmpty ? "" : folder + "/"
    guard
      let file = try? tree.sourceFile(
        prefix + (paths.contains(prefix + "messages.json") ? "messages.json" : "messages.csv"))
    else { return true }
    return DiscordPackageFormat.isMessagesFile(file)
  }

  static func isMessagesFile(_ file: SourceFile) -> Bool {
    if let first = file.textLines(limit: 1).first,
      InvisibleMarks.trimmingMarksAndSpaces(file.text(of: first))
        == DiscordPackageReader.csvHeader.joined(separator: ",")
    {
      return true
    }
    let outline = JSONOutline(file)
    guard outline.rootKind == .array, outline.topLevelCount == 1 else { return false }
    return outline.has("*/Timestamp", .string) && outline.has("*/Contents") && outline.has("*/ID")
  }

  func listChats(_ input: ImportInput) throws -> [String]? {
    var warnings: [Diagnostic] = []
    let package = try DiscordPackage(input, warnings: &warnings)
    return package.channels.count > 1 ? package.candidates().map(\.name) : nil
  }

  func describeChats(_ input: ImportInput) throws -> [(name: String, detail: String)] {
    var warnings: [Diagnostic] = []
    return try DiscordPackage(input, warnings: &warnings).candidates().map { ($0.name, $0.detail) }
  }

  func parse(_ input: ImportInput, options: ImportOptions, warnings: inout [Diagnostic]) throws -> Transcript {
    let package = try DiscordPackage(input, warnings: &warnings)
    let channel = try package.channel(named: options.chat, noting: options.chatChoice)
    let reader = DiscordPackageReader(channel: channel, owner: package.owner)
    if let file = input.file { return try reader.read(file) }
    let tree = input.tree!
    guard let path = package.messagesPath(of: channel, in: try tree.filePaths()) else {
      throw DiagnosticError(.error("no messages.json or messages.csv in '\(channel.folder)'"))
    }
    return try reader.read(try tree.sourceFile(path))
  }
}
