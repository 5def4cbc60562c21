import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

@Suite struct MessengerFormatTests {
  let format = MessengerFormat()

  /// A one-file conversation as Meta writes it, with `messages` newest first.
  static func information(_ messages: String, participants: String = #"[{"name": "Ana"}, {"name": "Bo"}]"#)
    -> String
  {
    #"{"participants": \#(participants), "messages": [\#(messages)], "title": "Ana", "thread_path": "inbox/ana_1"}"#
  }

  @Test func mendsLatin1WrittenUTF8OnlyWhereItIsValid() {
    #expect(MetaText.mend("J\u{e2}\u{9d}\u{a4}\u{ef}\u{b8}\u{8f}hn") == "J❤️hn")
    #expect(MetaText.mend("caf\u{c3}\u{a9} \u{f0}\u{9f}\u{98}\u{80}") == "café 😀")
    // A lone é is no UTF-8 sequence: typed as it is, kept as it is.
    #expect(MetaText.mend("café") == "café")
    #expect(MetaText.mend("日本 ❤️") == "日本 ❤️")
    #expect(MetaText.mend("plain") == "plain")
  }

  @Test func callsAreReadFromTheirTypeAndLength() {
    #expect(MessengerNotices.call(type: "Call", duration: 754, text: "You called Ana.") == Call(duration: 754))
    #expect(
      MessengerNotices.call(type: "Call", duration: 0, text: "You missed a video chat with Ana.")
        == Call(medium: .video, outcome: .missed))
    #expect(MessengerNotices.call(type: "Call", duration: nil, text: "Ana joined the call.") == nil)
    #expect(MessengerNotices.call(type: "Generic", duration: nil, text: "Ana called you.") == nil)
    #expect(MessengerNotices.call(type: "Call", duration: 1e300, text: "Ana called you.") == Call())
  }

  @Test func readsAConversationOfTwoFilesOldestFirst() throws {
    let (transcript, warnings) = try ImportFixtures.read(
      ImportFixtures.input("messenger-export"), as: format, options: ImportOptions(chat: "ana costa"))
    #expect(transcript.title == "Ana Costa")
    // Sam Rivera is in both conversations of the export: the owner.
    #expect(transcript.meID == "Sam Rivera")
    #expect(
      MessageRow.rows(transcript) == [
        MessageRow("Ana Costa", .received, "2024-03-01T09:00:00Z", "Olá Sam! Café às 10?"),
        MessageRow("Sam Rivera", .sent, "2024-03-01T09:01:00Z", "Sim ☕"),
        MessageRow("Sam Rivera", .sent, "2024-03-01T09:03:00Z", ""),
        MessageRow("Ana Costa", .received, "2024-03-01T09:04:00Z", ""),
        MessageRow("Sam Rivera", .sent, "2024-03-01T09:05:00Z", ""),
        MessageRow("Ana Costa", .received, "2024-03-01T09:06:00Z", ""),
        MessageRow("Ana Costa", .received, "2024-03-01T09:07:00Z", ""),
      ])
    // Calls are messages of their callers (issue 36).
    #expect(ImportFixtures.calls(transcript) == ["4 voice missed -", "5 voice answered 125"])
    let messages = transcript.messages
    // "Reacted ❤️ to your message" is a reaction on the message before it.
    #expect(messages[1].extras.reactions == [Reaction(emoji: "❤️", count: 1, by: ["Ana Costa"])])
    #expect(messages[2].extras.attachments.map(\.kind) == [.sticker])
    #expect(messages[5].extras.isDeleted)
    // "Ana Costa sent a photo." gives way to the photo, found in the conversation's folder.
    let photo = try #require(messages[6].extras.attachments.first)
    #expect(photo.fileName == "cafe.jpg")
    #expect(
      photo.source == .file(path: ImportFixtures.path("messenger-export/messages/inbox/anacosta_1001/photos/cafe.jpg")))
    // The oldest messages are in message_2.json.
    #expect(messages[0].location?.file.hasSuffix("anacosta_1001/message_2.json") == true)
    #expect(messages[6].location?.file.hasSuffix("anacosta_1001/message_1.json") == true)
    // The sticker's file is not in the export.
    #expect(
      warnings.map(\.message) == [
        "1 media file named by the conversation is not in the export (first: messages/stickers_used/369239263222822.png)"
      ])
  }

  @Test func readsGroupNoticesAndReactions() throws {
    let (transcript, _) = try ImportFixtures.read(
      ImportFixtures.input("messenger-export"), as: format, options: ImportOptions(chat: "trailcrew_2002"))
    #expect(
      MessageRow.rows(transcript) == [
        MessageRow(
          "Bo Carvalho", .center, "2024-03-02T08:00:00Z", "Bo Carvalho added Ana Costa", .system),
        MessageRow("Ana Costa", .received, "2024-03-02T08:01:00Z", "Olá a todos"),
        MessageRow("Sam Rivera", .sent, "2024-03-02T08:02:00Z", "Bem-vinda!"),
        MessageRow("Bo Carvalho", .center, "2024-03-02T08:03:00Z", "Bo Carvalho left", .system),
      ])
    #expect(
      transcript.messages[1].extras.reactions == [Reaction(emoji: "👋", count: 2, by: ["Sam Rivera", "Bo Carvalho"])])
  }

  @Test func listsTheConversationsAndAsksForOne() throws {
    let input = try ImportFixtures.input("messenger-export")
    #expect(Importer.detect(input)?.name == "messenger")
    #expect(try format.listChats(input) == ["Ana Costa", "Trail Crew"])
    let diagnostic = try ImportFixtures.error { _ = try ImportFixtures.read(input, as: format) }
    #expect(diagnostic.message == "the export holds 2 conversations; choose one")
    #expect(diagnostic.notes.first == "1. Ana Costa (id anacosta_1001, 2 participants, 2 files, inbox)")
  }

  @Test func readsInstagramsNewerExport() throws {
    let input = try ImportFixtures.input("instagram-export")
    #expect(Importer.detect(input)?.name == "messenger")
    let (transcript, _) = try ImportFixtures.read(input, as: format, options: ImportOptions(chat: "Lua Mendes"))
    #expect(transcript.meID == "sam.rivera")
    #expect(
      MessageRow.rows(transcript) == [
        MessageRow("Lua Mendes", .received, "2024-05-10T12:00:00Z", "Olha esta vista! 🌊"),
        MessageRow("Lua Mendes", .received, "2024-05-10T12:00:30Z", ""),
        MessageRow("sam.rivera", .sent, "2024-05-10T12:01:00Z", "Que lindo!! 😍"),
        MessageRow("sam.rivera", .sent, "2024-05-10T12:02:00Z", ""),
        MessageRow("Lua Mendes", .received, "2024-05-10T12:03:00Z", "This message isn't available in your region."),
      ])
    let messages = transcript.messages
    let photos = messages[1].extras.attachments
    #expect(photos.map(\.fileName) == ["praia.jpg", "farol.jpg"])
    #expect(photos.allSatisfy { $0.kind == .image && $0.source != nil })
    #expect(
      messages[1].extras.reactions == [
        Reaction(emoji: "😍", count: 1, by: ["sam.rivera"]), Reaction(emoji: "🔥", count: 1, by: ["Lua Mendes"]),
      ])
    // Instagram's "Liked a message" is a heart on the message it follows.
    #expect(messages[2].extras.reactions == [Reaction(emoji: "❤️", count: 1, by: ["Lua Mendes"])])
    #expect(
      messages[3].extras.linkPreviews == [
        LinkPreview(
          url: "https://www.instagram.com/p/C6xyz/", title: "algarve.guide", description: "Best beaches of the Algarve")
      ])
  }

  @Test func aSingleFileReadsTheFilesBesideItAndItsMedia() throws {
    let path = "messenger-export/messages/inbox/anacosta_1001/message_1.json"
    let input = try ImportFixtures.input(path)
    #expect(Importer.detect(input)?.name == "messenger")
    #expect(try format.listChats(input) == nil)
    let (transcript, _) = try ImportFixtures.read(input, as: format)
    #expect(transcript.messages.count == 7)
    // A one-to-one chat is titled with the other person's name.
    #expect(transcript.meID == "Sam Rivera")
    #expect(transcript.messages.last?.extras.attachments.first?.source != nil)
  }

  @Test func readsAnEncryptedChat() throws {
    for input in [
      try ImportFixtures.input("messenger-e2ee/ana_costa_1.json"), try ImportFixtures.input("messenger-e2ee"),
    ] {
      #expect(Importer.detect(input)?.name == "messenger")
      let (transcript, _) = try ImportFixtures.read(input, as: format, options: ImportOptions(me: ["Sam Rivera"]))
      #expect(transcript.title == "Ana Costa")
      #expect(
        MessageRow.rows(transcript) == [
          MessageRow("Ana Costa", .received, "2024-06-01T10:00:00Z", "Encrypted now 🔒"),
          MessageRow("Sam Rivera", .sent, "2024-06-01T10:01:00Z", "Nice, olá!"),
          MessageRow("Ana Costa", .received, "2024-06-01T10:02:00Z", ""),
          MessageRow("Sam Rivera", .sent, "2024-06-01T10:03:00Z", ""),
        ])
      #expect(transcript.messages[1].extras.reactions == [Reaction(emoji: "😂", count: 1, by: ["Ana Costa"])])
      let photo = try #require(transcript.messages[2].extras.attachments.first)
      #expect(photo.kind == .image && photo.fileName == "ponte.jpg" && photo.source != nil)
      #expect(transcript.messages[3].extras.isDeleted)
    }
  }

  @Test func isDetectedBeforeOurJSONWithoutATypeKey() throws {
    let text = Self.information(
      #"{"sender_name": "Bo", "timestamp_ms": 1415147681489, "content": "Whats up!"}, "#
        + #"{"sender_name": "Ana", "timestamp_ms": 1415147325354, "content": "Hello"}"#)
    let input = try ImportFixtures.input(text: text)
    let transcript = try ImportFixtures.readDetected(input, as: "messenger").0
    #expect(transcript.messages.map(\.text) == ["Hello", "Whats up!"])
    // Our own JSON is still ours.
    let ours = try ImportFixtures.input(
      text: #"{"version": 1, "participants": [{"id": "a"}], "messages": [{"from": "a", "text": "hi"}]}"#)
    #expect(Importer.detect(ours)?.name == "json")
  }

  @Test func mendsNamesReactionsAndTitles() throws {
    let text = #"""
      {"participants": [{"name": "J\u00e2\u009d\u00a4\u00ef\u00b8\u008fhn"}, {"name": "Z\u00c3\u00a9"}],
       "messages": [{"sender_name": "Z\u00c3\u00a9", "timestamp_ms": 1700000000000, "content": "ol\u00c3\u00a1",
         "reactions": [{"reaction": "\u00f0\u009f\u0098\u0086", "actor": "J\u00e2\u009d\u00a4\u00ef\u00b8\u008fhn"}]}],
       "title": "Caf\u00c3\u00a9 \u00f0\u009f\u008d\u00b0", "thread_path": "inbox/cafe_1"}
      """#
    let (transcript, _) = try ImportFixtures.read(ImportFixtures.input(text: text), as: format)
    #expect(transcript.title == "Café 🍰")
    #expect(transcript.participants.map(\.name) == ["J❤️hn", "Zé"])
    #expect(MessageRow.rows(transcript) == [MessageRow("Zé", .received, "2023-11-14T22:13:20Z", "olá")])
    #expect(transcript.messages[0].extras.reactions == [Reaction(emoji: "😆", count: 1, by: ["J❤️hn"])])
  }

  @Test func locatesBadMessages() throws {
    let noTime = Self.information(#"{"sender_name": "Ana", "content": "hi"}"#)
    let missing = try ImportFixtures.error {
      _ = try ImportFixtures.read(ImportFixtures.input(text: noTime), as: format)
    }
    #expect(missing.message == "missing key 'timestamp_ms'")
    #expect(missing.position == "1:66")
    let notObject = Self.information(#"{"sender_name": "Ana", "timestamp_ms": 1}, 42"#)
    let wrong = try ImportFixtures.error {
      _ = try ImportFixtures.read(ImportFixtures.input(text: notObject), as: format)
    }
    #expect(wrong.message == "expected an object for a message, found a number")
    #expect(wrong.position == "1:109")
    let badPhotos = Self.information(#"{"sender_name": "Ana", "timestamp_ms": 1, "photos": {"uri": "x.jpg"}}"#)
    let photos = try ImportFixtures.error {
      _ = try ImportFixtures.read(ImportFixtures.input(text: badPhotos), as: format)
    }
    #expect(photos.message == "expected an array for 'photos', found an object")
  }

  @Test func turnsGeneratedNoticesIntoWhatTheyMean() {
    #expect(MessengerNotices.isAttachmentNotice("Lionel Messi sent an attachment."))
    #expect(MessengerNotices.isAttachmentNotice("Ana sent 3 photos."))
    #expect(!MessengerNotices.isAttachmentNotice("I sent a photo. Did you see it?"))
    #expect(MessengerNotices.textReaction("Reacted 😍 to your message") == "😍")
    #expect(MessengerNotices.textReaction("Ana Costa reacted ❤ to your message.") == "❤")
    #expect(MessengerNotices.textReaction("Liked a message") == "❤️")
    #expect(MessengerNotices.textReaction("She reacted badly to your message") == nil)
    #expect(MessengerNotices.isGroupNotice("Ana named the group Lisbon 2025."))
    #expect(MessengerNotices.duration(65) == "1:05")
    #expect(MessengerNotices.duration(3723) == "1:02:03")
  }

  @Test func aZipOfTheExportReadsItsMediaFromTheZip() throws {
    var writer = TestZipWriter()
    writer.add(
      "messages/inbox/ana_1/message_1.json",
      Self.information(
        #"{"sender_name": "Ana", "timestamp_ms": 1700000000000, "photos": [{"uri": "messages/inbox/ana_1/photos/p.jpg"}]}"#
      ))
    writer.add("messages/inbox/ana_1/photos/p.jpg", "not really a picture")
    let input = ImportInput(path: "<stdin>", tree: try ZipArchive(path: "<stdin>", bytes: writer.bytes()))
    #expect(Importer.detect(input)?.name == "messenger")
    let (transcript, warnings) = try ImportFixtures.read(input, as: format)
    #expect(warnings.filter { $0.message.contains("media") }.isEmpty)
    #expect(transcript.messages.first?.extras.attachments.first?.source == .data(Array("not really a picture".utf8)))
  }
}
