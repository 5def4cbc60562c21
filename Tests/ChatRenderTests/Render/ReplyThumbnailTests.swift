import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

/// A reply to a photo shows the photo's thumbnail in its quote: cover-cropped to a rounded
/// square at the quote's right; "🖼️ Photo" when the photo cannot be found.
@Suite struct ReplyThumbnailTests {
  init() { TestEnvironment.prepare() }

  typealias F = PictureFixtures

  static let chat = """
    {"version": 1, "me": "sam",
     "participants": [{"id": "sam", "name": "Sam"}, {"id": "ana", "name": "Ana"}],
     "messages": [
      {"id": "1", "from": "ana", "time": "2025-03-01T09:30:00Z", "text": "",
       "attachments": [{"kind": "image", "path": "quadrants.jpg"}]},
      {"id": "2", "from": "sam", "time": "2025-03-01T09:31:00Z", "text": "Lovely colours", "replyTo": "1"}
     ]}
    """

  /// The chat with the photo at `path`.
  func transcript(photo path: String = F.path("quadrants.jpg")) throws -> Transcript {
    var transcript = try TestTranscripts.json(Self.chat)
    transcript.messages[0].extras.attachments[0].source = .file(path: path)
    return transcript
  }

  func layout(_ transcript: Transcript, measurer: any TextMeasurer = FixedAdvanceMeasurer()) throws -> LaidOutPage {
    let layout = ConversationLayout(
      theme: .default, measurer: measurer, options: LayoutOptions(timeZone: TimeZone(identifier: "UTC")!))
    return try #require(layout.layout(transcript).pages.first)
  }

  func pictures(_ page: LaidOutPage) -> [PictureItem] {
    page.items.compactMap { if case .picture(let picture) = $0 { picture } else { nil } }
  }

  /// The reply's quote box: the first box inside its bubble.
  func quoteBox(_ page: LaidOutPage) throws -> BoxItem {
    let bubble = try #require(
      page.items.lazy.compactMap { if case .bubble(let bubble) = $0 { bubble } else { nil } }
        .first { $0.messageIndex == 1 })
    return try #require(
      page.items.lazy.compactMap { if case .box(let box) = $0 { box } else { nil } }
        .first { bubble.shape.body.contains($0.frame) })
  }

  @Test("the quote holds a square thumbnail of the photo at its right, beside 'Photo'")
  func thumbnailInTheQuote() throws {
    let page = try layout(try transcript())
    let quote = try quoteBox(page)
    let thumbnail = try #require(pictures(page).last)
    #expect(pictures(page).count == 2, "the photo and its thumbnail")
    #expect(thumbnail.covers && !pictures(page)[0].covers)
    #expect(thumbnail.frame.width == thumbnail.frame.height)
    #expect(quote.frame.contains(thumbnail.frame))
    #expect(abs(quote.frame.maxX - thumbnail.frame.maxX - ReplyQuoteRow.thumbnailInset) < 0.01)
    let texts = page.items.compactMap { if case .text(let text) = $0 { text } else { nil } }
    let photo = try #require(texts.first { $0.text.text == "Photo" })
    #expect(quote.frame.contains(photo.frame) && photo.frame.maxX < thumbnail.frame.minX)
  }

  @Test("a quoted photo that cannot be found is named with an icon, with no thumbnail")
  func missingPhotoFallsBackToText() throws {
    let page = try layout(try transcript(photo: "/nonexistent/photo.jpg"))
    #expect(pictures(page).isEmpty)
    let texts = page.items.compactMap { if case .text(let text) = $0 { text.text.text } else { nil } }
    #expect(texts.contains("🖼️ Photo"))
  }

  @Test("thumbnail pixels: the photo's middle square, inside the quote, cropped at its edges")
  func thumbnailPixels() throws {
    let chat = try transcript()
    let renderer = try ChatRenderer(
      theme: .default, options: ExportOptions(format: .png, scale: 2, timeZone: TimeZone(identifier: "UTC")!))
    let image = try PixelBuffer(png: try #require(try renderer.render(chat).first))
    let page = try layout(chat, measurer: TextEngine(keepsLayouts: false))
    let frame = try #require(pictures(page).last).frame
    func pixel(_ x: Double, _ y: Double) -> PixelBuffer.RGBA {
      image[(2 * (frame.minX + x * frame.width), 2 * (frame.minY + y * frame.height))]
    }
    // The quadrants picture is 4:3, red, green / blue, white; a square of its middle shows all four.
    #expect(pixel(0.15, 0.15).matches(Color(rgb: 0xFF0000), tolerance: 40), "\(pixel(0.15, 0.15))")
    #expect(pixel(0.85, 0.15).matches(Color(rgb: 0x00FF00), tolerance: 40), "\(pixel(0.85, 0.15))")
    #expect(pixel(0.15, 0.85).matches(Color(rgb: 0x0000FF), tolerance: 40), "\(pixel(0.15, 0.85))")
    #expect(pixel(0.85, 0.85).matches(Color(rgb: 0xFFFFFF), tolerance: 40), "\(pixel(0.85, 0.85))")
    // Cropped: just left of the thumbnail the quote's tint, not the picture's red.
    let quote = try quoteBox(page)
    let outside = image[(2 * (frame.minX - 2), 2 * (frame.minY + 0.2 * frame.height))]
    #expect(!outside.matches(Color(rgb: 0xFF0000), tolerance: 60), "\(outside)")
    #expect(quote.frame.contains(frame))
  }

  @Test("in a PDF the photo is its JPEG and the thumbnail a few pixels, not the JPEG again")
  func pdfEmbedsTheThumbnailSmall() throws {
    let renderer = try ChatRenderer(
      theme: .default, options: ExportOptions(format: .pdf, timeZone: TimeZone(identifier: "UTC")!))
    let pdf = try #require(try renderer.render(try transcript()).first)
    let (listing, rows) = try PopplerTools.images(inPDF: pdf)
    #expect(rows.count == 2, "\(listing)")
    #expect(rows.filter { $0[8] == "jpeg" }.count == 1, "the photo once: \(listing)")
  }

  @Test("--last and a crop keep quoting the original the source holds, with its thumbnail")
  func aCutKeepsTheQuote() throws {
    var whole = try transcript()
    whole.messages[0].text = "Sintra at noon"
    let cut = TranscriptFilter(last: 1, timeZone: TimeZone(identifier: "UTC")!).apply(to: whole)
    #expect(cut.messages.map(\.id) == ["2"])
    let page = try layout(cut)
    let texts = page.items.compactMap { if case .text(let text) = $0 { text.text.text } else { nil } }
    #expect(texts.contains { $0.contains("Sintra at noon") }, "\(texts)")
    #expect(!texts.contains { $0.contains("not in this file") })
    #expect(pictures(page).count == 1, "the quote's thumbnail")
  }

  @Test("--redact redacts what a kept quote says")
  func aRedactedCutRedactsTheQuote() throws {
    var whole = try transcript()
    whole.messages[0].text = "Call me on +49 151 23456789"
    let cut = TranscriptFilter(last: 1, redact: true, timeZone: TimeZone(identifier: "UTC")!).apply(to: whole)
    let quoted = try #require(cut.wholeChat.quoted["1"])
    #expect(!quoted.text.contains("23456789"), "\(quoted.text)")
    #expect(quoted.authorID != "ana", "the quoted author gets the alias's id")
  }
}
