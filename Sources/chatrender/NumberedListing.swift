@_spi(Pages) import ChatRender
import Foundation

/// `chatrender parse --numbered`: one line per transcript entry, numbered from 1 as
/// `--highlight` counts them, with the entry's id when it has one (for `id:ID`).
enum NumberedListing {
  /// Longest excerpt of a message's text, in characters.
  static let excerptLength = 80

  static func text(for transcript: Transcript, timeZone: TimeZone) -> String {
    var names: [String: String] = [:]
    for participant in transcript.participants { names[participant.id] = participant.name }
    let width = String(transcript.messages.count).count
    var out = ""
    for (index, message) in transcript.messages.enumerated() {
      let number = String(index + 1)
      var line = String(repeating: " ", count: width - number.count) + number + "  "
      if let time = message.time?.local(in: timeZone) {
        line += (time.date.map { $0.iso8601 + " " } ?? "") + time.shortTime + "  "
      }
      if message.kind == .system {
        line += "* "
      } else if let author = message.authorID {
        line += (names[author] ?? author) + ": "
      }
      line += excerpt(of: message.text)
      for attachment in message.extras.attachments {
        line += " <\(attachment.kind.rawValue)\(attachment.fileName.map { ": " + $0 } ?? "")>"
      }
      if let call = message.extras.call { line += " <call: \(call.medium.rawValue) \(call.outcome.rawValue)>" }
      if let id = message.id { line += "  [id:\(id)]" }
      out += line + "\n"
    }
    return out
  }

  /// The text on one line, shortened.
  private static func excerpt(of text: String) -> String {
    let flat = text.split(whereSeparator: \.isNewline).joined(separator: " ⏎ ")
    return flat.count > excerptLength ? String(flat.prefix(excerptLength - 1)) + "…" : flat
  }
}
