import Foundation

/// X (Twitter) direct messages from "Download an archive of your data" (docs/FORMATS.md,
/// "X (Twitter) direct messages"), read by `XArchive` and `XConversationReader`.
///
/// Input: the archive's .zip as downloaded, its folder, or `data/direct-messages.js` (or
/// `direct-messages-group.js`) alone; one conversation at a time, which `--chat` picks by its
/// name, its members or its `conversationId`.
struct XArchiveFormat: TranscriptFormat, FileRecognizing, ChatDescribingFormat {
  init() {}

  var name: String { "x" }
  var accepts: String { "the archive's .zip or folder, or data/direct-messages.js" }
  var fileExtensions: Set<String> { ["zip"] }
  var folderSignatures: [[String]] { [["data/direct-messages.js"], ["data/direct-messages-group.js"]] }
  var summary: String { "X (Twitter) direct messages from 'Download an archive of your data'" }

  /// A message file by its `window.YTD.direct_messages…` start; a tree holding one.
  func detect(_ input: ImportInput) -> Bool {
    if let file = input.file { return XArchiveFormat.isMessageFile(file) }
    guard let tree = input.tree, let paths = try? tree.filePaths(),
      let first = XArchive.messageFiles(in: paths).first
    else { return false }
    guard let file = try? tree.sourceFile(first) else { return true }
    return XArchiveFormat.isMessageFile(file)
  }

  static func isMessageFile(_ file: SourceFile) -> Bool {
    guard let name = XArchive.dataName(of: file) else { return false }
    return name == "direct_messages" || name == "direct_messages_group"
  }

  func listChats(_ input: ImportInput) throws -> [String]? {
    var warnings: [Diagnostic] = []
    let archive = try XArchive(input, warnings: &warnings)
    return archive.conversations.count > 1 ? try archive.candidates().map(\.name) : nil
  }

  func describeChats(_ input: ImportInput) throws -> [(name: String, detail: String)] {
    var warnings: [Diagnostic] = []
    return try XArchive(input, warnings: &warnings).candidates().map { ($0.name, $0.detail) }
  }

  func parse(_ input: ImportInput, options: ImportOptions, warnings: inout [Diagnostic]) throws -> Transcript {
    let archive = try XArchive(input, warnings: &warnings)
    let conversation = try archive.conversation(named: options.chat, noting: options.chatChoice)
    let reader = XConversationReader(conversation: conversation, owner: archive.owner, media: archive.media)
    return try reader.read(warnings: &warnings)
  }
}
