import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

private typealias Attachment = ChatRender.Attachment

/// Each import finds the bytes of its attachments where its export keeps them.
@Suite struct AttachmentResolutionTests {
  static let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Samples").path

  static func read(_ path: String, chat: String? = nil) throws -> (Transcript, [Diagnostic]) {
    try ImportFixtures.read(ImportInput.open(path), options: ImportOptions(chat: chat))
  }

  static func attachments(_ transcript: Transcript) -> [ChatRender.Attachment] {
    transcript.messages.flatMap(\.extras.attachments)
  }

  // MARK: - WhatsApp

  @Test func whatsAppZipMembersAreTheAttachments() throws {
    let zip = Self.samples + "/WhatsApp_Chat_-_Ana_Costa.zip"
    let (transcript, warnings) = try Self.read(zip)
    #expect(warnings.isEmpty)
    // A chat of two named after Ana: the other one exported it.
    #expect(transcript.meID == "sam-whitfield")
    let attachments = Self.attachments(transcript)
    #expect(attachments.map(\.kind) == [.image, .sticker, .audio, .file, .image, .image])
    #expect(attachments.map(\.isOmitted) == [false, false, false, false, false, true])
    #expect(
      attachments[0].source
        == .archiveMember(archive: zip, member: "00000002-PHOTO-2024-03-14-18-02-15.jpg"))
    let photo = try PictureLoader.info(of: try #require(attachments[0].source))
    #expect(photo == PictureInfo(format: .jpeg, size: PixelSize(width: 1024, height: 768)))
    let sticker = try PictureLoader.decode(
      try #require(attachments[1].source), fitting: PixelSize(width: 128, height: 128))
    #expect(sticker.size == PixelSize(width: 128, height: 128))
    #expect(sticker.argb(x: 0, y: 0) == 0)  // transparent corner
    #expect(try PictureLoader.bytes(of: try #require(attachments[3].source)).starts(with: Array("%PDF".utf8)))
    // A chip shows a member's size, from the zip's directory.
    #expect(attachments[2...3].map(\.byteCount) == [5523, 791])
    // The caption stays; the omitted photo leaves no placeholder text.
    #expect(transcript.messages[8].text == "Sunset from the hut")
    #expect(transcript.messages[9].text == "")
  }

  @Test func whatsAppFolderAndChatFileBesideItsMedia() throws {
    try TemporaryFolder.with { folder in
      let photo = try PictureFixtures.bytes("quadrants.jpg")
      try TemporaryFolder.write(photo, to: folder.appendingPathComponent("IMG-20240314-WA0001.jpg"))
      let chat =
        "14/03/2024, 09:01 - Ana: IMG-20240314-WA0001.jpg (file attached)\nhere\n"
        + "14/03/2024, 09:02 - Ana: DOC-missing.pdf (file attached)\n"
        + "14/03/2024, 09:03 - Bo: <Media omitted>\n"
      try TemporaryFolder.write(Array(chat.utf8), to: folder.appendingPathComponent("WhatsApp Chat with Ana.txt"))
      let expected = AttachmentSource.file(path: folder.path + "/IMG-20240314-WA0001.jpg")
      // The chat file alone: its media beside it, a missing one left without a source.
      let (alone, aloneWarnings) = try Self.read(folder.path + "/WhatsApp Chat with Ana.txt")
      #expect(Self.attachments(alone).map(\.source) == [expected, nil, nil])
      #expect(Self.attachments(alone)[0].byteCount == photo.count)
      #expect(Self.attachments(alone)[2] == Attachment(kind: .other, isOmitted: true))
      #expect(aloneWarnings.allSatisfy { !$0.message.contains("not in the export") })
      // The folder as an export: the same file, and a warning for the missing one.
      let (export, exportWarnings) = try Self.read(folder.path)
      #expect(Self.attachments(export).map(\.source) == [expected, nil, nil])
      #expect(exportWarnings.contains { $0.message == "1 attached file is not in the export" })
    }
  }

  @Test func zipFromStandardInputHoldsItsBytes() throws {
    var zip = TestZipWriter()
    zip.add("_chat.txt", "14/03/2024, 09:01 - Ana: IMG-1.jpg (file attached)\n")
    zip.entries.append(
      TestZipWriter.Entry(name: Array("IMG-1.jpg".utf8), data: try PictureFixtures.bytes("quadrants.jpg")))
    let input = ImportInput(path: "<stdin>", tree: try ZipArchive(path: "<stdin>", bytes: zip.bytes()))
    let transcript = try ImportFixtures.read(input).0
    #expect(Self.attachments(transcript).first?.source == .data(try PictureFixtures.bytes("quadrants.jpg")))
  }

  // MARK: - Telegram

  @Test func telegramFolderReadsLikeItsResultFile() throws {
    let folder = Self.samples + "/telegram-export"
    let input = try ImportInput.open(folder)
    #expect(input.file?.path == folder + "/result.json")
    #expect(Importer.detect(input)?.name == "telegram")
    let (transcript, warnings) = try Self.read(folder)
    #expect(warnings.isEmpty)
    #expect(transcript.meID == "user4400112233")
    let byID = Dictionary(uniqueKeysWithValues: transcript.messages.compactMap { m in m.id.map { ($0, m) } })
    let photo = try #require(byID["3"]?.extras.attachments.first)
    #expect(photo.source == .file(path: folder + "/photos/photo_1@14-03-2024_09-12-40.jpg"))
    #expect(try PictureLoader.info(of: try #require(photo.source)).size == PixelSize(width: 1024, height: 768))
    #expect(byID["3"]?.extras.reactions.map(\.emoji) == ["❤", "👍"])
    #expect(byID["4"]?.extras.replyTo == "3")
    #expect(byID["4"]?.extras.spans.map(\.style) == [.code, .link("https://example.org/map")])
    // A sticker whose file is there shows itself, not its emoji.
    let sticker = try #require(byID["5"])
    #expect(sticker.text == "" && sticker.extras.attachments.first?.kind == .sticker)
    #expect(try PictureLoader.info(of: try #require(sticker.extras.attachments.first?.source)).format == .webp)
    let voice = try #require(byID["6"]?.extras.attachments.first)
    #expect(voice.kind == .audio && voice.duration == 2 && voice.byteCount == 5523)
  }

  @Test func telegramContactsAndVenuesCarryTheirNames() throws {
    let text = """
      {"name": "Bo", "type": "personal_chat", "id": 2, "messages": [
       {"id": 1, "type": "message", "date": "2024-01-01T10:00:00", "from": "Bo", "from_id": "user2",
        "contact_information": {"first_name": "Cy", "last_name": "Dee", "phone_number": "+1 555 0100"}, "text": ""},
       {"id": 2, "type": "message", "date": "2024-01-01T10:01:00", "from": "Bo", "from_id": "user2",
        "place_name": "Hut", "address": "Ridge 1", "location_information": {"latitude": 46.5, "longitude": 13.8}, "text": ""}]}
      """
    let transcript = try ImportFixtures.read(ImportFixtures.input(text: text, path: "<stdin>")).0
    #expect(transcript.messages.map(\.text) == ["", ""])
    #expect(
      Self.attachments(transcript) == [
        Attachment(kind: .contact, title: "Cy Dee", detail: "+1 555 0100"),
        Attachment(kind: .location, fileName: "geo:46.5,13.8", title: "Hut", detail: "Ridge 1"),
      ])
  }

  // MARK: - Discord, Slack, SMS

  @Test func discordMediaFolderAndLinkEmbeds() throws {
    try TemporaryFolder.with { folder in
      let picture = try PictureFixtures.bytes("quadrants.png")
      try TemporaryFolder.write(picture, to: folder.appendingPathComponent("chat.json_Files/shot-1A2B.png"))
      let json = """
        {"guild": {"id": "0", "name": "Direct Messages"}, "channel": {"id": "1", "type": "DirectTextChat", "name": "Kai"},
         "messages": [{"id": "5", "type": "Default", "timestamp": "2024-04-01T18:00:00+00:00", "content": "look https://example.org/post",
           "author": {"id": "7", "name": "kai", "nickname": "Kai"},
           "attachments": [{"id": "9", "url": "chat.json_Files\\\\shot-1A2B.png", "fileName": "shot.png", "fileSizeBytes": 1}],
           "embeds": [{"title": "A post", "url": "https://example.org/post", "description": "What it says",
             "author": {"name": "Example"}, "fields": []}]}]}
        """
      let path = folder.appendingPathComponent("chat.json").path
      try TemporaryFolder.write(Array(json.utf8), to: URL(fileURLWithPath: path))
      let (transcript, _) = try Self.read(path)
      let message = try #require(transcript.messages.first)
      #expect(message.text == "look https://example.org/post")
      #expect(
        message.extras.attachments == [
          Attachment(
            kind: .image, fileName: "shot.png", source: .file(path: folder.path + "/chat.json_Files/shot-1A2B.png"),
            byteCount: picture.count)
        ])
      #expect(
        message.extras.linkPreviews == [
          LinkPreview(
            url: "https://example.org/post", title: "A post", description: "What it says", siteName: "Example")
        ])
    }
  }

  @Test func slackFilesDownloadedIntoTheExport() throws {
    try TemporaryFolder.with { folder in
      let export = folder.appendingPathComponent("slack")
      try FileManager.default.copyItem(atPath: ImportFixtures.path("slack-export"), toPath: export.path)
      try TemporaryFolder.write(
        try PictureFixtures.bytes("quadrants.png"),
        to: export.appendingPathComponent("general/attachments/F06LATENCY1-latency.png"))
      let (transcript, _) = try Self.read(export.path, chat: "general")
      let file = try #require(Self.attachments(transcript).first { $0.fileName == "latency.png" })
      #expect(file.source == .file(path: export.path + "/general/attachments/F06LATENCY1-latency.png"))
    }
  }

  @Test func mmsPartsAreDecodable() throws {
    let (transcript, _) = try Self.read(ImportFixtures.path("sms-backup.xml"))
    let part = try #require(Self.attachments(transcript).first { $0.source != nil })
    let picture = try PictureLoader.decode(try #require(part.source))
    #expect(picture.size == PixelSize(width: 1, height: 1))
  }

  @Test func missingFilesAreUnreadableNotFatal() {
    #expect(throws: PictureError.unreadable(path: "/nonexistent/a.jpg", reason: "no such file or directory")) {
      try PictureLoader.bytes(of: .file(path: "/nonexistent/a.jpg"))
    }
    #expect(throws: PictureError.self) {
      try PictureLoader.bytes(
        of: .archiveMember(archive: Self.samples + "/WhatsApp_Chat_-_Ana_Costa.zip", member: "nope.jpg"))
    }
  }
}
