import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

/// Issue 22, point 11: URLs, e-mail addresses and phone numbers written out in plain text
/// are links (coloured, clickable in PDF and SVG), found as `--redact` finds them.
@Suite struct BareLinkTests {
  static let line =
    "Tickets at https://example.org/trip?id=7, www.example.com or ana@example.org; call +49 151 2345678 (not ftp://files.example.org)"
  static let urls = [
    "https://example.org/trip?id=7", "https://www.example.com", "mailto:ana@example.org", "tel:+491512345678",
  ]

  /// The same message in five formats that have no link markup.
  static let sources: [(path: String, text: String)] = [
    ("WhatsApp Chat with Ana.txt", "12/05/2025, 09:00 - Ana: \(line)\n12/05/2025, 09:01 - Bo: ok\n"),
    ("irc.log", "[09:00:00] <ana> \(line)\n[09:01:00] <bo> ok\n"),
    ("plain.txt", "Ana: \(line)\nBo: ok\n"),
    ("t.chat", "[2025-05-12 09:00] Ana: \(line)\n[2025-05-12 09:01] Bo: ok\n"),
    (
      "sms.xml",
      """
      <?xml version='1.0' encoding='UTF-8' standalone='yes' ?>
      <smses count="1">
        <sms protocol="0" address="+14155550142" date="1710523200123" type="1" body="\(line)" read="1" status="-1" contact_name="Ana" />
      </smses>
      """
    ),
  ]

  static func read(_ source: (path: String, text: String)) throws -> Transcript {
    try ImportFixtures.read(ImportFixtures.input(text: source.text, path: source.path)).0
  }

  @Test("each address of a plain message is a link item over its own words", arguments: sources.map(\.path))
  func addressesAreLinks(path: String) throws {
    let chat = try Self.read(try #require(Self.sources.first { $0.path == path }))
    for theme in [Theme.whatsapp, .telegram, .imessage] {
      let page = try TestTranscripts.firstPage(of: chat, theme: theme)
      let links = page.items.compactMap { item -> LinkItem? in
        if case .link(let link) = item { return link }
        return nil
      }
      #expect(links.map(\.url) == Self.urls, "\(path) \(theme.name)")
      let text = try #require(
        page.items.lazy.compactMap { item -> TextBlock? in
          if case .text(let text) = item, text.text.text == Self.line { return text }
          return nil
        }.first)
      let linkColored = text.text.runs.filter { $0.style == .foreground(theme.formatting.link) }
      #expect(linkColored.count == 4, "\(path) \(theme.name)")
      for link in links {
        #expect(
          text.frame.inset(by: EdgeInsets(top: -1, left: -1, bottom: -1, right: -1)).contains(link.frame),
          "\(path) \(theme.name)")
      }
    }
  }

  @Test("a WhatsApp chat's PDF and SVG carry one link annotation per address")
  func pdfAndSVGCarryTheLinks() throws {
    let chat = try Self.read(Self.sources[0])
    let pdf = String(
      decoding: try #require(
        try ChatRenderer(theme: .whatsapp, options: ExportOptions(format: .pdf)).render(chat).first),
      as: UTF8.self)
    #expect(pdf.components(separatedBy: "/Subtype /Link").count - 1 == 4)
    for url in Self.urls { #expect(pdf.contains("/URI (\(url))"), "\(url)") }
    let svg = String(
      decoding: try #require(
        try ChatRenderer(theme: .whatsapp, options: ExportOptions(format: .svg)).render(chat).first),
      as: UTF8.self)
    #expect(svg.components(separatedBy: "<a xlink:href=").count - 1 == 4)
  }

  @Test("an address inside a link, a mention or code is left as it is")
  func spansKeepTheirOwn() {
    let text = "see https://a.example/x and `https://b.example/y`"
    let code = TextSpan(start: 27, length: 22, style: .code)
    let found = ContactDataFinder.linkSpans(in: text, besides: [code])
    #expect(found == [TextSpan(start: 4, length: 19, style: .link("https://a.example/x"))])
    #expect(ContactDataFinder.linkSpans(in: "nothing to see here", besides: []).isEmpty)
  }

  @Test("with --redact the addresses are masked and nothing links")
  func redactedChatsLinkNothing() throws {
    let chat = TranscriptFilter(redact: true, timeZone: TimeZone(identifier: "UTC")!).apply(
      to: try Self.read(Self.sources[0]))
    let page = try TestTranscripts.firstPage(of: chat, theme: .whatsapp)
    #expect(!page.items.contains { if case .link = $0 { true } else { false } })
  }
}
