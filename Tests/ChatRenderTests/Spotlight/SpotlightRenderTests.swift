import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

/// Spotlights as drawn: the dim layer, its cut-outs and the notes, in PNG, PDF and SVG.
@Suite struct SpotlightRenderTests {
  init() { TestEnvironment.prepare() }

  /// Entries 4 and 5 (Sam's two messages about the deposit) with a note.
  let request = Highlights(highlights: [
    .init(selector: .entries(4...5), note: "Two weeks were agreed on the phone")
  ])

  func renderer(_ format: OutputFormat, scale: Double = 1, _ highlights: Highlights?) throws -> ChatRenderer {
    var options = ExportOptions(format: format, scale: scale, timeZone: TimeZone(identifier: "UTC")!)
    options.highlights = highlights
    return try ChatRenderer(theme: .default, options: options)
  }

  /// The first page as `renderer` lays it out.
  func firstPage(_ renderer: ChatRenderer, _ chat: Transcript) throws -> LaidOutPage {
    var pages = try renderer.pages(of: chat)
    let first = pages.next()
    return try #require(first)
  }

  /// `layer` laid over `base` (source over).
  func blend(_ base: ChatRender.Color, _ layer: ChatRender.Color) -> ChatRender.Color {
    func mix(_ a: Double, _ b: Double) -> Double { a * (1 - layer.alpha) + b * layer.alpha }
    return ChatRender.Color(
      red: mix(base.red, layer.red), green: mix(base.green, layer.green), blue: mix(base.blue, layer.blue))
  }

  struct Parts {
    var dim: DimItem
    var chosen: [BubbleItem]
    var others: [BubbleItem]
    var note: BubbleItem
    var noteText: TextBlock
  }

  func parts(of page: LaidOutPage) throws -> Parts {
    var dims: [DimItem] = []
    var bubbles: [BubbleItem] = []
    var texts: [TextBlock] = []
    for item in page.items {
      switch item {
      case .dim(let dim): dims.append(dim)
      case .bubble(let bubble): bubbles.append(bubble)
      case .text(let text): texts.append(text)
      default: break
      }
    }
    #expect(dims.count == 1)
    let note = try #require(bubbles.first { $0.role == .note })
    return Parts(
      dim: try #require(dims.first),
      chosen: bubbles.filter { [3, 4].contains($0.messageIndex) },
      others: bubbles.filter { $0.role != .note && ![3, 4].contains($0.messageIndex) },
      note: note, noteText: try #require(texts.last))
  }

  @Test("outside dimmed, inside the cut-out unchanged, the note's tip on the cut-out's edge", arguments: [1.0, 2.0])
  func pixels(scale: Double) throws {
    let chat = try SampleChats.parse(SampleChats.contract)
    let renderer = try renderer(.png, scale: scale, request)
    let pixels = try PixelBuffer(png: try #require(try renderer.render(chat).first))
    let page = try firstPage(renderer, chat)
    let parts = try parts(of: page)
    func at(_ x: Double, _ y: Double) -> PixelBuffer.RGBA { pixels[(x * scale, y * scale)] }
    let theme = Theme.default
    let layer = theme.spotlight.layerColor
    #expect(pixels.width == Int(page.size.width * scale) && pixels.height == Int(page.size.height * scale))

    // Outside: the background and other bubbles under the layer.
    #expect(at(3, 3).matches(blend(theme.canvas.background, layer), tolerance: 3), "\(at(3, 3))")
    for bubble in parts.others where bubble.messageIndex != nil {
      let body = bubble.shape.body
      #expect(at(body.minX + 4, body.midY).matches(blend(bubble.fill, layer), tolerance: 3), "m\(bubble.messageIndex!)")
    }
    // Inside: the chosen bubbles and the margin around them as they were.
    #expect(parts.chosen.count == 2)
    for bubble in parts.chosen {
      let body = bubble.shape.body
      #expect(
        at(body.minX + 4, body.midY).matches(bubble.fill), "m\(bubble.messageIndex!) \(at(body.minX + 4, body.midY))")
    }
    let cutout = parts.dim.cutouts.bounds
    let margin = theme.spotlight.margin
    let wide = parts.chosen[0].shape.frame
    #expect(cutout.minX == wide.minX - margin)
    #expect(at(cutout.minX + margin / 2, wide.midY).matches(theme.canvas.background))
    // Past the ring around the cut-out, dimmed.
    let ring = theme.spotlight.ring?.width ?? 0
    #expect(at(cutout.minX - ring - 2, wide.midY).matches(blend(theme.canvas.background, layer), tolerance: 3))

    // The note: below the pair, its arrow's tip on the cut-out's bottom edge, over the last bubble.
    let tip = try #require(parts.note.shape.placedArrow?.tip)
    let last = parts.chosen[1].shape.frame
    #expect(parts.note.shape.arrow?.side == .top)
    #expect(abs(tip.y - cutout.maxY) < 0.001)
    #expect(tip.x > last.minX && tip.x < last.maxX)
    #expect(at(tip.x, tip.y + theme.note.arrowHeight * 0.7).matches(theme.note.fill, tolerance: 40))
    // Above the tip, inside the cut-out: undimmed, but for a trace of the note's soft shadow.
    #expect(at(tip.x, tip.y - margin / 2).matches(theme.canvas.background, tolerance: 12))
    #expect(at(parts.note.shape.body.minX + 3, parts.note.shape.body.midY).matches(theme.note.fill, tolerance: 3))
    // Inside the canvas, its text inside it, and off every chosen bubble.
    let frame = parts.note.shape.frame
    #expect(frame.minX >= 0 && frame.maxX <= page.size.width && frame.minY >= 0 && frame.maxY <= page.size.height)
    let body = parts.note.shape.body
    let text = parts.noteText.frame
    #expect(parts.noteText.text.text == "Two weeks were agreed on the phone")
    #expect(text.minX >= body.minX && text.maxX <= body.maxX && text.minY >= body.minY && text.maxY <= body.maxY)
    for bubble in parts.chosen { #expect(!SpotlightCutouts.overlap(bubble.shape.frame, frame)) }
  }

  @Test("the note goes under the last message of the chat, the page growing to hold it")
  func noteUnderLast() throws {
    let chat = try SampleChats.parse(SampleChats.contract)
    let plain = try firstPage(try renderer(.png, nil), chat)
    let request = Highlights(highlights: [.init(selector: .entries(9...9), note: "Signed on Monday")])
    let page = try firstPage(try renderer(.png, request), chat)
    #expect(page.size.height > plain.size.height)
    let note = try #require(
      page.items.lazy.compactMap { item -> BubbleItem? in
        if case .bubble(let bubble) = item, bubble.role == .note { return bubble } else { return nil }
      }.first)
    #expect(note.shape.arrow?.side == .top)
    #expect(note.shape.frame.maxY + Spotlight.pageEdgeRoom <= page.size.height)
  }

  @Test("a message cut across pages: its note appears once, under its end, off every chosen bubble")
  func noteOnCutMessage() throws {
    let long = (1...60).map { "line \($0) of the long message" }.joined(separator: "\n  ")
    let chat = try TestTranscripts.chat("[2025-03-01 10:00] < \(long)\n[2025-03-01 10:01] > ok\n")
    var options = ExportOptions(format: .png, timeZone: TimeZone(identifier: "UTC")!, pageHeight: 400)
    options.highlights = Highlights(highlights: [.init(selector: .entries(1...1), note: "Read this one")])
    var iterator = try ChatRenderer(theme: .default, options: options).pages(of: chat)
    var pages: [LaidOutPage] = []
    while let page = iterator.next() { pages.append(page) }
    func bubbles(_ page: LaidOutPage) -> [BubbleItem] {
      page.items.compactMap { if case .bubble(let bubble) = $0 { bubble } else { nil } }
    }
    let showing = pages.indices.filter { bubbles(pages[$0]).contains { $0.messageIndex == 0 } }
    #expect(showing.count > 2)
    let withNote = pages.indices.filter { bubbles(pages[$0]).contains { $0.role == .note } }
    #expect(withNote == [try #require(showing.last)])
    let page = pages[try #require(withNote.first)]
    let note = try #require(bubbles(page).first { $0.role == .note })
    #expect(note.shape.arrow?.side == .top)
    #expect(note.shape.frame.minY >= 0 && note.shape.frame.maxY <= page.size.height)
    for bubble in bubbles(page) where bubble.messageIndex == 0 {
      #expect(!SpotlightCutouts.overlap(bubble.shape.frame, note.shape.frame))
    }
  }

  @Test("on paper, a note that would run into the footer's band goes above its message")
  func noteOffFooter() throws {
    let theme = Theme.default
    let paper = PaperLayout(theme: theme)
    let noteHeight = FixedAdvanceMeasurer().lineHeight + theme.note.padding.vertical + theme.note.arrowHeight
    // Room below down to the page's edge for the note, but not above the footer's band.
    let bottom = paper.pageHeight - Spotlight.pageEdgeRoom - theme.spotlight.margin - noteHeight - 1
    let frame = Rect(x: 40, y: bottom - 60, width: 200, height: 60)
    let page = LaidOutPage(
      size: Size(width: paper.columnWidth, height: paper.pageHeight), background: .white,
      items: [
        .bubble(
          BubbleItem(shape: BubbleShape(frame: frame, radius: 10), fill: .white, messageIndex: 0, role: .received))
      ],
      sheet: paper.sheet)
    var spotlight = Spotlight(
      theme: theme, measurer: FixedAdvanceMeasurer(),
      selection: SpotlightSelection(targets: [.init(messageIndexes: [0], note: "Mind the footer")]), pagination: .paper)
    let lit = spotlight.apply(to: page)
    let note = try #require(
      lit.items.lazy.compactMap { item -> BubbleItem? in
        if case .bubble(let bubble) = item, bubble.role == .note { return bubble } else { return nil }
      }.first)
    #expect(note.shape.arrow?.side == .bottom)
    #expect(note.shape.frame.maxY <= frame.minY)
    #expect(note.shape.frame.minY >= paper.headerBand)
  }

  @Test("a cropped single message grows its image to make room for the note")
  func pageGrows() throws {
    let chat = try SampleChats.parse(SampleChats.contract)
    let request = Highlights(highlights: [.init(selector: .entries(9...9), note: "Signed")], cropContext: 0)
    let page = try firstPage(try renderer(.png, request), chat)
    let parts = page.items.compactMap { item -> BubbleItem? in
      if case .bubble(let bubble) = item { return bubble } else { return nil }
    }
    let note = try #require(parts.first { $0.role == .note })
    #expect(note.shape.arrow?.side == .top)
    #expect(note.shape.frame.maxY + Spotlight.pageEdgeRoom <= page.size.height)
  }

  @Test("PDF: the whole sheet is dimmed, the chosen bubbles are not")
  func pdf() throws {
    let chat = try SampleChats.parse(SampleChats.contract)
    let renderer = try renderer(.pdf, request)
    let page = try firstPage(renderer, chat)
    let sheet = try #require(page.sheet)
    let dim = try parts(of: page).dim
    #expect(abs(dim.area.minX * sheet.contentScale + sheet.contentOrigin.x) < 1e-6)
    #expect(abs(dim.area.maxY * sheet.contentScale + sheet.contentOrigin.y - sheet.size.height) < 1e-6)
    let bytes = try #require(try renderer.render(chat).first)
    let image = try PopplerTools.firstPage(ofPDF: bytes, dpi: 72)
    let layer = Theme.default.spotlight.layerColor
    #expect(image[2, 2].matches(blend(.white, layer), tolerance: 4), "\(image[2, 2])")
    let bubble = try parts(of: page).chosen[0]
    let point = Point(
      x: (bubble.shape.body.minX + 4) * sheet.contentScale + sheet.contentOrigin.x,
      y: bubble.shape.body.midY * sheet.contentScale + sheet.contentOrigin.y)
    #expect(image[Int(point.x), Int(point.y)].matches(bubble.fill, tolerance: 4))
  }

  @Test("SVG: the dim layer is one even-odd path in the layer's colour")
  func svg() throws {
    let chat = try SampleChats.parse(SampleChats.contract)
    let svg = String(decoding: try #require(try renderer(.svg, request).render(chat).first), as: UTF8.self)
    #expect(svg.contains("fill-rule:evenodd"))
    #expect(svg.contains("fill-opacity:0.45"))
  }
}
