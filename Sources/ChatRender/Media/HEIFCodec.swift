import CHEIF

/// HEIC and other HEIF pictures (what iPhones take) through libheif: the primary image,
/// turned and mirrored as the file says, scaled down to the drawn size after decoding.
enum HEIFCodec {
  /// The brands (`ftyp` box, bytes 8–11) of HEIF pictures: HEVC stills and sequences, and the
  /// generic image brands.
  static let brands: Set<String> = ["heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1"]

  static func size(of bytes: [UInt8]) throws(PictureError) -> PixelSize {
    try withPrimaryImage(bytes) { handle throws(PictureError) in
      PixelSize(width: Int(heif_image_handle_get_width(handle)), height: Int(heif_image_handle_get_height(handle)))
    }
  }

  static func decode(_ bytes: [UInt8], fitting box: PixelSize?, limits: PictureLimits)
    throws(PictureError) -> DecodedPicture
  {
    try withPrimaryImage(bytes) { handle throws(PictureError) in
      let full = PixelSize(
        width: Int(heif_image_handle_get_width(handle)), height: Int(heif_image_handle_get_height(handle)))
      try limits.check(full)
      var image: OpaquePointer?
      try check(heif_decode_image(handle, &image, heif_colorspace_RGB, heif_chroma_interleaved_RGBA, nil))
      guard var image else { throw .corrupt(.heic, reason: "no image decoded") }
      defer { heif_image_release(image) }
      let output = box.map { full.fitted(in: $0) } ?? full
      if output != full {
        var scaled: OpaquePointer?
        try check(heif_image_scale_image(image, &scaled, Int32(output.width), Int32(output.height), nil))
        guard let scaled else { throw .corrupt(.heic, reason: "cannot scale the picture") }
        heif_image_release(image)
        image = scaled
      }
      let width = Int(heif_image_get_width(image, heif_channel_interleaved))
      let height = Int(heif_image_get_height(image, heif_channel_interleaved))
      var stride: Int32 = 0
      guard width > 0, height > 0, let plane = heif_image_get_plane_readonly(image, heif_channel_interleaved, &stride),
        Int(stride) >= width * 4
      else { throw .corrupt(.heic, reason: "no pixels") }
      return DecodedPicture(
        width: width, height: height, stride: width * 4,
        pixels: premultipliedARGB(plane, width: width, height: height, stride: Int(stride)), format: .heic,
        originalSize: full)
    }
  }

  /// Opens `bytes` and runs `body` on the primary image's handle.
  private static func withPrimaryImage<Result>(
    _ bytes: [UInt8], _ body: (OpaquePointer) throws(PictureError) -> Result
  ) throws(PictureError) -> Result {
    guard let context = heif_context_alloc() else { throw .corrupt(.heic, reason: "out of memory") }
    defer { heif_context_free(context) }
    // libheif copies the bytes: nothing it keeps points into the Swift array.
    try check(bytes.withUnsafeBytes { heif_context_read_from_memory(context, $0.baseAddress, $0.count, nil) })
    var handle: OpaquePointer?
    try check(heif_context_get_primary_image_handle(context, &handle))
    guard let handle else { throw .corrupt(.heic, reason: "no primary image") }
    defer { heif_image_handle_release(handle) }
    return try body(handle)
  }

  private static func check(_ error: heif_error) throws(PictureError) {
    guard error.code != heif_error_Ok else { return }
    let reason = error.message.map { String(cString: $0) } ?? "error \(error.code.rawValue)"
    throw .corrupt(.heic, reason: reason)
  }

  /// RGBA rows, not premultiplied, as cairo's native-endian premultiplied ARGB32.
  private static func premultipliedARGB(_ plane: UnsafePointer<UInt8>, width: Int, height: Int, stride: Int) -> [UInt8]
  {
    [UInt8](unsafeUninitializedCapacity: width * height * 4) { buffer, count in
      for y in 0..<height {
        let row = plane + y * stride
        for x in 0..<width {
          let alpha = UInt32(row[x * 4 + 3])
          func scaled(_ value: UInt8) -> UInt32 { (UInt32(value) * alpha + 127) / 255 }
          let pixel = alpha << 24 | scaled(row[x * 4]) << 16 | scaled(row[x * 4 + 1]) << 8 | scaled(row[x * 4 + 2])
          UnsafeMutableRawPointer(buffer.baseAddress!).storeBytes(
            of: pixel, toByteOffset: (y * width + x) * 4, as: UInt32.self)
        }
      }
      count = width * height * 4
    }
  }
}
