import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

/// `--crop` marks every stretch it leaves out with the number of messages there, in the
/// user's language (issue 22, point 12).
@Suite struct CropGapTests {
  init() { TestEnvironment.prepare() }

  /// Twenty messages, one a minute.
  func chat() throws -> Transcript {
    let lines = (0..<20).map { "[2025-05-02 10:\(String(format: "%02d", $0))] \($0 % 2 == 0 ? "Ana" : "Sam"): m\($0)" }
    return try TestTranscripts.chat((["me: Sam", ""] + lines).joined(separator: "\n") + "\n")
  }

  /// The texts of the gap marks and of the messages, top to bottom, of the first page when
  /// entries 5 and 14 (m4 and m13) are highlighted with one message of context.
  func texts(locale: String = "en_GB") throws -> [String] {
    var options = ExportOptions(format: .png, timeZone: TimeZone(identifier: "UTC")!)
    options.dateText = DateTextStyle(locale: try #require(TextLocale.named(locale)))
    options.highlights = Highlights(
      highlights: [.init(selector: .entries(5...5)), .init(selector: .entries(14...14))], cropContext: 1)
    var pages = try ChatRenderer(theme: .default, options: options).pages(of: try chat())
    let first = pages.next()
    let page = try #require(first)
    let texts = page.items.compactMap { item -> TextBlock? in if case .text(let text) = item { text } else { nil } }
    return texts.sorted { $0.frame.minY < $1.frame.minY }.map(\.text.text)
      .filter { $0.hasPrefix("m") || $0.hasPrefix("⋯") }
  }

  @Test("a gap mark stands before, between and after the kept stretches, naming what is left out")
  func everyGap() throws {
    #expect(
      try texts() == [
        "⋯ 3 messages ⋯", "m3", "m4", "m5", "⋯ 6 messages ⋯", "m12", "m13", "m14", "⋯ 5 messages ⋯",
      ])
  }

  /// An explicit date entry (a `--` notice) before a highlighted message stays, takes no place
  /// of the context, and a notice left out is not counted as a message (issue 37).
  @Test func noticesAreKeptBesideTheContextAndNotCountedAsMessages() throws {
    let chat = try TestTranscripts.chat(
      """
      me: Sam

      [2025-05-02 10:00] Ana: m0
      -- joined
      [2025-05-02 10:01] Sam: m1
      [2025-05-02 10:02] Ana: m2
      -- Saturday 3 May
      [2025-05-03 10:00] Sam: m3
      [2025-05-03 10:01] Ana: m4
      -- left
      [2025-05-03 10:02] Sam: m5

      """)
    let highlights = Highlights(highlights: [.init(selector: .entries(7...7))], cropContext: 1)
    let (cropped, selection) = try highlights.resolve(in: chat)
    #expect(cropped.messages.map(\.text) == ["Saturday 3 May", "m3", "m4", "left", "m5"])
    #expect(selection.targets.map(\.messageIndexes) == [[2]])
    #expect(selection.leftOut == [0: 3])
  }

  @Test("the gap mark is in the user's language")
  func translated() throws {
    #expect(try texts(locale: "de_DE").contains("⋯ 6 Nachrichten ⋯"))
  }
}
