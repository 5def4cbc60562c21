import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

/// A document's page furniture in the locale's words, dates and digits, mirrored for a
/// language written right to left.
@Suite struct LocalizedFurnitureTests {
  static let utc = TimeZone(identifier: "UTC")!

  func chat() throws -> Transcript {
    var source = ""
    for day in 1...3 {
      for index in 0..<30 {
        source +=
          "[2025-03-0\(day) 10:\(index < 10 ? "0" : "")\(index)] " + (index % 2 == 0 ? "> " : "< ") + "m \(index)\n"
      }
    }
    return try TestTranscripts.chat(source)
  }

  /// The document's pages in `locale`, numbered of 7.
  func pages(_ locale: String) throws -> [LaidOutPage] {
    let chat = try chat()
    let textLocale = try #require(TextLocale.named(locale))
    let summary = DocumentSummary(chat, title: "Lunch", timeZone: Self.utc, creator: "test", locale: textLocale)
    var iterator = ConversationLayout(
      theme: .default, measurer: FixedAdvanceMeasurer(),
      options: LayoutOptions(
        pagination: .paper, timeZone: Self.utc, dateText: DateTextStyle(locale: textLocale), document: summary)
    ).pages(of: chat)
    iterator.pageCount = 7
    var laid: [LaidOutPage] = []
    while let page = iterator.next() { laid.append(page) }
    return laid
  }

  func texts(_ page: LaidOutPage) -> [TextBlock] {
    page.items.compactMap { if case .text(let text) = $0 { return text } else { return nil } }
  }

  @Test("a German document: its header, day labels, running header and footers are German")
  func german() throws {
    let laid = try pages("de_DE")
    let first = texts(laid[0]).map(\.text.text)
    #expect(first.contains("Samstag, 1. März 2025 – Montag, 3. März 2025 · 90 Nachrichten"))
    #expect(first.contains("Seite 1 von 7"))
    #expect(first.filter { $0 == "Samstag, 1. März 2025" }.count == 2)  // running header and day label
  }

  @Test("an Arabic document is mirrored: header lines end at the right margin, the running date at the left")
  func arabicIsMirrored() throws {
    let laid = try pages("ar_EG")
    let padding = Theme.default.canvas.padding
    let (left, right) = (padding.left, laid[0].size.width - padding.right)
    let first = texts(laid[0])
    let title = try #require(first.first { $0.text.text == "Lunch" && $0.text.font.bold })
    #expect(abs(title.origin.x + title.size.width - right) < 0.001)
    let facts = try #require(first.first { $0.text.text.contains("رسالة") })
    #expect(facts.text.text == "السبت، ١ مارس، ٢٠٢٥ – الاثنين، ٣ مارس، ٢٠٢٥، ٩٠ رسالة")
    #expect(abs(facts.origin.x + facts.size.width - right) < 0.001)
    for (index, page) in laid.enumerated() {
      let blocks = texts(page)
      let runningTitle = try #require(
        blocks.first { $0.text.text == "Lunch" && !$0.text.font.bold && $0.origin.y == 0 })
      #expect(abs(runningTitle.origin.x + runningTitle.size.width - right) < 0.001)
      let runningDate = try #require(blocks.first { $0.origin.y == 0 && $0.text.text != "Lunch" })
      #expect(abs(runningDate.origin.x - left) < 0.001)
      let footer = try #require(blocks.first { $0.text.text.hasPrefix("صفحة") })
      #expect(footer.text.text == "صفحة \(Self.arabicDigits(index + 1)) من ٧")
      #expect(abs((footer.origin.x + footer.size.width / 2) - (left + right) / 2) < 0.001)
    }
    // Unmirrored in English: the title at the left margin.
    let english = texts(try pages("en_GB")[0])
    let englishTitle = try #require(english.first { $0.text.text == "Lunch" && $0.text.font.bold })
    #expect(abs(englishTitle.origin.x - left) < 0.001)
  }

  static func arabicDigits(_ value: Int) -> String {
    String(String(value).unicodeScalars.map { Character(Unicode.Scalar($0.value - 48 + 0x0660)!) })
  }
}
