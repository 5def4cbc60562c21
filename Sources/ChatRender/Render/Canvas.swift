/// Where a renderer draws: cairo for pictures, a recording for tests.
@_spi(Pages) public protocol Canvas {
  /// Fills the page (size in points) with the background colour.
  func fillBackground(_ color: Color, size: Size)
  /// Fills a sheet of paper (size in PDF points) with the page's background colour.
  func fillSheet(_ color: Color, size: Size)
  /// Makes what follows draw at `origin`, `scale` PDF points a layout point.
  func placeContent(at origin: Point, scale: Double)
  /// Draws the theme's background picture, if any, over a page of `size` points.
  func drawBackgroundImage(size: Size)
  /// Draws a blurred shadow of `path`.
  func drawShadow(of path: Path, style: ShadowStyle)
  func fill(_ path: Path, color: Color)
  /// Fills `path` by the even-odd rule: its inner sub-paths are holes.
  func fillEvenOdd(_ path: Path, color: Color)
  /// Fills rounded rectangles that all have the same corner radius.
  func fillRoundedRects(_ rects: [Rect], radius: Double, color: Color)
  /// Strokes `border` entirely inside `path`.
  func strokeInside(_ path: Path, border: BorderStyle)
  /// Strokes `border` along `holes`, entirely on the filled side of the even-odd `layer`
  /// they are cut from: a ring around each hole that covers nothing inside it.
  func strokeAround(_ holes: Path, in layer: Path, border: BorderStyle)
  /// Strokes the open line `path`, `width` points wide, centred on it, with round ends.
  func stroke(_ path: Path, width: Double, color: Color)
  func draw(_ text: TextBlock)
  /// Makes `link.frame` open `link.url` where the surface supports links.
  func addLink(_ link: LinkItem)
  /// Draws a picture scaled into its frame, clipped to its rounded corners.
  func drawPicture(_ picture: PictureItem)
  /// Draws the pictures of one layer, in order (a raster canvas decodes them ahead, together).
  func drawPictures(_ pictures: [PictureItem])
  /// Draws an avatar's picture covering its shape, clipped to it; its fill and initials
  /// when the picture cannot be drawn.
  func drawAvatar(_ avatar: AvatarItem)
}

extension Canvas {
  /// Does nothing: a canvas without a sheet of its own (one page image) needs no paper.
  public func fillSheet(_ color: Color, size: Size) {}
  /// Does nothing: content is drawn where it stands unless the canvas places it.
  public func placeContent(at origin: Point, scale: Double) {}
  /// Does nothing: a canvas without a background image.
  public func drawBackgroundImage(size: Size) {}
  /// Does nothing: a surface without links (PNG).
  public func addLink(_ link: LinkItem) {}
  /// Does nothing: a canvas that cannot draw pictures leaves their room empty.
  public func drawPicture(_ picture: PictureItem) {}
  /// Each picture in turn.
  public func drawPictures(_ pictures: [PictureItem]) {
    for picture in pictures { drawPicture(picture) }
  }
  /// Its picture as any other picture, else its fill and initials.
  public func drawAvatar(_ avatar: AvatarItem) {
    guard let picture = avatar.picture else {
      fill(avatar.shape.path, color: avatar.fill)
      draw(avatar.initials)
      return
    }
    drawPicture(picture)
  }
}
