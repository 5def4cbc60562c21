import CCairo
import Foundation

/// Paints a PNG behind the conversation, tiled or scaled to cover.
final class BackgroundPainter {
  private let surface: OpaquePointer
  private let image: BackgroundImage

  /// Loads the picture.
  ///
  /// - Throws: `FileError` when the file cannot be read as a PNG.
  init(_ image: BackgroundImage) throws {
    // cairo calls any file that is not a PNG "out of memory"; name the real problem.
    let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    let head = FileHandle(forReadingAtPath: image.path).flatMap { try? $0.read(upToCount: 8) }
    guard let head, Array(head) == signature else {
      throw FileError(path: image.path, reason: "background image is not a PNG file")
    }
    guard let surface = cairo_image_surface_create_from_png(image.path) else {
      throw FileError(path: image.path, reason: "cannot read background image")
    }
    let status = cairo_surface_status(surface)
    guard status == CAIRO_STATUS_SUCCESS else {
      cairo_surface_destroy(surface)
      throw FileError(
        path: image.path,
        reason: "cannot read background image as PNG (\(String(cString: cairo_status_to_string(status))))")
    }
    self.surface = surface
    self.image = image
  }

  deinit { cairo_surface_destroy(surface) }

  func paint(on cairo: OpaquePointer, size: Size) {
    let width = Double(cairo_image_surface_get_width(surface))
    let height = Double(cairo_image_surface_get_height(surface))
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

extension BackgroundImage {
  /// Reads the picture once, to fail before any chat is rendered rather than with each.
  ///
  /// - Throws: `FileError` when the file cannot be read as a PNG.
  public func checkReadable() throws {
    _ = try BackgroundPainter(self)
  }
}
