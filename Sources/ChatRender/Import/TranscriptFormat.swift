/// One input format: how to recognise it and how to read it into a `Transcript`.
public protocol TranscriptFormat: Sendable {
  /// The name used by `--input-format` ("whatsapp").
  var name: String { get }
  /// What to give it, for `chatrender formats`: a file's extension or name, or a folder.
  var accepts: String { get }
  /// One line for `chatrender formats`.
  var summary: String { get }
  /// Whether `input` looks like this format, judged by content.
  func detect(_ input: ImportInput) -> Bool
  /// Reads `input`.
  ///
  /// Sets `Transcript.meID` when the format itself knows who "me" is; `Importer` applies
  /// `--me` afterwards.
  ///
  /// - Parameters:
  ///   - input: the file, folder or archive to read.
  ///   - options: who "me" is and which chat of a multi-chat export to read.
  ///   - warnings: receives problems that do not stop the import.
  /// - Throws: `DiagnosticError` with the location of a malformed record.
  func parse(_ input: ImportInput, options: ImportOptions, warnings: inout [Diagnostic]) throws
    -> Transcript

  /// The names of the chats in an export that holds several (for `parse --list`), or nil
  /// when the input holds one chat.
  func listChats(_ input: ImportInput) throws -> [String]?
}

extension TranscriptFormat {
  /// Nil: by default a format finds one chat in an input.
  public func listChats(_ input: ImportInput) throws -> [String]? { nil }
}
