@_spi(Pages) import ChatRender
import Foundation

/// Output names from `--name` templates, each placeholder meaning what it says.
enum ChatFileName {
  /// Each placeholder and what it stands for, as `--help`, the manual and the README say.
  static let meanings: [(placeholder: String, meaning: String)] = [
    ("{chat}", "the chat's title (else the input's name)"),
    ("{input}", "the input file's name without its extension"),
    ("{format}", "the output format: png, pdf or svg"),
    ("{first}", "the day of the file's first message (with --split-by, of its part)"),
    ("{last}", "the day of the file's last message"),
    ("{date}", "the same as {first}"),
  ]
  static let placeholders = meanings.map(\.placeholder)
  /// What becomes of output names and the files beside them, as the manual and the README say.
  static let rules = [
    "-o NAME with an extension is a file: several outputs (several inputs, a folder, several formats, --name) need a folder, "
      + "'NAME' or 'NAME.pdf/'; an existing folder stays a folder.",
    "--name makes subfolders inside -o DIR only: an absolute template or a '..' is a usage error. A title or input name "
      + "becomes one file name: '/', '\\' and control characters become '_', invisible format characters "
      + "(bidi controls such as U+202E) and leading dots are dropped, and it is cut to 200 bytes.",
    "A run that writes several files for one output (numbered images, --split-by) keeps .NAME.chatrender beside them, "
      + "each file's SHA-256. The next run for that output removes the files of that series it did not write again, "
      + "and only those still as recorded; any other file named like the series (NAME-001.png) is left, with a warning.",
  ]
  /// Filled once the chat is read; left in the planned name until then.
  static let readPlaceholders = ["{chat}", "{date}", "{first}", "{last}"]
  static let datePlaceholders = ["{date}", "{first}", "{last}"]
  /// The longest name a file system takes is 255 bytes: a name is cut well before, on a
  /// character boundary, leaving room for " (2)", "-001" and the extension.
  static let maximumNameBytes = 200

  /// The name with what is known before reading filled in: `{chat}` only when the export's
  /// list of chats named it.
  static func plan(_ template: String, chat: String?, input: String, format: String) -> String {
    let named = chat.map { template.replacingOccurrences(of: "{chat}", with: safe($0)) } ?? template
    return named.replacingOccurrences(of: "{input}", with: safe(input))
      .replacingOccurrences(of: "{format}", with: format)
  }

  /// `path` with what reading `transcript` tells filled in: its title, and its first and last
  /// message's days. A `redacted` transcript's title is an alias or none: then `{chat}` is
  /// "Chat", never the input's name (which may name its people).
  static func fill(
    _ path: String, with transcript: Transcript, input: String, timeZone: TimeZone, redacted: Bool = false
  ) -> String {
    guard readPlaceholders.contains(where: path.contains) else { return path }
    let stem =
      redacted ? "Chat" : ((input as NSString).lastPathComponent as NSString).deletingPathExtension
    let days = transcript.messages.compactMap { $0.time?.local(in: timeZone).date }
    let first = days.min()?.iso8601 ?? "undated"
    let last = days.max()?.iso8601 ?? "undated"
    return path.replacingOccurrences(of: "{chat}", with: safe(transcript.title ?? (input == "-" ? "chat" : stem)))
      .replacingOccurrences(of: "{date}", with: first)
      .replacingOccurrences(of: "{first}", with: first).replacingOccurrences(of: "{last}", with: last)
  }

  /// A chat name as one file name: no folder separators, controls, invisible format
  /// characters (bidi overrides that make `gnp.exe` read as `exe.png`) or leading dots. Judged
  /// scalar by scalar: a Character can hide a `/` (`x\u{600}/y`, `a/\u{301}b`).
  static func safe(_ name: String) -> String {
    var scalars = String.UnicodeScalarView()
    for scalar in name.unicodeScalars {
      switch scalar.properties.generalCategory {
      case .control, .lineSeparator, .paragraphSeparator: scalars.append("_")
      case .format where !joiners.contains(scalar): continue
      default: scalars.append(scalar == "/" || scalar == "\\" ? "_" : scalar)
      }
    }
    // A leading dot hides the file, even one a combining mark sits on.
    while let first = scalars.first, first == "." || first.properties.isWhitespace { scalars.removeFirst() }
    let text = String(scalars).trimmingCharacters(in: .whitespaces)
    return text.isEmpty ? "chat" : cut(text, toBytes: maximumNameBytes)
  }

  /// `text` cut to at most `limit` UTF-8 bytes, on a character boundary.
  static func cut(_ text: String, toBytes limit: Int) -> String {
    guard text.utf8.count > limit else { return text }
    var result = ""
    var bytes = 0
    for character in text {
      bytes += character.utf8.count
      guard bytes <= limit else { break }
      result.append(character)
    }
    return result
  }

  /// The format characters a name keeps: the joiners inside emoji sequences and Persian words.
  private static let joiners: Set<Unicode.Scalar> = ["\u{200C}", "\u{200D}"]

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
