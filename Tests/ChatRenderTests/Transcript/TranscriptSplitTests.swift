import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

/// Parts by period, count and size (issue 42): where they are cut, their names and numbers.
@Suite struct TranscriptSplitTests {
  static let utc = TimeZone(identifier: "UTC")!

  /// `count` messages, one a day from 2024-12-30.
  static func chat(_ count: Int, text: String = "hello") -> Transcript {
    Transcript(
      participants: [Participant(id: "a", name: "Ana")],
      messages: (0..<count).map { day in
        let date = LocalDate(daysSince1970: ISO8601.daysSinceEpoch(LocalDate(year: 2024, month: 12, day: 30)) + day)
        return Message(
          id: "m\(day + 1)", authorID: "a", time: .wallClock(LocalDateTime(date: date, hour: 9, minute: 0)), text: text)
      })
  }

  @Test func quartersAndYears() {
    #expect(TranscriptPeriod.quarter.name(of: LocalDate(year: 2025, month: 3, day: 31)) == "2025-Q1")
    #expect(TranscriptPeriod.quarter.name(of: LocalDate(year: 2025, month: 4, day: 1)) == "2025-Q2")
    #expect(TranscriptPeriod.quarter.name(of: LocalDate(year: 2025, month: 12, day: 1)) == "2025-Q4")
    #expect(TranscriptPeriod.year.name(of: LocalDate(year: 2025, month: 12, day: 31)) == "2025")
    let parts = TranscriptSplit.period(.year).parts(of: Self.chat(5), timeZone: Self.utc)
    #expect(parts.map(\.name) == ["2024", "2025"])
    #expect(parts.map(\.firstMessage) == [1, 3] && parts.map(\.lastMessage) == [2, 5])
  }

  @Test func everyNMessages() {
    let parts = TranscriptSplit.messages(4).parts(of: Self.chat(10), timeZone: Self.utc)
    #expect(parts.map(\.name) == ["part-01", "part-02", "part-03"])
    #expect(
      parts.map { $0.transcript.messages.compactMap(\.id) } == [
        ["m1", "m2", "m3", "m4"], ["m5", "m6", "m7", "m8"], ["m9", "m10"],
      ])
    #expect(parts.map(\.firstMessage) == [1, 5, 9] && parts.map(\.lastMessage) == [4, 8, 10])
    #expect(parts.allSatisfy { $0.transcript.participants.count == 1 })
    let whole = TranscriptSplit.messages(10).parts(of: Self.chat(10), timeZone: Self.utc)
    #expect(whole.count == 1 && whole[0].name.isEmpty && whole[0].transcript.messages.count == 10)
    #expect(TranscriptSplit.messages(1).parts(of: Self.chat(120), timeZone: Self.utc)[99].name == "part-100")
  }

  @Test func bySizeCountsTextAndPictures() {
    let text = String(repeating: "x", count: 650)  // 1,000 bytes a message with its bubble
    let budget = TranscriptSplit.bytesPerDocument + 3_000
    let parts = TranscriptSplit.bytes(budget).parts(of: Self.chat(7, text: text), timeZone: Self.utc)
    #expect(parts.map { $0.transcript.messages.count } == [3, 3, 1])
    var photo = Self.chat(1)
    photo.messages[0].extras.attachments = [
      Attachment(kind: .image, fileName: "a.jpg", source: .file(path: "a.jpg"), byteCount: 5_000_000)
    ]
    #expect(TranscriptSplit.estimatedBytes(photo.messages[0]) == 5_000_000 + 355)
    photo.messages[0].extras.attachments[0].kind = .video
    #expect(TranscriptSplit.estimatedBytes(photo.messages[0]) == 355)
  }

  @Test(arguments: [
    ("20MB", 20_000_000), ("20mb", 20_000_000), ("1.5GB", 1_500_000_000), ("500 KB", 500_000), ("2MiB", 2_097_152),
    ("1000000", 1_000_000), ("4kib", 4096),
  ])
  func readsSizes(text: String, bytes: Int) {
    #expect(TranscriptSplit.parseSize(text) == bytes)
  }

  @Test(arguments: ["", "MB", "20 XB", "-5MB", "999", "1e9", "0.5KB", "inf"])
  func refusesSizes(text: String) {
    #expect(TranscriptSplit.parseSize(text) == nil)
  }
}
