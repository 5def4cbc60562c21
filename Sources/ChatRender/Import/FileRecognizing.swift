/// The files and folders a format reads, declared by the format: the registry finds inputs
/// in a folder of logs and tells an export's folder from a folder of logs by them
/// (`FormatRegistry.fileExtensions`, `ImportInput.isExportFolder`).
protocol FileRecognizing: Sendable {
  /// Extensions (lowercase, without the dot) of the files it reads when they lie in a folder
  /// of logs; a file named on the command line is read whatever its name.
  var fileExtensions: Set<String> { get }
  /// A folder is one export of this format when, for one of these, every path exists in it.
  var folderSignatures: [[String]] { get }
  /// The file a folder of this format is read as, its media beside it (Telegram's).
  var folderEntry: String? { get }
}

extension FileRecognizing {
  var folderSignatures: [[String]] { [] }
  var folderEntry: String? { nil }
}
