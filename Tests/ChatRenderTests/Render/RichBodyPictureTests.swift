import CCairo
import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

/// Formatted bodies drawn by cairo and Pango: the code box's tint, a monospace font in the
/// PDF. With CHATRENDER_LOOK_DIR set, the pictures are kept there to look at.
@Suite struct RichBodyPictureTests {
  init() { TestEnvironment.prepare() }

  static let bubbleFill = Color(rgb: 0xDCF8C6)
  static let markdown = """
    ## Plan for **Lisbon** 🇵🇹
    Try *pastel de nata*, `bifana` and ~~fast food~~. See [the guide](https://example.org).

    1. Tram 28 — 早上好 before 9 am
    2. Miradouro da Senhora do Monte
       - sunset 🌅
    > مرحبا بك في لشبونة — **welcome**

    ```python
    def total(prices):
        return sum(p for p in prices if p > 0)  # a long line that has to wrap in the box
    ```

    | Dish | Price | 评价 |
    |:--|--:|:-:|
    | Bacalhau | 14 € | 很好 |
    | Caldo verde | 6 € | 😋 |

    ---
    The end.
    """

  struct Drawn {
    var body: RichBody
    var page: LaidOutPage
    var origin: Point
  }

  /// The body inside a bubble-coloured page with 12 pt around it.
  func draw(
    _ markdown: String, width: Double = 360, formatting: FormattingStyle = .standard,
    spans extraSpans: [TextSpan] = [], render: (LaidOutPage, TextEngine) throws -> Void
  ) throws -> Drawn {
    let (text, spans) = MarkdownReader.read(markdown)
    let style = RichBodyStyle(
      font: FontSpec(families: ["Noto Sans"], size: 15), text: Color(rgb: 0x111B21),
      formatting: formatting)
    return try draw(text, spans: spans + extraSpans, style: style, fill: Self.bubbleFill, width: width, render: render)
  }

  func draw(
    _ text: String, spans: [TextSpan], style: RichBodyStyle, fill: Color, width: Double,
    render: (LaidOutPage, TextEngine) throws -> Void
  ) throws -> Drawn {
    let measurer = TextEngine()
    let body = RichBodyLayout(measurer: measurer, style: style).layout(text: text, spans: spans, maxWidth: width)
    let origin = Point(x: 12, y: 12)
    let page = LaidOutPage(
      size: Size(width: body.size.width + 24, height: body.size.height + 24), background: fill,
      items: body.offsetBy(dx: origin.x, dy: origin.y))
    try render(page, measurer)
    return Drawn(body: body, page: page, origin: origin)
  }

  func png(
    _ name: String, _ markdown: String, scale: Double = 2, formatting: FormattingStyle = .standard,
    spans: [TextSpan] = []
  ) throws
    -> (PixelBuffer, Drawn)
  {
    try png(name, scale: scale) { try draw(markdown, formatting: formatting, spans: spans, render: $0) }
  }

  func png(
    _ name: String, scale: Double = 2,
    drawing: ((LaidOutPage, TextEngine) throws -> Void) throws -> Drawn
  ) throws -> (PixelBuffer, Drawn) {
    let path = Self.outputPath(name + ".png")
    let drawn = try drawing { page, measurer in
      let surface = try ImageSurface(
        format: CAIRO_FORMAT_RGB24, width: Int32((page.size.width * scale).rounded(.up)),
        height: Int32((page.size.height * scale).rounded(.up)))
      try CairoPainter.withContext(surface.raw) { cairo in
        cairo_scale(cairo, scale, scale)
        PagePainter().draw(page, on: CairoCanvas(cairo: cairo, engine: measurer))
      }
      #expect(cairo_surface_write_to_png(surface.raw, path) == CAIRO_STATUS_SUCCESS)
    }
    let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
    return (try PixelBuffer(png: bytes), drawn)
  }

  /// `markdown` drawn as a vector PDF page at `outputPath(name)`; the file's path.
  func pdf(_ name: String, _ markdown: String, spans: [TextSpan] = []) throws -> String {
    let path = Self.outputPath(name)
    _ = try draw(markdown, spans: spans) { page, measurer in
      let surface = try #require(cairo_pdf_surface_create(path, page.size.width, page.size.height))
      let cairo = try #require(cairo_create(surface))
      PagePainter().draw(page, on: CairoCanvas(cairo: cairo, engine: measurer, isVector: true))
      cairo_destroy(cairo)
      cairo_surface_finish(surface)
      cairo_surface_destroy(surface)
    }
    return path
  }

  static func outputPath(_ name: String) -> String {
    let directory = ProcessInfo.processInfo.environment["CHATRENDER_LOOK_DIR"] ?? NSTemporaryDirectory()
    return (directory as NSString).appendingPathComponent("richbody-" + name)
  }

  @Test("a code block's box shows the theme's tint over the bubble")
  func codeBoxTint() throws {
    let (pixels, drawn) = try png("sample", Self.markdown)
    let codeBox = try #require(
      drawn.body.items.compactMap { item -> BoxItem? in
        if case .box(let box) = item, box.fill == FormattingStyle.standard.codeBackground, box.radius > 0 { return box }
        return nil
      }.first)
    let probe = pixels[((codeBox.frame.minX + drawn.origin.x + 3) * 2, (codeBox.frame.midY + drawn.origin.y) * 2)]
    #expect(probe.matches(FormattingStyle.standard.codeBackground.composited(over: Self.bubbleFill)))
    #expect(pixels[(4, 4)].matches(Self.bubbleFill))
  }

  @Test("the ChatGPT sample's answer: code, a list and a table, in WhatsApp's dark theme")
  func chatGPTSample() throws {
    let input = try ImportInput.open(BuiltinThemeTests.repository + "/Samples/chatgpt-dinner-bill.json")
    let chat = try ImportFixtures.read(input).0
    let answer = try #require(chat.messages.first { $0.id == "m2" })
    let theme = Theme.whatsappDark
    let style = RichBodyStyle(theme: theme, side: .received)
    let (pixels, drawn) = try png("chatgpt-sample") { render in
      try draw(answer.text, spans: answer.extras.spans, style: style, fill: theme.them.fill, width: 340, render: render)
    }
    let texts = drawn.body.items.compactMap { if case .text(let text) = $0 { return text } else { return nil } }
    #expect(
      texts.contains {
        $0.text.font.families == theme.formatting.codeFamilies && $0.text.text.hasPrefix("def split_bill")
      })
    #expect(texts.contains { $0.text.text == "سارة" } && texts.contains { $0.text.text == "27.83 €" })
    #expect(texts.contains { $0.text.text == "◦" })
    #expect(drawn.body.links.map(\.url) == ["https://docs.python.org/3/tutorial/datastructures.html"])
    #expect(pixels[(4, 4)].matches(theme.them.fill))
  }

  @Test("a link that would vanish into its bubble takes the bubble's text colour")
  func linksStandOutFromTheirBubble() {
    let sent = RichBodyStyle(theme: .imessage, side: .sent)
    #expect(sent.formatting.link == Theme.imessage.me.textColor)
    let received = RichBodyStyle(theme: .imessage, side: .received)
    #expect(received.formatting.link == Theme.imessage.formatting.link)
  }

  @Test("themes may show spoilers or hide them")
  func spoilers() throws {
    var hidden = FormattingStyle.standard
    hidden.spoilerFill = Color(rgb: 0x202020)
    let (pixels, drawn) = try png(
      "spoiler", "secret words", formatting: hidden, spans: [TextSpan(start: 0, length: 12, style: .spoiler)])
    let text = try #require(
      drawn.body.items.first.flatMap { if case .text(let t) = $0 { return t } else { return nil } })
    // The middle of the words is the bar's colour, not the bubble's.
    let middle = pixels[((text.frame.midX + drawn.origin.x) * 2, (text.frame.midY + drawn.origin.y) * 2)]
    #expect(middle.matches(hidden.spoilerFill, tolerance: 8))
  }

  @Test("a PDF sets code in a monospace font (pdffonts)")
  func pdfUsesMonospaceForCode() throws {
    let path = try pdf("sample.pdf", Self.markdown)
    let fonts = try PopplerTools.run("/usr/bin/pdffonts", [path])
    #expect(fonts.contains("DejaVuSansMono"), "\(fonts)")
    let text = try PopplerTools.run("/usr/bin/pdftotext", [path, "-"])
    for words in ["Lisbon", "def total(prices):", "Bacalhau", "Price", "sunset", "bifana"] {
      #expect(text.contains(words), "\(words) missing from \(text)")
    }
  }

  /// Emoji, Korean and Arabic under one hidden spoiler, a word on either side.
  static let hiddenEmoji = "see 👻🎉 비밀 سر 🔥 end"
  static let hiddenSpan = TextSpan(start: 4, length: 10, style: .spoiler)

  @Test("a hidden spoiler's box shows no emoji colour, at 1x and 2x")
  func hiddenSpoilerHidesEmoji() throws {
    var hidden = FormattingStyle.standard
    hidden.spoilerFill = Color(rgb: 0x808080)
    for scale in [1.0, 2.0] {
      let (pixels, drawn) = try png(
        "spoiler-emoji-\(Int(scale))x", Self.hiddenEmoji, scale: scale, formatting: hidden, spans: [Self.hiddenSpan])
      let text = try #require(
        drawn.body.items.first.flatMap { if case .text(let t) = $0 { return t } else { return nil } })
      // The box runs from after "see " to before " end": probe its middle 60 %, every pixel.
      let left = text.frame.minX + text.frame.width * 0.3
      let right = text.frame.minX + text.frame.width * 0.7
      var stray: [PixelBuffer.RGBA] = []
      for x in stride(from: left, to: right, by: 0.5) {
        for y in stride(from: text.frame.midY - 3, through: text.frame.midY + 3, by: 0.5) {
          let pixel = pixels[((x + drawn.origin.x) * scale, (y + drawn.origin.y) * scale)]
          if !pixel.matches(hidden.spoilerFill, tolerance: 6) { stray.append(pixel) }
        }
      }
      #expect(stray.isEmpty, "\(stray.count) pixels not the spoiler's fill at \(scale)x, e.g. \(stray.prefix(3))")
    }
  }

  @Test("a hidden spoiler keeps its measured width and lines")
  func hiddenSpoilerKeepsItsWidth() {
    let engine = TextEngine()
    let font = FontSpec(families: ["Noto Sans"], size: 15)
    let bytes = Self.hiddenEmoji.utf8.count
    let plain = engine.measure(StyledText(Self.hiddenEmoji, font: font), maxWidth: 400)
    let hidden = engine.measure(
      StyledText(Self.hiddenEmoji, font: font, runs: [TextRun(range: 4..<(bytes - 4), style: .hidden)]),
      maxWidth: 400)
    #expect(abs(plain.size.width - hidden.size.width) < 0.5, "\(plain.size) vs \(hidden.size)")
    #expect(plain.lineBottoms == hidden.lineBottoms)
    // Wrapped narrow, it breaks where the words would.
    let narrowPlain = engine.measure(StyledText(Self.hiddenEmoji, font: font), maxWidth: 70)
    let narrowHidden = engine.measure(
      StyledText(Self.hiddenEmoji, font: font, runs: [TextRun(range: 4..<(bytes - 4), style: .hidden)]),
      maxWidth: 70)
    #expect(narrowPlain.lineStarts == narrowHidden.lineStarts)
  }

  @Test("a hidden spoiler's words and emoji are not in the PDF's text (pdftotext)")
  func hiddenSpoilerLeavesNoText() throws {
    let path = try pdf("spoiler.pdf", Self.hiddenEmoji, spans: [Self.hiddenSpan])
    let text = try PopplerTools.run("/usr/bin/pdftotext", [path, "-"])
    #expect(text.contains("see") && text.contains("end"), "\(text)")
    for secret in ["👻", "🎉", "비밀", "سر", "🔥"] { #expect(!text.contains(secret), "\(secret) in \(text)") }
  }
}
