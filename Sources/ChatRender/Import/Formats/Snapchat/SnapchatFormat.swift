import Foundation

/// Snapchat's `chat_history.json` from "My Data" (docs/FORMATS.md, "Snapchat"), read by
/// `SnapchatHistory`: the newer form keyed by conversation, or the older one of received and
/// sent lists.
///
/// Input: `json/chat_history.json`, or the My Data folder or .zip (media from `chat_media/`);
/// one conversation at a time, which `--chat` picks.
struct SnapchatFormat: TranscriptFormat, FileRecognizing, ChatDescribingFormat {
  init() {}

  var name: String { "snapchat" }
  var accepts: String { "json/chat_history.json, or the My Data folder or .zip" }
  var fileExtensions: Set<String> { ["json", "zip"] }
  var folderSignatures: [[String]] { [["json/chat_history.json"]] }
  var summary: String { "Snapchat chat history from 'My Data' (Settings > My Data: chat_history.json)" }

  func detect(_ input: ImportInput) -> Bool {
    if let file = input.file { return SnapchatFormat.isChatHistory(file) }
    guard let tree = input.tree, let paths = try? tree.filePaths(),
      let path = SnapchatHistory.historyPath(in: paths)
    else { return false }
    guard let file = try? tree.sourceFile(path) else { return true }
    return SnapchatFormat.isChatHistory(file)
  }

  /// The older form by its lists' names; the newer by a conversation's first entry having
  /// `From`, `Media Type` and `Created`.
  static func isChatHistory(_ file: SourceFile) -> Bool {
    let outline = JSONOutline(file)
    guard outline.rootKind == .object, outline.topLevelCount == 1 else { return false }
    if SnapchatHistory.olderLists.contains(where: { outline.has($0, .array) }) {
      return SnapchatHistory.olderLists.contains { outline.has($0 + "/*/Media Type", .string) }
        || SnapchatHistory.olderLists.allSatisfy { !outline.has($0 + "/*") }
    }
    guard let key = outline.topKeys.first else { return false }
    return outline.has(key + "/*/From", .string) && outline.has(key + "/*/Media Type", .string)
      && (outline.has(key + "/*/Created", .string) || outline.has(key + "/*/Created(microseconds)", .number))
  }

  func listChats(_ input: ImportInput) throws -> [String]? {
    let history = try SnapchatHistory(input)
    return history.conversations.count > 1 ? history.conversations.map(\.title) : nil
  }

  func describeChats(_ input: ImportInput) throws -> [(name: String, detail: String)] {
    try SnapchatHistory(input).conversations.map {
      ($0.title, "\($0.entries.count) message\($0.entries.count == 1 ? "" : "s")")
    }
  }

  func parse(_ input: ImportInput, options: ImportOptions, warnings: inout [Diagnostic]) throws -> Transcript {
    let history = try SnapchatHistory(input)
    let candidates = history.conversations.map {
      ExportChatPicker.Candidate(name: $0.title, id: $0.id, detail: "\($0.entries.count) messages")
    }
    let picker = ExportChatPicker(noun: "conversation", candidates: candidates)
    let index = try picker.pick(
      options.chat, location: SourceLocation(file: history.file.path, line: 1, column: 1), noting: options.chatChoice)
    return try history.transcript(of: history.conversations[index])
  }
}
