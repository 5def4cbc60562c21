import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

@Suite struct KakaoTalkFormatTests {
  let fixtures = ImportFixtures.self

  func read(_ text: String, path: String = "chat.txt", me: [String] = []) throws -> Transcript {
    try fixtures.read(
      fixtures.input(text: text, path: path), as: KakaoTalkFormat(),
      options: ImportOptions(me: me)
    ).0
  }

  func error(_ text: String, path: String = "chat.txt") -> String? {
    fixtures.firstError { _ = try read(text, path: path) }
  }

  // MARK: - Layouts

  @Test func phoneKorean() throws {
    let (transcript, _) = try fixtures.read(fixtures.input("kakaotalk-phone-ko.txt"))
    fixtures.expectRows(
      transcript,
      [
        "received 민지 2024-01-05T15:04:00 message: 내일 등산 갈래?",
        "received 서준 2024-01-05T15:05:00 message: 좋아⏎몇 시에 만나?⏎⏎일찍 가자",
        "received 민지 2024-01-05T15:06:00 message: ",
        "received 민지 2024-01-05T15:06:00 message: ",
        "received 서준 2024-01-05T15:07:00 message: ",
        "received 민지 2024-01-05T15:08:00 message: ",
        "received 서준 2024-01-05T15:09:00 message: 삭제된 메시지입니다.",
        "center - 2024-01-05T15:10:00 system: 지우님이 들어왔습니다.",
        "received 지우 2024-01-06T00:15:00 message: 나도 갈래 🙋",
        "center - 2024-01-06T08:00:00 system: 지우님이 나갔습니다.",
      ])
    #expect(
      fixtures.chips(transcript) == [
        "3 image", "4 image,image,image", "5 sticker", "6 file:등산로.pdf",
      ])
    #expect(transcript.messages[6].extras.isDeleted)
    #expect(transcript.title == "민지")
    #expect(transcript.clock == .twelveHour)
  }

  @Test func phoneEnglishNamesMeAfterTheTitle() throws {
    let (transcript, warnings) = try fixtures.read(fixtures.input("kakaotalk-phone-en.txt"))
    fixtures.expectRows(
      transcript,
      [
        "received minji 2024-01-05T15:04:00 message: Hiking tomorrow?",
        "sent seojun 2024-01-05T15:05:00 message: Sure⏎What time?",
        "received minji 2024-01-05T15:06:00 message: ",
        "sent seojun 2024-01-05T15:07:00 message: ",
        "received minji 2024-01-05T15:08:00 message: ",
        "center - 2024-01-05T15:09:00 system: Jiwoo joined this chatroom.",
        "sent seojun 2024-01-06T00:15:00 message: See you",
      ])
    #expect(fixtures.chips(transcript) == ["3 image", "4 sticker", "5 file:trail.pdf"])
    #expect(transcript.title == "Minji")
    #expect(warnings.isEmpty)
  }

  @Test func pcWithOpenChatNicknamesAndNotices() throws {
    let (transcript, _) = try fixtures.read(fixtures.input("kakaotalk-pc.txt"))
    fixtures.expectRows(
      transcript,
      [
        "received 곰돌이 2024-01-05T15:04:00 message: 내일 등산 갈 사람?",
        "received 산타는-방장 2024-01-05T15:05:00 message: 저요⏎아침 7시 어때요",
        "center - 2024-01-05T15:05:00 system: 지우님이 들어왔습니다.",
        "received 지우 2024-01-05T15:06:00 message: ",
        "received 지우 2024-01-05T15:07:00 message: 안녕하세요 [오후 3:07] 처음 왔어요",
        "received 곰돌이 2024-01-06T00:15:00 message: ",
        "center - 2024-01-06T00:15:00 system: 메시지가 삭제되었습니다.",
        "center - 2024-01-06T00:15:00 system: 지우님이 나갔습니다.",
      ])
    #expect(transcript.participants.map(\.name) == ["🐻 곰돌이", "산타는 [방장]", "지우"])
    #expect(transcript.title == "등산 모임 오픈채팅")
  }

  @Test func csvWithQuotedLinesAndNotices() throws {
    let (transcript, _) = try fixtures.read(fixtures.input("kakaotalk.csv"))
    fixtures.expectRows(
      transcript,
      [
        "received 민지 2024-01-05T15:04:00 message: 내일 등산 갈래?",
        "received 서준 2024-01-05T15:05:00 message: 좋아⏎몇 시에 \"만나\"?",
        "received 민지 2024-01-05T15:06:00 message: ",
        "center - 2024-01-05T15:07:00 system: 지우님이 들어왔습니다.",
        "received 지우 2024-01-05T15:08:00 message: 안녕, 반가워요",
      ])
    #expect(fixtures.chips(transcript) == ["3 image"])
  }

  @Test func androidKoreanDatesAndCommaNotices() throws {
    let transcript = try read(
      """
      2022년 12월 31일 토요일
      2022년 12월 31일 오후 8:21, 영희 : 새해 복 많이 받아
      2022년 12월 31일 오후 8:22, 철수님이 들어왔습니다.
      2022년 12월 31일 20:23, 철수 : 고마워
      """)
    fixtures.expectRows(
      transcript,
      [
        "received 영희 2022-12-31T20:21:00 message: 새해 복 많이 받아",
        "center - 2022-12-31T20:22:00 system: 철수님이 들어왔습니다.",
        "received 철수 2022-12-31T20:23:00 message: 고마워",
      ])
  }

  @Test func pcInEnglish() throws {
    let transcript = try read(
      """
      --------------- Saturday, December 31, 2022 ---------------
      [Ana] [8:21 PM] Happy new year
      Ana joined this chatroom.
      [Bo] [11:59 PM] You too
      """)
    fixtures.expectRows(
      transcript,
      [
        "received ana 2022-12-31T20:21:00 message: Happy new year",
        "center - 2022-12-31T20:21:00 system: Ana joined this chatroom.",
        "received bo 2022-12-31T23:59:00 message: You too",
      ])
  }

  @Test func androidEnglishDayLinesAreNotText() throws {
    let (transcript, _) = try fixtures.read(fixtures.input("kakaotalk-android-en.txt"))
    fixtures.expectRows(
      transcript,
      [
        "center - 2018-03-03T00:51:00 system: 바다 joined this chatroom.",
        "received 하늘 2018-03-03T00:52:00 message: 캠핑 준비 다 했어?",
        "received 바다 2018-03-03T00:53:00 message: 거의⏎텐트만 남았어",
        "received 하늘 2018-03-03T00:54:00 message: ",
        "center - 2018-03-03T00:55:00 system: 바다 invited 구름.",
        "received 구름 2018-03-03T00:56:00 message: ",
        "received 구름 2018-03-04T08:10:00 message: 내일 봐요",
        "received 바다 2018-03-04T08:11:00 message: ",
        "center - 2018-03-04T08:12:00 system: 구름 left this chatroom.",
      ])
    #expect(fixtures.chips(transcript) == ["4 image", "6 sticker", "8 file:map.pdf"])
    #expect(transcript.title == "캠핑")
  }

  @Test func androidKoreanDayLinesAreNotText() throws {
    let (transcript, _) = try fixtures.read(fixtures.input("kakaotalk-android-ko.txt"))
    fixtures.expectRows(
      transcript,
      [
        "center - 2018-03-03T00:51:00 system: 바다님이 들어왔습니다.",
        "received 하늘 2018-03-03T00:52:00 message: 캠핑 준비 다 했어?",
        "received 바다 2018-03-03T00:53:00 message: 거의⏎텐트만 남았어",
        "received 하늘 2018-03-03T00:54:00 message: ",
        "center - 2018-03-03T00:55:00 system: 바다님이 구름님을 초대했습니다.",
        "received 구름 2018-03-03T00:56:00 message: ",
        "received 구름 2018-03-04T08:10:00 message: 내일 봐요",
        "received 바다 2018-03-04T08:11:00 message: ",
        "center - 2018-03-04T08:12:00 system: 구름님이 나갔습니다.",
      ])
  }

  @Test func pcNoticeBeforeTheFirstMessage() throws {
    let (transcript, _) = try fixtures.read(fixtures.input("kakaotalk-pc-notices.txt"))
    let notices = transcript.messages.filter { $0.kind == .system }.map(\.text)
    #expect(notices == ["바다님이 들어왔습니다.", "바다님이 구름님을 초대했습니다.", "구름님이 나갔습니다."])
    #expect(transcript.messages.count == 9)
    // Untimed, a notice takes its neighbour's time so it sits under its day's date.
    #expect(transcript.messages.first?.time == transcript.messages.dropFirst().first?.time)
    #expect(transcript.messages.last?.time == transcript.messages.dropLast().last?.time)
  }

  /// The same invented chat exported from an English phone, a Korean phone and the PC.
  @Test func oneChatExportedThreeWaysReadsTheSame() throws {
    func messages(_ name: String) throws -> [String] {
      let (transcript, _) = try fixtures.read(fixtures.input(name))
      return transcript.messages.filter { $0.kind == .message }.map { message in
        let author = message.authorID.flatMap { transcript.participant(id: $0)?.name } ?? "-"
        let chips = message.extras.attachments.map(\.kind.rawValue).joined(separator: ",")
        return "\(author) \(message.time.map { "\($0)" } ?? "-") \(message.text) [\(chips)]"
      }
    }
    let english = try messages("kakaotalk-android-en.txt")
    #expect(english.count == 6)
    #expect(try messages("kakaotalk-android-ko.txt") == english)
    #expect(try messages("kakaotalk-pc-notices.txt") == english)
    for name in ["kakaotalk-android-en.txt", "kakaotalk-android-ko.txt", "kakaotalk-pc-notices.txt"] {
      let (transcript, _) = try fixtures.read(fixtures.input(name))
      #expect(transcript.participants.map(\.name) == ["하늘", "바다", "구름"], "\(name)")
      #expect(transcript.messages.filter { $0.kind == .system }.count == 3, "\(name)")
    }
  }

  @Test func oldAndroidEnglishWritesTheTimeFirst() throws {
    let (transcript, _) = try fixtures.read(fixtures.input("kakaotalk-android-en-2015.txt"))
    fixtures.expectRows(
      transcript,
      [
        "center - 2018-03-03T00:52:00 system: 바다 invited 구름 and 하늘.",
        "received 하늘 2018-03-03T00:53:00 message: 캠핑 준비 다 했어?",
        "sent you 2018-03-03T00:54:00 message: ",
        "received 구름 2018-03-04T08:10:00 message: 내일 봐요",
      ])
    #expect(fixtures.chips(transcript) == ["3 image"])
    #expect(transcript.title == "캠핑")
  }

  @Test func iPhoneFileNameTitles() {
    #expect(KakaoTalkReader.title(from: ["Talk_2023.4.28 11:12-1.txt"]) == nil)
    #expect(KakaoTalkReader.title(from: ["캠핑방 (3명)과 카카오톡 대화-1.txt"]) == "캠핑방 (3명)")
    #expect(KakaoTalkReader.title(from: ["캠핑 with KakaoTalk Chats"]) == "캠핑")
  }

  @Test func callLinesAreRecognised() {
    for call in ["보이스톡 해요", "보이스톡 해요.", "보이스톡 0:17", "페이스톡 1:02:33", "Voice Talk 0:05"] {
      #expect(KakaoTalkBody.isCall(call), "\(call)")
    }
    for text in ["보이스톡 하자", "Voice Talk later?", "0:17", "보이스톡 1:2:3:4"] {
      #expect(!KakaoTalkBody.isCall(text), "\(text)")
    }
  }

  @Test func meChosenByName() throws {
    let transcript = try read(
      "2024. 1. 5. 오후 3:04, 민지 : 안녕\n2024. 1. 5. 오후 3:05, 서준 : 응\n", me: ["서준"])
    #expect(transcript.messages.map { transcript.side(of: $0) } == [.received, .sent])
  }

  /// The Korean phone export writes its owner as "회원님" (seen in suziewithz/kakaoship,
  /// `log_samples/ios_kr.txt`): that author is "me" unless `--me` names another.
  @Test func theOwnerWrittenAsHoewonnimIsMe() throws {
    let text = """
      등산 모임 (3명)과 카카오톡 대화
      저장한 날짜 : 2024. 1. 6. 오전 9:30



      2024년 1월 5일 금요일
      2024. 1. 5. 오후 3:04: 민지님이 서준님과 회원님을 초대했습니다.
      2024. 1. 5. 오후 3:05, 민지 : 내일 등산 갈래?
      2024. 1. 5. 오후 3:06, 회원님 : 좋아요
      2024. 1. 5. 오후 3:07, 서준 : 저도요

      """
    fixtures.expectRows(
      try read(text),
      [
        "center - 2024-01-05T15:04:00 system: 민지님이 서준님과 회원님을 초대했습니다.",
        "received 민지 2024-01-05T15:05:00 message: 내일 등산 갈래?",
        "sent 회원님 2024-01-05T15:06:00 message: 좋아요",
        "received 서준 2024-01-05T15:07:00 message: 저도요",
      ])
    let chosen = try read(text, me: ["서준"])
    #expect(chosen.messages.map { chosen.side(of: $0).rawValue } == ["center", "received", "received", "sent"])
  }

  /// An open chat's join is followed by the policy line, alone (m00nlygreat/katalk,
  /// `export2csv.py`, skips it); the host's hidden message and a removal are notices.
  @Test func openChatPolicyLineHiddenMessageAndRemovalAreNotices() throws {
    let phone = """
      2024. 1. 5. 오후 3:04: 민지님이 들어왔습니다.
      운영정책을 위반한 메시지로 신고 접수 시 카카오톡 이용에 제한이 있을 수 있습니다.
      2024. 1. 5. 오후 3:05, 방장 : 반가워요
      2024. 1. 5. 오후 3:06, 서준 : 안녕하세요
      2024. 1. 5. 오후 3:07: 채팅방 관리자가 메시지를 가렸습니다.
      2024. 1. 5. 오후 3:08: 서준님을 내보냈습니다.

      """
    fixtures.expectRows(
      try read(phone),
      [
        "center - 2024-01-05T15:04:00 system: 민지님이 들어왔습니다.",
        "center - 2024-01-05T15:04:00 system: 운영정책을 위반한 메시지로 신고 접수 시 카카오톡 이용에 제한이 있을 수 있습니다.",
        "received 방장 2024-01-05T15:05:00 message: 반가워요",
        "received 서준 2024-01-05T15:06:00 message: 안녕하세요",
        "center - 2024-01-05T15:07:00 system: 채팅방 관리자가 메시지를 가렸습니다.",
        "center - 2024-01-05T15:08:00 system: 서준님을 내보냈습니다.",
      ])
    let pc = """
      --------------- 2024년 1월 5일 금요일 ---------------
      [방장] [오후 3:03] 어서 오세요
      민지님이 들어왔습니다.
      운영정책을 위반한 메시지로 신고 접수 시 카카오톡 이용에 제한이 있을 수 있습니다.
      [민지] [오후 3:05] 안녕하세요

      """
    let policy = "운영정책을 위반한 메시지로 신고 접수 시 카카오톡 이용에 제한이 있을 수 있습니다."
    let texts = try read(pc).messages.map(\.text)
    #expect(texts == ["어서 오세요", "민지님이 들어왔습니다.", policy, "안녕하세요"])
  }

  @Test func manyPhotosAreCappedInChips() throws {
    let transcript = try read("2024. 1. 5. 오후 3:04, 민지 : 사진 999장\n")
    #expect(transcript.messages[0].extras.attachments.count == KakaoTalkBody.maximumPhotoChips)
  }

  // MARK: - Detection

  @Test func detectsEveryLayoutByContent() throws {
    for name in [
      "kakaotalk-phone-ko.txt", "kakaotalk-phone-en.txt", "kakaotalk-pc.txt", "kakaotalk.csv",
      "kakaotalk-android-en.txt", "kakaotalk-android-ko.txt", "kakaotalk-pc-notices.txt",
      "kakaotalk-android-en-2015.txt",
    ] {
      let input = try fixtures.input(name)
      #expect(Importer.detect(input)?.name == "kakaotalk", "\(name)")
    }
    let renamed = try fixtures.input(
      text: "2024. 1. 5. 오후 3:04, 민지 : 안녕\n2024. 1. 5. 오후 3:05, 서준 : 응\n", path: "chat.log")
    #expect(Importer.detect(renamed)?.name == "kakaotalk")
  }

  @Test func leavesOtherTextAlone() throws {
    for name in ["whatsapp-android-24h.txt", "whatsapp-ios-12h.txt", "plain.txt", "irc.log"] {
      #expect(Importer.detect(try fixtures.input(name))?.name != "kakaotalk", "\(name)")
    }
    let csv = try fixtures.input(text: "Date,Amount\n2024-01-05,3\n", path: "x.csv")
    #expect(!KakaoTalkFormat().detect(csv))
  }

  // MARK: - Errors

  @Test func invalidDateIsLocated() {
    #expect(
      error("2024. 1. 5. 오후 3:04, 민지 : 안녕\n2024. 13. 5. 오후 3:05, 서준 : 응\n")
        == "2:1: invalid date 2024-13-5")
  }

  @Test func invalidTimeIsLocated() {
    #expect(error("2024. 1. 5. 오후 13:04, 민지 : 안녕\n") == "1:16: invalid time 13:04 (12-hour)")
  }

  @Test func textBeforeTheFirstMessageIsLocated() {
    #expect(
      error("hello\nworld\n2024. 1. 5. 오후 3:04, 민지 : 안녕\n")?.hasPrefix("2:1: expected a KakaoTalk message")
        == true)
  }

  @Test func csvErrorsAreLocated() {
    #expect(
      error("Date,User,Message\n2024-01-05 15:04:00,민지\n", path: "c.csv")
        == "2:1: expected 3 fields (Date,User,Message), found 2")
    #expect(
      error("Date,User,Message\n2024-01-05 25:04:00,민지,안녕\n", path: "c.csv")
        == "2:1: invalid date '2024-01-05 25:04:00' (expected '2024-06-01 10:00:00')")
    #expect(
      error("Date,User,Message\n2024-01-05 15:04:00,민지,\"안녕\n", path: "c.csv")
        == "2:24: quoted field is never closed (expected '\"')")
  }
}
