import CWebP

/// WebP through libwebp, decoded straight at the drawn size with its scaled decoding; an
/// animated WebP (a WhatsApp sticker) shows its first frame.
enum WebPCodec {
  static func size(of bytes: [UInt8]) throws(PictureError) -> PixelSize {
    var width: Int32 = 0
    var height: Int32 = 0
    let found = bytes.withUnsafeBufferPointer { WebPGetInfo($0.baseAddress, $0.count, &width, &height) }
    guard found != 0 else { throw .corrupt(.webp, reason: "cannot read the header") }
    return PixelSize(width: Int(width), height: Int(height))
  }

  static func decode(_ bytes: [UInt8], fitting box: PixelSize?, limits: PictureLimits)
    throws(PictureError) -> DecodedPicture
  {
    let full = try size(of: bytes)
    try limits.check(full)
    let output = box.map { full.fitted(in: $0) } ?? full
    let pixels = try firstFrame(of: bytes) { frame throws(PictureError) in
      try decodeStill(frame, full: full, output: output)
    }
    return DecodedPicture(
      width: output.width, height: output.height, stride: output.width * 4, pixels: pixels,
      format: .webp, originalSize: full)
  }

  /// Runs `body` on the bytes of the first frame: the file itself unless it is animated.
  private static func firstFrame(
    of bytes: [UInt8], _ body: ([UInt8]) throws(PictureError) -> [UInt8]
  ) throws(PictureError) -> [UInt8] {
    var features = WebPBitstreamFeatures()
    let status = bytes.withUnsafeBufferPointer { WebPGetFeatures($0.baseAddress, $0.count, &features) }
    guard status == VP8_STATUS_OK else { throw .corrupt(.webp, reason: describe(status)) }
    guard features.has_animation != 0 else { return try body(bytes) }
    let frame: [UInt8]? = bytes.withUnsafeBufferPointer { input in
      var data = WebPData(bytes: input.baseAddress, size: input.count)
      guard let demux = WebPDemux(&data) else { return nil }
      defer { WebPDemuxDelete(demux) }
      var iterator = WebPIterator()
      guard WebPDemuxGetFrame(demux, 1, &iterator) != 0 else { return nil }
      defer { WebPDemuxReleaseIterator(&iterator) }
      // A first frame smaller than the canvas is drawn at its corner: good enough for a
      // sticker's still.
      return Array(UnsafeBufferPointer(start: iterator.fragment.bytes, count: iterator.fragment.size))
    }
    guard let frame else { throw .corrupt(.webp, reason: "cannot read the first frame") }
    return try body(frame)
  }

  /// Decodes one still into premultiplied ARGB32 at `output` size.
  private static func decodeStill(_ bytes: [UInt8], full: PixelSize, output: PixelSize)
    throws(PictureError) -> [UInt8]
  {
    var config = WebPDecoderConfig()
    guard WebPInitDecoderConfig(&config) != 0 else {
      throw .corrupt(.webp, reason: "libwebp version mismatch")
    }
    let stride = output.width * 4
    var status = VP8_STATUS_OK
    let pixels = [UInt8](unsafeUninitializedCapacity: stride * output.height) { buffer, count in
      buffer.initialize(repeating: 0)
      count = buffer.count
      if output != full {
        config.options.use_scaling = 1
        config.options.scaled_width = Int32(output.width)
        config.options.scaled_height = Int32(output.height)
      }
      // Premultiplied, in the byte order of a native-endian 0xAARRGGBB.
      config.output.colorspace = UInt32(1).littleEndian == 1 ? MODE_bgrA : MODE_Argb
      config.output.is_external_memory = 1
      config.output.u.RGBA.rgba = buffer.baseAddress
      config.output.u.RGBA.stride = Int32(stride)
      config.output.u.RGBA.size = buffer.count
      status = bytes.withUnsafeBufferPointer { WebPDecode($0.baseAddress, $0.count, &config) }
      WebPFreeDecBuffer(&config.output)
    }
    guard status == VP8_STATUS_OK else { throw .corrupt(.webp, reason: describe(status)) }
    return pixels
  }

  private static func describe(_ status: VP8StatusCode) -> String {
    switch status {
    case VP8_STATUS_OUT_OF_MEMORY: return "out of memory"
    case VP8_STATUS_UNSUPPORTED_FEATURE: return "unsupported feature"
    case VP8_STATUS_NOT_ENOUGH_DATA: return "the file is truncated"
    default: return "invalid data"
    }
  }
}
