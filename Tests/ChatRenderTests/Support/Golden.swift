import Foundation
import Testing

/// Golden files under `Tests/ChatRenderTests/Golden/`. A missing golden, or
/// `RECORD_GOLDENS=1`, writes the reference and fails the test.
enum Golden {
  static let directory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Golden")

  static func assertText(_ actual: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws
  {
    let url = directory.appendingPathComponent(name)
    let record = ProcessInfo.processInfo.environment["RECORD_GOLDENS"] == "1"
    guard !record, let expected = try? String(contentsOf: url, encoding: .utf8) else {
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try actual.write(to: url, atomically: true, encoding: .utf8)
      Issue.record("recorded golden \(name); run again", sourceLocation: sourceLocation)
      return
    }
    #expect(actual == expected, "layout differs from \(name)", sourceLocation: sourceLocation)
  }
}
