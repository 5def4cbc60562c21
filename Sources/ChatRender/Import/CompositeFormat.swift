/// A format that holds several others (a Google Takeout of several products): each chat is
/// read by the format of the part that holds it.
package protocol CompositeFormat: TranscriptFormat {
  /// The format that reads `chat` of `input`, and the name that format takes for it.
  ///
  /// - Throws: `DiagnosticError` listing the chats when `chat` names none or is nil among several.
  func part(for chat: String?, of input: ImportInput) throws -> (format: any TranscriptFormat, chat: String?)
}
