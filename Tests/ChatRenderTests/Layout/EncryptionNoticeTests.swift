import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

/// WhatsApp's end-to-end encryption notice (issue 22, point 13): a typed notice, drawn in the
/// whatsapp themes as a wide card in colours of its own with a lock, in others as a pill
/// with the lock.
@Suite struct EncryptionNoticeTests {
  init() { TestEnvironment.prepare() }

  static let notice =
    "Messages and calls are end-to-end encrypted. No one outside of this chat, not even WhatsApp, can read or listen to them. Tap to learn more."

  static let chat = """
    {"version": 1, "me": "sam",
     "participants": [{"id": "sam", "name": "Sam"}, {"id": "ana", "name": "Ana"}],
     "messages": [
      {"kind": "system", "time": "2024-03-14T08:59:00Z", "notice": "encryption", "text": "\(notice)"},
      {"kind": "system", "time": "2024-03-14T08:59:00Z", "text": "Ana added you, and then wrote a rather long notice about it that wraps"},
      {"from": "ana", "time": "2024-03-14T09:01:00Z", "text": "Morning all!"}
     ]}
    """

  func page(_ theme: Theme) throws -> LaidOutPage {
    try TestTranscripts.firstPage(of: try TestTranscripts.json(Self.chat), theme: theme)
  }

  /// The pill and text of the notice at `index`.
  static func pill(_ page: LaidOutPage, index: Int) throws -> (BubbleItem, TextBlock) {
    let at = try #require(
      page.items.firstIndex { if case .bubble(let b) = $0 { b.messageIndex == index } else { false } })
    guard case .bubble(let bubble) = page.items[at], case .text(let text) = page.items[at + 1] else {
      throw TestFailure("no pill and text for entry \(index)")
    }
    return (bubble, text)
  }

  @Test("read and written back as a notice of its kind")
  func roundTrip() throws {
    let transcript = try TestTranscripts.json(Self.chat)
    #expect(transcript.messages.map(\.extras.notice) == [.encryption, nil, nil])
    let written = TranscriptJSONWriter.write(transcript)
    #expect(written.contains(#""notice": "encryption""#))
    #expect(try TestTranscripts.json(written).messages.map(\.extras.notice) == [.encryption, nil, nil])
  }

  @Test(
    "a card of its own in whatsapp and whatsapp-dark: its fill, text colour, lock and width",
    arguments: [Theme.whatsapp, .whatsappDark])
  func card(theme: Theme) throws {
    let card = try #require(theme.encryptionNotice)
    let page = try page(theme)
    let (bubble, text) = try Self.pill(page, index: 0)
    #expect(bubble.fill == card.fill)
    #expect(text.color == card.textColor)
    #expect(text.color != theme.system.textColor)
    #expect(text.text.text.hasPrefix("🔒 "))
    let content = theme.canvas.width - theme.canvas.padding.horizontal
    #expect(bubble.shape.frame.width <= content * card.maxWidth + 0.5)
    #expect(abs(bubble.shape.frame.midX - theme.canvas.width / 2) < 0.5)
    // A plain notice keeps its pill.
    let (plain, plainText) = try Self.pill(page, index: 1)
    #expect(plain.fill == theme.system.fill)
    #expect(!plainText.text.text.contains("🔒"))
  }

  @Test("a pill with the lock in the other themes", arguments: [Theme.default, .telegram, .imessage])
  func pillWithLock(theme: Theme) throws {
    #expect(theme.encryptionNotice == nil)
    let (bubble, text) = try Self.pill(try page(theme), index: 0)
    #expect(bubble.fill == theme.system.fill)
    #expect(text.text.text == "🔒 " + Self.notice)
  }

  @Test("a theme file draws the card, or turns it off with null")
  func themeKeys() throws {
    var warnings: [Diagnostic] = []
    let added = try ThemeLoader.decode(
      SourceFile(
        path: "t.json",
        bytes: Array(##"{"version": 1, "extends": "default", "encryptionNotice": {"fill": "#ff0000"}}"##.utf8)),
      warnings: &warnings)
    #expect(
      added.encryptionNotice
        == NoticeCardStyle(fill: Color(rgb: 0xFF0000), textColor: NoticeCardStyle.standard.textColor, maxWidth: 0.8))
    let removed = try ThemeLoader.decode(
      SourceFile(
        path: "t.json", bytes: Array(#"{"version": 1, "extends": "whatsapp", "encryptionNotice": null}"#.utf8)),
      warnings: &warnings)
    #expect(removed.encryptionNotice == nil)
    #expect(warnings.isEmpty)
  }
}
