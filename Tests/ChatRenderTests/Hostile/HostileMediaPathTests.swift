import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

/// A stranger's export may name any file of the reader's disk as its media: only files inside
/// the export are read; the rest become chips with their names and a warning per message.
@Suite struct HostileMediaPathTests {
  typealias Files = AttachmentResolutionTests

  /// A folder holding `secret.png` beside an `export/` folder with `photos/ok.png`, a link
  /// `photos/link.png` to the secret and a FIFO `photos/pipe.png`.
  static func withExport(_ body: (_ export: URL, _ secret: URL) throws -> Void) throws {
    try TemporaryFolder.with { folder in
      let picture = try PictureFixtures.bytes("quadrants.png")
      let secret = folder.appendingPathComponent("secret.png")
      let export = folder.appendingPathComponent("export")
      try TemporaryFolder.write(picture, to: secret)
      try TemporaryFolder.write(picture, to: export.appendingPathComponent("photos/ok.png"))
      try FileManager.default.createSymbolicLink(
        atPath: export.appendingPathComponent("photos/link.png").path, withDestinationPath: secret.path)
      #expect(mkfifo(export.appendingPathComponent("photos/pipe.png").path, 0o600) == 0)
      try body(export, secret)
    }
  }

  static func ourJSON(paths: [String]) -> String {
    let messages = paths.enumerated().map { index, path in
      """
      {"id": "m\(index)", "from": "a", "time": "2024-01-01T10:0\(index):00Z", "text": "",
       "attachments": [{"kind": "image", "file": "p\(index).png", "path": \(JSONNode.quote(path))}]}
      """
    }
    return """
      {"version": 1, "participants": [{"id": "a", "name": "A"}],
       "messages": [\(messages.joined(separator: ",\n"))]}
      """
  }

  @Test("our JSON reads only the media inside its folder")
  func ourJSONStaysInItsFolder() throws {
    try Self.withExport { export, secret in
      let inside = export.appendingPathComponent("photos/ok.png").path
      let paths = [
        "photos/ok.png", inside, secret.path, "../secret.png", "photos/../../secret.png",
        "photos/link.png", "photos/pipe.png",
      ]
      try TemporaryFolder.write(Array(Self.ourJSON(paths: paths).utf8), to: export.appendingPathComponent("chat.json"))
      let (transcript, warnings) = try Files.read(export.path + "/chat.json")
      let attachments = Files.attachments(transcript)
      #expect(attachments.map { $0.source != nil } == [true, true, false, false, false, false, false])
      #expect(attachments[2...].allSatisfy { $0.byteCount == nil && $0.fileName != nil })
      let refusals = warnings.filter { $0.message.hasPrefix("media ") }
      #expect(refusals.count == 5)
      #expect(refusals.map(\.location?.line) == [6, 8, 10, 12, 14])
      #expect(refusals[0].message == "media '\(secret.path)' not read: it is outside the export")
      #expect(refusals[3].message.hasSuffix("not read: it is a link to a file outside the export"))
      #expect(refusals[4].message.hasSuffix("not read: expected a regular file, found a named pipe (FIFO)"))
    }
  }

  @Test("a Telegram photo or file that climbs out of the export is a chip")
  func telegramMediaStayInTheExport() throws {
    try Self.withExport { export, secret in
      let json = """
        {"name": "Bo", "type": "personal_chat", "id": 2, "messages": [
         {"id": 1, "type": "message", "date": "2024-01-01T10:00:00", "from": "Bo", "from_id": "user2",
          "photo": "../secret.png", "text": ""},
         {"id": 2, "type": "message", "date": "2024-01-01T10:01:00", "from": "Bo", "from_id": "user2",
          "file": \(JSONNode.quote(secret.path)), "mime_type": "image/png", "text": ""},
         {"id": 3, "type": "message", "date": "2024-01-01T10:02:00", "from": "Bo", "from_id": "user2",
          "photo": "photos/ok.png", "text": ""}]}
        """
      try TemporaryFolder.write(Array(json.utf8), to: export.appendingPathComponent("result.json"))
      let (transcript, warnings) = try Files.read(export.path)
      #expect(Files.attachments(transcript).map { $0.source != nil } == [false, false, true])
      #expect(warnings.filter { $0.message.hasPrefix("media ") }.count == 2)
    }
  }

  @Test("a WhatsApp chat's attached file named by an absolute path is not read")
  func whatsAppAbsolutePathIsRefused() throws {
    try Self.withExport { export, secret in
      let chat = "14/03/2024, 09:01 - Ana: \(secret.path) (file attached)\n"
      try TemporaryFolder.write(Array(chat.utf8), to: export.appendingPathComponent("WhatsApp Chat with Ana.txt"))
      let (transcript, warnings) = try Files.read(export.path + "/WhatsApp Chat with Ana.txt")
      #expect(Files.attachments(transcript).map(\.source) == [nil])
      #expect(Files.attachments(transcript).map(\.byteCount) == [nil])
      #expect(warnings.contains { $0.message == "media '\(secret.path)' not read: it is outside the export" })
    }
  }

  @Test("a Discord attachment url that is a path out of the export is not read")
  func discordPathIsRefused() throws {
    try Self.withExport { export, secret in
      let json = """
        {"guild": {"id": "1", "name": "G"}, "channel": {"id": "2", "name": "c", "type": "GuildTextChat"},
         "messages": [{"id": "3", "type": "Default", "timestamp": "2024-01-01T10:00:00+00:00",
           "content": "", "author": {"id": "4", "name": "bo"},
           "attachments": [{"id": "5", "url": \(JSONNode.quote(secret.path)), "fileName": "x.png"},
                           {"id": "6", "url": "photos/link.png", "fileName": "y.png"}]}]}
        """
      try TemporaryFolder.write(Array(json.utf8), to: export.appendingPathComponent("channel.json"))
      let (transcript, warnings) = try Files.read(export.path + "/channel.json")
      #expect(Files.attachments(transcript).map(\.source) == [nil, nil])
      #expect(warnings.filter { $0.message.hasPrefix("media ") }.count == 2)
    }
  }

  @Test("a link inside an export folder that points out of it is not read (Slack-style tree)")
  func linkInAFolderTreeIsRefused() throws {
    try Self.withExport { export, _ in
      let boundary = ExportBoundary(ImportInput(path: export.path, tree: DirectoryTree(root: export.path)))
      #expect(boundary.refusal(of: .file(path: export.path + "/photos/ok.png")) == nil)
      #expect(
        boundary.refusal(of: .file(path: export.path + "/photos/link.png"))
          == "it is a link to a file outside the export")
      #expect(boundary.refusal(of: .archiveMember(archive: "/elsewhere.zip", member: "a.png")) != nil)
      #expect(boundary.refusal(of: .data([1, 2, 3])) == nil)
    }
  }
}
