import Foundation

/// A WhatsApp export as a .zip archive or its unpacked folder: the chat text (`_chat.txt` from
/// iOS, `WhatsApp Chat with <Name>.txt` from Android, or a translation of that name) beside
/// the media files.
///
/// Detected before the JSON and XML formats because it is a tree; read by `WhatsAppFormat`,
/// which matches attachments to the media files.
struct WhatsAppZipFormat: TranscriptFormat, FileRecognizing {
  init() {}

  var name: String { "whatsapp-zip" }
  var accepts: String { ".zip or folder" }
  var fileExtensions: Set<String> { ["zip"] }
  var folderSignatures: [[String]] { [["_chat.txt"]] }
  var summary: String {
    "WhatsApp export with its media: Export chat > Include media (_chat.txt or 'WhatsApp Chat….txt' inside)"
  }

  /// Accepts a tree holding a chat file whose text reads as a WhatsApp chat, or that cannot be
  /// read at all (so that parsing reports why: a corrupt entry, invalid UTF-8).
  func detect(_ input: ImportInput) -> Bool {
    guard let tree = input.tree, let path = WhatsAppZipFormat.chatFiles(in: tree).first else {
      return false
    }
    guard let file = try? tree.sourceFile(path) else { return true }
    return WhatsAppFormat.looksLikeChat(file)
  }

  func parse(_ input: ImportInput, options: ImportOptions, warnings: inout [Diagnostic])
    throws -> Transcript
  {
    guard input.tree != nil else {
      throw DiagnosticError(
        .error("expected a WhatsApp .zip export or its folder, found a single file"))
    }
    return try WhatsAppFormat().parse(input, options: options, warnings: &warnings)
  }

  /// The chat files when the tree holds several.
  func listChats(_ input: ImportInput) throws -> [String]? {
    guard let tree = input.tree else { return nil }
    let paths = WhatsAppZipFormat.chatFiles(in: tree)
    return paths.count > 1 ? paths : nil
  }

  // MARK: - Finding the chat

  /// Words that start Android's localized chat file names, `_` read as a space.
  private static let namePrefixes = [
    "WhatsApp Chat with ", "WhatsApp Chat - ", "WhatsApp-Chat mit ", "WhatsApp Chat mit ",
    "Chat de WhatsApp con ", "Conversa do WhatsApp com ", "Discussion WhatsApp avec ",
    "Чат WhatsApp с ", "Chat WhatsApp con ", "WhatsApp-chat met ", "WhatsApp Chat met ",
    "WhatsApp Sohbeti - ",
  ]

  /// The chat files of a tree, shallowest first, `_chat.txt` before other names.
  static func chatFiles(in tree: any FileTree) -> [String] {
    guard let paths = try? tree.filePaths() else { return [] }
    let found = paths.filter { path in
      let name = (path.split(separator: "/").last ?? "").lowercased()
      guard name.hasSuffix(".txt") else { return false }
      return name == "_chat.txt" || name.contains("whatsapp")
    }
    return found.sorted { left, right in
      let leftDepth = left.split(separator: "/").count
      let rightDepth = right.split(separator: "/").count
      if leftDepth != rightDepth { return leftDepth < rightDepth }
      let leftIOS = left.hasSuffix("_chat.txt")
      let rightIOS = right.hasSuffix("_chat.txt")
      if leftIOS != rightIOS { return leftIOS }
      return left < right
    }
  }

  /// The chat file to read: the only one, the one `choosing` names, or the first with a warning.
  static func chatFile(
    in tree: any FileTree, choosing chat: String?, noting choice: ChatChoice?, warnings: inout [Diagnostic]
  ) throws -> String {
    let paths = chatFiles(in: tree)
    guard let first = paths.first else {
      throw DiagnosticError(
        .error("no WhatsApp chat found (expected _chat.txt or 'WhatsApp Chat with ….txt')"))
    }
    if let chat {
      choice?.noteMade()
      let wanted = Importer.normalizedName(chat)
      let match = paths.first { candidate in
        [
          candidate, String(candidate.split(separator: "/").last ?? ""),
          chatName(fromPath: candidate) ?? "",
        ]
        .contains { Importer.normalizedName($0) == wanted }
      }
      guard let match else {
        var error = Diagnostic.error("no chat named '\(chat)' in the export")
        error.notes = ["chats: " + paths.joined(separator: ", ")]
        let names = paths.compactMap { chatName(fromPath: $0) }
        if let note = NearestWord.suggestion(for: chat, in: names) {
          error.notes.insert(note, at: 0)
        }
        throw DiagnosticError(error)
      }
      return match
    }
    if paths.count > 1 {
      var warning = Diagnostic.warning(
        "the export holds \(paths.count) chats; reading this one",
        at: SourceLocation(file: tree.displayPath(of: first), line: 1, column: 1))
      warning.hint = .chooseChat(candidates: paths.map { chatName(fromPath: $0) ?? $0 })
      warnings.append(warning)
    }
    return first
  }

  /// The chat's name in an export's file name: `WhatsApp Chat with Ana.txt` → `Ana`,
  /// `WhatsApp Chat - Trail Crew.zip` → `Trail Crew`.
  static func chatName(fromPath path: String) -> String? {
    var name = String(path.split(separator: "/").last ?? "")
    for suffix in [".txt", ".zip"] where name.lowercased().hasSuffix(suffix) {
      name = String(name.dropLast(suffix.count))
    }
    name = name.replacingOccurrences(of: "_", with: " ")
    for prefix in namePrefixes
    where name.lowercased().hasPrefix(prefix.lowercased()) && name.count > prefix.count {
      let rest = name.dropFirst(prefix.count).trimmingCharacters(in: .whitespaces)
      return rest.isEmpty ? nil : rest
    }
    return nil
  }
}
