import CCairo

/// Draws a laid-out page into a PDF page's content stream, in layout points on a sheet whose
/// top-left is the origin (the page's first operator turns PDF's space over).
final class PDFCanvas: Canvas {
  private let page: PDFPage
  private let resources: PDFResources
  private let engine: TextEngine
  private let pictures: PictureCatalog
  private let text: PDFTextWriter
  private let background: ThemeBackground?

  init(
    page: PDFPage, resources: PDFResources, engine: TextEngine, pictures: PictureCatalog, text: PDFTextWriter,
    background: ThemeBackground? = nil
  ) {
    self.background = background
    self.page = page
    self.resources = resources
    self.engine = engine
    self.pictures = pictures
    self.text = text
    page.content.numbers(1, 0, 0, -1, 0, page.size.height)
    page.content.op("cm")
  }

  func fillBackground(_ color: Color, size: Size) {
    page.artifact {
      paint(color) {
        page.content.numbers(0, 0, size.width, size.height)
        page.content.op("re f")
      }
    }
  }

  func fillSheet(_ color: Color, size: Size) {
    guard color != .white else { return }  // paper is white already
    fillBackground(color, size: size)
  }

  func placeContent(at origin: Point, scale: Double) {
    page.content.matrix(scale, 0, 0, scale, origin.x, origin.y)
    page.content.op("cm")
    page.origin = origin
    page.scale = scale
  }

  /// Draws the theme's picture over `size`, tiled or scaled to cover, as `BackgroundPainter`.
  func drawBackgroundImage(size: Size) {
    page.artifact {
      guard let background, background.pixels.width > 0, background.pixels.height > 0 else { return }
      let pixels = background.pixels
      guard
        let image = resources.images.image(
          for: "background",
          make: { file in
            pixels.pixels.withUnsafeBytes {
              PDFImageStore.writePixels($0, width: pixels.width, height: pixels.height, stride: pixels.stride, to: file)
            }
          })
      else { return }
      let width = Double(pixels.width)
      let height = Double(pixels.height)
      page.content.op("q")
      page.content.numbers(0, 0, size.width, size.height)
      page.content.op("re W n")
      withOpacity(background.image.opacity) {
        switch background.image.mode {
        case .cover:
          let scale = max(size.width / width, size.height / height)
          drawImage(
            image,
            in: Rect(
              x: (size.width - width * scale) / 2, y: (size.height - height * scale) / 2, width: width * scale,
              height: height * scale))
        case .tile:
          for row in 0..<Int((size.height / height).rounded(.up)) {
            for column in 0..<Int((size.width / width).rounded(.up)) {
              drawImage(
                image, in: Rect(x: Double(column) * width, y: Double(row) * height, width: width, height: height))
            }
          }
        }
      }
      page.content.op("Q")
    }
  }

  func drawShadow(of path: Path, style: ShadowStyle) {
    page.artifact {
      let shifted = path.offsetBy(dx: style.dx, dy: style.dy)
      guard style.blur > 0 else { return fill(shifted, color: style.color) }
      // A pixel a point, as cairo's PDF surface draws it: a blur needs no finer, and finer
      // masks were most of a small chat's bytes.
      let deviceScale = page.scale
      guard let mask = ShadowMask(bounds: shifted.bounds, blur: style.blur, deviceScale: deviceScale) else { return }
      let key = ShadowKey(
        shape: shifted.offsetBy(dx: -mask.origin.x, dy: -mask.origin.y), blur: style.blur, color: style.color,
        mask: mask.scale)
      guard
        let image = resources.images.image(
          for: key, make: { Self.writeShadow(of: shifted, mask: mask, color: style.color, to: $0) })
      else { return }
      withOpacity(style.color.alpha) {
        drawImage(
          image,
          in: Rect(
            x: mask.origin.x, y: mask.origin.y, width: Double(mask.width) / mask.scale,
            height: Double(mask.height) / mask.scale))
      }
    }
  }

  private struct ShadowKey: Hashable {
    var shape: Path
    var blur: Double
    var color: Color
    var mask: Double
  }

  /// Draws `path` into an alpha mask, blurs it and writes it under a pixel of `color`.
  private static func writeShadow(of path: Path, mask: ShadowMask, color: Color, to file: PDFFile) -> Int? {
    guard let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(mask.width), Int32(mask.height)) else {
      return nil
    }
    defer { FontLoading.run { cairo_surface_destroy(surface) } }
    guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let cairo = cairo_create(surface) else { return nil }
    cairo_scale(cairo, mask.scale, mask.scale)
    cairo_translate(cairo, -mask.origin.x, -mask.origin.y)
    path.replaceCurrentPath(of: cairo)
    cairo_fill(cairo)
    cairo_destroy(cairo)
    cairo_surface_flush(surface)
    guard let data = cairo_image_surface_get_data(surface) else { return nil }
    let stride = Int(cairo_image_surface_get_stride(surface))
    BoxBlur.blur(data, width: mask.width, height: mask.height, stride: stride, radius: mask.radius, passes: 3)
    var alpha = [UInt8](repeating: 0, count: mask.width * mask.height)
    for row in 0..<mask.height {
      for column in 0..<mask.width { alpha[row * mask.width + column] = data[row * stride + column] }
    }
    return PDFImageStore.writeMasked(
      color: color.withAlpha(1), alpha: alpha, width: mask.width, height: mask.height, to: file)
  }

  func fill(_ path: Path, color: Color) {
    page.artifact {
      paint(color) {
        append(path)
        page.content.op("f")
      }
    }
  }

  func fillEvenOdd(_ path: Path, color: Color) {
    page.artifact {
      paint(color) {
        append(path)
        page.content.op("f*")
      }
    }
  }

  func fillRoundedRects(_ rects: [Rect], radius: Double, color: Color) {
    page.artifact {
      // As cairo's canvas does: rectangles inset by the radius, filled and stroked with round
      // joins at twice the radius; four numbers a shape.
      guard !rects.isEmpty else { return }
      paint(color) {
        for rect in rects {
          let inner = rect.inset(by: EdgeInsets(all: radius))
          page.content.numbers(inner.minX, inner.minY, inner.width, inner.height)
          page.content.op("re")
        }
        guard radius > 0 else { return page.content.op("f") }
        strokeColor(color)
        page.content.number(radius * 2)
        page.content.op("w 1 j")
        page.content.op("B")
      }
    }
  }

  func strokeInside(_ path: Path, border: BorderStyle) {
    page.artifact {
      // Twice the width, clipped to the shape: the visible half lies wholly inside.
      page.content.op("q")
      append(path)
      page.content.op("W n")
      stroke(path, border: border)
      page.content.op("Q")
    }
  }

  func strokeAround(_ holes: Path, in layer: Path, border: BorderStyle) {
    page.artifact {
      page.content.op("q")
      append(layer)
      page.content.op("W* n")
      stroke(holes, border: border)
      page.content.op("Q")
    }
  }

  private func stroke(_ path: Path, border: BorderStyle) {
    paint(border.color) {
      strokeColor(border.color)
      page.content.number(border.width * 2)
      page.content.op("w 1 j")
      append(path)
      page.content.op("S")
    }
  }

  func stroke(_ path: Path, width: Double, color: Color) {
    page.artifact {
      paint(color) {
        strokeColor(color)
        page.content.number(width)
        page.content.op("w 1 J 1 j")
        append(path)
        page.content.op("S")
      }
    }
  }

  func draw(_ block: TextBlock) {
    // Shaping a text measured by a fake, or a first emoji picture, may load a font.
    engine.drawn.run(block.text) {
      let shaped = block.metrics.shaped ?? engine.shape(block.text, width: block.wrapWidth)
      text.draw(block, layout: shaped.layout, on: page)
    }
  }

  func addLink(_ link: LinkItem) {
    let description = PDFText.string(link.url)
    page.links.append(
      (
        "<</Type/Annot/Subtype/Link/Rect\(page.sheetRectangle(link.frame))/Border[0 0 0]/F 4/Contents \(description)"
          + "/A<</S/URI/URI\(PDFText.literal(PDFURIString.encode(link.url)))>>",
        PDFStructure.Link(frame: link.frame, description: link.url)
      ))
  }

  func drawPicture(_ picture: PictureItem) {
    page.beginMarked(.figure, frame: picture.frame)
    defer { page.content.op("EMC") }
    page.content.op("q")
    append(BubbleShape(frame: picture.frame, radius: picture.radius).path)
    page.content.op("W n")
    let needed = PictureDecodeAhead.pixels(
      for: Size(width: picture.drawnRect.width * page.scale, height: picture.drawnRect.height * page.scale),
      pixelsPerPoint: PDFTextWriter.imagePixelsPerPoint)
    do {
      let content = try pictures.content(
        of: picture.source, needing: needed, blurred: picture.isBlurred, embedsJPEG: true)
      try draw(content, key: PictureKey(source: picture.source, blurred: picture.isBlurred), in: picture.drawnRect)
    } catch {
      if let problem = error as? PictureError { pictures.warn(problem, name: picture.name) }
      paint(Color(red: 0.5, green: 0.5, blue: 0.5, alpha: 0.25)) {
        page.content.numbers(picture.frame.minX, picture.frame.minY, picture.frame.width, picture.frame.height)
        page.content.op("re f")
      }
    }
    page.content.op("Q")
  }

  /// An avatar's picture, furniture like its initials: written once a document (at most
  /// `PictureCatalog.avatarSide` pixels a side), shown clipped to its shape on every page.
  func drawAvatar(_ avatar: AvatarItem) {
    guard let picture = avatar.picture, let image = avatarImage(picture) else {
      fill(avatar.shape.path, color: avatar.fill)
      draw(avatar.initials)
      return
    }
    page.artifact {
      page.content.op("q")
      append(avatar.shape.path)
      page.content.op("W n")
      drawImage(image, in: picture.drawnRect)
      page.content.op("Q")
    }
  }

  private struct AvatarKey: Hashable {
    var source: AttachmentSource
  }

  private func avatarImage(_ picture: PictureItem) -> Int? {
    let needed = PictureDecodeAhead.pixels(
      for: Size(width: picture.drawnRect.width * page.scale, height: picture.drawnRect.height * page.scale),
      pixelsPerPoint: PDFTextWriter.imagePixelsPerPoint)
    return resources.images.imageOnce(for: AvatarKey(source: picture.source)) { file in
      do throws(PictureError) {
        let decoded = try pictures.avatarPixels(of: picture.source, covering: needed)
        return decoded.pixels.withUnsafeBytes {
          PDFImageStore.writePixels($0, width: decoded.width, height: decoded.height, stride: decoded.stride, to: file)
        }
      } catch {
        pictures.warn(avatar: picture.name ?? "an avatar", error)
        return nil
      }
    }
  }

  private struct PictureKey: Hashable {
    var source: AttachmentSource
    var blurred: Bool
  }

  /// Draws resolved picture `content` into `rect`, turned upright as the file says.
  private func draw(_ content: PictureContent, key: PictureKey, in rect: Rect) throws {
    let made: Int?
    var stored: (width: Double, height: Double)
    var orientation = JPEGOrientation(value: 1)
    switch content {
    case .undecodedJPEG(let bytes, _, let turn):
      made = resources.images.image(for: key) { PDFImageStore.writeJPEG(bytes, to: $0) }
      let header = JPEGHeader(bytes)
      stored = (Double(header?.width ?? 1), Double(header?.height ?? 1))
      orientation = turn
    case .pixels(let decoded, let original):
      made = resources.images.image(for: key) { file in
        if let original, decoded.isEmbeddableJPEG, let jpeg = PDFImageStore.writeJPEG(original, to: file) {
          return jpeg
        }
        return decoded.pixels.withUnsafeBytes {
          PDFImageStore.writePixels($0, width: decoded.width, height: decoded.height, stride: decoded.stride, to: file)
        }
      }
      stored = (Double(decoded.width), Double(decoded.height))
    }
    guard let image = made else { throw PictureError.corrupt(.jpeg, reason: "cannot embed its bytes") }
    let upright = orientation.turnsQuarter ? (stored.height, stored.width) : (stored.width, stored.height)
    page.content.matrix(rect.width / upright.0, 0, 0, rect.height / upright.1, rect.minX, rect.minY)
    page.content.op("cm")
    if orientation.value != 1 {
      let (xx, yx, xy, yy, x0, y0) = orientation.uprightTransform(width: upright.0, height: upright.1)
      page.content.matrix(xx, yx, xy, yy, x0, y0)
      page.content.op("cm")
    }
    drawImage(image, in: Rect(x: 0, y: 0, width: stored.width, height: stored.height))
  }

  /// Shows image `object` over `rect` (its top row at the top).
  func drawImage(_ object: Int, in rect: Rect) {
    page.useImage(object)
    page.content.op("q")
    page.content.numbers(rect.width, 0, 0, -rect.height, rect.minX, rect.maxY)
    page.content.op("cm")
    page.content.append("/" + PDFImageStore.resourceName(object) + " ")
    page.content.op("Do")
    page.content.op("Q")
  }

  /// Runs `body` with `color` as the fill colour, inside a saved state when translucent.
  private func paint(_ color: Color, _ body: () -> Void) {
    withOpacity(color.alpha) {
      page.content.numbers(color.red, color.green, color.blue)
      page.content.op("rg")
      body()
    }
  }

  private func withOpacity(_ alpha: Double, _ body: () -> Void) {
    guard alpha < 1 else { return body() }
    page.content.op("q")
    page.content.append("/" + resources.opacity(alpha, on: page) + " ")
    page.content.op("gs")
    body()
    page.content.op("Q")
  }

  private func strokeColor(_ color: Color) {
    page.content.numbers(color.red, color.green, color.blue)
    page.content.op("RG")
  }

  /// Appends `path`'s construction operators.
  private func append(_ path: Path) {
    for element in path.elements {
      switch element {
      case .move(let point):
        page.content.numbers(point.x, point.y)
        page.content.op("m")
      case .line(let point):
        page.content.numbers(point.x, point.y)
        page.content.op("l")
      case .curve(let first, let second, let end):
        page.content.numbers(first.x, first.y, second.x, second.y, end.x, end.y)
        page.content.op("c")
      case .close:
        page.content.op("h")
      }
    }
  }
}
