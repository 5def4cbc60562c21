import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

/// A spotlight reads as an annotation in every built-in theme: a ring that stands out from
/// the dimmed page around each cut-out, and a note no message bubble of the theme looks like.
@Suite struct AnnotationLookTests {
  init() { TestEnvironment.prepare() }

  /// How far apart two opaque colours are: the distance in RGB, 0 … √3.
  static func distance(_ a: ChatRender.Color, _ b: ChatRender.Color) -> Double {
    let (dr, dg, db) = (a.red - b.red, a.green - b.green, a.blue - b.blue)
    return (dr * dr + dg * dg + db * db).squareRoot()
  }

  @Test("every built-in theme rings its cut-outs 3:1 against the dimmed page", arguments: ThemeLoader.builtinNames)
  func ringContrastsWithTheDimLayer(name: String) throws {
    let theme = try #require(ThemeLoader.builtin(named: name))
    let ring = try #require(theme.spotlight.ring, "\(name) has no ring")
    #expect(ring.width >= 1.5, "\(name)")
    let dimmed = theme.spotlight.layerColor.composited(over: theme.canvas.background)
    let contrast = ring.color.composited(over: dimmed).contrastRatio(with: dimmed)
    #expect(contrast >= 3, "\(name): ring \(ring.color) on \(dimmed) is \(contrast):1")
  }

  @Test(
    "every built-in theme's note has a fill no bubble has, and a visible border", arguments: ThemeLoader.builtinNames)
  func noteIsNoBubble(name: String) throws {
    let theme = try #require(ThemeLoader.builtin(named: name))
    let background = theme.canvas.background
    let note = theme.note.fill.composited(over: background)
    let fills = [theme.me.fill, theme.them.fill, theme.system.fill] + [theme.me.smsFill].compactMap { $0 }
    for fill in fills where fill.alpha > 0.05 {
      let distance = Self.distance(note, fill.composited(over: background))
      #expect(distance >= 0.15, "\(name): note \(theme.note.fill) is \(distance) from bubble \(fill)")
    }
    let border = try #require(theme.note.border, "\(name)'s note has no border")
    #expect(border.width >= 1, "\(name)")
    let contrast = border.color.composited(over: note).contrastRatio(with: note)
    #expect(contrast >= 3, "\(name): note border \(border.color) on \(note) is \(contrast):1")
  }

  @Test("whatsapp-dark draws the ring just outside the cut-out and the note's border", arguments: [1.0, 2.0])
  func ringAndBorderAreDrawn(scale: Double) throws {
    let chat = try SampleChats.parse(SampleChats.contract)
    var options = ExportOptions(format: .png, scale: scale, timeZone: TimeZone(identifier: "UTC")!)
    options.highlights = Highlights(highlights: [.init(selector: .entries(4...5), note: "Two weeks")])
    let theme = Theme.whatsappDark
    let renderer = try ChatRenderer(theme: theme, options: options)
    let pixels = try PixelBuffer(png: try #require(try renderer.render(chat).first))
    var pages = try renderer.pages(of: chat)
    let first = pages.next()
    let page = try #require(first)
    let dim = try #require(page.items.lazy.compactMap { if case .dim(let dim) = $0 { dim } else { nil } }.first)
    let note = try #require(
      page.items.lazy.compactMap { item -> BubbleItem? in
        if case .bubble(let bubble) = item, bubble.role == .note { bubble } else { nil }
      }.first)
    func at(_ x: Double, _ y: Double) -> PixelBuffer.RGBA { pixels[(x * scale, y * scale)] }
    let ring = try #require(theme.spotlight.ring)
    let cutout = dim.cutouts.bounds
    let inRing = at(cutout.minX - ring.width / 2, cutout.midY)
    #expect(inRing.matches(ring.color, tolerance: 24), "\(inRing)")
    let border = try #require(theme.note.border)
    let body = note.shape.body
    let onBorder = at(body.minX + border.width / 2, body.midY)
    #expect(onBorder.matches(border.color, tolerance: 40), "\(onBorder)")
    #expect(at(body.minX + 6, body.midY).matches(theme.note.fill, tolerance: 3))
  }
}
