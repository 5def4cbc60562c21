import Foundation

extension ImportInput {
  /// Whether the folder at `path` is itself one export rather than a folder of logs, by the
  /// files the formats declare their folders hold (`FileRecognizing.folderSignatures`).
  package static func isExportFolder(_ path: String) -> Bool { exportFolderFormat(path) != nil }

  /// The extensions of the files a folder of logs is searched for, as the formats declare.
  package static var fileExtensions: Set<String> { FormatRegistry.fileExtensions }

  /// The file the export folder at `path` is read as, when its format reads one (Telegram's
  /// result.json, its media beside it).
  static func folderEntry(of path: String) -> String? {
    exportFolderFormat(path)?.folderEntry.map { MediaPath.join(path, $0) }
  }

  private static func exportFolderFormat(_ path: String) -> (any FileRecognizing)? {
    FormatRegistry.exportFolder { FileManager.default.fileExists(atPath: path + "/" + $0) }
  }
}
