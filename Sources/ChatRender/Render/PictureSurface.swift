import CCairo
import Foundation

/// A decoded picture as a cairo image surface, destroyed with its owner.
///
/// Given a JPEG's original bytes, it carries them as cairo MIME data: PDF and SVG output then
/// embed the JPEG as it is, never re-encoded, whatever size the pixels were decoded at (so a
/// vector renderer may decode at 1/8 scale), while PNG output draws the pixels.
final class PictureSurface {
  let raw: OpaquePointer
  /// The size as painted (upright).
  let width: Int
  let height: Int
  /// How the stored pixels turn upright as they are painted; 1 for decoded pixels, which
  /// are upright already.
  private var orientation = JPEGOrientation(value: 1)

  /// Copies the pixels of `picture` into a new ARGB32 surface (the layouts match).
  ///
  /// - Parameter originalJPEG: the file's bytes, when `picture` was decoded from a JPEG; left
  ///   out unless `picture.isEmbeddableJPEG` (a turned or CMYK JPEG embeds its pixels); cut
  ///   to its end of image (`JPEGEmbedding`).
  /// - Throws: `CairoError` when cairo cannot make the surface.
  init(_ picture: DecodedPicture, originalJPEG: ArraySlice<UInt8>? = nil) throws {
    let surface = try PictureSurface.makeSurface(width: picture.width, height: picture.height)
    PictureSurface.copy(picture, into: surface)
    if let originalJPEG, !originalJPEG.isEmpty, picture.isEmbeddableJPEG {
      try PictureSurface.attachJPEG(originalJPEG, to: surface)
    }
    raw = surface
    width = picture.width
    height = picture.height
  }

  /// A surface of `size` whose pixels are never drawn or touched, carrying a JPEG's bytes:
  /// a PDF or SVG embeds the bytes, so decoding them would be wasted. Only for vector output,
  /// and only for a JPEG that is upright and not CMYK (`PictureCatalog.content`).
  ///
  /// - Throws: `CairoError` when cairo cannot make the surface.
  /// `orientation` turns the stored picture upright when it is painted (the PDF holds the
  /// file as stored, shown turned).
  init(
    undecodedJPEG bytes: ArraySlice<UInt8>, size: PixelSize, orientation: JPEGOrientation = JPEGOrientation(value: 1)
  )
    throws
  {
    // cairo's surface memory comes zeroed from the system and stays untouched.
    let surface = try PictureSurface.makeSurface(width: size.width, height: size.height)
    try PictureSurface.attachJPEG(bytes, to: surface)
    raw = surface
    width = orientation.turnsQuarter ? size.height : size.width
    height = orientation.turnsQuarter ? size.width : size.height
    self.orientation = orientation
  }

  /// A surface for what the catalog resolved.
  ///
  /// - Throws: `CairoError` when cairo cannot make the surface.
  convenience init(_ content: PictureContent) throws {
    switch content {
    case .pixels(let picture, let originalJPEG):
      try self.init(picture, originalJPEG: originalJPEG)
    case .undecodedJPEG(let bytes, let storedSize, let orientation):
      try self.init(undecodedJPEG: bytes, size: storedSize, orientation: orientation)
    }
  }

  deinit { cairo_surface_destroy(raw) }

  /// Paints the picture scaled into `rect` of `cairo`'s user space, smoothing as it scales.
  /// Raster targets pad the edges so they stay crisp; vector targets keep the plain pattern
  /// that lets cairo embed the JPEG's own bytes.
  func paint(in cairo: OpaquePointer, rect: Rect) {
    guard rect.width > 0, rect.height > 0 else { return }
    cairo_save(cairo)
    cairo_rectangle(cairo, rect.minX, rect.minY, rect.width, rect.height)
    cairo_clip(cairo)
    cairo_translate(cairo, rect.minX, rect.minY)
    cairo_scale(cairo, rect.width / Double(width), rect.height / Double(height))
    if orientation.value != 1 {
      let (xx, yx, xy, yy, x0, y0) = orientation.uprightTransform(width: Double(width), height: Double(height))
      var matrix = cairo_matrix_t()
      cairo_matrix_init(&matrix, xx, yx, xy, yy, x0, y0)
      cairo_transform(cairo, &matrix)
    }
    cairo_set_source_surface(cairo, raw, 0, 0)
    let pattern = cairo_get_source(cairo)
    let isRaster = cairo_surface_get_type(cairo_get_target(cairo)) == CAIRO_SURFACE_TYPE_IMAGE
    cairo_pattern_set_filter(pattern, isRaster ? Self.rasterFilter(cairo) : CAIRO_FILTER_GOOD)
    cairo_pattern_set_extend(pattern, isRaster ? CAIRO_EXTEND_PAD : CAIRO_EXTEND_NONE)
    cairo_paint(cairo)
    cairo_restore(cairo)
  }

  /// Bilinear while the picture is at most twice its device size each way, as the catalog
  /// decodes it (a JPEG at the smallest eighth that covers it, others by whole factors):
  /// sampling at most every second pixel, it still reads every one, where cairo's box
  /// convolution (GOOD, which cairo itself leaves for bilinear above 3/4) costs several
  /// times as much; a photo differs from it by about 1 level in 255. GOOD below half size.
  private static func rasterFilter(_ cairo: OpaquePointer) -> cairo_filter_t {
    var acrossX = (1.0, 0.0)
    var acrossY = (0.0, 1.0)
    cairo_user_to_device_distance(cairo, &acrossX.0, &acrossX.1)
    cairo_user_to_device_distance(cairo, &acrossY.0, &acrossY.1)
    let devicePixelsPerPixel = min(hypot(acrossX.0, acrossX.1), hypot(acrossY.0, acrossY.1))
    return devicePixelsPerPixel >= 0.5 ? CAIRO_FILTER_BILINEAR : CAIRO_FILTER_GOOD
  }

  private static func makeSurface(width: Int, height: Int) throws -> OpaquePointer {
    guard width > 0, height > 0, width <= Limit.imageSide, height <= Limit.imageSide else {
      throw CairoError(
        message: "picture of \(width)×\(height) px is outside cairo's limits",
        context: "cannot draw picture")
    }
    guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
    else { throw CairoError(message: "out of memory", context: "cannot draw picture") }
    let status = cairo_surface_status(surface)
    guard status == CAIRO_STATUS_SUCCESS else {
      cairo_surface_destroy(surface)
      throw CairoError(status: status, context: "cannot draw \(width)×\(height) picture")
    }
    return surface
  }

  private static func copy(_ picture: DecodedPicture, into surface: OpaquePointer) {
    cairo_surface_flush(surface)
    guard let data = cairo_image_surface_get_data(surface) else { return }
    let stride = Int(cairo_image_surface_get_stride(surface))
    let rowBytes = picture.width * 4
    picture.pixels.withUnsafeBytes { source in
      guard let base = source.baseAddress else { return }
      for row in 0..<picture.height {
        (data + row * stride).update(
          from: base.advanced(by: row * picture.stride).assumingMemoryBound(to: UInt8.self),
          count: rowBytes)
      }
    }
    cairo_surface_mark_dirty(surface)
  }

  /// Hands cairo its own copy of the JPEG bytes, freed when the surface goes.
  private static func attachJPEG(_ bytes: ArraySlice<UInt8>, to surface: OpaquePointer) throws {
    guard let copy = malloc(bytes.count) else {
      throw CairoError(message: "out of memory", context: "cannot keep JPEG data")
    }
    bytes.withUnsafeBytes { copy.copyMemory(from: $0.baseAddress!, byteCount: bytes.count) }
    let status = cairo_surface_set_mime_data(
      surface, CAIRO_MIME_TYPE_JPEG, copy.assumingMemoryBound(to: UInt8.self),
      UInt(bytes.count), { free($0) }, copy)
    if status != CAIRO_STATUS_SUCCESS {
      free(copy)
      throw CairoError(status: status, context: "cannot keep JPEG data")
    }
  }
}
