/// A format whose chats `parse --list` can describe beyond their names: who is in each, how
/// many messages, from when to when.
package protocol ChatDescribingFormat: TranscriptFormat {
  /// Each chat's name, as `--chat` takes it, and a line about it; in `listChats` order.
  func describeChats(_ input: ImportInput) throws -> [(name: String, detail: String)]
}
