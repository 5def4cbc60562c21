import Foundation

/// Picks one chat of an export that holds several (a Telegram full export, a ChatGPT export),
/// as the user asks.
struct ExportChatPicker {
  /// One chat as the user can name it.
  struct Candidate {
    var name: String
    var id: String?
    /// A short description for lists: "12 messages".
    var detail: String
  }

  /// "chat" or "conversation", for messages.
  var noun: String
  var candidates: [Candidate]

  private static let maximumListed = 30

  /// The index of the chat `wanted` names: by name (case-insensitive), then by id, then by
  /// 1-based position, then by a part of one name only. Without `wanted`, the only chat.
  /// A name taken is noted in `choice` (the import's, when `wanted` is its `--chat`).
  ///
  /// - Throws: `DiagnosticError` at `location` listing the chats when none or several match,
  ///   or when the export holds several and `wanted` is nil.
  func pick(_ wanted: String?, location: SourceLocation, noting choice: ChatChoice?) throws -> Int {
    guard !candidates.isEmpty else {
      throw DiagnosticError(.error("the export holds no \(noun)s", at: location))
    }
    guard let wanted else {
      if candidates.count == 1 { return 0 }
      throw failure(
        "the export holds \(candidates.count) \(noun)s; choose one",
        listing: Array(candidates.indices), location: location)
    }
    choice?.noteMade()
    let key = Importer.normalizedName(wanted)
    let byName = candidates.indices.filter { Importer.normalizedName(candidates[$0].name) == key }
    if byName.count == 1 { return byName[0] }
    if byName.count > 1 {
      var error = failure(
        "\(byName.count) \(noun)s are named '\(wanted)'; choose one by id",
        listing: byName, location: location)
      error.diagnostics[0].hint = .chooseChatByID
      throw error
    }
    let trimmed = wanted.trimmingCharacters(in: .whitespaces)
    if let byID = candidates.firstIndex(where: { $0.id == trimmed }) { return byID }
    if let position = Int(trimmed.hasPrefix("#") ? String(trimmed.dropFirst()) : trimmed),
      position >= 1, position <= candidates.count
    {
      return position - 1
    }
    // Last, a part of one name only: "board game" for "Board Game Night 🎲".
    let partial = candidates.indices.filter {
      !key.isEmpty && Importer.normalizedName(candidates[$0].name).contains(key)
    }
    if partial.count == 1 { return partial[0] }
    var error = failure(
      "no \(noun) matches '\(wanted)'", listing: Array(candidates.indices), location: location)
    if let note = NearestWord.suggestion(for: wanted, in: candidates.map(\.name)) {
      error.diagnostics[0].notes.insert(note, at: 0)
    }
    throw error
  }

  private func failure(_ message: String, listing indices: [Int], location: SourceLocation)
    -> DiagnosticError
  {
    var diagnostic = Diagnostic.error(message, at: location)
    diagnostic.hint = .chooseChat(candidates: candidates.map(\.name))
    for index in indices.prefix(ExportChatPicker.maximumListed) {
      let candidate = candidates[index]
      let id = candidate.id.map { "id \($0), " } ?? ""
      diagnostic.notes.append("\(index + 1). \(candidate.name) (\(id)\(candidate.detail))")
    }
    if indices.count > ExportChatPicker.maximumListed {
      diagnostic.notes.append(
        "… and \(indices.count - ExportChatPicker.maximumListed) more")
    }
    return DiagnosticError(diagnostic)
  }
}
