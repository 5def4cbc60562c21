import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

/// Whether names are drawn and each person's colour are decided from the whole chat: a day
/// of `--split-by`, a `--from`/`--to` range, the `--last` messages and a crop look like the
/// same messages in the whole chat.
@Suite struct WholeChatLookTests {
  /// Four people on 12 May; on 13 May only Lena and a number speak.
  static let source = """
    me: Sam

    [2025-05-12 09:00] Ana: Morning all
    [2025-05-12 09:01] Bo: Hi
    [2025-05-12 09:02] Sam: Hello
    [2025-05-12 09:03] +49 151 2345678: Who is this group for?
    [2025-05-12 09:04] Lena: The trip
    [2025-05-13 10:00] Lena: Tickets are booked
    [2025-05-13 10:01] +49 151 2345678: Thanks!
    [2025-05-13 10:02] Lena: See you there

    """

  static let utc = TimeZone(identifier: "UTC")!

  /// Each name drawn and its colour, in order.
  func names(_ transcript: Transcript, theme: Theme) -> [String] {
    let layout = ConversationLayout(
      theme: theme, measurer: FixedAdvanceMeasurer(), options: LayoutOptions(timeZone: Self.utc))
    let people = Set(transcript.participants.map(\.name))
    return layout.layout(transcript).pages.flatMap(\.items).compactMap { item in
      guard case .text(let text) = item, people.contains(text.text.text) else { return nil }
      return "\(text.text.text) \(text.color.hex)"
    }
  }

  @Test(
    "a part of a group chat draws the names in the colours the whole chat gives them",
    arguments: [Theme.whatsapp, .telegram, .default])
  func partsLookAlike(theme: Theme) throws {
    let chat = try TestTranscripts.chat(Self.source)
    let whole = names(chat, theme: theme)
    let secondDay = Array(whole.suffix(3))
    #expect(secondDay.count == 3 && secondDay[0].hasPrefix("Lena") && secondDay[1].hasPrefix("+49"))
    let day = try #require(TranscriptPeriod.day.split(chat, timeZone: Self.utc).last?.transcript)
    let range = TranscriptFilter(from: LocalDate(year: 2025, month: 5, day: 13), timeZone: Self.utc).apply(to: chat)
    let last = TranscriptFilter(last: 3, timeZone: Self.utc).apply(to: chat)
    let (cropped, _) = try Highlights(highlights: [.init(selector: .entries(7...7))], cropContext: 1).resolve(in: chat)
    #expect(names(day, theme: theme) == secondDay)
    #expect(names(range, theme: theme) == secondDay)
    #expect(names(last, theme: theme) == secondDay)
    #expect(names(cropped, theme: theme) == secondDay)
  }

  /// On 13 May only Lena writes to me: her name stays, as in the whole chat.
  static let oneOnOneDay = """
    me: Sam

    [2025-05-12 09:00] Ana: Morning all
    [2025-05-12 09:01] Bo: Hi
    [2025-05-12 09:04] Lena: The trip
    [2025-05-13 10:00] Lena: Tickets are booked
    [2025-05-13 10:01] Sam: Thanks!

    """

  @Test(
    "a part where one person writes to me keeps the name the whole chat draws",
    arguments: [Theme.whatsapp, .telegram, .default])
  func oneSpeakerPartKeepsNames(theme: Theme) throws {
    let chat = try TestTranscripts.chat(Self.oneOnOneDay)
    let whole = names(chat, theme: theme)
    #expect(whole.count == 4)
    let day = try #require(TranscriptPeriod.day.split(chat, timeZone: Self.utc).last?.transcript)
    #expect(names(day, theme: theme) == [whole[3]])
  }
}
