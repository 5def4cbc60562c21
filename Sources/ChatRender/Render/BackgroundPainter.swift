import CCairo

/// Paints a PNG behind the conversation, tiled or scaled to cover.
final class BackgroundPainter {
  private let picture: PictureSurface
  private let image: BackgroundImage

  /// Paints `pixels`, the decoded `image`.
  ///
  /// - Throws: `CairoError` when cairo cannot make the surface.
  init(_ image: BackgroundImage, pixels: DecodedPicture) throws {
    picture = try PictureSurface(pixels)
    self.image = image
  }

  func paint(on cairo: OpaquePointer, size: Size) {
    let surface = picture.raw
    let width = Double(picture.width)
    let height = Double(picture.height)
    guard width > 0, height > 0 else { return }
    cairo_save(cairo)
    cairo_rectangle(cairo, 0, 0, size.width, size.height)
    cairo_clip(cairo)
    switch image.mode {
    case .tile:
      let pattern = cairo_pattern_create_for_surface(surface)
      cairo_pattern_set_extend(pattern, CAIRO_EXTEND_REPEAT)
      cairo_set_source(cairo, pattern)
      cairo_pattern_destroy(pattern)
    case .cover:
      let scale = max(size.width / width, size.height / height)
      cairo_translate(cairo, (size.width - width * scale) / 2, (size.height - height * scale) / 2)
      cairo_scale(cairo, scale, scale)
      cairo_set_source_surface(cairo, surface, 0, 0)
    }
    cairo_paint_with_alpha(cairo, image.opacity)
    cairo_restore(cairo)
  }
}
