import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

/// Each format declares its files and folders, and the registry's answers come from those
/// declarations alone (issue 24).
@Suite struct FileRecognizingTests {
  @Test func everyFormatDeclaresItsFiles() {
    let undeclared = FormatRegistry.all.filter { !($0 is any FileRecognizing) }.map(\.name)
    #expect(undeclared.isEmpty)
  }

  /// Every extension a format says it accepts (".txt or .csv") is searched for in folders.
  @Test func searchedExtensionsAreTheAcceptedOnes() throws {
    let pattern = try Regex(#"(?:^|[ ,])\.([a-z0-9]+)"#)
    for format in FormatRegistry.all {
      for match in format.accepts.matches(of: pattern) {
        let ext = String(try #require(match.output[1].substring))
        #expect(ImportInput.fileExtensions.contains(ext), "\(format.name) accepts .\(ext)")
      }
    }
    #expect(ImportInput.fileExtensions.isSuperset(of: ["chat", "csv", "json", "jsonl", "log", "txt", "xml", "zip"]))
    #expect(!ImportInput.fileExtensions.contains("db") && !ImportInput.fileExtensions.contains("md"))
  }

  /// A folder holding one of a format's signatures is an export; other folders are folders
  /// of logs; Telegram's folders read as their result.json or messages.html.
  @Test func exportFoldersAreKnownByTheirSignatures() throws {
    for format in FormatRegistry.recognizing {
      for signature in format.folderSignatures {
        try TemporaryFolder.with { folder in
          for path in signature {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(
              at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("{}".utf8).write(to: url)
          }
          #expect(ImportInput.isExportFolder(folder.path), "\(signature)")
          let entry = ImportInput.folderEntry(of: folder.path)
          #expect((entry != nil) == [["result.json"], ["messages.html"]].contains(signature), "\(signature)")
        }
      }
    }
    try TemporaryFolder.with { folder in
      try Data("hi".utf8).write(to: folder.appendingPathComponent("notes.txt"))
      try Data("{}".utf8).write(to: folder.appendingPathComponent("channels.json"))
      #expect(!ImportInput.isExportFolder(folder.path))
    }
  }
}
