import CCairo

/// Writes each laid-out page as an SVG document.
@_spi(Pages) public struct SVGWriter: ImageWriter, Sendable {
  /// An SVG writer; it has no settings.
  public init() {}

  /// One SVG pixel a layout point.
  public var drawingScale: Double { 1 }

  /// False: pictures are embedded, a JPEG as its own bytes.
  public var isRaster: Bool { false }

  /// None: a vector image may be as tall as the chat.
  public var maxImageHeight: Int? { nil }

  /// Draws `page` with `painter` into `sink`.
  public func write(_ page: LaidOutPage, with painter: CairoPainter, to sink: OutputSink) throws {
    let links = page.items.compactMap { item -> LinkItem? in
      if case .link(let link) = item { return link }
      return nil
    }
    // Drawn in memory first: its pictures are named again (`SVGSurfaceIDs`), and cairo 1.16's
    // SVG output has no links, which a page gets as `<a>` elements before its end.
    let target = OutputSink(memory: ())
    let closure = Unmanaged.passUnretained(target).toOpaque()
    guard
      let surface = cairo_svg_surface_create_for_stream(
        OutputSink.cairoWriter, closure, page.size.width, page.size.height)
    else { throw CairoError(message: "out of memory", context: "cannot create SVG") }
    defer { FontLoading.run { cairo_surface_destroy(surface) } }
    try CairoError.check(cairo_surface_status(surface), "cannot create SVG")
    cairo_svg_surface_set_document_unit(surface, CAIRO_SVG_UNIT_PX)
    painter.engine.drawn.forget()
    try CairoPainter.withContext(surface) { painter.draw(page, on: $0, isVector: true) }
    // Finishing writes the fonts (see `FontLoading`).
    FontLoading.run { cairo_surface_finish(surface) }
    if let failure = target.failure { throw failure }
    try CairoError.check(cairo_surface_status(surface), "\(sink.displayPath): cannot write SVG")
    let drawn = SVGSurfaceIDs.renumbered(target.buffer ?? [])
    let linked = links.isEmpty ? drawn : Self.adding(links, to: drawn)
    linked.withUnsafeBytes { sink.write($0) }
    if let failure = sink.failure { throw failure }
  }

  /// `svg` with a transparent clickable rectangle for each link before its closing tag.
  static func adding(_ links: [LinkItem], to svg: [UInt8]) -> [UInt8] {
    let end = Array("</svg>".utf8)
    guard let close = svg.indices.reversed().first(where: { svg[$0...].starts(with: end) }) else { return svg }
    var anchors = ""
    for link in links {
      let frame = link.frame
      anchors +=
        "<a xlink:href=\"\(escaped(link.url))\"><rect x=\"\(frame.minX)\" y=\"\(frame.minY)\" "
        + "width=\"\(frame.width)\" height=\"\(frame.height)\" fill=\"transparent\"/></a>\n"
    }
    return Array(svg[..<close]) + Array(anchors.utf8) + Array(svg[close...])
  }

  /// `text` safe in an XML attribute.
  private static func escaped(_ text: String) -> String {
    var result = ""
    for character in text {
      switch character {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      default: result.append(character)
      }
    }
    return result
  }
}
