import CCairo
import CWebP

/// Writes each laid-out page as a lossless WebP image (stickers: what chat bots send), through
/// libwebp. Drawn as a PNG is; a WebP side is at most 16,383 pixels, so taller chats are cut.
@_spi(Pages) public struct WebPWriter: ImageWriter, Sendable {
  /// WebP's largest side.
  static let maxSide = 16_383

  /// How many pixels a point, and how tall one image may be.
  public var raster: RasterOptions

  public init(raster: RasterOptions) { self.raster = raster }

  /// Device pixels per layout point: the raster's scale, at least 0.01.
  public var drawingScale: Double { max(raster.scale, 0.01) }

  /// True: pages become pixels.
  public var isRaster: Bool { true }

  /// The raster's, within WebP's limit.
  public var maxImageHeight: Int? { min(raster.maxImageHeight, Self.maxSide) }

  /// Draws `page` with `painter` and encodes it into `sink`.
  public func write(_ page: LaidOutPage, with painter: CairoPainter, to sink: OutputSink) throws {
    let scale = drawingScale
    let width = (page.size.width * scale).rounded(.up).saturatingInt32
    let height = (page.size.height * scale).rounded(.up).saturatingInt32
    guard width <= Self.maxSide, height <= Self.maxSide else {
      throw CairoError(message: "\(width)×\(height) pixels", context: "a WebP image is at most 16383 pixels a side")
    }
    let surface = try ImageSurface(format: CAIRO_FORMAT_ARGB32, width: width, height: height)
    try CairoPainter.withContext(surface.raw) { cairo in
      cairo_scale(cairo, scale, scale)
      painter.draw(page, on: cairo, isVector: false)
    }
    let bytes = try surface.withPixels { pixels, stride in
      try Self.encode(
        Self.straightBGRA(pixels, width: Int(width), height: Int(height), stride: stride),
        width: Int(width), height: Int(height))
    }
    bytes.withUnsafeBytes { sink.write($0) }
    if let failure = sink.failure { throw failure }
  }

  /// Cairo's premultiplied pixels (B, G, R, A in memory on a little-endian machine) with
  /// their colours divided by alpha again, as WebP stores them.
  private static func straightBGRA(_ pixels: UnsafeRawBufferPointer, width: Int, height: Int, stride: Int) -> [UInt8] {
    var out = [UInt8](repeating: 0, count: width * height * 4)
    for row in 0..<height {
      for column in 0..<width {
        let from = row * stride + column * 4
        let to = (row * width + column) * 4
        let alpha = Int(pixels[from + 3])
        out[to + 3] = UInt8(alpha)
        guard alpha > 0 else { continue }
        for channel in 0..<3 {
          let value = Int(pixels[from + channel])
          out[to + channel] = alpha == 255 ? UInt8(value) : UInt8(min(255, (value * 255 + alpha / 2) / alpha))
        }
      }
    }
    return out
  }

  private static func encode(_ bgra: [UInt8], width: Int, height: Int) throws -> [UInt8] {
    var output: UnsafeMutablePointer<UInt8>?
    let size = bgra.withUnsafeBufferPointer { buffer in
      WebPEncodeLosslessBGRA(buffer.baseAddress, Int32(width), Int32(height), Int32(width * 4), &output)
    }
    defer { WebPFree(output) }
    guard size > 0, let output else { throw CairoError(message: "libwebp failed", context: "cannot encode WebP") }
    return Array(UnsafeBufferPointer(start: output, count: size))
  }
}
