import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

/// Every file an importer reads beside the one it was given (a conversation's numbered files,
/// a space's `group_info.json`, a folder's day files) must lie inside the export: a link out of
/// it is skipped with a warning naming it (issue 35).
@Suite struct HostileSiblingFileTests {
  typealias Files = AttachmentResolutionTests

  static let secret = "TOP-SECRET-TEXT"

  static func messenger(_ text: String, at milliseconds: Int = 1_709_283_600_000) -> [UInt8] {
    Array(
      MessengerFormatTests.information(
        #"{"sender_name": "Ana", "timestamp_ms": \#(milliseconds), "content": "\#(text)"}"#
      ).utf8)
  }

  /// `export/` and, beside it, `elsewhere/`, which is not part of the export.
  static func withExport(_ body: (_ export: URL, _ elsewhere: URL) throws -> Void) throws {
    try TemporaryFolder.with { folder in
      let export = folder.appendingPathComponent("export")
      let elsewhere = folder.appendingPathComponent("elsewhere")
      try FileManager.default.createDirectory(at: export, withIntermediateDirectories: true)
      try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
      try body(export, elsewhere)
    }
  }

  static func link(_ url: URL, to target: URL) throws {
    try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: target.path)
  }

  @Test func messengerSiblingLinkedOutOfTheExportIsSkipped() throws {
    try Self.withExport { export, elsewhere in
      try TemporaryFolder.write(Self.messenger("hello"), to: export.appendingPathComponent("message_1.json"))
      try TemporaryFolder.write(
        Self.messenger(Self.secret, at: 1_709_280_000_000), to: elsewhere.appendingPathComponent("old.json"))
      try TemporaryFolder.write(
        Self.messenger("earlier", at: 1_709_270_000_000), to: export.appendingPathComponent("kept.json"))
      try Self.link(export.appendingPathComponent("message_2.json"), to: elsewhere.appendingPathComponent("old.json"))
      try Self.link(export.appendingPathComponent("message_3.json"), to: export.appendingPathComponent("kept.json"))
      let (transcript, warnings) = try Files.read(export.path + "/message_1.json")
      #expect(transcript.messages.map(\.text) == ["earlier", "hello"])
      #expect(
        warnings.map(\.message).contains(
          "'\(export.path)/message_2.json' skipped: it is a link to a file outside the export"))
    }
  }

  @Test func googleChatSpaceNameLinkedOutOfTheExportIsSkipped() throws {
    try Self.withExport { export, elsewhere in
      let messages = #"""
        {"messages": [{"creator": {"name": "Ana", "email": "ana@example.com", "user_type": "Human"},
          "created_date": "Friday, January 5, 2024 at 10:02:00 AM UTC", "text": "hello"}]}
        """#
      try TemporaryFolder.write(Array(messages.utf8), to: export.appendingPathComponent("messages.json"))
      try TemporaryFolder.write(
        Array(#"{"name": "\#(Self.secret)", "members": []}"#.utf8), to: elsewhere.appendingPathComponent("info.json"))
      try Self.link(export.appendingPathComponent("group_info.json"), to: elsewhere.appendingPathComponent("info.json"))
      let (transcript, warnings) = try Files.read(export.path + "/messages.json")
      #expect(transcript.title != Self.secret)
      #expect(
        warnings.map(\.message).contains(
          "'\(export.path)/group_info.json' skipped: it is a link to a file outside the export"))
    }
  }

  @Test func folderReadsNoFileThroughALinkOutOfIt() throws {
    try Self.withExport { export, elsewhere in
      try TemporaryFolder.write(Array("secret".utf8), to: elsewhere.appendingPathComponent("notes.json"))
      try FileManager.default.createDirectory(
        at: export.appendingPathComponent("general"), withIntermediateDirectories: true)
      try Self.link(
        export.appendingPathComponent("general/notes.json"), to: elsewhere.appendingPathComponent("notes.json"))
      let tree = DirectoryTree(root: export.path)
      #expect(throws: FileError.self) { try tree.read("general/notes.json") }
      #expect(try tree.filePaths().isEmpty)
    }
  }

  @Test func exportFolderWhoseTranscriptLinksOutOfItIsRefused() throws {
    try Self.withExport { export, elsewhere in
      try TemporaryFolder.write(Array("{}".utf8), to: elsewhere.appendingPathComponent("result.json"))
      try Self.link(export.appendingPathComponent("result.json"), to: elsewhere.appendingPathComponent("result.json"))
      let error = try #require(throws: FileError.self) { try ImportInput.open(export.path) }
      #expect(error.path == export.path + "/result.json")
      #expect(error.reason == "it is a link to a file outside the export")
    }
  }

  /// A Slack export whose `general` channel has the day files `days` (name to text).
  static func slackExport(_ export: URL, days: [String: String]) throws {
    try TemporaryFolder.write(
      Array(#"[{"id": "C1", "name": "general", "members": ["U1"]}]"#.utf8),
      to: export.appendingPathComponent("channels.json"))
    try TemporaryFolder.write(
      Array(#"[{"id": "U1", "name": "ana", "real_name": "Ana"}]"#.utf8), to: export.appendingPathComponent("users.json")
    )
    for (index, (day, text)) in days.sorted(by: { $0.key < $1.key }).enumerated() {
      let record =
        #"[{"type": "message", "user": "U1", "text": "\#(text)", "ts": "\#(1_709_888_400 + index * 86_400).000100"}]"#
      try TemporaryFolder.write(Array(record.utf8), to: export.appendingPathComponent("general/\(day).json"))
    }
  }

  @Test func slackDayFileLinksAreNamedAndReadOnlyInsideTheExport() throws {
    try Self.withExport { export, elsewhere in
      try Self.slackExport(export, days: ["2024-03-08": "first"])
      try Self.slackExport(elsewhere, days: ["2024-03-09": Self.secret, "2024-03-10": "third"])
      try FileManager.default.moveItem(
        at: elsewhere.appendingPathComponent("general/2024-03-10.json"), to: export.appendingPathComponent("kept.txt"))
      try Self.link(
        export.appendingPathComponent("general/2024-03-09.json"),
        to: elsewhere.appendingPathComponent("general/2024-03-09.json"))
      try Self.link(
        export.appendingPathComponent("general/2024-03-10.json"), to: export.appendingPathComponent("kept.txt"))
      let (transcript, warnings) = try Files.read(export.path)
      #expect(transcript.messages.map(\.text) == ["first", "third"])
      #expect(
        warnings.map(\.message).contains(
          "'\(export.path)/general/2024-03-09.json' skipped: it is a link to a file outside the export"))
    }
  }
}
