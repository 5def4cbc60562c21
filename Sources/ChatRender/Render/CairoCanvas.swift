import CCairo
import CPango
import Foundation

/// Draws on a cairo context, with text shaped by a `TextEngine`.
final class CairoCanvas: Canvas {
  private let cairo: OpaquePointer
  private let engine: TextEngine
  private let pictures: PictureCatalog
  private let backgroundImage: BackgroundPainter?
  private let isVector: Bool
  private let colorGlyphs: ColorGlyphPainter?
  private let avatars: AvatarSurfaces

  /// - Parameters:
  ///   - cairo: a context the caller owns and keeps alive while drawing.
  ///   - isVector: the surface writes paths (PDF, SVG) rather than pixels.
  ///   - colorGlyphs: draws emoji sharp on a vector surface (nil: as cairo does).
  ///   - avatars: the render's decoded avatars, shared by its pages.
  init(
    cairo: OpaquePointer, engine: TextEngine, pictures: PictureCatalog = PictureCatalog(),
    backgroundImage: BackgroundPainter? = nil, isVector: Bool = false,
    colorGlyphs: ColorGlyphPainter? = nil, avatars: AvatarSurfaces = AvatarSurfaces()
  ) {
    self.avatars = avatars
    self.cairo = cairo
    self.engine = engine
    self.pictures = pictures
    self.backgroundImage = backgroundImage
    self.isVector = isVector
    self.colorGlyphs = colorGlyphs
  }

  private func setSource(_ color: Color) {
    cairo_set_source_rgba(cairo, color.red, color.green, color.blue, color.alpha)
  }

  func fillBackground(_ color: Color, size: Size) {
    setSource(color)
    cairo_rectangle(cairo, 0, 0, size.width, size.height)
    cairo_fill(cairo)
  }

  func fillSheet(_ color: Color, size: Size) {
    guard color != .white else { return }  // paper is white already
    setSource(color)
    cairo_paint(cairo)
  }

  func placeContent(at origin: Point, scale: Double) {
    cairo_translate(cairo, origin.x, origin.y)
    cairo_scale(cairo, scale, scale)
  }

  func drawBackgroundImage(size: Size) { backgroundImage?.paint(on: cairo, size: size) }

  func drawPicture(_ picture: PictureItem) { drawPicture(picture, decoded: nil) }

  /// Draws `items`. On an image, pictures the layout announced come from the catalog's
  /// decoders (`PictureDecodeAhead`); the catalog decodes the others on every core, a batch
  /// at a time (`PictureCatalog.decodeTogether`). The drawing stays on this thread.
  func drawPictures(_ items: [PictureItem]) {
    guard !isVector else {
      for item in items { drawPicture(item) }
      return
    }
    var rest: [PictureItem] = []
    for item in items {
      if !item.isBlurred, let ahead = pictures.decodeAhead,
        let decoded = ahead.take(item.source, covering: pixelsNeeded(for: item.drawnRect))
      {
        drawPicture(item, decoded: decoded)
      } else {
        rest.append(item)
      }
    }
    drawDecodingTogether(rest)
  }

  /// Draws `items`, their pixels decoded by the catalog on every core a batch at a time.
  private func drawDecodingTogether(_ items: [PictureItem]) {
    guard items.count > 1 else {
      for item in items { drawPicture(item) }
      return
    }
    pictures.decodeTogether(
      items.map { ($0.source, $0.isBlurred) }, needing: items.map { pixelsNeeded(for: $0.drawnRect) }
    ) { index, decoded in
      drawPicture(items[index], decoded: decoded)
    }
  }

  /// Draws `picture`, from its pixels `decoded` ahead when given (an image's).
  private func drawPicture(_ picture: PictureItem, decoded: Result<DecodedPicture, PictureError>?) {
    cairo_save(cairo)
    defer { cairo_restore(cairo) }
    BubbleShape(frame: picture.frame, radius: picture.radius).path.replaceCurrentPath(of: cairo)
    cairo_clip(cairo)
    do {
      let content =
        try decoded.map { PictureContent.pixels(try $0.get(), originalJPEG: nil) }
        ?? pictures.content(
          of: picture.source, needing: pixelsNeeded(for: picture.drawnRect), blurred: picture.isBlurred,
          embedsJPEG: isVector && !picture.covers)
      try PictureSurface(content).paint(in: cairo, rect: picture.drawnRect)
    } catch {
      if let problem = error as? PictureError { pictures.warn(problem, name: picture.name) }
      cairo_set_source_rgba(cairo, 0.5, 0.5, 0.5, 0.25)
      cairo_paint(cairo)
    }
  }

  /// Paints the avatar's picture covering its shape, decoded once a render
  /// (`AvatarSurfaces`); its fill and initials when the file cannot be drawn.
  func drawAvatar(_ avatar: AvatarItem) {
    guard let picture = avatar.picture,
      let surface = avatars.surface(for: picture, needing: pixelsNeeded(for: picture.drawnRect), from: pictures)
    else {
      fill(avatar.shape.path, color: avatar.fill)
      draw(avatar.initials)
      return
    }
    cairo_save(cairo)
    defer { cairo_restore(cairo) }
    avatar.shape.path.replaceCurrentPath(of: cairo)
    cairo_clip(cairo)
    surface.paint(in: cairo, rect: picture.drawnRect)
  }

  /// The pixels a picture needs in `frame`: the device's on an image, 300 per inch on paper.
  private func pixelsNeeded(for frame: Rect) -> PixelSize {
    var width = frame.width
    var height = frame.height
    cairo_user_to_device_distance(cairo, &width, &height)
    return PictureDecodeAhead.pixels(for: Size(width: width, height: height), pixelsPerPoint: isVector ? 300.0 / 72 : 1)
  }

  func addLink(_ link: LinkItem) {
    guard isVector else { return }
    // Cairo 1.16 reads a link's rect in device space (points from the sheet's top-left),
    // whatever the transformation: the frame goes through the sheet's placement here.
    cairo_tag_begin(cairo, CAIRO_TAG_LINK, Self.linkAttributes(url: link.url, deviceRect: deviceRect(link.frame)))
    cairo_tag_end(cairo, CAIRO_TAG_LINK)
  }

  /// Cairo's attributes of a link to `url` over `deviceRect`; the address is percent-encoded,
  /// as cairo writes it into the PDF unescaped.
  static func linkAttributes(url: String, deviceRect frame: Rect) -> String {
    "rect=[\(frame.minX) \(frame.minY) \(frame.width) \(frame.height)] uri='\(PDFURIString.encode(url))'"
  }

  /// The bounds of `rect` in device space.
  private func deviceRect(_ rect: Rect) -> Rect {
    var (x0, y0, x1, y1) = (rect.minX, rect.minY, rect.maxX, rect.maxY)
    cairo_user_to_device(cairo, &x0, &y0)
    cairo_user_to_device(cairo, &x1, &y1)
    return Rect(x: min(x0, x1), y: min(y0, y1), width: abs(x1 - x0), height: abs(y1 - y0))
  }

  func drawShadow(of path: Path, style: ShadowStyle) {
    ShadowPainter.draw(path: path, style: style, on: cairo)
  }

  func fill(_ path: Path, color: Color) {
    path.replaceCurrentPath(of: cairo)
    setSource(color)
    cairo_fill(cairo)
  }

  func fillEvenOdd(_ path: Path, color: Color) {
    path.replaceCurrentPath(of: cairo)
    setSource(color)
    cairo_set_fill_rule(cairo, CAIRO_FILL_RULE_EVEN_ODD)
    cairo_fill(cairo)
    cairo_set_fill_rule(cairo, CAIRO_FILL_RULE_WINDING)
  }

  func fillRoundedRects(_ rects: [Rect], radius: Double, color: Color) {
    // Rectangles inset by the radius, filled and stroked with round joins at twice the
    // radius: exact rounded corners in four numbers a shape instead of some forty (a PDF's
    // cost is mostly printing numbers).
    cairo_new_path(cairo)
    for rect in rects {
      let inner = rect.inset(by: EdgeInsets(all: radius))
      cairo_rectangle(cairo, inner.minX, inner.minY, inner.width, inner.height)
    }
    setSource(color)
    guard radius > 0 else {
      cairo_fill(cairo)
      return
    }
    cairo_fill_preserve(cairo)
    cairo_set_line_width(cairo, radius * 2)
    cairo_set_line_join(cairo, CAIRO_LINE_JOIN_ROUND)
    // A vector file keeps the round joins exact whatever the tolerance; cairo only uses it
    // to find the stroke's extents, by flattening every join into a polygon (a tenth of a PDF
    // page's cost at the default 0.1).
    let tolerance = cairo_get_tolerance(cairo)
    if isVector { cairo_set_tolerance(cairo, max(tolerance, radius)) }
    cairo_stroke(cairo)
    cairo_set_tolerance(cairo, tolerance)
  }

  func strokeInside(_ path: Path, border: BorderStyle) {
    // Twice the width, clipped to the shape: the visible half lies wholly inside, so the
    // border has its full width and fill and border agree.
    cairo_save(cairo)
    path.replaceCurrentPath(of: cairo)
    cairo_clip_preserve(cairo)
    cairo_set_line_width(cairo, border.width * 2)
    cairo_set_line_join(cairo, CAIRO_LINE_JOIN_ROUND)
    setSource(border.color)
    cairo_stroke(cairo)
    cairo_restore(cairo)
  }

  func strokeAround(_ holes: Path, in layer: Path, border: BorderStyle) {
    // Twice the width, clipped to the layer: the visible half lies wholly outside the holes.
    cairo_save(cairo)
    layer.replaceCurrentPath(of: cairo)
    cairo_set_fill_rule(cairo, CAIRO_FILL_RULE_EVEN_ODD)
    cairo_clip(cairo)
    cairo_set_fill_rule(cairo, CAIRO_FILL_RULE_WINDING)
    holes.replaceCurrentPath(of: cairo)
    cairo_set_line_width(cairo, border.width * 2)
    cairo_set_line_join(cairo, CAIRO_LINE_JOIN_ROUND)
    setSource(border.color)
    cairo_stroke(cairo)
    cairo_restore(cairo)
  }

  func stroke(_ path: Path, width: Double, color: Color) {
    cairo_save(cairo)
    path.replaceCurrentPath(of: cairo)
    cairo_set_line_width(cairo, width)
    cairo_set_line_cap(cairo, CAIRO_LINE_CAP_ROUND)
    cairo_set_line_join(cairo, CAIRO_LINE_JOIN_ROUND)
    setSource(color)
    cairo_stroke(cairo)
    cairo_restore(cairo)
  }

  func draw(_ text: TextBlock) {
    // Drawing a text in a font for the first time on a surface makes the surface's font.
    engine.drawn.run(text.text) { drawShaped(text) }
  }

  private func drawShaped(_ text: TextBlock) {
    // Text measured by a fake (tests) or for sizes only is shaped here.
    let shaped = text.metrics.shaped ?? engine.shape(text.text, width: text.wrapWidth)
    setSource(text.color)
    let x = text.origin.x - text.metrics.offsetX
    if isVector, let painter = colorGlyphs, ColorGlyphPainter.mayHoldEmoji(text.text.text) {
      let family = text.text.font.families.first ?? "sans-serif"
      let layout = shaped.layout
      drawLines(text.lines, of: layout, x: x, top: text.origin.y) { line, lineX, baseline in
        painter.draw(line, of: layout, x: lineX, baseline: baseline, on: cairo, textLayerFamily: family)
      }
    } else if let lines = text.lines {
      drawLines(lines, of: shaped.layout, x: x, top: text.origin.y) { line, lineX, baseline in
        cairo_move_to(cairo, lineX, baseline)
        pango_cairo_show_layout_line(cairo, line)
      }
    } else {
      cairo_move_to(cairo, x, text.origin.y)
      pango_cairo_show_layout(cairo, shaped.layout)
    }
  }

  /// Draws `lines` (all when nil) one by one with `drawLine(line, x, baseline)`.
  private func drawLines(
    _ lines: Range<Int>?, of layout: OpaquePointer, x: Double, top: Double,
    drawLine: (UnsafeMutablePointer<PangoLayoutLine>, Double, Double) -> Void
  ) {
    LayoutLines.forEach(lines, of: layout, x: x, top: top, drawLine)
  }
}
