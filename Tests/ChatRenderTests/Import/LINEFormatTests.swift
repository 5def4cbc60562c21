import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

@Suite struct LINEFormatTests {
  let fixtures = ImportFixtures.self

  func read(_ text: String, me: [String] = []) throws -> Transcript {
    try fixtures.read(
      fixtures.input(text: text, path: "chat.txt"), as: LINEFormat(), options: ImportOptions(me: me)
    ).0
  }

  func error(_ text: String) -> String? { fixtures.firstError { _ = try read(text) } }

  func sample(_ name: String) throws -> Transcript {
    try fixtures.readDetected(fixtures.input(name), as: "line").0
  }

  // MARK: - Languages

  @Test func english() throws {
    let transcript = try sample("line-en.txt")
    fixtures.expectRows(
      transcript,
      [
        "received ana 2024-01-05T15:04:00 message: Hiking tomorrow?",
        "sent ben 2024-01-05T15:05:00 message: Sure⏎What time?⏎⏎Say \"early\"",
        "received ana 2024-01-05T15:06:00 message: ",
        "received ana 2024-01-05T15:07:00 message: ",
        "sent ben 2024-01-05T15:08:00 message: ",
        "received ana 2024-01-05T15:09:00 message: ",
        "center - 2024-01-05T15:10:00 system: Ana unsent a message.",
        "sent ben 2024-01-05T15:11:00 message: ",
        "sent ben 2024-01-13T08:00:00 message: 2024/01/14(Sun) works too",
        "received ana 2024-01-13T08:01:00 message: A date in a quote⏎⏎1/14/2024⏎stays in it",
      ])
    #expect(
      fixtures.chips(transcript) == ["3 sticker", "4 image", "5 video", "6 file"])
    #expect(transcript.title == "Ana")
    #expect(fixtures.calls(transcript) == ["8 voice missed -"])
    #expect(transcript.clock == .twentyFourHour)
  }

  @Test func japaneseWithTwelveHourTimes() throws {
    let transcript = try sample("line-ja.txt")
    fixtures.expectRows(
      transcript,
      [
        "received 美咲 2024-01-05T15:04:00 message: 明日ハイキング行く？",
        "sent 健太 2024-01-05T15:05:00 message: 行く！",
        "received 美咲 2024-01-05T15:06:00 message: ",
        "sent 健太 2024-01-05T15:07:00 message: ",
        "received 美咲 2024-01-05T15:08:00 message: ",
        "sent 健太 2024-01-05T15:09:00 message: ",
        "center - 2024-01-05T15:10:00 system: 美咲がメッセージの送信を取り消しました",
        "sent 健太 2024-01-05T15:11:00 message: ",
        "received 美咲 2024-01-06T00:15:00 message: おやすみ",
        "sent 健太 2024-01-06T00:20:00 message: また⏎あした",
      ])
    #expect(
      fixtures.chips(transcript) == ["3 sticker", "4 image", "5 video", "6 file"])
    #expect(transcript.title == "美咲")
    #expect(fixtures.calls(transcript) == ["8 voice answered 25"])
    #expect(transcript.clock == .twelveHour)
  }

  @Test func traditionalChinese() throws {
    let transcript = try sample("line-zh-tw.txt")
    fixtures.expectRows(
      transcript,
      [
        "received 小明 2024-01-05T15:04:00 message: 明天去爬山嗎？",
        "sent 阿華 2024-01-05T15:05:00 message: 好啊",
        "received 小明 2024-01-05T15:06:00 message: ",
        "sent 阿華 2024-01-05T15:07:00 message: ",
        "received 小明 2024-01-05T15:08:00 message: ",
        "sent 阿華 2024-01-05T15:09:00 message: ",
        "center - 2024-01-05T15:10:00 system: 小明已收回訊息",
      ])
    #expect(
      fixtures.chips(transcript) == ["3 sticker", "4 image", "5 video", "6 file"])
    #expect(transcript.title == "小明")
  }

  @Test func thaiWithBuddhistEraYears() throws {
    let transcript = try sample("line-th.txt")
    fixtures.expectRows(
      transcript,
      [
        "received สมชาย 2024-01-05T15:04:00 message: พรุ่งนี้ไปเดินป่าไหม",
        "sent สมหญิง 2024-01-05T15:05:00 message: ไปสิ",
        "received สมชาย 2024-01-05T15:06:00 message: ",
        "sent สมหญิง 2024-01-05T15:07:00 message: ",
        "center - 2024-01-05T15:08:00 system: สมชาย ยกเลิกการส่งข้อความ",
        "sent สมหญิง 2024-01-16T08:00:00 message: ",
      ])
    #expect(fixtures.chips(transcript) == ["3 sticker", "4 image"])
    #expect(transcript.title == "สมชาย")
    #expect(fixtures.calls(transcript) == ["6 voice missed -"])
  }

  @Test func korean() throws {
    let transcript = try sample("line-ko.txt")
    fixtures.expectRows(
      transcript,
      [
        "received 민지 2024-01-05T15:04:00 message: 내일 등산 갈래?",
        "sent 서준 2024-01-05T15:05:00 message: 좋아",
        "received 민지 2024-01-05T15:06:00 message: ",
        "sent 서준 2024-01-05T15:07:00 message: ",
      ])
    #expect(fixtures.chips(transcript) == ["3 sticker", "4 image"])
  }

  // MARK: - Calls

  @Test func callsAreMessagesOfTheCaller() throws {
    let transcript = try read(
      """
      2024/01/05(Fri)
      15:04\tAna\t☎ Call time 1:31:57
      15:05\tBo\t☎ 通話時間 0:33
      15:06\tAna\t☎ Missed call
      15:07\tBo\t☎ Canceled call
      15:08\tAna\t☎ No answer
      15:09\tBo\t☎ 不在着信
      15:10\t\t☎ Missed call
      15:11\tAna\t☎ something else

      """)
    fixtures.expectRows(
      transcript,
      [
        "received ana 2024-01-05T15:04:00 message: ",
        "received bo 2024-01-05T15:05:00 message: ",
        "received ana 2024-01-05T15:06:00 message: ",
        "received bo 2024-01-05T15:07:00 message: ",
        "received ana 2024-01-05T15:08:00 message: ",
        "received bo 2024-01-05T15:09:00 message: ",
        "center - 2024-01-05T15:10:00 system: ☎ Missed call",
        "center - 2024-01-05T15:11:00 system: ☎ something else · Ana",
      ])
    #expect(
      fixtures.calls(transcript) == [
        "1 voice answered 5517", "2 voice answered 33", "3 voice missed -", "4 voice cancelled -",
        "5 voice unanswered -", "6 voice missed -",
      ])
  }

  @Test func callLengthsAreClocks() {
    #expect(Call.seconds(ofClock: "1:31:57") == 5517)
    #expect(Call.seconds(ofClock: "0:33") == 33)
    #expect(Call.seconds(ofClock: "12:05") == 725)
    for text in ["", "1", ":33", "1::3", "1:2:3:4", "123:45", "1:x5", "１:２３"] {
      #expect(Call.seconds(ofClock: Substring(text)) == nil, "\(text)")
    }
  }

  // MARK: - Rules

  @Test func dayFirstYearsAreTold() throws {
    let transcript = try read(
      "Wed, 10/07/2562 BE\n19:10\tFirm\thi\n\nTue, 16/07/2562 BE\n22:27\tPann\tyo\n")
    #expect(transcript.messages.map { $0.time.map(ISO8601.format) } == ["2019-07-10T19:10:00", "2019-07-16T22:27:00"])
  }

  @Test func twelveHourMarkersBeforeAndAfter() throws {
    let transcript = try read("2024/01/05(Fri)\nPM3:04\tAna\thi\n3:05 AM\tBo\tyo\n")
    #expect(transcript.messages.map { $0.time.map(ISO8601.format) } == ["2024-01-05T15:04:00", "2024-01-05T03:05:00"])
  }

  @Test func meChosenByName() throws {
    let transcript = try read("2024/01/05(Fri)\n15:04\tAna\thi\n15:05\tBo\tyo\n", me: ["Ana"])
    #expect(transcript.messages.map { transcript.side(of: $0) } == [.sent, .received])
  }

  /// A published Thai export whose TABs were all replaced by `$` (one TAB left inside a record)
  /// is read with `$` as the separator, and says so.
  @Test func dollarSignsInPlaceOfTabsAreSeparators() throws {
    let text =
      "\nWed, 10/07/2562 BE\n19:10$Firm$hi $5\n19:10$$Firm unsent a message.\n"
      + "19:11$Pann\tyo\n19:12$Firm$☎ Call time 0:33\n"
    let input = try fixtures.input(text: text, path: "chat.txt")
    #expect(LINEFormat().detect(input))
    let (transcript, warnings) = try fixtures.read(input, as: LINEFormat())
    fixtures.expectRows(
      transcript,
      [
        "received firm 2019-07-10T19:10:00 message: hi $5",
        "center - 2019-07-10T19:10:00 system: Firm unsent a message.",
        "received pann 2019-07-10T19:11:00 message: yo",
        "received firm 2019-07-10T19:12:00 message: ",
      ])
    #expect(transcript.messages[3].extras.call != nil)
    #expect(warnings.map(\.message).contains { $0.contains("'$' instead of TABs") })
  }

  /// One date line leaves day and month open; its weekday decides (5 January 2024 was a
  /// Friday, 1 May a Wednesday), in English and in Thai with a Buddhist-era year.
  @Test(arguments: [
    ("Fri, 1/5/2024", "2024-01-05"), ("Wed, 1/5/2024", "2024-05-01"), ("ศ. 1/5/2567", "2024-01-05"),
    ("Sat, 1/5/2024", "2024-05-01"),
  ])
  func weekdayDecidesAnOpenDate(line: String, day: String) throws {
    let transcript = try read("\(line)\n15:04\tAna\thi\n")
    fixtures.expectRows(transcript, ["received ana \(day)T15:04:00 message: hi"])
  }

  /// In a file separated by TABs, a `$` is text, and a `$` line is not a record.
  @Test func dollarSignsInATabFileAreText() throws {
    let transcript = try read("2024/01/05(Fri)\n15:04\tAna\tit costs $5$\n15:05$Ben$not a record\n")
    fixtures.expectRows(
      transcript, ["received ana 2024-01-05T15:04:00 message: it costs $5$⏎15:05$Ben$not a record"])
  }

  @Test func leavesOtherTextAlone() throws {
    for name in ["whatsapp-android-24h.txt", "plain.txt", "irc.log", "kakaotalk-phone-ko.txt"] {
      #expect(Importer.detect(try fixtures.input(name))?.name != "line", "\(name)")
    }
  }

  // MARK: - Errors

  @Test func messageBeforeTheFirstDateIsLocated() {
    #expect(
      error("[LINE] Chat history with Ana\n15:04\tAna\thi\n")
        == "2:1: a message before the first date line (such as '2024/01/05(Fri)')")
  }

  @Test func invalidDateAndTimeAreLocated() {
    #expect(error("2024/13/05(Fri)\n15:04\tAna\thi\n") == "1:1: invalid date '2024/13/05(Fri)'")
    #expect(error("2024/01/05(Fri)\n25:04\tAna\thi\n") == "2:1: invalid time 25:04")
  }
}
