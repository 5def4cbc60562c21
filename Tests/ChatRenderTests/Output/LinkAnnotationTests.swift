import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

/// Links land where their text is: on a PDF sheet that moves and scales the content, and in SVG.
@Suite struct LinkAnnotationTests {
  /// A page whose content sits at (100, 50) on a 600 × 800 sheet at half size, with one link
  /// (over a box: cairo 1.16 writes no annotation on a page with nothing drawn).
  static let page = LaidOutPage(
    size: Size(width: 400, height: 1000), background: .white,
    items: [
      .box(BoxItem(frame: Rect(x: 20, y: 40, width: 200, height: 30), fill: .black)),
      .link(LinkItem(frame: Rect(x: 20, y: 40, width: 200, height: 30), url: "https://example.org/a?b=1&c='x'")),
    ],
    sheet: Sheet(size: Size(width: 600, height: 800), contentOrigin: Point(x: 100, y: 50), contentScale: 0.5))

  func render(_ write: (CairoPainter, OutputSink) throws -> Void) throws -> String {
    let painter = try CairoPainter(engine: TextEngine())
    let sink = OutputSink(memory: ())
    try write(painter, sink)
    return String(decoding: try #require(sink.buffer), as: UTF8.self)
  }

  @Test("a PDF link's rectangle is the link's frame placed on the sheet", arguments: [false, true])
  func pdfRect(concurrently: Bool) throws {
    let pdf = try render { painter, sink in
      var pages = [Self.page].makeIterator()
      try PDFWriter(paper: PaperLayout(theme: .default), writesConcurrently: concurrently).write(
        &pages, with: painter, to: sink)
    }
    #expect(pdf.contains("/Subtype /Link"))
    // The quote is percent-encoded: cairo writes the address unescaped (PDFURIString).
    #expect(pdf.contains("/URI (https://example.org/a?b=1&c=%27x%27)"))
    // (100 + 20 × 0.5, 50 + 40 × 0.5) to (+100, +15) from the top; PDF counts from the bottom.
    let rect = try #require(pdf.components(separatedBy: "/Rect [").dropFirst().first?.prefix { $0 != "]" })
    let numbers = rect.split(separator: " ").compactMap { Double($0) }
    #expect(numbers == [110, 715, 210, 730])
  }

  @Test("an SVG link is an <a> around a transparent rectangle over its frame")
  func svgAnchor() throws {
    var page = Self.page
    page.sheet = nil
    let svg = try render { painter, sink in try SVGWriter().write(page, with: painter, to: sink) }
    #expect(
      svg.contains(
        #"<a xlink:href="https://example.org/a?b=1&amp;c='x'"><rect x="20.0" y="40.0" width="200.0" height="30.0" fill="transparent"/></a>"#
      ))
    #expect(svg.hasSuffix("</svg>\n"))
  }
}
