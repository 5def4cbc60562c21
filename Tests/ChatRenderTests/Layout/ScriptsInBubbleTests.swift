import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

/// No text of any script leaves its bubble, nor a bubble its page: sentences and long
/// unbroken strings in every script we draw, measured with real fonts.
@Suite struct ScriptsInBubbleTests {
  init() { TestEnvironment.prepare() }

  /// A sentence and a string with no break opportunity but between characters, per script.
  static let texts: [String] = [
    "The quick brown fox jumps over the lazy dog, then naps in the warm afternoon sun",
    String(repeating: "Supercalifragilistic", count: 8),
    "東京からの便は少し遅れていますが、夕方には到着する予定です。皆さんによろしく",
    String(repeating: "漢字", count: 40),
    "ㅋㅋ 오늘 정말 재미있었어요 다음에도 꼭 같이 가요",
    String(repeating: "ㅋ", count: 80),
    String(repeating: "오늘정말재미있었어요다음에도꼭같이가요", count: 3),
    "วันนี้อากาศดีมากเราจะไปเที่ยวทะเลกันไหมครับพรุ่งนี้เช้าตอนเจ็ดโมง",
    String(repeating: "สวัสดี", count: 20),
    "سنلتقي في المطار عند البوابة الرئيسية بعد الظهر إن شاء الله",
    String(repeating: "مرحبابكم", count: 12),
    "נפגש בשדה התעופה ליד השער הראשי אחר הצהריים",
    String(repeating: "שלוםעליכם", count: 12),
    "हम दोपहर में हवाई अड्डे पर मुख्य द्वार के पास मिलेंगे",
    String(repeating: "नमस्तेदोस्तों", count: 10),
    String(repeating: "😂", count: 60),
    String(repeating: "👍🏽", count: 40),
    "https://example.com/" + String(repeating: "averyveryverylongpathsegment", count: 5),
  ]

  static let themes: [Theme] = [.default, .whatsapp, .telegram, .imessage]

  func chat() throws -> Transcript {
    var lines = ["me: Sam", ""]
    for (index, text) in Self.texts.enumerated() {
      lines.append("[2025-05-02 10:\(String(format: "%02d", index))] \(index % 2 == 0 ? "Ana" : "Sam"): \(text)")
    }
    return try TestTranscripts.chat(lines.joined(separator: "\n") + "\n")
  }

  @Test("every text stays inside its bubble and every bubble on its page", arguments: Self.themes.indices)
  func staysInside(theme: Int) throws {
    let layout = ConversationLayout(
      theme: Self.themes[theme], measurer: TextEngine(keepsLayouts: false),
      options: LayoutOptions(timeZone: TimeZone(identifier: "UTC")!))
    let pages = layout.layout(try chat()).pages
    for page in pages {
      let bubbles = page.items.compactMap { item -> BubbleItem? in
        if case .bubble(let bubble) = item, bubble.messageIndex != nil { bubble } else { nil }
      }
      for bubble in bubbles {
        let frame = bubble.shape.frame
        #expect(frame.minX >= 0 && frame.maxX <= page.size.width, "m\(bubble.messageIndex ?? -1) leaves the page")
      }
      for item in page.items {
        guard case .text(let text) = item else { continue }
        let frame = text.frame
        #expect(frame.minX >= 0 && frame.maxX <= page.size.width, "\(text.text.text.prefix(20)) leaves the page")
        for bubble in bubbles where SpotlightCutouts.overlap(bubble.shape.frame, frame) {
          let body = bubble.shape.body
          #expect(
            frame.minX >= body.minX - 0.01 && frame.maxX <= body.maxX + 0.01,
            "\(text.text.text.prefix(20)) leaves its bubble in \(Self.themes[theme].name)")
        }
      }
    }
  }
}
