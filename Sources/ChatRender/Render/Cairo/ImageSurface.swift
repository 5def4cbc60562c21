import CCairo

/// An in-memory cairo image, destroyed with its owner.
final class ImageSurface {
  let raw: OpaquePointer
  let width: Int32
  let height: Int32

  /// - Throws: `CairoError` when the size is too large or memory runs out.
  init(format: cairo_format_t, width: Int32, height: Int32) throws {
    guard width > 0, height > 0, width <= Limit.imageSide, height <= Limit.imageSide else {
      throw CairoError(
        message: "image of \(width)×\(height) px is outside cairo's limits (1…\(Limit.imageSide) px a side)",
        context: "cannot create image")
    }
    guard let surface = cairo_image_surface_create(format, width, height) else {
      throw CairoError(message: "out of memory", context: "cannot create image")
    }
    let status = cairo_surface_status(surface)
    guard status == CAIRO_STATUS_SUCCESS else {
      cairo_surface_destroy(surface)
      throw CairoError(status: status, context: "cannot create \(width)×\(height) image")
    }
    raw = surface
    self.width = width
    self.height = height
  }

  deinit { cairo_surface_destroy(raw) }

  /// The pixels, after pending drawing is flushed: `stride` bytes a row.
  func withPixels<T>(_ body: (UnsafeRawBufferPointer, _ stride: Int) throws -> T) throws -> T {
    cairo_surface_flush(raw)
    guard let data = cairo_image_surface_get_data(raw) else {
      throw CairoError(message: "no pixel data", context: "cannot read image")
    }
    let stride = Int(cairo_image_surface_get_stride(raw))
    return try body(UnsafeRawBufferPointer(start: data, count: stride * Int(height)), stride)
  }
}
