import CGIF

/// GIF through giflib: the first frame only, read record by record so that the frames after
/// it are never decoded, on a transparent canvas of the screen's size.
enum GIFCodec {
  static func size(of bytes: [UInt8]) throws(PictureError) -> PixelSize {
    try GIFFile.open(bytes) { gif throws(PictureError) in
      PixelSize(width: Int(gif.pointee.SWidth), height: Int(gif.pointee.SHeight))
    }
  }

  static func decode(_ bytes: [UInt8], fitting box: PixelSize?, limits: PictureLimits)
    throws(PictureError) -> DecodedPicture
  {
    let canvas = try GIFFile.open(bytes) { gif throws(PictureError) in
      try firstFrame(of: gif, limits: limits)
    }
    let full = canvas.size
    let shrink = box.map { PictureShrink.factor(from: full, covering: full.fitted(in: $0)) } ?? 1
    return PictureShrink.apply(shrink, to: canvas)
  }

  /// Reads records up to the first image and paints it on the canvas.
  private static func firstFrame(of gif: UnsafeMutablePointer<GifFileType>, limits: PictureLimits)
    throws(PictureError) -> DecodedPicture
  {
    var transparentIndex: Int?
    while true {
      var record = UNDEFINED_RECORD_TYPE
      guard DGifGetRecordType(gif, &record) == GIF_OK else { throw GIFFile.error(gif) }
      switch record {
      case EXTENSION_RECORD_TYPE:
        transparentIndex = try readExtension(of: gif) ?? transparentIndex
      case IMAGE_DESC_RECORD_TYPE:
        guard DGifGetImageDesc(gif) == GIF_OK else { throw GIFFile.error(gif) }
        return try paintImage(of: gif, transparentIndex: transparentIndex, limits: limits)
      case TERMINATE_RECORD_TYPE:
        throw .corrupt(.gif, reason: "the file holds no image")
      default:
        throw .corrupt(.gif, reason: "unexpected record")
      }
    }
  }

  /// Skips an extension; returns the transparent colour index a graphic control block sets.
  private static func readExtension(of gif: UnsafeMutablePointer<GifFileType>) throws(PictureError) -> Int? {
    var code: Int32 = 0
    var block: UnsafeMutablePointer<GifByteType>?
    guard DGifGetExtension(gif, &code, &block) == GIF_OK else { throw GIFFile.error(gif) }
    var transparent: Int?
    if code == GRAPHICS_EXT_FUNC_CODE, let block, block[0] >= 4, block[1] & 0x01 != 0 {
      transparent = Int(block[4])
    }
    while block != nil {
      guard DGifGetExtensionNext(gif, &block) == GIF_OK else { throw GIFFile.error(gif) }
    }
    return transparent
  }

  private static func paintImage(
    of gif: UnsafeMutablePointer<GifFileType>, transparentIndex: Int?, limits: PictureLimits
  ) throws(PictureError) -> DecodedPicture {
    let image = gif.pointee.Image
    let frame = (x: Int(image.Left), y: Int(image.Top), width: Int(image.Width), height: Int(image.Height))
    var canvas = PixelSize(width: Int(gif.pointee.SWidth), height: Int(gif.pointee.SHeight))
    if canvas.width <= 0 || canvas.height <= 0 {
      canvas = PixelSize(width: frame.x + frame.width, height: frame.y + frame.height)
    }
    try limits.check(canvas)
    try limits.check(PixelSize(width: frame.width, height: frame.height))
    guard let colorMap = image.ColorMap ?? gif.pointee.SColorMap, let colors = colorMap.pointee.Colors
    else { throw .corrupt(.gif, reason: "no colour table") }
    var palette = [UInt32](repeating: 0xFF00_0000, count: 256)
    for index in 0..<min(Int(colorMap.pointee.ColorCount), 256) {
      let color = colors[index]
      palette[index] = 0xFF00_0000 | UInt32(color.Red) << 16 | UInt32(color.Green) << 8 | UInt32(color.Blue)
    }
    if let transparentIndex { palette[transparentIndex] = 0 }
    var pixels = [UInt32](repeating: 0, count: canvas.width * canvas.height)
    var line = [GifPixelType](repeating: 0, count: frame.width)
    for row in rowOrder(height: frame.height, interlaced: image.Interlace) {
      guard DGifGetLine(gif, &line, Int32(frame.width)) == GIF_OK else { throw GIFFile.error(gif) }
      let y = frame.y + row
      guard y < canvas.height else { continue }
      pixels.withUnsafeMutableBufferPointer { out in
        for x in 0..<frame.width where frame.x + x < canvas.width {
          out[y * canvas.width + frame.x + x] = palette[Int(line[x])]
        }
      }
    }
    return DecodedPicture(
      width: canvas.width, height: canvas.height, stride: canvas.width * 4,
      pixels: pixels.withUnsafeBytes { Array($0) }, format: .gif, originalSize: canvas)
  }

  /// The rows in the order the file stores them: interlaced GIFs store every 8th row, then
  /// the 4th, 2nd and the rest.
  static func rowOrder(height: Int, interlaced: Bool) -> [Int] {
    guard interlaced else { return Array(0..<height) }
    var rows: [Int] = []
    for (start, step) in [(0, 8), (4, 8), (2, 4), (1, 2)] {
      rows.append(contentsOf: Swift.stride(from: start, to: height, by: step))
    }
    return rows
  }
}

/// An open giflib decoder reading from memory.
private final class GIFFile {
  let bytes: [UInt8]
  var offset = 0

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  /// Opens `bytes`, runs `body`, and closes the decoder whatever happens.
  static func open<Result>(
    _ bytes: [UInt8], _ body: (UnsafeMutablePointer<GifFileType>) throws(PictureError) -> Result
  ) throws(PictureError) -> Result {
    let source = GIFFile(bytes)
    let context = Unmanaged.passUnretained(source).toOpaque()
    var status: Int32 = 0
    guard let gif = withExtendedLifetime(source, { DGifOpen(context, GIFFile.read, &status) }) else {
      throw .corrupt(.gif, reason: describe(status))
    }
    defer {
      var closeStatus: Int32 = 0
      DGifCloseFile(gif, &closeStatus)
      withExtendedLifetime(source) {}
    }
    return try body(gif)
  }

  /// giflib's input function: copies up to `count` bytes, fewer at the end.
  private static let read: InputFunc = { gif, buffer, count in
    guard let gif, let buffer, let context = gif.pointee.UserData, count > 0 else { return 0 }
    let source = Unmanaged<GIFFile>.fromOpaque(context).takeUnretainedValue()
    let available = min(Int(count), source.bytes.count - source.offset)
    guard available > 0 else { return 0 }
    source.bytes.withUnsafeBufferPointer { input in
      buffer.update(from: input.baseAddress! + source.offset, count: available)
    }
    source.offset += available
    return Int32(available)
  }

  static func error(_ gif: UnsafeMutablePointer<GifFileType>) -> PictureError {
    .corrupt(.gif, reason: describe(gif.pointee.Error))
  }

  static func describe(_ status: Int32) -> String {
    if status == D_GIF_ERR_READ_FAILED { return "the file is truncated" }
    return GifErrorString(status).map { String(cString: $0).lowercased() } ?? "invalid data"
  }
}
