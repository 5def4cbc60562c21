@_spi(Pages) import ChatRender
import Foundation

/// Output names from `--name` templates: `{chat}`, `{input}`, `{format}`, `{date}`, `{first}`,
/// `{last}`.
enum ChatFileName {
  static let placeholders = ["{chat}", "{input}", "{format}", "{date}", "{first}", "{last}"]
  /// Filled once the chat is read; left in the planned name until then.
  static let datePlaceholders = ["{date}", "{first}", "{last}"]

  /// The name with what is known before reading filled in.
  static func plan(_ template: String, chat: String, input: String, format: String) -> String {
    template.replacingOccurrences(of: "{chat}", with: safe(chat))
      .replacingOccurrences(of: "{input}", with: safe(input))
      .replacingOccurrences(of: "{format}", with: format)
  }

  /// `path` with the dates of `transcript` filled in: its first and last message's days.
  static func fill(_ path: String, with transcript: Transcript, timeZone: TimeZone) -> String {
    guard datePlaceholders.contains(where: path.contains) else { return path }
    let days = transcript.messages.compactMap { $0.time?.local(in: timeZone).date }
    let first = days.min()?.iso8601 ?? "undated"
    let last = days.max()?.iso8601 ?? "undated"
    return path.replacingOccurrences(of: "{date}", with: first)
      .replacingOccurrences(of: "{first}", with: first).replacingOccurrences(of: "{last}", with: last)
  }

  /// A chat name as one file name: no folder separators, controls or leading dots.
  static func safe(_ name: String) -> String {
    var text = String(name.map { $0 == "/" || $0 == "\\" || $0.isNewline || ($0.asciiValue ?? 32) < 32 ? "_" : $0 })
    text = text.trimmingCharacters(in: .whitespaces)
    while text.hasPrefix(".") { text.removeFirst() }
    return text.isEmpty ? "chat" : String(text.prefix(120))
  }

  /// A template that names something other than the placeholders, for a usage error.
  static func unknownPlaceholder(in template: String) -> String? {
    var rest = Substring(template)
    while let open = rest.firstIndex(of: "{") {
      guard let close = rest[open...].firstIndex(of: "}") else { return String(rest[open...]) }
      let word = String(rest[open...close])
      if !placeholders.contains(word) { return word }
      rest = rest[rest.index(after: close)...]
    }
    return nil
  }
}
