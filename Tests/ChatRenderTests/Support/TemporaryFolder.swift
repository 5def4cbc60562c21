import Foundation

/// Folders and files for a test under the temporary directory, removed when it is done.
enum TemporaryFolder {
  /// Runs `body` with a new empty folder, then removes the folder and all it holds.
  static func with<Result>(_ body: (URL) throws -> Result) throws -> Result {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("chatrender-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    return try body(folder)
  }

  /// Runs `body` with the path of a file called `name` that holds `bytes`, in a new folder.
  static func withFile<Result>(
    named name: String, holding bytes: [UInt8], _ body: (String) throws -> Result
  ) throws -> Result {
    try with { folder in
      let file = folder.appendingPathComponent(name)
      try Data(bytes).write(to: file)
      return try body(file.path)
    }
  }

  /// Writes `bytes` to `url`, making the folders on the way.
  static func write(_ bytes: [UInt8], to url: URL) throws {
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(bytes).write(to: url)
  }
}
