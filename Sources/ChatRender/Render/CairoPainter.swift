import CCairo

/// Draws laid-out pages on cairo contexts, with the text engine that shaped their text and
/// the theme's background picture. Writers (PNG, PDF, SVG) give it their surfaces.
///
/// Not thread-safe: it draws with its engine's Pango objects.
@_spi(Pages) public final class CairoPainter {
  /// The text engine whose shaped text the pages carry; layouts drawn here must use it.
  public let engine: TextEngine
  /// The pictures of the render: those that fail to decode are reported there.
  public let pictures: PictureCatalog
  private let background: BackgroundPainter?
  /// The theme's background picture and its pixels, for writers that draw it themselves.
  let backgroundPicture: ThemeBackground?
  /// Emoji images shared by every page, so a PDF holds each once.
  private let colorGlyphs = ColorGlyphPainter()
  /// Avatars shared by every page, so each is decoded once and a PDF holds it once.
  private let avatars = AvatarSurfaces()

  /// - Parameter background: the theme's background picture and its pixels, read before
  ///   (`BackgroundPicture`): drawing reads no file.
  /// - Throws: `CairoError` when cairo cannot hold the background picture.
  init(
    engine: TextEngine, background: (image: BackgroundImage, pixels: DecodedPicture)? = nil,
    pictures: PictureCatalog = PictureCatalog()
  ) throws {
    self.engine = engine
    self.pictures = pictures
    self.background = try background.map { try BackgroundPainter($0.image, pixels: $0.pixels) }
    backgroundPicture = background.map { ThemeBackground(image: $0.image, pixels: $0.pixels) }
  }

  /// Draws `page` on `cairo`, a context the caller owns.
  ///
  /// - Parameter isVector: the surface writes paths (PDF, SVG) rather than pixels.
  func draw(_ page: LaidOutPage, on cairo: OpaquePointer, isVector: Bool) {
    let canvas = CairoCanvas(
      cairo: cairo, engine: engine, pictures: pictures, backgroundImage: background,
      isVector: isVector, colorGlyphs: colorGlyphs, avatars: avatars)
    // A PDF draws every page on one context: the sheet's placement must not pile up.
    cairo_save(cairo)
    PagePainter().draw(page, on: canvas)
    cairo_restore(cairo)
  }

  /// Runs `body` with a new context on `surface`, checking its status afterwards.
  static func withContext(_ surface: OpaquePointer, _ body: (OpaquePointer) throws -> Void) throws {
    guard let cairo = cairo_create(surface) else {
      throw CairoError(message: "out of memory", context: "cannot create drawing context")
    }
    defer { cairo_destroy(cairo) }
    try CairoError.check(cairo_status(cairo), "cannot create drawing context")
    try body(cairo)
    try CairoError.check(cairo_status(cairo), "drawing failed")
  }
}
