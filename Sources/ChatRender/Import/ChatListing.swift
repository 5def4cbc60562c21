import Foundation

/// What `parse --list` says about each chat of an export: its name as `--chat` takes it, then
/// who is in it, how many messages and from which day to which (issue 42).
package enum ChatListing {
  /// One line per chat, "Name — 3 people, 120 messages, 2024-01-05 – 2024-03-01"; nil when
  /// the input holds one chat only. A chat that cannot be read is listed by its name alone.
  package static func lines(of input: ImportInput, format: any TranscriptFormat, timeZone: TimeZone) throws
    -> [String]?
  {
    if let described = format as? any ChatDescribingFormat {
      return try described.describeChats(input).map { "\($0.name) — \($0.detail)" }
    }
    guard let chats = try format.listChats(input) else { return nil }
    return chats.map { name in
      var warnings: [Diagnostic] = []
      let chat = try? Importer.read(input, format: format, options: ImportOptions(chat: name), warnings: &warnings)
      return chat.map { name + " — " + summary(of: $0, timeZone: timeZone) } ?? name
    }
  }

  /// "3 people, 120 messages, 2024-01-05 – 2024-03-01": notices are not counted.
  package static func summary(of transcript: Transcript, timeZone: TimeZone) -> String {
    let people = transcript.participants.count
    let count = transcript.messages.lazy.filter { $0.kind == .message }.count
    var parts = ["\(people) " + (people == 1 ? "person" : "people"), "\(count) message" + (count == 1 ? "" : "s")]
    let days = transcript.messages.compactMap { $0.time?.local(in: timeZone).date }
    if let first = days.min(), let last = days.max() {
      parts.append(first == last ? first.iso8601 : first.iso8601 + " – " + last.iso8601)
    }
    return parts.joined(separator: ", ")
  }
}
