import Testing

@_spi(Pages) @testable import ChatRender

/// Each format's writer tells layout what it needs, and writes its pages through one protocol.
@Suite struct PageWriterTests {
  func writer(
    _ format: OutputFormat, scale: Double = 1, maxImageHeight: Int = 32767, theme: Theme = .default
  ) -> any PageWriter {
    let options = ExportOptions(format: format, scale: scale, maxImageHeight: maxImageHeight)
    return ChatRenderer.writer(for: options, theme: theme)
  }

  @Test("a PNG at scale 2 is drawn at 2 pixels a point and cut at 32767 pixels, or at the page height")
  func pngScaleAndPagination() {
    let png = writer(.png, scale: 2)
    #expect(png.drawingScale == 2)
    #expect(png.isRaster)
    #expect(png.pagination(pageHeight: nil) == .continuous(maxPageHeight: 32767 / 2))
    #expect(png.pagination(pageHeight: 1000) == .pages(height: 500))
    #expect(writer(.png, maxImageHeight: 50_000).pagination(pageHeight: nil) == .continuous(maxPageHeight: 32767))
    #expect(writer(.png, maxImageHeight: 4000).pagination(pageHeight: nil) == .continuous(maxPageHeight: 4000))
    #expect(writer(.png, scale: 0).drawingScale == 0.01)
  }

  @Test("a PDF fills the theme's paper at its content scale, whatever page height is asked")
  func pdfScaleAndPagination() {
    var phone = Theme.default
    phone.page.column = .phone
    #expect(writer(.pdf, theme: phone).drawingScale == PaperLayout(theme: phone).contentScale)
    #expect(writer(.pdf, theme: phone).drawingScale < 1)
    let pdf = writer(.pdf)
    #expect(pdf.drawingScale == 1)
    #expect(!pdf.isRaster)
    #expect(pdf.pagination(pageHeight: nil) == .paper)
    #expect(pdf.pagination(pageHeight: 1000) == .paper)
  }

  @Test("an SVG is one continuous page at one unit a point, or pages of the page height")
  func svgScaleAndPagination() {
    let svg = writer(.svg, scale: 2)
    #expect(svg.drawingScale == 1)
    #expect(!svg.isRaster)
    #expect(svg.pagination(pageHeight: nil) == .continuous(maxPageHeight: nil))
    #expect(svg.pagination(pageHeight: 800) == .pages(height: 800))
  }

  /// A page of `height` points with a box on it.
  func page(height: Double) -> LaidOutPage {
    LaidOutPage(
      size: Size(width: 40, height: height), background: .white,
      items: [.box(BoxItem(frame: Rect(x: 5, y: 5, width: 20, height: 10), fill: .black))])
  }

  /// What `writer` writes of `pages`, with the (index, isLast) each sink was asked for.
  func write(_ pages: [LaidOutPage], with writer: any PageWriter) throws -> (
    requests: [String], files: [[UInt8]]
  ) {
    var requests: [String] = []
    var sinks: [OutputSink] = []
    var iterator = pages.makeIterator()
    try writer.write(&iterator, with: try CairoPainter(engine: TextEngine())) { index, isLast in
      requests.append("\(index)\(isLast ? " last" : "")")
      let sink = OutputSink(memory: ())
      sinks.append(sink)
      return sink
    }
    return (requests, try sinks.map { try #require($0.buffer) })
  }

  @Test("a two-page PNG asks for two sinks, the second as the last, and writes one image into each")
  func twoPagePNG() throws {
    let written = try write([page(height: 30), page(height: 50)], with: writer(.png, scale: 2))
    #expect(written.requests == ["0", "1 last"])
    try #require(written.files.count == 2)
    let first = try InflatedPNG(written.files[0])
    let second = try InflatedPNG(written.files[1])
    #expect([first.width, first.height, second.width, second.height] == [80, 60, 80, 100])
  }

  @Test("a two-page PDF asks for one sink, the last, and writes both pages into it")
  func twoPagePDF() throws {
    let written = try write([page(height: 30), page(height: 50)], with: writer(.pdf))
    #expect(written.requests == ["0 last"])
    let pdf = String(decoding: try #require(written.files.first), as: UTF8.self)
    #expect(pdf.hasPrefix("%PDF-"))
    #expect(pdf.contains("/Count 2"))
  }
}
