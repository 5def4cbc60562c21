import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

@Suite struct WhatsAppFormatTests {
  let fixtures = ImportFixtures.self

  /// Reads inline text with the WhatsApp format.
  func read(_ text: String, path: String = "chat.txt", options: ImportOptions = ImportOptions())
    throws -> (Transcript, [Diagnostic])
  {
    try fixtures.read(
      fixtures.input(text: text, path: path), as: WhatsAppFormat(), options: options)
  }

  func error(_ text: String) -> String? {
    fixtures.firstError { _ = try read(text) }
  }

  // MARK: - Samples

  @Test func androidTwentyFourHourSample() throws {
    let (transcript, warnings) = try fixtures.read(fixtures.input("whatsapp-android-24h.txt"))
    fixtures.expectRows(
      transcript,
      [
        "center - 2024-03-14T08:59:00 system: Messages and calls are end-to-end encrypted. No one outside of this chat, not even WhatsApp, can read or listen to them. Tap to learn more.",
        "center - 2024-03-14T08:59:00 system: Priya Nair created group \"Flat 3B 🏠\"",
        "center - 2024-03-14T08:59:00 system: Priya Nair added you",
        "received priya-nair 2024-03-14T09:01:00 message: Morning all! Bin day is tomorrow 🗑️",
        "received tomás-ortega 2024-03-14T09:03:00 message: The boiler is making that knocking noise again⏎It started around 7am⏎and it's loudest near the bathroom",
        "received priya-nair 2024-03-14T09:04:00 message: ",
        "sent sam-whitfield 2024-03-14T09:06:00 message: I'll ring the landlord at lunch",
        "center - 2024-03-14T09:10:00 system: Priya Nair added \u{202A}+44 7700 900123\u{202C}",
        "received 44-7700-900123 2024-03-14T09:12:00 message: Hi all, Yara from the ground floor here 👋",
        "received tomás-ortega 2024-03-14T10:15:00 message: Boiler panel says F28",
        "sent sam-whitfield 2024-03-14T10:17:00 message: 我以前的室友说这是点火故障 — my old flatmate says F28 = ignition fault 😅",
        "received 44-7700-900123 2024-03-14T10:20:00 message: شكراً! أنا في البيت بعد الساعة ٦ مساءً",
        "received priya-nair 2024-03-14T11:02:00 message: This message was deleted",
        "sent sam-whitfield 2024-03-14T11:03:00 message: You deleted this message",
        "sent sam-whitfield 2024-03-14T12:31:00 message: Landlord says an engineer can come Friday 10:00–12:00",
        "received tomás-ortega 2024-03-14T12:33:00 message: Friday works. Can someone be in?⏎2024-03-15 10:00 is fine for me actually, I'm WFH",
        "received priya-nair 2024-03-14T12:40:00 message: POLL:⏎Who can let the engineer in?⏎OPTION: Sam (1 vote)⏎OPTION: Tomás (2 votes)⏎OPTION: Priya (0 votes)",
        "received 44-7700-900123 2024-03-14T18:02:00 message: location: https://maps.google.com/?q=51.5033635,-0.1276248",
        "received priya-nair 2024-03-15T07:58:00 message: Reminder!!⏎Bins out tonight⏎recycling = blue lid",
        "sent sam-whitfield 2024-03-15T16:45:00 message: ",
        "sent sam-whitfield 2024-03-15T16:46:00 message: Fixed ✅ invoice above, £0 because it's under warranty",
        "center - 2024-03-15T19:00:00 system: Tomás Ortega left",
      ])
    #expect(transcript.meID == "sam-whitfield")
    #expect(transcript.title == nil)
    #expect(
      transcript.participants == [
        Participant(id: "priya-nair", name: "Priya Nair"),
        Participant(id: "tomás-ortega", name: "Tomás Ortega"),
        Participant(id: "sam-whitfield", name: "Sam Whitfield"),
        Participant(id: "44-7700-900123", name: "+44 7700 900123"),
      ])
    #expect(warnings.isEmpty)
    let messages = transcript.messages
    #expect(messages[5].extras.attachments == [Attachment(kind: .other, isOmitted: true)])
    #expect(
      messages[9].extras.attachments == [
        Attachment(kind: .image, fileName: "IMG-20240314-WA0007.jpg", mimeType: "image/jpeg")
      ])
    #expect(messages[12].extras.isDeleted && !messages[12].extras.isEdited)
    #expect(messages[13].extras.isDeleted)
    #expect(messages[14].extras.isEdited && !messages[14].extras.isDeleted)
    #expect(messages[17].extras.attachments == [Attachment(kind: .location)])
    #expect(
      messages[19].extras.attachments == [
        Attachment(kind: .file, fileName: "Boiler_invoice.pdf", mimeType: "application/pdf")
      ])
    #expect(
      messages[18].extras.spans == [
        TextSpan(start: 11, length: 4, style: .bold), TextSpan(start: 28, length: 9, style: .italic),
      ])
    // Eight messages with extras, and the encryption notice, typed.
    #expect(messages.filter { !$0.extras.isEmpty }.count == 9)
    #expect(messages[0].extras.notice == .encryption)
    #expect(messages[4].location?.file == fixtures.path("whatsapp-android-24h.txt"))
    #expect(messages[4].location?.line == 5)
    #expect(messages[4].location?.column == 1)
    #expect(messages[5].location?.line == 8)
  }

  @Test func androidUSTwelveHourSample() throws {
    let (transcript, warnings) = try fixtures.read(fixtures.input("whatsapp-android-us-12h.txt"))
    fixtures.expectRows(
      transcript,
      [
        "center - 2024-03-02T09:14:00 system: Messages and calls are end-to-end encrypted. No one outside of this chat, not even WhatsApp, can read or listen to them. Tap to learn more.",
        "sent jordan-ellis 2024-03-02T09:14:00 message: hey! are we still on for brunch 🥞",
        "received alex-kim 2024-03-02T09:20:00 message: yes!! 11:30 at Rosie's?",
        "sent jordan-ellis 2024-03-02T09:21:00 message: perfect",
        "sent jordan-ellis 2024-03-02T09:21:00 message: ",
        "received alex-kim 2024-03-02T12:05:00 message: that was so good⏎ok next time I'm paying",
        "sent jordan-ellis 2024-03-02T12:07:00 message: You deleted this message",
        "sent jordan-ellis 2024-03-02T12:08:00 message: deal 🤝",
        "received alex-kim 2024-03-13T00:00:00 message: happy birthday!!! 🎂🎉",
        "sent jordan-ellis 2024-03-13T07:45:00 message: thank youuu ❤️",
      ])
    #expect(transcript.meID == "jordan-ellis")
    #expect(warnings.isEmpty)
    #expect(transcript.messages[4].extras.attachments == [Attachment(kind: .other, isOmitted: true)])
    #expect(transcript.messages[6].extras.isDeleted)
    #expect(transcript.messages[9].extras.isEdited)
  }

  @Test func iOSTwelveHourSample() throws {
    let (transcript, warnings) = try fixtures.read(fixtures.input("whatsapp-ios-12h.txt"))
    fixtures.expectRows(transcript, WhatsAppFormatTests.iOSRows)
    #expect(transcript.title == "Trail Crew 🥾")
    #expect(transcript.meID == "sam-rivera")
    #expect(warnings.isEmpty)
    #expect(
      transcript.participants.map(\.name) == [
        "Dana Whitaker", "Marcus Lee", "Kenji Watanabe", "+1 (415) 555\u{2011}0134",
        "Noa Ben-David", "Sam Rivera",
      ])
    let messages = transcript.messages
    #expect(messages[5].extras.attachments == [Attachment(kind: .image, isOmitted: true)])
    #expect(messages[9].extras.attachments == [Attachment(kind: .location)])
    #expect(
      messages[11].extras.attachments == [
        Attachment(
          kind: .image, fileName: "00000012-PHOTO-2024-03-09-20-05-12.jpg", mimeType: "image/jpeg")
      ])
    #expect(messages[12].extras.isDeleted)
    #expect(messages[13].extras.isDeleted)
    #expect(messages[14].extras.isEdited)
    #expect(messages[15].extras.attachments == [Attachment(kind: .sticker, isOmitted: true)])
    #expect(
      messages[17].extras.attachments == [
        Attachment(kind: .file, fileName: "00000015-Trail_Map.pdf", mimeType: "application/pdf")
      ])
    #expect(messages[20].extras.attachments == [Attachment(kind: .video, isOmitted: true)])
    // The record after a line ending in a bare LF starts on line 10.
    #expect(messages[7].location?.line == 10)
  }

  static let iOSRows = [
    "center - 2024-03-09T19:41:02 system: Messages and calls are end-to-end encrypted. No one outside of this chat, not even WhatsApp, can read or listen to them.",
    "center - 2024-03-09T19:41:02 system: Dana Whitaker created group “Trail Crew 🥾”",
    "center - 2024-03-09T19:41:03 system: Dana Whitaker added you",
    "received dana-whitaker 2024-03-09T19:43:15 message: Saturday: Mount Tam loop, 8 AM start at Pantoll?",
    "received marcus-lee 2024-03-09T19:44:51 message: I'm in 🙌",
    "received marcus-lee 2024-03-09T19:45:30 message: ",
    "received kenji-watanabe 2024-03-09T19:46:10 message: 楽しみ！おにぎり持っていくね 🍙⏎Also bringing extra water⏎and a first-aid kit",
    "center - 2024-03-09T19:52:40 system: +1 (415) 555\u{2011}0134 joined using this group's invite link",
    "received 1-415-555-0134 2024-03-09T19:53:05 message: Hi! Is there parking at the trailhead?",
    "received dana-whitaker 2024-03-09T19:58:20 message: Location: https://maps.google.com/?q=37.904305,-122.604360",
    "received noa-ben-david 2024-03-09T20:02:44 message: נשמע מעולה, אני מצטרפת! 🌲",
    "received dana-whitaker 2024-03-09T20:05:12 message: ",
    "received marcus-lee 2024-03-09T20:06:40 message: This message was deleted.",
    "sent sam-rivera 2024-03-09T20:07:02 message: You deleted this message.",
    "sent sam-rivera 2024-03-09T20:10:33 message: Carpool leaves Mill Valley at 7:15 AM sharp",
    "received kenji-watanabe 2024-03-09T20:12:09 message: ",
    "received noa-ben-david 2024-03-10T00:04:55 message: Can't sleep, too excited 😂",
    "received marcus-lee 2024-03-10T06:58:41 message: ",
    "sent sam-rivera 2024-03-10T07:02:05 message: Running 5 min late 🚗💨⏎Save me a spot!",
    "received dana-whitaker 2024-03-10T12:30:00 message: Summit selfie time 📸",
    "received dana-whitaker 2024-03-10T12:30:44 message: ",
  ]

  @Test func iOSGermanSample() throws {
    let (transcript, warnings) = try fixtures.read(fixtures.input("whatsapp-ios-24h-de.txt"))
    fixtures.expectRows(
      transcript,
      [
        "center - 2024-03-13T10:15:01 system: Nachrichten und Anrufe sind Ende-zu-Ende-verschlüsselt. Niemand außerhalb dieses Chats kann sie lesen oder anhören, nicht einmal WhatsApp.",
        "received ingrid-hoffmann 2024-03-13T10:15:01 message: Hallo Lukas, hast du am Sonntag Zeit? ☕️",
        "sent lukas-hoffmann 2024-03-13T10:16:02 message: Ja, ab 15 Uhr!",
        "received ingrid-hoffmann 2024-03-13T10:16:40 message: Schön 😊⏎Ich backe Apfelkuchen",
        "sent lukas-hoffmann 2024-03-13T18:02:11 message: ",
        "received ingrid-hoffmann 2024-03-13T18:03:00 message: Diese Nachricht wurde gelöscht.",
        "sent lukas-hoffmann 2024-03-14T09:00:00 message: Bis Sonntag! 🍎",
        "sent lukas-hoffmann 2024-03-31T15:04:27 message: Bin unterwegs 🚗",
        "received ingrid-hoffmann 2024-03-31T15:05:10 message: Fahr vorsichtig!",
      ])
    #expect(transcript.title == "Ingrid Hoffmann")
    // A one-to-one chat is named after the other person: me is Lukas.
    #expect(transcript.meID == "lukas-hoffmann")
    #expect(
      transcript.messages[4].extras.attachments == [
        Attachment(
          kind: .image, fileName: "00000004-PHOTO-2024-03-13-18-02-11.jpg", mimeType: "image/jpeg")
      ])
    #expect(transcript.messages[5].extras.isDeleted)
    #expect(warnings.isEmpty)
  }

  @Test func meOptionWinsOverTheOwnerMarker() throws {
    let (transcript, _) = try fixtures.read(
      fixtures.input("whatsapp-android-24h.txt"), options: ImportOptions(me: ["Priya Nair"]))
    #expect(transcript.meID == "priya-nair")
    let (german, warnings) = try fixtures.read(
      fixtures.input("whatsapp-ios-24h-de.txt"), options: ImportOptions(me: ["lukas hoffmann"]))
    #expect(german.meID == "lukas-hoffmann")
    #expect(german.side(of: german.messages[2]) == .sent)
    #expect(warnings.isEmpty)
  }

  // MARK: - Zip exports

  @Test func iOSZipMatchesAttachmentsToMediaFiles() throws {
    let input = try fixtures.input("whatsapp-ios.zip")
    let (transcript, warnings) = try fixtures.readDetected(input, as: "whatsapp-zip")
    fixtures.expectRows(transcript, WhatsAppFormatTests.iOSRows)
    #expect(transcript.title == "Trail Crew 🥾")
    #expect(warnings.isEmpty)
    // The photo's name in the zip has a direction mark the chat text lacks.
    #expect(
      transcript.messages[11].extras.attachments == [
        Attachment(
          kind: .image, fileName: "00000012-PHOTO-2024-03-09-20-05-12.jpg", mimeType: "image/jpeg",
          source: .archiveMember(
            archive: fixtures.path("whatsapp-ios.zip"),
            member: "\u{200E}00000012-PHOTO-2024-03-09-20-05-12.jpg"),
          byteCount: 13)
      ])
    #expect(transcript.messages[17].extras.attachments.first?.fileName == "00000015-Trail_Map.pdf")
    let location = try #require(transcript.messages[3].location)
    #expect(location.file == fixtures.path("whatsapp-ios.zip") + "/_chat.txt")
    #expect(location.line == 4)
  }

  @Test func androidZipTakesTheTitleFromTheChatFileAndWarnsAboutMissingMedia() throws {
    let input = try fixtures.input("whatsapp-android.zip")
    let (transcript, warnings) = try fixtures.read(input)
    #expect(transcript.title == "Flat 3B")
    #expect(transcript.messages.count == 22)
    #expect(transcript.messages[9].extras.attachments.first?.fileName == "IMG-20240314-WA0007.jpg")
    #expect(transcript.messages[19].extras.attachments.first?.fileName == "Boiler_invoice.pdf")
    let warning = try #require(warnings.first)
    #expect(warning.message == "1 attached file is not in the export")
    #expect(warning.notes == ["missing: Boiler_invoice.pdf"])
    #expect(warning.location?.line == 30)
    #expect(warnings.count == 1)
  }

  @Test func folderWithSeveralChatsWarnsAndHonoursTheChatOption() throws {
    try TemporaryFolder.with { folder in
      try "1/2/24, 10:00 - Ana: hi from Ana\n".write(
        to: folder.appendingPathComponent("WhatsApp Chat with Ana.txt"), atomically: true,
        encoding: .utf8)
      try "1/2/24, 11:00 - Bo: hi from Bo\n".write(
        to: folder.appendingPathComponent("WhatsApp Chat with Bo.txt"), atomically: true,
        encoding: .utf8)
      let input = try ImportInput.open(folder.path)
      #expect(Importer.detect(input)?.name == "whatsapp-zip")
      #expect(
        try WhatsAppZipFormat().listChats(input)
          == ["WhatsApp Chat with Ana.txt", "WhatsApp Chat with Bo.txt"])
      let (first, warnings) = try fixtures.read(input)
      #expect(first.title == "Ana")
      let warning = try #require(warnings.first)
      #expect(warning.message == "the export holds 2 chats; reading this one")
      #expect(warning.location?.description == folder.path + "/WhatsApp Chat with Ana.txt:1:1")
      let (chosen, _) = try fixtures.read(input, options: ImportOptions(chat: "bo"))
      #expect(chosen.title == "Bo")
      #expect(fixtures.rows(chosen) == ["received bo 2024-02-01T11:00:00 message: hi from Bo"])
      #expect(
        fixtures.firstError { _ = try fixtures.read(input, options: ImportOptions(chat: "Cy")) }
          == "no chat named 'Cy' in the export")
      let error = try #require(throws: DiagnosticError.self) {
        try fixtures.read(input, options: ImportOptions(chat: "Boo"))
      }
      #expect(
        error.diagnostics.first?.notes == [
          "did you mean 'Bo'?", "chats: WhatsApp Chat with Ana.txt, WhatsApp Chat with Bo.txt",
        ])
    }
  }

  @Test func treeWithoutAChatIsNotWhatsApp() throws {
    var writer = TestZipWriter()
    writer.add("notes.txt", "1/2/24, 10:00 - Ana: hi\n")
    writer.add("_chat.txt.bak", "1/2/24, 10:00 - Ana: hi\n")
    let input = ImportInput(
      path: "x.zip", tree: try ZipArchive(path: "x.zip", bytes: writer.bytes()))
    #expect(!WhatsAppZipFormat().detect(input))
    #expect(
      fixtures.firstError { _ = try fixtures.read(input, as: WhatsAppZipFormat()) }
        == "no WhatsApp chat found (expected _chat.txt or 'WhatsApp Chat with ….txt')")
    // A _chat.txt that is not a WhatsApp chat is not detected either.
    var other = TestZipWriter()
    other.add("_chat.txt", "just some notes\nnothing else\n")
    #expect(
      !WhatsAppZipFormat().detect(
        ImportInput(path: "y.zip", tree: try ZipArchive(path: "y.zip", bytes: other.bytes()))))
  }

  @Test func unreadableChatInAZipReportsWhy() throws {
    var corrupt = TestZipWriter()
    corrupt.entries.append(
      .init(
        name: Array("_chat.txt".utf8), data: Array("[3/9/24, 7:41:02 PM] A: hi\r\n".utf8), crc: 7))
    let broken = ImportInput(
      path: "x.zip", tree: try ZipArchive(path: "x.zip", bytes: corrupt.bytes()))
    #expect(Importer.detect(broken)?.name == "whatsapp-zip")
    #expect(
      fixtures.firstError { _ = try fixtures.read(broken) }
        == "x.zip/_chat.txt: error: corrupt zip archive: checksum mismatch")

    var latin1 = TestZipWriter()
    latin1.entries.append(
      .init(
        name: Array("_chat.txt".utf8), data: Array("[3/9/24, 7:41:02 PM] Jos".utf8) + [0xE9, 0x3A]))
    let invalid = ImportInput(
      path: "y.zip", tree: try ZipArchive(path: "y.zip", bytes: latin1.bytes()))
    let (latinChat, warnings) = try fixtures.read(invalid)
    #expect(latinChat.participants.map(\.name) == ["José"])
    #expect(warnings.first?.message == "1 line is not UTF-8; read as Windows-1252")
    #expect(warnings.first?.location?.description == "y.zip/_chat.txt:1:1")
  }

  @Test func chatNamesFromFileNames() {
    #expect(WhatsAppZipFormat.chatName(fromPath: "a/WhatsApp Chat with Ana Lima.txt") == "Ana Lima")
    #expect(WhatsAppZipFormat.chatName(fromPath: "WhatsApp Chat - Trail Crew.zip") == "Trail Crew")
    #expect(WhatsAppZipFormat.chatName(fromPath: "WhatsApp-Chat mit Lukas.txt") == "Lukas")
    #expect(WhatsAppZipFormat.chatName(fromPath: "Chat_de_WhatsApp_con_Eva.txt") == "Eva")
    #expect(WhatsAppZipFormat.chatName(fromPath: "_chat.txt") == nil)
    #expect(WhatsAppZipFormat.chatName(fromPath: "notes.txt") == nil)
  }

  // MARK: - Header shapes (docs/FORMATS.md, "Header shapes")

  @Test(arguments: [
    ("14/03/2024, 09:01 - ", "2024-03-14T09:01:00"),
    ("20/06/19, 15:59 - ", "2019-06-20T15:59:00"),
    ("3/6/18, 1:55 p.m. - ", "2018-06-03T13:55:00"),
    ("3/2/24, 9:14\u{202F}AM - ", "2024-02-03T09:14:00"),
    ("09/10/2023, 11:11\u{202F}am - ", "2023-10-09T11:11:00"),
    ("01/01/2019, 11:25 a.\u{00A0}m. - ", "2019-01-01T11:25:00"),
    ("20/6/2017 8:28 p.\u{00A0}m. - ", "2017-06-20T20:28:00"),
    ("03-06-2018, 01.55 PM - ", "2018-06-03T13:55:00"),
    ("13.03.24, 10:15 - ", "2024-03-13T10:15:00"),
    ("13.6.2018 klo 21.25.15 - ", "2018-06-13T21:25:15"),
    ("2019/01/01, 11:25 - ", "2019-01-01T11:25:00"),
    ("2024/10/31 15:50 - ", "2024-10-31T15:50:00"),
    ("30/08/25 18.00 - ", "2025-08-30T18:00:00"),
    ("٢٤\u{200F}/٤\u{200F}/٢٠٢٢، ٢:٠٧ م - ", "2022-04-24T14:07:00"),
    ("۱۴/۰۳/۲۰۲۴, ۰۹:۰۱ - ", "2024-03-14T09:01:00"),
    ("2024/1/15 下午3:45 - ", "2024-01-15T15:45:00"),
    ("2024. 1. 15. 오후 3:45 - ", "2024-01-15T15:45:00"),
    ("[3/9/24, 7:41:02\u{202F}PM] ", "2024-09-03T19:41:02"),
    ("\u{200E}[14/10/2021, 3:34:09 PM] ", "2021-10-14T15:34:09"),
    ("[31/12/2022, 11:40:26] ", "2022-12-31T11:40:26"),
    ("[31/12/2022 11:40:26] ", "2022-12-31T11:40:26"),
    ("[13.03.24, 10:15:01] ", "2024-03-13T10:15:01"),
    ("[2021-05-05, 11:44:26] ", "2021-05-05T11:44:26"),
    ("[2026/7/9 02:28:09] ", "2026-07-09T02:28:09"),
    ("[06.13.18 21:25:15] ", "2018-06-13T21:25:15"),
    ("[3/6/18 1:55:00 p. m.] ", "2018-06-03T13:55:00"),
    ("[22-01-20 10:00:00] ", "2020-01-22T10:00:00"),
    ("[12/31/19, 2:14:40 a.m.] ", "2019-12-31T02:14:40"),
    ("[1/1/24, 12:04:55 AM] ", "2024-01-01T00:04:55"),
    ("[1/1/24, 12:30:00 PM] ", "2024-01-01T12:30:00"),
  ])
  func readsHeaderShape(header: String, time: String) throws {
    let text = header + "Ana Lima: hi: there\n"
    let input = try fixtures.input(text: text, path: "chat.txt")
    #expect(WhatsAppFormat().detect(input))
    let (transcript, _) = try fixtures.read(input, as: WhatsAppFormat())
    #expect(fixtures.rows(transcript) == ["received ana-lima \(time) message: hi: there"])
  }

  /// Long messages (word-game grids, a poem) leave few headers among the first 50 lines; a
  /// file that starts with a header and whose headers share one layout is still WhatsApp.
  @Test func aChatOfLongMessagesIsDetected() throws {
    let grid = Array(repeating: "🟩⬜⬜🟨🟩", count: 8).joined(separator: "\n")
    let text = (1...6).map { "23/01/2022, 12:2\($0) - Rens: Wordle 21\($0) 3/6\n\n\(grid)\n" }.joined()
    let input = try fixtures.input(text: text, path: "chat.txt")
    #expect(Importer.detect(input)?.name == "whatsapp")
    #expect(try fixtures.read(input).0.messages.count == 6)
  }

  @Test func oldClosersWhenNoLineHasTheUsualOne() throws {
    let colon = "13.06.18 21.25.15: a: m\n13.06.18 21.26.00: b: see 2024-03-15 10:00 then\n"
    let input = try fixtures.input(text: colon, path: "chat.txt")
    #expect(Importer.detect(input)?.name == "whatsapp")
    fixtures.expectRows(
      try fixtures.read(input).0,
      [
        "received a 2018-06-13T21:25:15 message: m",
        "received b 2018-06-13T21:26:00 message: see 2024-03-15 10:00 then",
      ])
    let space = "13. 6. 2018. 21:25:15 a: m\n13. 6. 2018. 21:26:00 b: n\nmore\n"
    fixtures.expectRows(
      try read(space).0,
      [
        "received a 2018-06-13T21:25:15 message: m",
        "received b 2018-06-13T21:26:00 message: n⏎more",
      ])
    // With the usual closer anywhere in the file, a line that only starts with a date and a
    // time stays inside its message.
    let usual = "13/06/2018, 21:25 - a: m\n13/06/2018 21:26 b: not a header\n"
    #expect(
      fixtures.rows(try read(usual).0) == [
        "received a 2018-06-13T21:25:00 message: m⏎13/06/2018 21:26 b: not a header"
      ])
  }

  @Test(arguments: [
    "2024-03-15 10:00 is fine for me",
    "14/03/2024 09:01 no dash",
    "[14/03/2024, 09:01 no bracket",
    "14/03/2024, 9:1 - short minutes",
    "14/03, 09:01 - two numbers",
    "12345/03/2024, 09:01 - five digits",
    "14/03-2024, 09:01 - mixed separators",
    "[09:58:12] <nick> irc",
  ])
  func rejectsLinesThatAreNotHeaders(line: String) {
    #expect(WhatsAppFormat.header(of: line) == nil)
  }

  // MARK: - Traps (docs/FORMATS.md, "Traps")

  @Test func iOSRecordsEndInCRLFSoAHeaderAfterABareLFStaysInTheMessage() throws {
    let text =
      "[3/13/24, 7:41:02 PM] Dana: quoting the old chat:\n"
      + "[3/8/24, 6:00:00 PM] Marcus: see you there\r\n"
      + "[3/13/24, 7:42:00 PM] Marcus: ha\r\n"
    let (transcript, _) = try read(text)
    fixtures.expectRows(
      transcript,
      [
        "received dana 2024-03-13T19:41:02 message: quoting the old chat:⏎[3/8/24, 6:00:00 PM] Marcus: see you there",
        "received marcus 2024-03-13T19:42:00 message: ha",
      ])
  }

  @Test func androidFilesResavedWithCRLFStillSplitEveryHeader() throws {
    let text = "14/03/2024, 09:01 - Ana: one\r\nmore\r\n14/03/2024, 09:02 - Bo: two\r\n"
    let (transcript, _) = try read(text)
    fixtures.expectRows(
      transcript,
      [
        "received ana 2024-03-14T09:01:00 message: one⏎more",
        "received bo 2024-03-14T09:02:00 message: two",
      ])
  }

  @Test func systemSentenceWithAColonIsNotAMessage() throws {
    let text =
      "14/03/2024, 09:01 - Priya: hi\n"
      + "14/03/2024, 09:02 - Priya changed the subject from \"Flat\" to \"Flat: bins\"\n"
      + "14/03/2024, 09:03 - Sam changed the group description\n"
      + "14/03/2024, 09:04 - Sam: Lorem : ipsum: dolor https://x.org\n"
    let (transcript, _) = try read(text)
    fixtures.expectRows(
      transcript,
      [
        "received priya 2024-03-14T09:01:00 message: hi",
        "center - 2024-03-14T09:02:00 system: Priya changed the subject from \"Flat\" to \"Flat: bins\"",
        "center - 2024-03-14T09:03:00 system: Sam changed the group description",
        "received sam 2024-03-14T09:04:00 message: Lorem : ipsum: dolor https://x.org",
      ])
    #expect(transcript.participants.map(\.name) == ["Priya", "Sam"])
  }

  @Test func authorsKeepTheirNamesWithoutInvisibleMarksOrTilde() throws {
    let text =
      "14/03/2024, 09:01 - \u{202A}+44 7700 900123\u{202C}: hi\n"
      + "14/03/2024, 09:02 - ~\u{202F}Nev: hello\n"
      + "14/03/2024, 09:03 - 👩🏻‍⚖️ Judge Amy: order\n"
      + "14/03/2024, 09:04 - Nev: same person\n"
      + "14/03/2024, 09:05 - John-John Doe: dashes are fine\n"
    let (transcript, _) = try read(text)
    #expect(
      transcript.participants == [
        Participant(id: "44-7700-900123", name: "+44 7700 900123"),
        Participant(id: "nev", name: "Nev"),
        Participant(id: "judge-amy", name: "👩🏻‍⚖️ Judge Amy"),
        Participant(id: "john-john-doe", name: "John-John Doe"),
      ])
    #expect(
      transcript.messages.map(\.authorID) == [
        "44-7700-900123", "nev", "judge-amy", "nev", "john-john-doe",
      ])
    let (chosen, _) = try read(text, options: ImportOptions(me: ["+44 7700 900123"]))
    #expect(chosen.meID == "44-7700-900123")
  }

  @Test func decidesDayAndMonthOncePerFile() throws {
    // Month first: the second number passes 12 only at the end.
    let monthFirst = try read("3/2/24, 10:00 - Ana: a\n3/13/24, 10:00 - Ana: b\n").0
    #expect(
      monthFirst.messages.map { $0.time.map(ISO8601.format) } == [
        "2024-03-02T10:00:00", "2024-03-13T10:00:00",
      ])
    // The first number goes back (31 → 1 would, here 5 → 1) while the second only grows: day first.
    let dayFirst = try read("5/1/24, 10:00 - Ana: a\n1/2/24, 10:00 - Ana: b\n").0
    #expect(
      dayFirst.messages.map { $0.time.map(ISO8601.format) } == [
        "2024-01-05T10:00:00", "2024-02-01T10:00:00",
      ])
    // The second number goes back: month first.
    let goesBack = try read("1/5/24, 10:00 - Ana: a\n2/1/24, 10:00 - Ana: b\n").0
    #expect(
      goesBack.messages.map { $0.time.map(ISO8601.format) } == [
        "2024-01-05T10:00:00", "2024-02-01T10:00:00",
      ])
    // Only the second number changes: it is the day.
    let changes = try read(
      "3/4/24, 10:00 - Ana: a\n3/5/24, 10:00 - Ana: b\n3/6/24, 10:00 - Ana: c\n"
    ).0
    #expect(changes.messages.map { $0.time.map(ISO8601.format) }.last == "2024-03-06T10:00:00")
  }

  @Test func warnsWhenDayAndMonthCannotBeToldApart() throws {
    let (transcript, warnings) = try read("3/4/24, 10:00 - Ana: a\n3/4/24, 11:00 - Ana: b\n")
    #expect(transcript.messages.first?.time.map(ISO8601.format) == "2024-04-03T10:00:00")
    let warning = try #require(warnings.first { $0.message.hasPrefix("cannot tell day") })
    #expect(
      warning.message
        == "cannot tell day from month in the dates (no number is over 12); reading them as day/month"
    )
    #expect(warning.location?.line == 1)
    // The same day and month in every date is no guess.
    let (_, noGuess) = try read("4/4/24, 10:00 - Ana: a\n")
    #expect(!noGuess.contains { $0.message.hasPrefix("cannot tell day") })
  }

  @Test func keepsOutOfOrderTimesInFileOrder() throws {
    let text = "14/03/2024, 09:05 - Ana: later\n14/03/2024, 09:01 - Bo: earlier\n"
    let (transcript, _) = try read(text)
    #expect(transcript.messages.map(\.text) == ["later", "earlier"])
    #expect(
      transcript.messages.map { $0.time.map(ISO8601.format) } == [
        "2024-03-14T09:05:00", "2024-03-14T09:01:00",
      ])
  }

  @Test func emptyNullAndViewOnceBodies() throws {
    let text =
      "14/03/2024, 09:01 - Ana: \n"
      + "14/03/2024, 09:02 - Ana:\n"
      + "14/03/2024, 09:03 - Bo: null\n"
      + "14/03/2024, 09:04 - Bo:.\n"
    let (transcript, _) = try read(text)
    fixtures.expectRows(
      transcript,
      [
        "received ana 2024-03-14T09:01:00 message: ",
        "received ana 2024-03-14T09:02:00 message: ",
        "received bo 2024-03-14T09:03:00 message: ",
        "received bo 2024-03-14T09:04:00 message: .",
      ])
    #expect(transcript.messages.allSatisfy { $0.extras.isEmpty })
  }

  @Test func captionsAroundAttachments() throws {
    let text =
      "14/03/2024, 09:01 - Ana: IMG-20240314-WA0001.jpg (file attached)\nfirst line\nsecond line\n"
      + "14/03/2024, 09:02 - Ana: PTT-20240314-WA0002.opus (Datei angehängt)\n"
      + "14/03/2024, 09:03 - Ana: STK-20240314-WA0003.webp (file attached)\n"
      + "14/03/2024, 09:04 - Ana: VID-20240314-WA0004.mp4 (file attached)\n"
      + "14/03/2024, 09:05 - Ana: Alex.vcf (file attached)\n"
    let (transcript, _) = try read(text)
    #expect(transcript.messages.map(\.text) == ["first line\nsecond line", "", "", "", ""])
    #expect(
      transcript.messages.flatMap(\.extras.attachments) == [
        Attachment(kind: .image, fileName: "IMG-20240314-WA0001.jpg", mimeType: "image/jpeg"),
        Attachment(kind: .audio, fileName: "PTT-20240314-WA0002.opus", mimeType: "audio/ogg"),
        Attachment(kind: .sticker, fileName: "STK-20240314-WA0003.webp", mimeType: "image/webp"),
        Attachment(kind: .video, fileName: "VID-20240314-WA0004.mp4", mimeType: "video/mp4"),
        Attachment(kind: .contact, fileName: "Alex.vcf", mimeType: "text/vcard"),
      ])
  }

  @Test func iOSCaptionsBeforeTheAttachedTag() throws {
    let text =
      "[3/9/24, 7:41:02 PM] Dana: look at this \u{200E}<attached: 00000012-PHOTO-2024-03-09-19-41-02.jpg>\r\n"
      + "[3/9/24, 7:42:00 PM] Dana: the view\n\u{200E}<attached: 00000013-VIDEO-2024-03-09-19-42-00.mp4>\r\n"
      + "\u{200E}[3/9/24, 7:43:00 PM] Dana: \u{200E}<adjunto: 00000014-AUDIO-2024-03-09-19-43-00.opus>\r\n"
      + "[3/9/24, 7:44:00 PM] Dana: 2015-08-04-PHOTO-00004762.jpg <\u{200E}attached>\r\n"
      + "[3/9/24, 7:45:00 PM] Dana: \u{200E}Notes.pdf • \u{200E}3 pages \u{200E}<attached: 00000016-Notes.pdf>\r\n"
    let (transcript, _) = try read(text)
    #expect(transcript.messages.map(\.text) == ["look at this", "the view", "", "", ""])
    #expect(transcript.messages.allSatisfy { $0.kind == .message })
    #expect(
      transcript.messages.flatMap(\.extras.attachments).map(\.kind) == [
        .image, .video, .audio, .image, .file,
      ])
    #expect(
      transcript.messages.flatMap(\.extras.attachments).compactMap(\.fileName) == [
        "00000012-PHOTO-2024-03-09-19-41-02.jpg", "00000013-VIDEO-2024-03-09-19-42-00.mp4",
        "00000014-AUDIO-2024-03-09-19-43-00.opus", "2015-08-04-PHOTO-00004762.jpg",
        "00000016-Notes.pdf",
      ])
  }

  @Test func editedAndDeletedMarkersInOtherLanguages() throws {
    let text =
      "14/03/2024, 09:01 - Ana: hola <Este mensaje fue editado>\n"
      + "14/03/2024, 09:02 - Ana: two lines\nsecond <This message was edited>\n"
      + "14/03/2024, 09:03 - Bo: Se eliminó este mensaje.\n"
      + "14/03/2024, 09:04 - Bo: This message was deleted by admin Ana\n"
      + "14/03/2024, 09:05 - Bo: <Medien ausgeschlossen>\n"
      + "[14/03/2024, 09:06:00] Bo: \u{200E}Bild weggelassen\r\n"
    let (transcript, _) = try read(text)
    #expect(
      transcript.messages.map(\.text) == [
        "hola", "two lines\nsecond", "Se eliminó este mensaje.",
        "This message was deleted by admin Ana", "", "",
      ])
    #expect(transcript.messages.map(\.extras.isEdited) == [true, true, false, false, false, false])
    #expect(
      transcript.messages.map(\.extras.isDeleted) == [false, false, true, true, false, false])
    #expect(transcript.messages[4].extras.attachments == [Attachment(kind: .other, isOmitted: true)])
    #expect(transcript.messages[5].extras.attachments == [Attachment(kind: .image, isOmitted: true)])
    // Others' deletions do not reveal the owner.
    #expect(transcript.meID == nil)
  }

  @Test func iOSSystemLinesUnderTheChatNameOrTheActor() throws {
    let text =
      "\u{200E}[19/10/2025, 01:02:19] Lappers: \u{200E}Rudi Anderson added you\r\n"
      + "[19/10/2025, 01:03:00] ~\u{202F}Ali: ~\u{202F}Ali changed this group's icon\r\n"
      + "[19/10/2025, 01:04:00] ~\u{202F}Ali: \u{200E}~\u{202F}Ali changed this group's icon\r\n"
      + "[19/10/2025, 01:05:00] Rudi Anderson: hi all\r\n"
    let (transcript, _) = try read(text)
    fixtures.expectRows(
      transcript,
      [
        "center - 2025-10-19T01:02:19 system: Rudi Anderson added you",
        "received ali 2025-10-19T01:03:00 message: ~\u{202F}Ali changed this group's icon",
        "center - 2025-10-19T01:04:00 system: ~\u{202F}Ali changed this group's icon",
        "received rudi-anderson 2025-10-19T01:05:00 message: hi all",
      ])
    #expect(transcript.title == "Lappers")
  }

  @Test func byteOrderMarkAndTrailingBlankLines() throws {
    let text = "\u{FEFF}14/03/2024, 09:01 - Ana: hi\n\nstill Ana\n\n\n"
    let input = try fixtures.input(text: text, path: "chat.txt")
    let (transcript, _) = try fixtures.readDetected(input, as: "whatsapp")
    #expect(
      fixtures.rows(transcript) == ["received ana 2024-03-14T09:01:00 message: hi⏎⏎still Ana"])
  }

  // MARK: - Errors

  @Test(arguments: [
    (
      "14/03/2024, 09:01 - Ana: hi\n31/02/2024, 09:02 - Ana: x\n",
      "2:1: invalid date '31/02/2024' (this file writes day/month/year)"
    ),
    (
      "14/03/2024, 09:01 - Ana: hi\n03/14/2024, 09:02 - Ana: x\n",
      "2:1: invalid date '03/14/2024' (this file writes day/month/year)"
    ),
    ("14/03/2024, 09:01 - Ana: hi\n14/03/2024, 25:10 - Ana: x\n", "2:13: invalid time '25:10'"),
    ("\u{200E}[14/03/2024, 9:61:00] Ana: x\r\n", "1:15: invalid time '9:61:00'"),
    (
      "Chat export\n14/03/2024, 09:01 - Ana: hi\n",
      "1:1: expected a WhatsApp message header, such as '14/03/2024, 09:01 - Name: text'"
    ),
    (
      "\n\nnot whatsapp at all\n",
      "3:1: expected a WhatsApp message header, such as '14/03/2024, 09:01 - Name: text'"
    ),
    ("   \n", "1:1: file is empty"),
  ])
  func reportsErrorsAtLineAndColumn(text: String, expected: String) {
    #expect(error(text) == expected)
  }

  @Test func reportsEveryBadRecordAtOnce() throws {
    let text =
      "14/03/2024, 09:01 - Ana: hi\n14/03/2024, 24:00 - Ana: x\n14/03/2024, 09:99 - Ana: y\n"
    let failure = try #require(throws: DiagnosticError.self) { try read(text) }
    #expect(
      failure.diagnostics.map { "\($0.location?.line ?? 0):\($0.location?.column ?? 0)" } == [
        "2:13", "3:13",
      ])
    #expect(failure.diagnostics.first?.location?.file == "chat.txt")
  }

  // MARK: - Layouts and rules from real exports

  @Test func aDotAfterTheTime() throws {
    let text =
      "12/24/19, 11:23 - Ana: hi\n" + "2022/12/14, 13:34. - Bo: yo\n" + "second line\n"
      + "2022/12/24, 13:01. - Ana: 🤓\n"
    let (transcript, _) = try read(text)
    fixtures.expectRows(
      transcript,
      [
        "received ana 2019-12-24T11:23:00 message: hi",
        "received bo 2022-12-14T13:34:00 message: yo⏎second line",
        "received ana 2022-12-24T13:01:00 message: 🤓",
      ])
  }

  /// In a CRLF export a header after a bare LF is a record when it has the file's layout and
  /// its time does not go back; one pasted from elsewhere stays text.
  @Test func recordsAfterABareLineFeedInACRLFExport() throws {
    let text =
      "[20.06.19, 16:27:49] John: a\r\n" + "[20.06.19, 16:28:19] Emily: b\r\n"
      + "[20.06.19, 16:28:48] John: c\r\n" + "[20.06.19, 16:29:37] John: x\r\n"
      + "[20.06.19, 16:30:44] Loris: a poll\n"
      + "[20.06.19, 16:30:44] Loris: POLL:\nWhen?\nOPTION: Thu (2 votes)\n"
      + "[20.06.19, 16:44:30] Loris: done\r\n" + "[20.06.19, 16:45:00] Ana: look what Bo said:\n"
      + "[20.06.19, 09:00:00] Bo: said earlier\n" + "[3/9/24, 7:41:02 PM] Bo: other layout\r\n"
    let (transcript, _) = try read(text)
    fixtures.expectRows(
      transcript,
      [
        "received john 2019-06-20T16:27:49 message: a",
        "received emily 2019-06-20T16:28:19 message: b",
        "received john 2019-06-20T16:28:48 message: c",
        "received john 2019-06-20T16:29:37 message: x",
        "received loris 2019-06-20T16:30:44 message: a poll",
        "received loris 2019-06-20T16:30:44 message: POLL:⏎When?⏎OPTION: Thu (2 votes)",
        "received loris 2019-06-20T16:44:30 message: done",
        "received ana 2019-06-20T16:45:00 message: look what Bo said:⏎[20.06.19, 09:00:00] Bo: said earlier⏎[3/9/24, 7:41:02 PM] Bo: other layout",
      ])
  }

  @Test func theEncryptionNoticeUnderTheChatName() throws {
    let text =
      "15.04.2016, 15:04 - Pokemon Chat: Messages and calls are end-to-end encrypted. No one outside of this chat can read them.\n"
      + "15.04.2016, 15:05 - Ana: hi\n"
    let (transcript, _) = try read(text)
    #expect(transcript.participants.map(\.name) == ["Ana"])
    #expect(transcript.messages.map(\.kind) == [.system, .message])
    #expect(transcript.messages[0].text.hasPrefix("Messages and calls are end-to-end encrypted."))
    #expect(transcript.title == "Pokemon Chat")
  }

  @Test("the encryption notice is a typed notice, on Android and under the chat's name; other notices are not")
  func theEncryptionNoticeIsTyped() throws {
    let text =
      "14/03/2024, 08:59 - Messages and calls are end-to-end encrypted. No one outside of this chat can read them.\n"
      + "14/03/2024, 08:59 - Priya Nair created group \"Flat 3B\"\n"
      + "15/03/2024, 15:04 - Pokemon Chat: Messages and calls are end-to-end encrypted. Tap to learn more.\n"
      + "15/03/2024, 15:05 - Ana: I read that messages and calls are end-to-end encrypted\n"
    let (transcript, _) = try read(text)
    #expect(transcript.messages.map(\.extras.notice) == [.encryption, nil, .encryption, nil])
  }

  @Test func lowercaseMediaOmittedIsAChip() throws {
    let (transcript, _) = try read("1/1/21, 12:03 - B: <media omitted>\n1/1/21, 12:04 - B: <Media omitted>\n")
    #expect(transcript.messages.map(\.text) == ["", ""])
    #expect(transcript.messages.map { $0.extras.attachments.map(\.isOmitted) } == [[true], [true]])
  }

  @Test func anImpossibleTimeIsKeptWithAWarning() throws {
    let text = "[09/10/22 11:37:00 p.m.] Ana: a\n[11/10/22 13:37:00 p.m.] Bo: b\n"
    let (transcript, warnings) = try read(text)
    fixtures.expectRows(
      transcript,
      [
        "received ana 2022-10-09T23:37:00 message: a",
        "received bo 2022-10-11T13:37:00 message: b",
      ])
    let warning = try #require(warnings.first { $0.message.hasPrefix("impossible time") })
    #expect(warning.message == "impossible time '13:37:00 p.m.'; read as a 24-hour time")
    #expect(warning.location?.line == 2)
  }

  @Test func aLongErrorListSaysHowManyMore() throws {
    var text = "14/03/2024, 09:01 - Ana: hi\n"
    for _ in 0..<25 { text += "14/03/2024, 25:00 - Ana: x\n" }
    let failure = try #require(throws: DiagnosticError.self) { try read(text) }
    #expect(failure.diagnostics.count == 21)
    #expect(failure.diagnostics.last?.message == "… and 5 more errors")
    #expect(failure.diagnostics.last?.severity == .note)
  }
}
