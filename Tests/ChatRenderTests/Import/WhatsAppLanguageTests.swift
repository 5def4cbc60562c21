import Foundation
import Testing

@testable import ChatRender

/// WhatsApp exports written in the phone's language (docs/FORMATS.md, "Languages").
@Suite struct WhatsAppLanguageTests {
  let fixtures = ImportFixtures.self

  func read(_ text: String) throws -> Transcript {
    try fixtures.read(fixtures.input(text: text, path: "chat.txt"), as: WhatsAppFormat()).0
  }

  /// One Android message whose body is `body`.
  func androidMessage(_ body: String) throws -> Message {
    let transcript = try read("14/03/2024, 09:01 - Ana: \(body)\n14/03/2024, 09:02 - Bo: ok\n")
    return try #require(transcript.messages.first)
  }

  /// One fixture of `whatsapp-languages/` and what it holds, counted by hand.
  struct LanguageFixture: Sendable, CustomTestStringConvertible {
    var file: String
    var messages: Int
    var authors: [String]
    var omitted: Int
    var deleted = 0
    var edited = 0
    var testDescription: String { file }
  }

  static let languageFixtures = [
    LanguageFixture(file: "android-hi.txt", messages: 5, authors: ["Ravi Kumar", "Meera"], omitted: 1, deleted: 1),
    LanguageFixture(
      file: "android-arabic-script.txt", messages: 8, authors: ["سارہ", "عمر", "نرگس", "ليلى"], omitted: 3,
      deleted: 3),
    LanguageFixture(file: "android-zh.txt", messages: 4, authors: ["王芳", "李雷"], omitted: 1, deleted: 1),
    LanguageFixture(file: "android-ko.txt", messages: 3, authors: ["민지", "준호"], omitted: 1, deleted: 1),
    LanguageFixture(file: "android-th.txt", messages: 4, authors: ["สมชาย", "มาลี"], omitted: 1, deleted: 1),
    LanguageFixture(file: "android-he.txt", messages: 4, authors: ["נועה", "איתי"], omitted: 1, deleted: 1),
    LanguageFixture(file: "android-ja.txt", messages: 4, authors: ["ハルカ", "ソウタ"], omitted: 1, deleted: 1),
    LanguageFixture(file: "android-pl.txt", messages: 4, authors: ["Zofia", "Kacper"], omitted: 1, deleted: 1),
    LanguageFixture(
      file: "android-latin-en-dash.txt", messages: 7, authors: ["Minh", "Lan", "Dewi", "Bruna"], omitted: 3,
      deleted: 2),
    LanguageFixture(
      file: "android-ru.txt", messages: 4, authors: ["Олег", "Вера"], omitted: 1, deleted: 1, edited: 1),
    LanguageFixture(file: "ios-tr.txt", messages: 5, authors: ["Deniz", "Elif"], omitted: 2, deleted: 1, edited: 1),
  ]

  /// iOS exports of one chat in each language (`ios-LANG.txt`): a text, a picture left out,
  /// the other's deletion, the owner's own deletion, a second placeholder, a text. The first
  /// author deleted their own message, so they are "me".
  static let iOSFixtures = [
    LanguageFixture(file: "ios-ja.txt", messages: 6, authors: ["ハルカ", "ソウタ"], omitted: 2, deleted: 2),
    LanguageFixture(file: "ios-ko.txt", messages: 6, authors: ["서연", "도윤"], omitted: 2, deleted: 2),
    LanguageFixture(file: "ios-zh-hans.txt", messages: 6, authors: ["张伟", "刘洋"], omitted: 2, deleted: 2),
    LanguageFixture(file: "ios-zh-hant.txt", messages: 6, authors: ["陳怡君", "林志明"], omitted: 2, deleted: 2),
    LanguageFixture(file: "ios-ar.txt", messages: 6, authors: ["سلمى", "كريم"], omitted: 2, deleted: 2),
    LanguageFixture(file: "ios-id.txt", messages: 6, authors: ["Putri", "Agus"], omitted: 2, deleted: 2),
    LanguageFixture(file: "ios-pl.txt", messages: 6, authors: ["Zofia", "Kacper"], omitted: 2, deleted: 2),
    LanguageFixture(file: "ios-hi.txt", messages: 6, authors: ["Anjali", "Vikram"], omitted: 2, deleted: 2),
    LanguageFixture(file: "ios-ur.txt", messages: 6, authors: ["عائشہ", "بلال"], omitted: 2, deleted: 2),
    LanguageFixture(file: "ios-fa.txt", messages: 6, authors: ["مریم", "آرش"], omitted: 2, deleted: 2),
    LanguageFixture(file: "ios-vi.txt", messages: 6, authors: ["Thảo", "Quân"], omitted: 2, deleted: 2),
    LanguageFixture(file: "ios-th.txt", messages: 6, authors: ["ปิยะ", "อรุณี"], omitted: 2, deleted: 2),
    LanguageFixture(file: "ios-he.txt", messages: 6, authors: ["מיכל", "יונתן"], omitted: 2, deleted: 2),
    LanguageFixture(file: "ios-uk.txt", messages: 6, authors: ["Оксана", "Тарас"], omitted: 2, deleted: 2),
    LanguageFixture(file: "ios-cs.txt", messages: 6, authors: ["Tereza", "Jakub"], omitted: 2, deleted: 2),
  ]

  @Test(arguments: languageFixtures)
  func readsAnExportInItsLanguage(fixture: LanguageFixture) throws {
    let input = try fixtures.input("whatsapp-languages/" + fixture.file)
    let (transcript, _) = try fixtures.read(input, as: WhatsAppFormat())
    #expect(WhatsAppFormat().detect(input))
    #expect(transcript.messages.count == fixture.messages)
    #expect(transcript.messages.allSatisfy { $0.kind == .message })
    #expect(transcript.participants.map(\.name) == fixture.authors)
    let omitted = transcript.messages.filter { $0.extras.attachments.contains(where: \.isOmitted) }
    #expect(omitted.count == fixture.omitted)
    #expect(omitted.allSatisfy { $0.text.isEmpty })
    #expect(transcript.messages.filter(\.extras.isDeleted).count == fixture.deleted)
    #expect(transcript.messages.filter(\.extras.isEdited).count == fixture.edited)
  }

  @Test(arguments: iOSFixtures)
  func readsAnIOSExportInItsLanguage(fixture: LanguageFixture) throws {
    try readsAnExportInItsLanguage(fixture: fixture)
    let (transcript, _) = try fixtures.read(
      fixtures.input("whatsapp-languages/" + fixture.file), as: WhatsAppFormat())
    let kinds = transcript.messages.map { $0.extras.attachments.map(\.kind) }
    #expect(kinds[1] == [.image])
    #expect(kinds[4].count == 1 && kinds[4] != [.other])
    #expect(transcript.messages.map { transcript.side(of: $0) }.first == .sent)
  }

  @Test(arguments: WhatsAppBody.mediaOmitted.sorted())
  func everyMediaPlaceholderIsAnOmittedAttachment(placeholder: String) throws {
    let message = try androidMessage(placeholder)
    #expect(message.kind == .message)
    #expect(message.text == "")
    #expect(message.extras.attachments == [ChatRender.Attachment(kind: .other, isOmitted: true)])
  }

  @Test(arguments: WhatsAppBody.omittedKinds.keys.sorted())
  func everyIOSPlaceholderIsAnOmittedAttachmentOfItsKind(placeholder: String) throws {
    let transcript = try read("[14/03/2024, 09:01:00] Ana: \u{200E}\(placeholder)\r\n")
    let message = try #require(transcript.messages.first)
    let kind = try #require(WhatsAppBody.omittedKinds[placeholder])
    #expect(message.extras.attachments == [ChatRender.Attachment(kind: kind, isOmitted: true)])
  }

  @Test(arguments: [
    ("Trail_Map.pdf \u{200E}document omitted", "Trail_Map.pdf"),
    ("Trail_Map.pdf • \u{200E}ページ数: 2 \u{200E}ドキュメントは含まれていません", "Trail_Map.pdf"),
    ("Menu.docx \u{200F}لم يتم إدراج المستند", "Menu.docx"),
    ("Plan lekcji.pdf • \u{200E}2 strony \u{200E}dokument pominięty", "Plan lekcji.pdf"),
  ])
  func aNamedDocumentPlaceholderIsAnOmittedFile(body: String, name: String) throws {
    let transcript = try read("[14/03/2024, 09:01:00] Ana: \(body)\r\n[14/03/2024, 09:02:00] Bo: ok\r\n")
    let message = try #require(transcript.messages.first)
    #expect(message.kind == .message)
    #expect(message.text == "")
    #expect(message.extras.attachments.map(\.fileName) == [name])
    #expect(message.extras.attachments.map(\.isOmitted) == [true])
    #expect(message.extras.attachments.map(\.kind) == [.file])
  }

  @Test func aDocumentPlaceholderWithoutItsMarkIsText() throws {
    let message = try androidMessage("the notes.txt document omitted")
    #expect(message.text == "the notes.txt document omitted")
    #expect(message.extras.attachments.isEmpty)
  }

  @Test(arguments: WhatsAppBody.deletionMarkers.keys.sorted())
  func everyDeletionMarkerDeletesTheMessage(marker: String) throws {
    let message = try androidMessage(marker)
    #expect(message.extras.isDeleted)
    #expect(message.text == marker)
  }

  @Test(arguments: WhatsAppBody.editedMarkers)
  func everyEditedMarkerIsRemovedFromTheText(marker: String) throws {
    let message = try androidMessage("see you at 8 \(marker)")
    #expect(message.extras.isEdited)
    #expect(message.text == "see you at 8")
  }

  @Test(arguments: [
    "<Unbekannter Platzhalter>", "<media omitted", "Media omitted", "<Medya>", "imagen perdida",
  ])
  func anUnknownPlaceholderStaysAMessage(body: String) throws {
    let message = try androidMessage(body)
    #expect(message.kind == .message)
    #expect(message.text == body)
    #expect(message.extras.attachments.isEmpty)
    #expect(!message.extras.isDeleted)
  }

  /// Group-name sentences in WhatsApp's own wordings (docs/FORMATS.md, "Languages"), the
  /// group's name holding `: `.
  @Test(arguments: [
    "ハルカ がグループ名を「旅行: 京都」に変更しました", "ハルカがグループ「旅行: 京都」を作成しました",
    "서연님이 그룹 이름을 “여행: 부산”(으)로 변경했습니다.", "서연님이 “여행: 부산” 그룹을 만들었습니다.",
    "张伟 已更改主题为 “旅行: 北京”", "张伟 创建了 “旅行: 北京” 群组",
    "陳怡君 將主題由 \"旅行\" 改為 \"旅行: 台北\"", "陳怡君 建立了「旅行: 台北」群組",
    "陳怡君已將群組主題變更為「旅行: 香港」",
    "سلمى غيّر اسم المجموعة إلى \"رحلة: يونيو\"",
    "Putri mengubah subjek menjadi \"Liburan: Juni\"",
    "Zofia zmienił(a) temat na „Wyjazd: czerwiec”",
    "Anjali ने ग्रुप का नाम बदलकर “यात्रा: जून” किया",
    "عائشہ نے گروپ کا موضوع \"سفر: جون\" میں تبدیل کر دیا ہے",
    "مریم موضوع را به «سفر: خرداد» تغییر داد",
    "Thảo đã đổi tên nhóm thành \"Du lịch: tháng 6\"",
    "ปิยะ เปลี่ยนหัวข้อเป็น “เที่ยว: มิถุนายน”",
    "מיכל החליף/ה את הנושא ל-\"טיול: יוני\"",
    "Sanne heeft het onderwerp gewijzigd naar 'Reis: juni'",
    "Олег изменил(-а) тему на \"Поездка: июнь\"",
    "Deniz grup konusunu “Gezi: Haziran” olarak değiştirdi",
  ])
  func aGroupNameWithAColonIsANoticeInItsLanguage(sentence: String) throws {
    let transcript = try read("12/04/2025, 21:02 - \(sentence)\n12/04/2025, 21:03 - Bo: ok\n")
    let notice = try #require(transcript.messages.first)
    #expect(notice.kind == .system)
    #expect(notice.text == sentence)
    #expect(transcript.participants.map(\.name) == ["Bo"])
  }

  /// iOS in Vietnamese writes the time first (starkdmi/whats_json, `test/data/ios/iOS
  /// Vietnamese.txt`); the Android form with a dash is read the same way.
  @Test func aTimeBeforeTheDateIsAHeader() throws {
    let transcript = try read(
      "[21:41:35, 3/27/22] Thảo: Mai mấy giờ?\r\n"
        + "[21:43:56, 3/27/22] Quân: \u{200E}đã bỏ qua hình ảnh\r\n"
        + "21:45, 3/27/22 - Thảo: Tám giờ nhé\r\n")
    fixtures.expectRows(
      transcript,
      [
        "received thảo 2022-03-27T21:41:35 message: Mai mấy giờ?",
        "received quân 2022-03-27T21:43:56 message: ",
        "received thảo 2022-03-27T21:45:00 message: Tám giờ nhé",
      ])
  }

  /// A shared location whose label is more than one word (`Vị trí`, Vietnamese iOS).
  @Test(arguments: ["Vị trí", "Location", "ตำแหน่งที่ตั้ง"])
  func aLocationWithALabelOfSeveralWordsIsALocation(label: String) throws {
    let transcript = try read(
      "[3/27/22, 21:56:46] Thảo: \u{200E}\(label): https://maps.google.com/?q=51.50,-0.12\r\n")
    let message = try #require(transcript.messages.first)
    #expect(message.kind == .message)
    #expect(message.extras.attachments.map(\.kind) == [.location])
  }

  /// A phone set to the Buddhist calendar writes the year of the Buddhist Era and `BE`
  /// (starkdmi/whats_json, `test/data/calendars/Buddhist iOS.txt`): 2565 BE is 2022.
  @Test func aBuddhistEraYearIsTheGregorianYear() throws {
    let transcript = try read(
      "[3/18/2565 BE, 14:56:01] ปิยะ: สวัสดี\r\n[3/27/2565 BE, 21:41:35] อรุณี: \u{200E}ไม่มีรูปภาพ\r\n")
    fixtures.expectRows(
      transcript,
      [
        "received ปิยะ 2022-03-18T14:56:01 message: สวัสดี",
        "received อรุณี 2022-03-27T21:41:35 message: ",
      ])
  }

  /// A phone set to the Japanese calendar writes the era's letter and year
  /// (starkdmi/whats_json, `test/data/calendars/Japanese iOS.txt`): R4 is Reiwa 4, 2022.
  @Test func aJapaneseEraYearIsTheGregorianYear() throws {
    let transcript = try read(
      "[3/18/R4, 14:56:01] ハルカ: こんにちは\r\n[12/31/H30, 21:41:35] ソウタ: \u{200E}画像は含まれていません\r\n")
    fixtures.expectRows(
      transcript,
      [
        "received ハルカ 2022-03-18T14:56:01 message: こんにちは",
        "received ソウタ 2018-12-31T21:41:35 message: ",
      ])
  }

  @Test func anEnDashAfterTheTimeIsNotPartOfTheName() throws {
    let transcript = try read(
      "10/06/2025, 21:15 – Anna: see you at the station\n"
        + "10/06/2025, 21:16 – Jonas: <Media omitted>\n"
        + "10/06/2025, 21:17 – Jonas left\n")
    fixtures.expectRows(
      transcript,
      [
        "received anna 2025-06-10T21:15:00 message: see you at the station",
        "received jonas 2025-06-10T21:16:00 message: ",
        "center - 2025-06-10T21:17:00 system: Jonas left",
      ])
    #expect(transcript.participants.map(\.name) == ["Anna", "Jonas"])
  }
}
