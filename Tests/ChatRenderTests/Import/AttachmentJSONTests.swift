import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

private typealias Attachment = ChatRender.Attachment

/// Our JSON keeps every attachment field, with paths relative to the JSON file.
@Suite struct AttachmentJSONTests {
  @Test func roundTripsThroughAJSONFileInAnotherFolder() throws {
    try TemporaryFolder.with { folder in
      let media = folder.appendingPathComponent("media/photo.jpg").path
      let zip = folder.appendingPathComponent("export.zip").path
      var message = Message(authorID: "ana", text: "look")
      message.extras.attachments = [
        Attachment(
          kind: .image, fileName: "photo.jpg", mimeType: "image/jpeg", source: .file(path: media), byteCount: 948),
        Attachment(kind: .sticker, fileName: "s.webp", source: .archiveMember(archive: zip, member: "dir/s.webp")),
        Attachment(kind: .image, source: .data([1, 2, 3, 250])),
        Attachment(kind: .audio, fileName: "voice.opus", duration: 2.5),
        Attachment(kind: .video, isOmitted: true),
        Attachment(kind: .contact, title: "Cy Dee", detail: "+1 555 0100"),
      ]
      message.extras.linkPreviews = [
        LinkPreview(url: "https://example.org", title: "Example", description: "A site", siteName: "Ex"),
        LinkPreview(url: "https://example.org/2"),
        LinkPreview(
          title: "Build 42", fields: [LinkPreview.Field(title: "Branch", value: "main", isShort: true)],
          footer: "ci.example", color: Color(rgb: 0x4183C4)),
      ]
      let transcript = Transcript(participants: [Participant(id: "ana", name: "Ana")], messages: [message])
      let jsonFolder = folder.appendingPathComponent("json").path
      let json = TranscriptJSONWriter.write(transcript, relativeTo: jsonFolder)
      #expect(json.contains("\"path\": \"../media/photo.jpg\""))
      #expect(json.contains("\"archive\": \"../export.zip\", \"member\": \"dir/s.webp\""))
      let path = jsonFolder + "/chat.json"
      try TemporaryFolder.write(Array(json.utf8), to: URL(fileURLWithPath: path))
      let (again, warnings) = try ImportFixtures.read(ImportInput.open(path))
      // Media outside the JSON's folder are not read (docs/FORMATS.md): names stay, sources go.
      var expected = message.extras.attachments
      expected[0].source = nil
      expected[0].byteCount = nil
      expected[1].source = nil
      #expect(again.messages.first?.extras.attachments == expected)
      #expect(again.messages.first?.extras.linkPreviews == message.extras.linkPreviews)
      #expect(warnings.filter { $0.message.hasPrefix("media ") }.count == 2)
      // Written beside its media, the JSON reads them again.
      let besidePath = folder.appendingPathComponent("chat.json").path
      let beside = TranscriptJSONWriter.write(transcript, relativeTo: folder.path)
      try TemporaryFolder.write(Array(beside.utf8), to: URL(fileURLWithPath: besidePath))
      let (besideAgain, besideWarnings) = try ImportFixtures.read(ImportInput.open(besidePath))
      expected = message.extras.attachments
      expected[0].source = .file(path: folder.path + "/media/photo.jpg")
      expected[1].source = .archiveMember(archive: folder.path + "/export.zip", member: "dir/s.webp")
      #expect(besideAgain.messages.first?.extras.attachments == expected)
      #expect(besideWarnings.allSatisfy { !$0.message.contains("unknown") })
    }
  }

  @Test func aPathAloneNamesTheFile() throws {
    let text = """
      {"version": 1, "participants": [{"id": "a", "name": "A"}],
       "messages": [{"from": "a", "text": "", "attachments": [{"kind": "image", "path": "photos/p1.jpg"}]}]}
      """
    let transcript = try ImportFixtures.read(ImportFixtures.input(text: text, path: "bench/chat.json")).0
    #expect(
      transcript.messages.first?.extras.attachments
        == [Attachment(kind: .image, fileName: "p1.jpg", source: .file(path: "bench/photos/p1.jpg"))])
  }

  @Test(arguments: [
    ("/a/b/c.jpg", "/a/d", "../b/c.jpg"), ("/a/b/c.jpg", "/a/b", "c.jpg"), ("/x/c.jpg", "/a", "/x/c.jpg"),
  ])
  func relativePaths(path: String, directory: String, expected: String) {
    #expect(MediaPath.relative(path, to: directory) == expected)
  }

  @Test func joinsExportPaths() {
    #expect(MediaPath.join("dir/", "a\\b.png") == "dir/a/b.png")
    #expect(MediaPath.join("", "a.png") == "a.png")
    #expect(MediaPath.join("dir/", "/abs.png") == "/abs.png")
    #expect(MediaPath.folder(of: "Samples/x/result.json") == "Samples/x/")
    #expect(MediaPath.folder(of: "result.json") == "")
    #expect(MediaPath.folder(of: "<stdin>") == "")
  }
}
