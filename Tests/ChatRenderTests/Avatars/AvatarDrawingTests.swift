import Foundation
import Testing

@_spi(Pages) @testable import ChatRender

/// A person's own picture in place of their initials (issue 37): covering the theme's avatar
/// shape, clipped to it, in PNG, SVG and both PDF writers; initials and one warning when its
/// file cannot be drawn; never under `--redact`.
@Suite struct AvatarDrawingTests {
  init() { TestEnvironment.prepare() }

  typealias F = AvatarFixtures
  static let utc = TimeZone(identifier: "UTC")!
  static let discord = BuiltinThemes.named("discord")
  static let kakaotalk = BuiltinThemes.named("kakaotalk")

  func layout(_ transcript: Transcript, theme: Theme, measurer: any TextMeasurer = FixedAdvanceMeasurer())
    -> [LaidOutPage]
  {
    ConversationLayout(theme: theme, measurer: measurer, options: LayoutOptions(timeZone: Self.utc))
      .layout(transcript).pages
  }

  func png(_ transcript: Transcript, theme: Theme, scale: Double) throws -> (PixelBuffer, ChatRenderer) {
    let renderer = try ChatRenderer(
      theme: theme, options: ExportOptions(format: .png, scale: scale, timeZone: Self.utc))
    return (try PixelBuffer(png: try #require(try renderer.render(transcript).first)), renderer)
  }

  /// Ana's first avatar as drawn: laid out with the text engine, as the renderer does.
  func anasAvatar(_ transcript: Transcript, theme: Theme) throws -> AvatarItem {
    let pages = layout(transcript, theme: theme, measurer: TextEngine(keepsLayouts: false))
    return try #require(F.avatars(pages).first { $0.initials.text.text == "AL" })
  }

  @Test("an avatar with a readable file carries its picture, covering the shape; one without keeps initials")
  func layoutCarriesThePicture() throws {
    let avatars = F.avatars(layout(try F.chat(), theme: Self.discord))
    let byInitials = Dictionary(grouping: avatars, by: \.initials.text.text)
    #expect(Set(byInitials.keys) == ["AL", "BO", "CP", "S"], "\(byInitials.keys)")
    for avatar in byInitials["AL"]! + byInitials["BO"]! {
      let picture = try #require(avatar.picture)
      #expect(picture.frame == avatar.frame && picture.radius == avatar.shape.radius && picture.covers)
    }
    #expect(byInitials["AL"]?.first?.picture?.pixelSize == PixelSize(width: 96, height: 96))
    #expect(byInitials["CP"]!.allSatisfy { $0.picture == nil })
  }

  @Test("the picture fills the circle and not its corners, cropped to its middle, at 1x and 2x", arguments: [1.0, 2.0])
  func pixelsInsideTheCircle(scale: Double) throws {
    let transcript = try F.chat()
    let (image, _) = try png(transcript, theme: Self.discord, scale: scale)
    let pages = layout(transcript, theme: Self.discord, measurer: TextEngine(keepsLayouts: false))
    let ana = try #require(F.avatars(pages).first { $0.initials.text.text == "AL" }).frame
    let ben = try #require(F.avatars(pages).first { $0.initials.text.text == "BO" }).frame
    func pixel(_ frame: Rect, _ x: Double, _ y: Double) -> PixelBuffer.RGBA {
      image[(scale * (frame.minX + x * frame.width), scale * (frame.minY + y * frame.height))]
    }
    for (x, y) in [(0.5, 0.5), (0.5, 0.1), (0.1, 0.5), (0.85, 0.5), (0.5, 0.9)] {
      #expect(pixel(ana, x, y).matches(F.magenta, tolerance: 6), "Ana at \(x), \(y): \(pixel(ana, x, y))")
    }
    for (x, y) in [(0.03, 0.03), (0.97, 0.03), (0.03, 0.97), (0.97, 0.97)] {
      #expect(pixel(ana, x, y).matches(Self.discord.canvas.background, tolerance: 6), "corner \(x), \(y)")
    }
    // Ben's 3:2 picture covers the circle with its middle: teal, and none of its red bands.
    #expect(pixel(ben, 0.5, 0.5).matches(F.teal, tolerance: 12), "\(pixel(ben, 0.5, 0.5))")
    for x in stride(from: 0.04, through: 0.96, by: 0.04) {
      #expect(!pixel(ben, x, 0.5).matches(F.red, tolerance: 60), "red at \(x): \(pixel(ben, x, 0.5))")
    }
  }

  @Test("a rounded-square theme clips the picture to its rounded square")
  func pixelsInsideTheRoundedSquare() throws {
    let transcript = try F.chat()
    let (image, _) = try png(transcript, theme: Self.kakaotalk, scale: 2)
    let ana = try anasAvatar(transcript, theme: Self.kakaotalk)
    #expect(ana.shape.radius < ana.frame.width / 2, "KakaoTalk's avatars are rounded squares")
    func pixel(_ x: Double, _ y: Double) -> PixelBuffer.RGBA {
      image[(2 * (ana.frame.minX + x * ana.frame.width), 2 * (ana.frame.minY + y * ana.frame.height))]
    }
    // Beside the middle of each edge (a circle would leave 0.15, 0.15 out too, a square not).
    for (x, y) in [(0.5, 0.5), (0.03, 0.5), (0.97, 0.5), (0.5, 0.03), (0.18, 0.18)] {
      #expect(pixel(x, y).matches(F.magenta, tolerance: 6), "at \(x), \(y): \(pixel(x, y))")
    }
    #expect(!pixel(0.02, 0.02).matches(F.magenta, tolerance: 40), "the corner is cut: \(pixel(0.02, 0.02))")
  }

  @Test("a missing file: initials, and one warning naming it however often its person speaks")
  func missingFileIsInitialsAndOneWarning() throws {
    let transcript = try F.chat(ana: "/nonexistent/ana.png")
    let avatars = F.avatars(layout(transcript, theme: Self.discord))
    #expect(avatars.filter { $0.initials.text.text == "AL" }.allSatisfy { $0.picture == nil })
    let (image, renderer) = try png(transcript, theme: Self.discord, scale: 1)
    let warnings = renderer.takeWarnings().map(\.message).filter { $0.contains("ana.png") }
    #expect(warnings.count == 1, "\(warnings)")
    #expect(warnings.first?.contains("avatar '/nonexistent/ana.png' is drawn as initials") == true, "\(warnings)")
    let ana = try anasAvatar(transcript, theme: Self.discord)
    #expect(image[(ana.frame.midX, ana.frame.minY + 0.12 * ana.frame.height)].matches(ana.fill, tolerance: 6))
  }

  @Test(
    "a file that reads but does not decode: its fill and initials, and one warning",
    arguments: [OutputFormat.png, .pdf])
  func brokenFileIsInitialsAndOneWarning(format: OutputFormat) throws {
    let transcript = try F.chat(ana: F.path("broken.png"))
    #expect(F.avatars(layout(transcript, theme: Self.discord)).first?.picture != nil, "its header reads")
    var options = ExportOptions(format: format, timeZone: Self.utc)
    options.pdfEngine = .own
    let renderer = try ChatRenderer(theme: Self.discord, options: options)
    let output = try #require(try renderer.render(transcript).first)
    let warnings = renderer.takeWarnings().map(\.message).filter { $0.contains("broken.png") }
    #expect(warnings.count == 1, "\(warnings)")
    #expect(warnings.first?.contains("is drawn as initials") == true, "\(warnings)")
    guard format == .png else { return }
    let image = try PixelBuffer(png: output)
    let ana = try anasAvatar(transcript, theme: Self.discord)
    #expect(image[(ana.frame.midX, ana.frame.minY + 0.12 * ana.frame.height)].matches(ana.fill, tolerance: 6))
  }

  @Test("a spotlight on a message shows its author's picture whole and dims the others'")
  func spotlightCutsThePictureOut() throws {
    var options = ExportOptions(format: .png, timeZone: Self.utc)
    options.highlights = Highlights(highlights: [.init(selector: .entries(1...1))])
    let renderer = try ChatRenderer(theme: Self.discord, options: options)
    let transcript = try F.chat()
    var pages = try renderer.pages(of: transcript)
    let first = pages.next()
    let page = try #require(first)
    let anas = F.avatars([page]).filter { $0.initials.text.text == "AL" }
    let lit = try #require(anas.first { $0.initials.messageIndex == 0 })
    let dimmed = try #require(anas.first { $0.initials.messageIndex == 4 })
    let image = try PixelBuffer(png: try #require(try renderer.render(transcript).first))
    #expect(image[(lit.frame.midX, lit.frame.midY)].matches(F.magenta, tolerance: 6))
    #expect(!image[(dimmed.frame.midX, dimmed.frame.midY)].matches(F.magenta, tolerance: 12))
  }

  @Test("--redact draws no face: the alias's initials instead")
  func redactionDrawsNoAvatar() throws {
    let redacted = TranscriptFilter(redact: true, timeZone: Self.utc).apply(to: try F.chat())
    #expect(redacted.participants.allSatisfy { $0.avatar == nil })
    let avatars = F.avatars(layout(redacted, theme: Self.discord))
    #expect(!avatars.isEmpty && avatars.allSatisfy { $0.picture == nil })
    #expect(avatars.contains { $0.initials.text.text == "PA" }, "\(avatars.map(\.initials.text.text))")
    let (image, _) = try png(redacted, theme: Self.discord, scale: 1)
    let first = avatars[0].frame
    #expect(!image[(first.midX, first.minY + 0.12 * first.height)].matches(F.magenta, tolerance: 30))
  }

  @Test("our own PDF writes each avatar once, pixels at most 256 a side, drawn in its circle")
  func ownPDFWritesEachAvatarOnce() throws {
    var options = ExportOptions(format: .pdf, timeZone: Self.utc)
    options.pdfEngine = .own
    try expectEachAvatarOnce(options)
  }

  @Test("cairo's PDF holds each avatar once too")
  func cairoPDFWritesEachAvatarOnce() throws {
    try expectEachAvatarOnce(ExportOptions(format: .pdf, timeZone: Self.utc))
  }

  /// Two pictures for six avatars drawn (Ana's and Ben's, twice each... and on the page as
  /// magenta and teal, with no red from Ben's cropped bands).
  func expectEachAvatarOnce(_ options: ExportOptions) throws {
    let renderer = try ChatRenderer(theme: Self.discord, options: options)
    let pdf = try #require(try renderer.render(try F.chat()).first)
    let (listing, rows) = try PopplerTools.images(inPDF: pdf)
    // page num type width height …: one image object per picture, used where it is drawn.
    let objects = Set(rows.filter { $0.count > 10 && $0[2] == "image" }.map { $0[10] })
    #expect(objects.count == 2, "\(listing)")
    for row in rows where row.count > 4 && row[2] == "image" {
      #expect((Int(row[3]) ?? 0) <= 256 && (Int(row[4]) ?? 0) <= 256, "\(row)")
    }
    let page = try PopplerTools.firstPage(ofPDF: pdf, dpi: 96)
    let all = (0..<page.width)
    #expect(page.share(notMatching: F.magenta, x: all, y: 0..<page.height) < 1, "magenta is drawn")
    var reds = 0
    var magentas = 0
    for y in 0..<page.height {
      for x in all {
        if page[x, y].matches(F.red, tolerance: 40) { reds += 1 }
        if page[x, y].matches(F.magenta, tolerance: 8) { magentas += 1 }
      }
    }
    #expect(magentas > 100, "Ana's avatar, \(magentas) pixels")
    #expect(reds == 0, "Ben's red bands are cropped off")
  }

  @Test("an SVG embeds the avatar's picture, clipped")
  func svgEmbedsThePicture() throws {
    let renderer = try ChatRenderer(theme: Self.discord, options: ExportOptions(format: .svg, timeZone: Self.utc))
    let svg = String(decoding: try #require(try renderer.render(try F.chat()).first), as: UTF8.self)
    #expect(svg.contains("<image"))
    #expect(svg.contains("clip-path") || svg.contains("<clipPath"))
  }

  @Test("avatars are read up front in the participants' order, only those drawn: warnings in order on any thread")
  func avatarsAreReadInParticipantOrder() throws {
    var transcript = try F.chat(ana: "/nonexistent/ana.png", ben: "/nonexistent/ben.png")
    transcript.participants[0].avatar = .file(path: "/nonexistent/sam.png")
    let layout = ConversationLayout(
      theme: BuiltinThemes.named("imessage"), measurer: FixedAdvanceMeasurer(),
      options: LayoutOptions(timeZone: Self.utc))
    BlockBuilder(layout: layout, transcript: transcript).readAvatars()
    let warned = layout.pictures.takeWarnings().map(\.message)
    #expect(warned.count == 2, "\(warned)")
    #expect(warned.first?.contains("ana.png") == true && warned.last?.contains("ben.png") == true, "\(warned)")
  }

  @Test("a large picture is decoded at most 256 pixels a side")
  func decodesAtMostTheAvatarSide() throws {
    let catalog = PictureCatalog()
    let decoded = try catalog.avatarPixels(
      of: .file(path: F.path("magenta-large.png")), covering: PixelSize(width: 900, height: 900))
    #expect(max(decoded.width, decoded.height) <= PictureCatalog.avatarSide, "\(decoded.width)×\(decoded.height)")
    let small = try catalog.avatarPixels(
      of: .file(path: F.path("magenta.png")), covering: PixelSize(width: 40, height: 40))
    #expect(small.width <= 96 && small.width >= 40)
  }
}
