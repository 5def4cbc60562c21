import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

/// Where avatars come from (issue 37): ChatRender JSON's `avatar`, DiscordChatExporter's
/// downloaded `avatarUrl` and `chatlog__avatar`, a contact card's `PHOTO` (`--names`); only
/// from inside the export.
@Suite struct AvatarSourceTests {
  typealias F = AvatarFixtures

  // MARK: - ChatRender JSON

  static let json = """
    {"version": 1,
     "participants": [{"id": "ana", "name": "Ana", "avatar": "faces/ana.png"},
                      {"id": "ben", "name": "Ben", "avatar": {"data": "iVBORw0KGgo="}},
                      {"id": "cy", "name": "Cy"}],
     "messages": [{"from": "ana", "text": "hi"}]}
    """

  @Test("ChatRender JSON reads an avatar path relative to the file, or inline data")
  func jsonReadsAvatars() throws {
    let (transcript, warnings) = try ImportFixtures.parse(
      ImportFixtures.input(text: Self.json, path: "export/chat.json"), with: JSONTranscriptFormat())
    #expect(warnings.isEmpty, "\(warnings)")
    #expect(transcript.participants[0].avatar == .file(path: "export/faces/ana.png"))
    #expect(transcript.participants[1].avatar == .data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
    #expect(transcript.participants[2].avatar == nil)
  }

  @Test("'chatrender parse' writes avatars back, relative to the folder, and reads them again")
  func jsonRoundTrip() throws {
    let (transcript, _) = try ImportFixtures.parse(
      ImportFixtures.input(text: Self.json, path: "export/chat.json"), with: JSONTranscriptFormat())
    let written = TranscriptJSONWriter.write(transcript, relativeTo: "export")
    #expect(written.contains(#""avatar": "faces/ana.png""#), "\(written)")
    #expect(written.contains(#""avatar": {"data": "iVBORw0KGgo="}"#), "\(written)")
    let (again, _) = try ImportFixtures.parse(
      ImportFixtures.input(text: written, path: "export/chat.json"), with: JSONTranscriptFormat())
    #expect(again.participants.map(\.avatar) == transcript.participants.map(\.avatar))
  }

  @Test("an avatar that is neither a path nor an object is an error at its place")
  func jsonRefusesAnAvatarOfAnotherType() throws {
    let text = #"{"version": 1, "participants": [{"id": "ana", "avatar": 7}], "messages": []}"#
    let error = ImportFixtures.firstError {
      _ = try ImportFixtures.parse(ImportFixtures.input(text: text), with: JSONTranscriptFormat())
    }
    #expect(error?.contains("avatar") == true, "\(error ?? "no error")")
  }

  @Test("an avatar outside the export is not read, with a warning; initials instead")
  func avatarOutsideTheExportIsRefused() throws {
    try TemporaryFolder.with { folder in
      let export = folder.appendingPathComponent("export")
      try TemporaryFolder.write(try F.bytes("magenta.png"), to: export.appendingPathComponent("faces/ana.png"))
      try TemporaryFolder.write(try F.bytes("magenta.png"), to: folder.appendingPathComponent("secret.png"))
      let text = """
        {"version": 1, "participants": [{"id": "ana", "name": "Ana", "avatar": "faces/ana.png"},
         {"id": "ben", "name": "Ben", "avatar": "../secret.png"}], "messages": [{"from": "ana", "text": "hi"}]}
        """
      let path = export.appendingPathComponent("chat.json")
      try TemporaryFolder.write(Array(text.utf8), to: path)
      let (transcript, warnings) = try ImportFixtures.read(try ImportInput.open(path.path))
      #expect(transcript.participants[0].avatar != nil)
      #expect(transcript.participants[1].avatar == nil)
      #expect(warnings.map(\.message).contains { $0.contains("secret.png' not read: it is outside the export") })
    }
  }

  // MARK: - DiscordChatExporter

  static func dceJSON(avatarUrl: String) -> String {
    """
    {"guild": {"id": "1", "name": "G"}, "channel": {"id": "2", "type": "GuildTextChat", "name": "general"},
     "messages": [{"id": "10", "type": "Default", "timestamp": "2024-05-18T19:02:10+01:00", "content": "hi",
       "author": {"id": "7", "name": "ana", "nickname": "Ana", "isBot": false, "avatarUrl": "\(avatarUrl)"}}]}
    """
  }

  @Test("DiscordChatExporter JSON: a downloaded avatarUrl is the avatar, an address on the web is not")
  func dceJSONAvatarUrl() throws {
    let local = try ImportFixtures.parse(
      ImportFixtures.input(text: Self.dceJSON(avatarUrl: "chat.json_Files/ana-1A2B3.png"), path: "export/chat.json"),
      with: DiscordFormat()
    ).0
    #expect(local.participants.first?.avatar == .file(path: "export/chat.json_Files/ana-1A2B3.png"))
    let web = try ImportFixtures.parse(
      ImportFixtures.input(text: Self.dceJSON(avatarUrl: "https://cdn.discordapp.com/avatars/7/a.png")),
      with: DiscordFormat()
    ).0
    #expect(web.participants.first?.avatar == nil)
  }

  static func dcePage(avatar: String) -> String {
    """
    <html><body><div class="preamble"><div class="preamble__entry">G</div></div>
    <div class="chatlog__message-group">
    <div class="chatlog__message-container" data-message-id="10"><div class="chatlog__message">
    <div class="chatlog__message-aside"><img class="chatlog__avatar" src="\(avatar)" alt="Avatar"></div>
    <span class="chatlog__author" title="ana" data-user-id="7">Ana</span>
    <span class="chatlog__timestamp"><a>5/18/2024 7:02 PM</a></span>
    <div class="chatlog__content"><span class="chatlog__markdown-preserve">hi</span></div>
    </div></div></div></body></html>
    """
  }

  @Test("DiscordChatExporter HTML: the group's chatlog__avatar when downloaded (percent escapes undone)")
  func dceHTMLAvatar() throws {
    let page = Self.dcePage(avatar: "chat.html_Files/ana%20face-1A2B3.png")
    let local = try ImportFixtures.parse(
      ImportFixtures.input(text: page, path: "export/chat.html"), with: DCEHTMLFormat()
    ).0
    #expect(local.participants.first?.avatar == .file(path: "export/chat.html_Files/ana face-1A2B3.png"))
    let web = try ImportFixtures.parse(
      ImportFixtures.input(text: Self.dcePage(avatar: "https://cdn.discordapp.com/a.png"), path: "c.html"),
      with: DCEHTMLFormat()
    ).0
    #expect(web.participants.first?.avatar == nil)
  }

  @Test("the DiscordChatExporter sample draws its people's downloaded faces")
  func dceSampleHasAvatars() throws {
    let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Samples/dce-workshop.html").path
    let (transcript, warnings) = try ImportFixtures.read(try ImportInput.open(path))
    #expect(transcript.participants.allSatisfy { $0.avatar != nil }, "\(transcript.participants.map(\.avatar))")
    #expect(!warnings.contains { $0.message.contains("avatar") })
  }

  // MARK: - vCard photos (--names)

  /// A card for `number` with `photo` lines.
  static func card(_ name: String, number: String, photo: String) -> String {
    "BEGIN:VCARD\nVERSION:3.0\nFN:\(name)\nTEL:\(number)\n\(photo)\nEND:VCARD\n"
  }

  /// `book` written as contacts.vcf beside `files`, applied to a chat of `+49 151 23456789`.
  func applying(_ book: String, files: [String: [UInt8]] = [:]) throws -> (Transcript, [Diagnostic]) {
    try TemporaryFolder.with { folder in
      let cards = folder.appendingPathComponent("cards")
      try TemporaryFolder.write(Array(book.utf8), to: cards.appendingPathComponent("contacts.vcf"))
      for (name, bytes) in files { try TemporaryFolder.write(bytes, to: cards.appendingPathComponent(name)) }
      try TemporaryFolder.write(try F.bytes("magenta.png"), to: folder.appendingPathComponent("outside.png"))
      var chat = Transcript(
        participants: [
          Participant(id: "+49 151 23456789", name: "+49 151 23456789"), Participant(id: "me", name: "Me"),
        ],
        messages: [Message(authorID: "+49 151 23456789", text: "hi")])
      var warnings: [Diagnostic] = []
      try Importer.name(
        &chat, from: cards.appendingPathComponent("contacts.vcf").path, path: "chat.txt", warnings: &warnings)
      // Read the file photos now: the folder goes with this closure.
      for index in chat.participants.indices {
        if case .file(let path)? = chat.participants[index].avatar,
          let bytes = try? Data(contentsOf: URL(fileURLWithPath: path))
        {
          chat.participants[index].avatar = .data(Array(bytes))
        }
      }
      return (chat, warnings)
    }
  }

  @Test("a vCard 3.0 PHOTO in base64 (folded over lines) is the matched person's avatar")
  func vCard3Base64() throws {
    let encoded = Data(try F.bytes("magenta.png")).base64EncodedString()
    let folded = stride(from: 0, to: encoded.count, by: 60).map { start -> String in
      let from = encoded.index(encoded.startIndex, offsetBy: start)
      return String(encoded[from..<encoded.index(from, offsetBy: min(60, encoded.count - start))])
    }.joined(separator: "\n ")
    let (chat, _) = try applying(
      Self.card("Lena Vogel", number: "0151 23456789", photo: "PHOTO;ENCODING=b;TYPE=JPEG:" + folded))
    #expect(chat.participants[0].name == "Lena Vogel")
    #expect(chat.participants[0].avatar == .data(try F.bytes("magenta.png")))
    #expect(chat.participants[1].avatar == nil)
  }

  @Test("a vCard 4.0 PHOTO data: URI, and a local file: URI beside the vCard")
  func vCard4DataAndFile() throws {
    let encoded = Data(try F.bytes("magenta.png")).base64EncodedString()
    let (data, _) = try applying(
      Self.card("Lena Vogel", number: "+4915123456789", photo: "PHOTO:data:image/png;base64," + encoded))
    #expect(data.participants[0].avatar == .data(try F.bytes("magenta.png")))
    let (file, warnings) = try applying(
      Self.card("Lena Vogel", number: "+4915123456789", photo: "PHOTO;VALUE=uri:file:faces/lena%20v.png"),
      files: ["faces/lena v.png": try F.bytes("teal-wide.jpg")])
    #expect(file.participants[0].avatar == .data(try F.bytes("teal-wide.jpg")), "\(warnings)")
  }

  @Test("a PHOTO on the web is not fetched, and a file outside the vCard's folder is not read")
  func vCardPhotoElsewhereIsRefused() throws {
    let (web, _) = try applying(
      Self.card("Lena Vogel", number: "+4915123456789", photo: "PHOTO;VALUE=uri:https://example.org/lena.jpg"))
    #expect(web.participants[0].avatar == nil)
    let (outside, warnings) = try applying(
      Self.card("Lena Vogel", number: "+4915123456789", photo: "PHOTO:file:../outside.png"))
    #expect(outside.participants[0].avatar == nil)
    #expect(warnings.map(\.message).contains { $0.contains("outside.png' not read: it is outside the export") })
  }

  @Test("the iMessage sample's contact cards give Maya and Bo their photos; Priya's card has none")
  func iMessageSampleContactPhotos() throws {
    let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Samples/imessage")
    var options = ImportOptions(chat: "#1")
    options.namesFile = samples.appendingPathComponent("contacts.vcf").path
    let (transcript, _) = try ImportFixtures.read(
      try ImportInput.open(samples.appendingPathComponent("chat.db").path), options: options)
    let photos = Dictionary(uniqueKeysWithValues: transcript.participants.map { ($0.name, $0.avatar != nil) })
    #expect(photos == ["Me": false, "Maya Chen": true, "Bo Larsen": true, "Priya Nair": false], "\(photos)")
  }

  @Test("a person whose export ships a picture keeps it; the card's photo is for those without")
  func exportPictureWins() throws {
    let book = Self.card("Lena Vogel", number: "+4915123456789", photo: "PHOTO:data:image/png;base64,iVBORw0KGgo=")
    let names = try ContactNames(vCard: SourceFile(path: "contacts.vcf", bytes: Array(book.utf8)))
    var chat = Transcript(
      participants: [Participant(id: "+49 151 23456789", name: "Lena"), Participant(id: "x", name: "+4915123456789")],
      messages: [])
    chat.participants[0].avatar = .file(path: "own.png")
    #expect(names.photos(for: chat).map(\.participant) == [1])
  }
}

/// Telegram's full account export holds its owner's profile pictures, and no one else's.
@Suite struct TelegramOwnerPictureTests {
  static let export = """
    {"about": "Here is the data you requested.",
     "personal_information": {"user_id": 1, "first_name": "Jonas", "last_name": "Berg"},
     "profile_pictures": [
       {"date": "2021-06-01T10:00:00", "photo": "profile_pictures/photo_1@01-06-2021_10-00-00.jpg"},
       {"date": "2023-02-01T10:00:00", "photo": "profile_pictures/photo_2@01-02-2023_10-00-00.jpg"},
       {"date": "2024-01-01T10:00:00", "photo": "(File not included. Change data exporting settings to download.)"}],
     "chats": {"about": "", "list": [{"name": "Ana", "type": "personal_chat", "id": 2, "messages": [
       {"id": 1, "type": "message", "date": "2024-01-01T10:00:00", "from": "Jonas Berg", "from_id": "user1", "text": "hi"},
       {"id": 2, "type": "message", "date": "2024-01-01T10:01:00", "from": "Ana", "from_id": "user2", "text": "hey"}]}]}}
    """

  @Test("the owner is drawn with their latest saved profile picture; the others with initials")
  func ownerHasTheLatestPicture() throws {
    let (transcript, _) = try ImportFixtures.parse(
      ImportFixtures.input(text: Self.export, path: "export/result.json"), with: TelegramFormat())
    let owner = try #require(transcript.participants.first { $0.id == "user1" })
    #expect(owner.avatar == .file(path: "export/profile_pictures/photo_2@01-02-2023_10-00-00.jpg"))
    #expect(transcript.participants.filter { $0.id != "user1" }.allSatisfy { $0.avatar == nil })
  }
}
