/// Which part of a chat cut into several files a document is (`--split-by`, `--split-every`,
/// `--split-size`): its first page says "Part 3 of 12, messages 2001–3000" and links to the
/// files of the parts before and after it.
package struct DocumentPart: Sendable, Hashable {
  /// From 1.
  package var number: Int
  package var count: Int
  /// The numbers, from 1, of its first and last message in the whole chat.
  package var firstMessage: Int
  package var lastMessage: Int
  /// The file names of the parts before and after, as links beside this file open them.
  package var previousFile: String?
  package var nextFile: String?

  package init(
    number: Int, count: Int, firstMessage: Int, lastMessage: Int, previousFile: String? = nil,
    nextFile: String? = nil
  ) {
    self.number = number
    self.count = count
    self.firstMessage = firstMessage
    self.lastMessage = lastMessage
    self.previousFile = previousFile
    self.nextFile = nextFile
  }
}
